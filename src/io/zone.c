/* zone.c -- the zone a unit keeps (tz.h): its Games' and its venue's as
 * data/zones.tsv names them, at the offset the system's zone file gives
 * for the instant (tzif.c).
 *
 * The table is read once (pthread_once) and each zone file on first
 * use, under a mutex; both are kept for the process's life, so a zone
 * answered is never freed under another thread. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "podium/bundled.h"
#include "podium/tsv.h"
#include "podium/tz.h"

#define ZONES_FILE "data/zones.tsv"

struct zone_line {
	char kind;		/* 'g' games, 'v' venue */
	char *games, *venue, *zone;	/* into the line's copy */
	char *copy;
	long line;
};

static struct {
	struct zone_line *v;
	size_t n;
	int err;		/* PD_EPARSE when the file is wrong */
	long bad_line;
} table;

static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static void table_read(void)
{
	const char *p = (const char *)pd_embed_zones;
	const char *end = p + pd_embed_zones_len;
	const char *s;
	size_t n, cap = 0;
	long line = 0;

	while (pd_tsv_next(&p, end, &line, &s, &n)) {
		char *f[7], *copy = NULL;
		int nf = pd_tsv_split(s, n, &copy, f, 6);
		struct zone_line z = { 0, NULL, NULL, NULL, copy, line };

		if (nf == 4 && !strcmp(f[0], "games")) {
			z.kind = 'g';
			z.games = f[1];
			z.zone = f[2];
		} else if (nf == 5 && !strcmp(f[0], "venue")) {
			z.kind = 'v';
			z.games = f[1];
			z.venue = f[2];
			z.zone = f[3];
		}
		if (!z.kind || !*z.games || !*z.zone ||
		    (z.venue && !*z.venue)) {
			free(copy);
			table.err = nf < 0 ? PD_ENOMEM : PD_EPARSE;
			table.bad_line = line;
			return;
		}
		if (table.n == cap) {
			struct zone_line *v;

			cap = cap ? cap * 2 : 128;
			if (!(v = realloc(table.v, cap * sizeof(*v)))) {
				free(copy);
				table.err = PD_ENOMEM;
				return;
			}
			table.v = v;
		}
		table.v[table.n++] = z;
	}
}

static const struct zone_line *lines(size_t *n)
{
	pthread_once(&table_once, table_read);
	*n = table.err ? 0 : table.n;
	return table.v;
}

const char *pd_games_zone(const char *games)
{
	size_t i, n;
	const struct zone_line *v = lines(&n);

	for (i = 0; games && i < n; i++)
		if (v[i].kind == 'g' && !strcmp(v[i].games, games))
			return v[i].zone;
	return NULL;
}

int pd_venue_zone(const char *games, size_t k, const char **venue,
		  const char **zone)
{
	size_t i, n;
	const struct zone_line *v = lines(&n);

	for (i = 0; games && i < n; i++)
		if (v[i].kind == 'v' && !strcmp(v[i].games, games) &&
		    k-- == 0) {
			*venue = v[i].venue;
			*zone = v[i].zone;
			return 1;
		}
	return 0;
}

/* -- the zone files read, by name; a name the system lacks kept with
 * ok 0 so that it is tried once */

struct loaded {
	struct loaded *next;
	int ok;
	struct pd_tz tz;
	char name[];
};

static struct loaded *loaded;
static pthread_mutex_t loaded_lock = PTHREAD_MUTEX_INITIALIZER;

static const struct pd_tz *zone_get(const char *name)
{
	struct loaded *l;
	size_t len = strlen(name);

	pthread_mutex_lock(&loaded_lock);
	for (l = loaded; l; l = l->next)
		if (!strcmp(l->name, name))
			break;
	if (!l && (l = calloc(1, sizeof(*l) + len + 1))) {
		memcpy(l->name, name, len + 1);
		l->ok = pd_tz_load(name, &l->tz, NULL) == 0;
		l->next = loaded;
		loaded = l;
	}
	pthread_mutex_unlock(&loaded_lock);
	/* a zone once read is never changed nor freed: read it unlocked */
	return l && l->ok ? &l->tz : NULL;
}

const char *pd_unit_zone(const char *games, const char *venue, long long t,
			 int *offset)
{
	const char *zone = pd_games_zone(games), *vn, *vz;
	const struct pd_tz *tz;
	size_t i;

	for (i = 0; venue && pd_venue_zone(games, i, &vn, &vz); i++)
		if (strstr(venue, vn)) {
			zone = vz;
			break;
		}
	*offset = 0;
	if (!zone || !(tz = zone_get(zone)))
		return "UTC";
	*offset = pd_tz_offset(tz, t, NULL);
	return zone;
}

int pd_zones_check(struct pd_diag *d)
{
	size_t i, n;
	const struct zone_line *v = lines(&n);

	if (table.err == PD_EPARSE)
		return pd_diag_set(d, PD_EPARSE, ZONES_FILE, table.bad_line,
				   "want 'games CODE ZONE SOURCE' or 'venue "
				   "CODE VENUE ZONE SOURCE', tab-separated");
	if (table.err)
		return table.err;
	for (i = 0; i < n; i++)
		if (!zone_get(v[i].zone))
			return pd_diag_set(d, PD_ENOTFOUND, ZONES_FILE,
					   v[i].line, "no zone file for '%s' "
					   "in the system's tzdata",
					   v[i].zone);
	return 0;
}
