/* test_app_read.c -- what src/app reads for the front ends before it
 * writes: the imports from bytes, an inconsistent table refused, a ranking
 * CSV, a standings reference from a file, and revoking a token. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "podium/app.h"
#include "app_fixture.h"

static const char registry_tsv[] =
	"CAN\tcurrent\tCanada\t加拿大\t\n"
	"CHN\tcurrent\tChina\t中国\t\n"
	"GBR\tcurrent\tGreat Britain\t英国\t\n"
	"USA\tcurrent\tUnited States\t美国\t\n";

static const struct pd_who who = { "test", "test_app_read", NULL, 0, NULL };

static int setup(void **state)
{
	return fixture_open(state, registry_tsv);
}

static void args(struct pd_op_import_args *a, const char *format,
		 const char *data)
{
	memset(a, 0, sizeof(*a));
	a->format = format;
	a->file = "in.txt";
	a->data = data;
	a->len = strlen(data);
	strcpy(a->games, "PG2004");
}

static void test_app_read__import_run_takes_bytes_and_writes_one_change(
	void **state)
{
	static const char csv[] = "medal,npc,event\n"
				  "Gold,CHN,100 m\nSilver,GBR,100 m\n";
	struct fixture *f = *state;
	struct pd_op_import_args a;
	struct pd_op_import im;
	struct pd_games g;

	args(&a, "medals", csv);
	assert_int_equal(pd_op_import_run(f->s, &a, &f->reg, &who, NULL, &im,
				       &f->d), 0);
	assert_int_equal(im.kind, PD_OP_IMPORT_MEDALS);
	assert_int_equal(im.n, 2);
	assert_string_equal(im.source, "medals");
	pd_op_import_release(&im);
	assert_int_equal(pd_store_games_get(f->s, "PG2004", &g, &f->d), 0);
	assert_int_equal(g.version, 1);
	pd_games_release(&g);
}

static void test_app_read__an_inconsistent_table_is_refused_unwritten(
	void **state)
{
	static const char table[] = "Rank NPC Gold Silver Bronze Total\n"
				    "1 China 5 3 2 9\n"
				    "Total 5 3 2 9\n";
	struct fixture *f = *state;
	struct pd_op_import_args a;
	struct pd_op_import im;
	struct pd_games g;

	args(&a, "table", table);
	assert_int_equal(pd_op_import_run(f->s, &a, &f->reg, &who, NULL, &im,
				       &f->d), PD_ECONSIST);
	assert_true(im.refused);
	assert_true(im.problems.n > 0);
	assert_int_equal(im.problems.v[0].line, 2);
	pd_op_import_release(&im);
	assert_int_equal(pd_store_games_get(f->s, "PG2004", &g, NULL),
			 PD_ENOTFOUND);
}

static void test_app_read__check_names_what_does_not_apply(void **state)
{
	struct fixture *f = *state;
	struct pd_op_import_args a;
	char map[] = "npc=Country";

	args(&a, "table", "");
	assert_int_equal(pd_op_import_map(&a, map, &f->d), 0);
	assert_int_equal(pd_op_import_check(&a, &f->d), PD_EINVAL);
	assert_string_equal(f->d.msg, "--map does not apply to format table");
	a.format = "tables";
	assert_int_equal(pd_op_import_check(&a, &f->d), PD_EINVAL);
	assert_non_null(strstr(f->d.msg, "FORMAT is table"));
}

static void test_app_read__a_ranking_csv_replaces_the_event_results(
	void **state)
{
	static const char csv[] = "rank,npc,name\n1,CHN,A\n2,USA,B\n";
	static const char repeat[] = "rank,npc,name\n1,CHN,A\n2,CHN,A\n";
	struct fixture *f = *state;
	struct pd_event_input in = { "Athletics", "100 m", "M", NULL, NULL,
				     NULL, NULL, 0, NULL };
	long id = 0, version = 0;
	struct pd_op_done done;
	size_t n = 0;

	assert_int_equal(pd_op_event_add(f->s, "PG2004", &in, 0, &who, NULL,
					 &id, NULL, &f->d), 0);
	pd_op_done_init(&done);
	assert_int_equal(pd_op_results_from_csv(f->s, &f->reg, id, "r.csv",
						csv, strlen(csv), &who,
						&done, &n, &f->d), 0);
	assert_int_equal(n, 2);
	version = done.version;
	assert_int_equal(version, 2);
	assert_false(done.unchanged);
	assert_non_null(strstr(done.changes, "\"field\":\"rank\""));
	pd_op_done_release(&done);
	assert_int_equal(pd_op_results_from_csv(f->s, &f->reg, id, "r.csv",
						repeat, strlen(repeat), &who,
						NULL, NULL, &f->d),
			 PD_ECONSIST);
	assert_string_equal(f->d.file, "r.csv");
}

static void test_app_read__a_file_reference_needs_no_store(void **state)
{
	static const char table[] = "Rank NPC Gold Silver Bronze Total\n"
				    "1 China 5 3 2 10\n"
				    "2 Canada 1 0 0 1\n"
				    "Total 6 3 2 11\n";
	struct fixture *f = *state;
	char path[] = "/tmp/podium-test-ref-XXXXXX";
	struct pd_ref r;
	FILE *fp;
	int fd;

	assert_true((fd = mkstemp(path)) >= 0);
	assert_non_null(fp = fdopen(fd, "w"));
	fputs(table, fp);
	fclose(fp);
	assert_int_equal(pd_ref_init(&r, path, &f->d), 0);
	assert_ptr_equal(r.path, path);
	assert_int_equal(pd_ref_load(&r, NULL, &f->reg, NULL, &f->d), 0);
	assert_int_equal(r.tally.n, 2);
	assert_true(r.have_pub);
	assert_string_equal(r.label, path);
	pd_ref_release(&r);
	unlink(path);
	assert_int_equal(pd_ref_init(&r, "pg2004@ipc", &f->d), 0);
	assert_null(r.path);
	assert_string_equal(r.label, "PG2004@ipc");
	assert_int_equal(pd_ref_init(&r, "@x", &f->d), PD_EINVAL);
}

static void test_app_read__a_revoked_token_no_longer_checks(void **state)
{
	struct fixture *f = *state;
	struct pd_token_info t;
	char text[PD_TOKEN_TEXT];

	assert_int_equal(pd_token_issue(f->s, "desk", PD_ROLE_OPERATOR, text,
					&f->d), 0);
	assert_int_equal(pd_token_revoke(f->s, "desk", &f->d), 0);
	assert_int_equal(pd_token_check(f->s, text, &t, &f->d), PD_ENOTFOUND);
	assert_int_equal(pd_token_revoke(f->s, "desk", &f->d), PD_ENOTFOUND);
	pd_token_forget(text);
}

static void test_app_read__medals_the_rules_drop_are_noted_or_refused(
	void **state)
{
	static const char csv[] = "medal,npc,event,sport\n"
				  "Gold,CHN,-55 kg,Judo\n"
				  "Silver,GBR,-55 kg,Judo\n"
				  "Bronze,USA,-55 kg,Judo\n"
				  "Bronze,CAN,-55 kg,Judo\n"
				  "Bronze,GBR,-55 kg,Judo\n";
	struct fixture *f = *state;
	struct pd_op_import_args a;
	struct pd_op_import im;
	struct pd_games g;

	args(&a, "medals", csv);
	a.strict = 1;
	assert_int_equal(pd_op_import_run(f->s, &a, &f->reg, &who, NULL, &im,
				       &f->d), PD_ECONSIST);
	assert_true(im.refused);
	assert_int_equal(im.notes.n, 1);
	assert_int_equal(im.notes.v[0].line, 6);
	assert_non_null(strstr(im.notes.v[0].msg, "GBR"));
	assert_non_null(strstr(im.notes.v[0].msg, "dropped"));
	pd_op_import_release(&im);
	assert_int_equal(pd_store_games_get(f->s, "PG2004", &g, NULL),
			 PD_ENOTFOUND);
	a.strict = 0;
	assert_int_equal(pd_op_import_run(f->s, &a, &f->reg, &who, NULL, &im,
				       &f->d), 0);
	assert_int_equal(im.notes.n, 1);
	pd_op_import_release(&im);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_app_read__import_run_takes_bytes_and_writes_one_change),
		T(test_app_read__an_inconsistent_table_is_refused_unwritten),
		T(test_app_read__check_names_what_does_not_apply),
		T(test_app_read__a_ranking_csv_replaces_the_event_results),
		T(test_app_read__a_file_reference_needs_no_store),
		T(test_app_read__a_revoked_token_no_longer_checks),
		T(test_app_read__medals_the_rules_drop_are_noted_or_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
