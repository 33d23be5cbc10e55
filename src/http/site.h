/* site.h -- the public site's addresses (site.c), each a page complete
 * without script (pages.h) and kept per version like the API's views:
 *
 *   /                       the default Games' medal table (?games=CODE
 *                           another's)
 *   /games                  every Games: the picker
 *   /games/CODE             a Games' medal table (?scheme=, ?source=)
 *   /games/CODE/about       its overview: key figures, top of the table
 *   /games/CODE/events/ID   an event: results, marks, medals, status
 *   /games/CODE/npcs/NPC    an NPC: its row and medals by sport
 *   /games/CODE/athletes/ID an athlete: results and medals
 *
 * Every page takes ?lang=zh (else English).
 */
#ifndef PODIUM_HTTP_SITE_H
#define PODIUM_HTTP_SITE_H

#include <microhttpd.h>

struct req;
struct srv;

/* Answer a GET of one of the addresses above (r->rt.kind is RT_SITE,
 * route.h): the page, or a page saying why not (400, 404, 503). */
enum MHD_Result site_serve(struct srv *s, struct MHD_Connection *c,
			   struct req *r);

#endif
