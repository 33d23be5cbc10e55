/* sender.h -- the event streams' sending threads (sender.c tells why):
 * each message written, framed once, to every idle stream's socket. */
#ifndef PODIUM_HTTP_SENDER_H
#define PODIUM_HTTP_SENDER_H

#include <stddef.h>

struct hub;
struct stream;

/* Start n sending threads for h's streams: 0, or -1. */
int senders_start(struct hub *h, size_t n);
/* There is something new for the streams (a message, a heartbeat, the
 * server stopping). */
void senders_poke(struct hub *h);
/* Under hub.mu: st's connection is suspended in MHD with nothing left
 * to send; from now on a sending thread writes its socket. */
void sender_adopt(struct hub *h, struct stream *st);
/* End every stream still held and join the threads. */
void senders_stop(struct hub *h);

#endif
