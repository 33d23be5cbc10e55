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
/* The count of pokes so far; whether every sender has ended a round
 * that began after the gen-th (read under h->idle_mu to wait on
 * h->idle_cv without losing the wake-up). */
unsigned long senders_gen(struct hub *h);
int senders_idle(struct hub *h, unsigned long gen);
/* Under hub.mu: st's connection is suspended in MHD with nothing left
 * to send; from now on a sending thread writes its socket. */
void sender_adopt(struct hub *h, struct stream *st);
/* End every stream still held and join the threads. */
void senders_stop(struct hub *h);

#endif
