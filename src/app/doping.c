/* doping.c -- anti-doping cases for the front ends (doping_ops.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/audit.h"
#include "podium/doping_ops.h"
#include "podium/event.h"
#include "app_int.h"

struct find_sanction {
	long id;
	struct pd_sanction_info *out;
	char *mode, *events;
	long athlete, until;
	int found;
};

static int sanction_one(const struct pd_sanction_info *si, void *arg)
{
	struct find_sanction *f = arg;

	if (si->id != f->id)
		return 0;
	f->found = 1;
	f->athlete = si->athlete;
	f->until = si->until;
	f->mode = strdup(si->mode ? si->mode : "");
	f->events = strdup(si->events ? si->events : "");
	return (!f->mode || !f->events) ? PD_ENOMEM : 1;
}

static int find_sanction(struct pd_store *s, const char *games, long id,
			 struct find_sanction *f, struct pd_diag *diag)
{
	int ret;

	memset(f, 0, sizeof(*f));
	f->id = id;
	ret = pd_store_sanctions(s, games, sanction_one, f, diag);
	return ret < 0 ? ret : 0;
}

int pd_op_doping_add(struct pd_store *s, const struct pd_doping_case *c,
		     const struct pd_who *who, long *id,
		     struct pd_diag *diag)
{
	struct find_sanction f = { 0 };
	char npc[PD_CODE_MAX];
	char *name = NULL;
	int ret;

	if ((ret = pd_doping_check(c, diag)) < 0)
		return ret;
	if ((ret = app_open(s, c->games, 0, who, NULL, NULL, diag)) < 0)
		return ret;
	if ((ret = pd_store_athlete_get(s, c->athlete, &name, npc, diag)) < 0)
		goto end;
	if (c->sanction) {
		if ((ret = find_sanction(s, c->games, c->sanction, &f,
					 diag)) < 0)
			goto end;
		if (!f.found || f.athlete != c->athlete)
			ret = pd_diag_set(diag, PD_ECONSIST, NULL, 0, "sanction "
					  "%ld is not one of athlete %ld at %s",
					  c->sanction, c->athlete, c->games);
	}
	if (ret == 0)
		ret = pd_store_doping_add(s, c, id, diag);
end:
	free(name);
	free(f.mode);
	free(f.events);
	return app_end(s, ret, diag);
}

struct listing {
	struct pd_store *s;
	struct pd_buf *b;
	int zh;
	struct pd_diag *diag;
};

static int case_line(const struct pd_doping_case *c, void *arg)
{
	struct listing *l = arg;
	struct find_sanction f = { 0 };
	char npc[PD_CODE_MAX] = "";
	char *name = NULL;
	int zh = l->zh, ret;

	if ((ret = pd_store_athlete_get(l->s, c->athlete, &name, npc,
					l->diag)) < 0)
		return ret;
	ret = pd_buf_addf(l->b, "%ld  %s%s%s (%s): %s", c->id, c->date,
			  c->date[0] ? "  " : "", name, npc, c->finding);
	if (ret == 0 && c->outcome[0])
		ret = pd_buf_addf(l->b, zh ? "；%s" : "; %s",
				  !strcmp(c->outcome, "disqualified") ?
				  (zh ? "取消参赛资格" : "disqualified") :
				  (zh ? "继续参赛" : "went on competing"));
	if (ret == 0 && c->sanction)
		ret = find_sanction(l->s, c->games, c->sanction, &f, l->diag);
	if (ret == 0 && f.found) {
		int vacate = !strcmp(f.mode, "vacate");

		if (zh)
			ret = pd_buf_addf(l->b, "；处罚%ld（小项%s奖牌%s）%s",
					  c->sanction, f.events, vacate ?
					  "空缺" : "重新分配", f.until ?
					  "，已撤销" : "");
		else
			ret = pd_buf_addf(l->b, "; sanction %ld (%s the medals "
					  "of event%s %s)%s", c->sanction,
					  vacate ? "vacates" : "reallocates",
					  strchr(f.events, ',') ? "s" : "",
					  f.events, f.until ? ", lifted" : "");
	}
	if (ret == 0 && c->source[0])
		ret = pd_buf_addf(l->b, " (%s%s%s)", c->source, c->cite[0] ?
				  " " : "", c->cite);
	if (ret == 0)
		ret = pd_buf_addc(l->b, '\n');
	free(name);
	free(f.mode);
	free(f.events);
	return ret;
}

int pd_doping_text(struct pd_buf *b, struct pd_store *s, const char *games,
		   const char *lang, struct pd_diag *diag)
{
	struct listing l = { s, b, lang && !strcmp(lang, "zh"), diag };
	struct pd_games g;
	int ret;

	if ((ret = pd_store_begin_read(s, diag)) < 0)
		return ret;
	if ((ret = pd_store_games_get(s, games, &g, diag)) == 0) {
		pd_games_release(&g);
		ret = pd_store_doping_cases(s, games, case_line, &l, diag);
	}
	pd_store_rollback(s);
	return ret;
}

/* -- the API's document (GET .../doping) */

struct case_doc {
	struct pd_store *s;
	json_t *list;
	struct pd_diag *diag;
};

/* "12,15" as [12, 15] */
static json_t *event_ids(const char *events)
{
	json_t *l = json_array();
	char *end;
	long id;

	while (l && *events) {
		id = strtol(events, &end, 10);
		if (end == events)
			break;
		json_array_append_new(l, json_integer(id));
		events = *end == ',' ? end + 1 : end;
	}
	return l;
}

static int case_json(const struct pd_doping_case *c, void *arg)
{
	struct case_doc *w = arg;
	struct find_sanction f = { 0 };
	char npc[PD_CODE_MAX] = "";
	char *name = NULL;
	json_t *sanction = NULL;
	int ret;

	if ((ret = pd_store_athlete_get(w->s, c->athlete, &name, npc,
					w->diag)) < 0)
		return ret;
	if (c->sanction &&
	    (ret = find_sanction(w->s, c->games, c->sanction, &f,
				 w->diag)) == 0 && f.found)
		sanction = json_pack("{s:I, s:s, s:o, s:b}", "id",
				     (json_int_t)c->sanction, "mode", f.mode,
				     "events", event_ids(f.events), "lifted",
				     f.until != 0);
	if (ret == 0 && json_array_append_new(w->list, json_pack(
			"{s:I, s:I, s:s, s:s, s:s, s:s, s:s, s:o, s:s, s:s}",
			"id", (json_int_t)c->id,
			"athlete", (json_int_t)c->athlete, "name", name,
			"npc", npc, "finding", c->finding, "date", c->date,
			"outcome", c->outcome, "sanction", sanction ? sanction :
			json_null(), "source", c->source, "cite", c->cite)) < 0)
		ret = PD_ENOMEM;
	free(name);
	free(f.mode);
	free(f.events);
	return ret;
}

int pd_doc_doping(struct pd_buf *out, struct pd_store *s, const char *games,
		  long version, unsigned flags, struct pd_diag *diag)
{
	struct case_doc w = { s, json_array(), diag };
	json_t *stated = NULL;
	int ret;

	if (!w.list)
		ret = PD_ENOMEM;
	else if ((ret = pd_store_doping_cases(s, games, case_json, &w,
					      diag)) == 0 &&
		 !(stated = app_facts_json(s, games, "doping.", diag)))
		ret = PD_ENOMEM;
	if (ret < 0) {
		json_decref(w.list);
		return ret;
	}
	/* the counts a source states where only counts are known */
	return app_json_dump(out, json_pack("{s:s, s:I, s:o, s:o}", "games",
				games, "version", (json_int_t)version, "cases",
				w.list, "stated", stated), flags);
}
