/* notes.c -- the corrections a computed table carries as notes (doc.h):
 * every sanction in force, said in English on its athlete's NPC, for the
 * wikitext's footnotes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/doc.h"
#include "podium/audit.h"
#include "podium/event.h"

struct walk {
	struct pd_store *s;
	struct pd_view_note *v;
	size_t n, alloc;
	struct pd_strings *pool;
	struct pd_diag *d;
};

/* "Men's 100m T54, Men's 200m T54" for the list "12,15". */
static int event_names(struct walk *w, const char *events, struct pd_buf *b)
{
	struct pd_event_info e;
	const char *p = events;
	char *end;
	long id;
	int ret = 0;

	while (*p && ret == 0) {
		id = strtol(p, &end, 10);
		if (end == p)
			break;
		p = *end ? end + 1 : end;
		if ((ret = pd_store_event_get(w->s, id, &e, w->d)) < 0)
			break;
		ret = pd_buf_addf(b, "%s%s", b->len ? ", " : "", e.name);
		pd_event_info_release(&e);
	}
	return ret;
}

static int note(const struct pd_sanction_info *si, void *arg)
{
	struct walk *w = arg;
	struct pd_view_note *v;
	struct pd_buf ev, text;
	int ret;

	if (si->until)
		return 0;
	if (w->n == w->alloc) {
		size_t a = w->alloc ? w->alloc * 2 : 8;

		if (!(v = realloc(w->v, a * sizeof(*v))))
			return PD_ENOMEM;
		w->v = v;
		w->alloc = a;
	}
	pd_buf_init(&ev, 0);
	pd_buf_init(&text, 0);
	if ((ret = event_names(w, si->events, &ev)) == 0)
		ret = pd_buf_addf(&text, "%s's medal in %s was %s: %s",
				  si->athlete_name, ev.data,
				  strcmp(si->mode, "vacate") ? "reallocated" :
				  "vacated", si->reason);
	if (ret == 0 && (ret = pd_strings_add(w->pool, text.data)) == 0) {
		v = &w->v[w->n++];
		snprintf(v->npc, sizeof(v->npc), "%s", si->npc);
		v->text = w->pool->v[w->pool->n - 1];
	}
	pd_buf_release(&ev);
	pd_buf_release(&text);
	return ret;
}

int pd_doc_table_notes(struct pd_store *s, const char *games,
		       struct pd_view_note **notes, size_t *n,
		       struct pd_strings *pool, struct pd_diag *diag)
{
	struct walk w = { .s = s, .pool = pool, .d = diag };
	int ret;

	if ((ret = pd_store_sanctions(s, games, note, &w, diag)) < 0) {
		free(w.v);
		w.v = NULL;
		w.n = 0;
	}
	*notes = w.v;
	*n = w.n;
	return ret;
}
