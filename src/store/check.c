/* check.c -- the label rules applied to each record a backend writes
 * (check.h).  Backend-agnostic: the store interface (store.c) calls these
 * before it hands a record to any backend, so no backend checks again. */
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* One name field of a record: what the message calls it, its value,
 * whether it may be empty. */
struct field {
	const char *what, *value;
	int may_be_empty;
};

#define NFIELDS(f) (sizeof(f) / sizeof((f)[0]))

static int names(const struct field *f, size_t n, struct pd_diag *diag)
{
	size_t i;
	int ret;

	for (i = 0; i < n; i++)
		if ((ret = pd_name_check(f[i].what, f[i].value, PD_NAME_MAX,
					 f[i].may_be_empty, diag)) < 0)
			return ret;
	return 0;
}

int pd_check_games(const struct pd_games *g, struct pd_diag *diag)
{
	const struct field f[] = {
		{ "Games season", g->season, 1 },
		{ "Games name", g->name_en, 1 },
		{ "Games name (zh)", g->name_zh, 1 },
		{ "Games start date", g->start, 1 },
		{ "Games end date", g->end, 1 },
		{ "Games kind", g->kind, 1 },
	};
	int ret;

	if ((ret = pd_ident_check("Games code", g->code, diag)) < 0)
		return ret;
	return names(f, NFIELDS(f), diag);
}

int pd_check_change(const char *games, const char *actor, const char *reason,
		    struct pd_diag *diag)
{
	const struct field f[] = { { "actor", actor, 1 } };
	int ret;

	if ((ret = pd_ident_check("Games code", games, diag)) < 0 ||
	    (ret = names(f, NFIELDS(f), diag)) < 0)
		return ret;
	return pd_name_check("reason", reason, PD_TEXT_MAX, 1, diag);
}

/* A published table's header row is kept as printed, its columns apart
 * by tabs: a tab is its one control character. */
static int header_check(const char *header, struct pd_diag *diag)
{
	char *copy, *p;
	int ret;

	if (!header)
		return 0;
	if (!(copy = strdup(header)))
		return PD_ENOMEM;
	for (p = copy; (p = strchr(p, '\t')); )
		*p = ' ';
	ret = pd_name_check("header", copy, PD_TEXT_MAX, 1, diag);
	free(copy);
	return ret;
}

int pd_check_published(const char *source, const struct pd_published *p,
		       struct pd_diag *diag)
{
	size_t i;
	int ret;

	if ((ret = pd_source_check(source, diag)) < 0 ||
	    (ret = pd_name_check("caption", p->caption, PD_TEXT_MAX, 1,
				 diag)) < 0 ||
	    (ret = header_check(p->header, diag)) < 0)
		return ret;
	for (i = 0; i < p->n; i++)
		if ((ret = pd_name_check("a row's name", p->rows[i].name,
					 PD_NAME_MAX, 1, diag)) < 0)
			return ret;
	return 0;
}

/* A competitor's name that may be absent or empty (a medal of a team,
 * a result of a team by its NPC): when given, pd_person_check()'s. */
static int person(const char *what, const char *s, struct pd_diag *diag)
{
	return s && *s ? pd_person_check(what, s, diag) : 0;
}

int pd_check_medal(const struct pd_medal_rec *m, struct pd_diag *diag)
{
	int ret;

	if ((ret = pd_check_event(m->sport, m->event, m->gender, m->date,
				  diag)) < 0)
		return ret;
	return person("athlete name", m->athlete, diag);
}

int pd_check_event(const char *sport, const char *name, const char *gender,
		   const char *date, struct pd_diag *diag)
{
	const struct field f[] = {
		{ "sport", sport, 1 }, { "event name", name, 1 },
		{ "gender", gender, 1 }, { "date", date, 1 },
	};

	return names(f, NFIELDS(f), diag);
}

int pd_check_athlete(const struct pd_athlete *a, struct pd_diag *diag)
{
	const struct field f[] = {
		{ "athlete's outside id", a->ext, 1 },
		{ "gender", a->gender, 1 },
		{ "sport class", a->sport_class, 1 }, { "guide", a->guide, 1 },
	};
	int ret;

	if ((ret = pd_person_check("athlete name", a->name, diag)) < 0)
		return ret;
	return names(f, NFIELDS(f), diag);
}

int pd_check_result(const struct pd_result_rec *r, struct pd_diag *diag)
{
	const struct field f[] = {
		{ "competitor name", r->name, 1 }, { "mark", r->mark, 1 },
		{ "irm", r->irm, 1 }, { "records", r->records, 1 },
		{ "date", r->date, 1 },
	};
	int ret;

	if ((ret = names(f, NFIELDS(f), diag)) < 0 ||
	    (ret = person("competitor name", r->name, diag)) < 0)
		return ret;
	/* a source label like any other ("results" names the computed
	 * table); empty: the result came from no source */
	if (r->source && *r->source &&
	    (ret = pd_source_check(r->source, diag)) < 0)
		return ret;
	return 0;
}
