/* import.c -- the NPC cache and the event index every importer shares
 * (import.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "podium/io.h"
#include "podium/label.h"
#include "import.h"

void pd_import_init(struct pd_import *im, const struct pd_registry *reg,
		    struct pd_entry_set *set, const char *file,
		    const char *npc_column)
{
	memset(im, 0, sizeof(*im));
	im->reg = reg;
	im->set = set;
	im->file = file;
	im->npc_column = npc_column ? npc_column : "NPC";
}

void pd_import_begin(struct pd_import *im, struct pd_csv *c,
		     struct pd_file *src, const char *file,
		     const struct pd_registry *reg, struct pd_entry_set *set,
		     const char *npc_column, const struct pd_csv_opts *opts)
{
	pd_import_init(im, reg, set, file, npc_column);
	pd_import_same(im, opts);
	pd_entries_init(set);
	pd_csv_init(c, src->data, src->len, file);
}

int pd_import_start(struct pd_import *im, struct pd_csv *c,
		    struct pd_file *src, const char *file,
		    const struct pd_registry *reg, struct pd_entry_set *set,
		    const char *npc_column, const struct pd_csv_opts *opts,
		    struct pd_diag *diag)
{
	pd_import_begin(im, c, src, file, reg, set, npc_column, opts);
	return pd_file_utf8_check(src, file, diag);
}

int pd_import_end(struct pd_import *im, struct pd_csv *c, int ret)
{
	pd_csv_release(c);
	if (ret < 0)
		pd_entries_release(im->set);
	pd_import_release(im);
	return ret;
}

/* The keys are the maps' own copies (import.h says why). */
void pd_import_release(struct pd_import *im)
{
	pd_strmap_release_keys(&im->npcs);
	pd_strmap_release_keys(&im->events);
}

void pd_import_same(struct pd_import *im, const struct pd_csv_opts *opts)
{
	im->opts = opts;
}

/* npc, or A when --same A=B names npc as B. */
static const struct pd_npc *same_as(const struct pd_import *im,
				    const struct pd_npc *npc)
{
	const struct pd_npc *a;
	size_t i;

	for (i = 0; im->opts && i < im->opts->nsame; i++)
		if (!strcmp(im->opts->same[i][1], npc->code) &&
		    (a = pd_registry_code(im->reg, im->opts->same[i][0])))
			return a;
	return npc;
}

int pd_import_npc(struct pd_import *im, const char *name, long line,
		  const struct pd_npc **out, struct pd_diag *diag)
{
	const struct pd_npc *npc;
	size_t *slot;
	int ret;

	if ((ret = pd_strmap_get(&im->npcs, name, 0, &slot)) < 0)
		return ret;
	if (slot) {
		*out = &im->reg->npcs[*slot];
		return 0;
	}
	if (!*name)
		return pd_diag_set(diag, PD_EPARSE, im->file, line,
				   "no %s in this row: fill in its code or "
				   "name", im->npc_column);
	if (!(npc = pd_registry_find(im->reg, name)))
		return pd_unknown_npc(im->reg, name, im->file, line, diag);
	npc = same_as(im, npc);
	if ((ret = pd_strmap_add_copy(&im->npcs, name, &slot)) < 0)
		return ret;
	*slot = (size_t)(npc - im->reg->npcs);
	*out = npc;
	return 0;
}

int pd_import_fix(struct pd_import *im, const struct pd_csv_opts *opts,
		  long line, const char **out)
{
	size_t i;

	for (i = 0; opts && i < opts->nfix; i++)
		if (opts->fix[i].line == line) {
			im->fixed[i] = 1;
			*out = strcmp(opts->fix[i].npc, "-") ?
			       opts->fix[i].npc : NULL;
			return 1;
		}
	return 0;
}

int pd_import_npc_value(struct pd_import *im, const struct pd_csv_opts *opts,
			long line, const char *value, const char **out,
			struct pd_diag *diag)
{
	*out = value;
	if (pd_import_fix(im, opts, line, out))
		return 0;
	if (!*value)
		return pd_diag_set(diag, PD_EPARSE, im->file, line, "no %s in "
				   "this row: name it with --fix %ld=CODE, or "
				   "leave it out with --fix %ld=-",
				   im->npc_column, line, line);
	return 0;
}

int pd_import_fixes_check(const struct pd_import *im,
			  const struct pd_csv_opts *opts,
			  struct pd_diag *diag)
{
	size_t i;

	for (i = 0; opts && i < opts->nfix; i++)
		if (!im->fixed[i])
			return pd_diag_set(diag, PD_EPARSE, im->file,
					   opts->fix[i].line, "--fix %ld: no "
					   "row taken at line %ld (a header, "
					   "or left out by --where?)",
					   opts->fix[i].line,
					   opts->fix[i].line);
	return 0;
}

/* s as the set will keep it (pd_entries_str() folds it), in buf when
 * that differs; NULL when it does not fit. */
static const char *as_kept(const char *s, char *buf, size_t size)
{
	if (!pd_name_folds(s))
		return s;
	if (strlen(s) >= size)
		return NULL;
	return pd_name_fold(strcpy(buf, s));
}

static size_t digits(size_t v)
{
	size_t n = 1;

	for (; v >= 10; v /= 10)
		n++;
	return n;
}

static char *put_number(char *p, size_t v)
{
	size_t n = digits(v), i;

	for (i = n; i > 0; v /= 10)
		p[--i] = (char)('0' + v % 10);
	return p + n;
}

/* What snprintf "%zu:%zu:%s%zu:%s%s" of games, sport's length, sport,
 * name's length, name and gender would write, its length, or -1 when it
 * does not fit in size: by hand, since a snprintf on every row of
 * athlete_events.csv was a twentieth of its import.  Whether it fits does
 * not depend on the Games' index: its room is the widest one's, so that
 * a parse split in two, which numbers the Games of each part apart
 * (athlete_events.c), refuses the same names. */
static int event_key(char *key, size_t size, size_t games, const char *sport,
		     const char *name, const char *gender)
{
	size_t ls = strlen(sport), ln = strlen(name), lg = strlen(gender);
	size_t n = digits(games) + digits(ls) + digits(ln) + 3 + ls + ln + lg;
	char *p = key;

	if (digits(PD_ENTRIES_MAX) + digits(ls) + digits(ln) + 3 + ls + ln +
	    lg >= size)
		return -1;
	p = put_number(p, games);
	*p++ = ':';
	p = put_number(p, ls);
	*p++ = ':';
	memcpy(p, sport, ls);
	p = put_number(p + ls, ln);
	*p++ = ':';
	memcpy(p, name, ln);
	memcpy(p + ln, gender, lg + 1);
	return (int)n;
}

int pd_import_event(struct pd_import *im, const struct pd_entry_event *e,
		    long line, size_t *at, struct pd_diag *diag)
{
	struct pd_entry_set *s = im->set;
	struct pd_entry_event copy = *e;
	const char *sport, *name;
	size_t *slot;
	int n = -1, ret;

	/* sport and name with their lengths, so that no byte inside a name
	 * (a separator a fuzzer puts there) makes two keys one */
	if ((sport = as_kept(e->sport, im->fold[0], sizeof(im->fold[0]))) &&
	    (name = as_kept(e->name, im->fold[1], sizeof(im->fold[1]))))
		n = event_key(im->key, sizeof(im->key), e->games, sport, name,
			      e->gender);
	if (n < 0)
		return pd_diag_set(diag, PD_ETOOBIG, im->file, line,
				   "sport and event names too long");
	if ((ret = pd_strmap_get(&im->events, im->key, 0, &slot)) < 0)
		return ret;
	if (slot) {
		*at = *slot;
		return 0;
	}
	if (!(copy.sport = pd_entries_str(s, e->sport)) ||
	    !(copy.name = pd_entries_str(s, e->name)) ||
	    !(copy.date = pd_entries_str(s, e->date ? e->date : "")))
		return PD_ENOMEM;
	if ((ret = pd_entries_event(s, &copy, at)) < 0 ||
	    (ret = pd_strmap_add_copy(&im->events, im->key, &slot)) < 0)
		return ret;
	*slot = *at;
	return 0;
}

/* "Men", "Men's" -> M; "Women", "Women's" -> W; "Mixed", "Open" -> X. */
static const char *word_gender(const char *w)
{
	if (!strcasecmp(w, "men") || !strcasecmp(w, "men's"))
		return "M";
	if (!strcasecmp(w, "women") || !strcasecmp(w, "women's"))
		return "W";
	if (!strcasecmp(w, "mixed") || !strcasecmp(w, "open"))
		return "X";
	return NULL;
}

/* A person's gender, as files that give the athlete's (not the event's)
 * spell it: "Male" -> M, "Female" -> W; NULL otherwise. */
const char *pd_import_person_gender(const char *v)
{
	if (!strcasecmp(v, "male"))
		return "M";
	if (!strcasecmp(v, "female") || !strcasecmp(v, "f"))
		return "W";
	return NULL;
}

/* The gender an event's name gives ("Men's 100m", "PR3 Mixed Coxed Four",
 * "Women K44 -47kg"): the first word that is one; "" if none is. */
const char *pd_import_name_gender(const char *name)
{
	char word[16];
	const char *g;
	size_t n;

	while (*name) {
		while (*name == ' ' || *name == '-')
			name++;
		for (n = 0; name[n] && name[n] != ' ' && n + 1 < sizeof(word);
		     n++)
			word[n] = name[n];
		word[n] = '\0';
		/* "Men’s", with a typographic apostrophe, is "Men's" */
		if (n > 4 && !strcmp(word + n - 4, "\xE2\x80\x99s"))
			strcpy(word + n - 4, "'s");
		if ((g = word_gender(word)))
			return g;
		name += n;
		while (*name && *name != ' ')
			name++;
	}
	return "";
}
