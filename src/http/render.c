/* render.c -- the render threads and the reader connections (render.h).
 * A leaf: it calls no other file of the server. */
#include <pthread.h>
#include <unistd.h>

#include "render.h"
#include "srv.h"

struct reader *reader_take(struct srv *s)
{
	size_t i;

	for (i = 0; i < s->nreaders; i++)
		if (pthread_mutex_trylock(&s->readers[i].mu) == 0)
			return &s->readers[i];
	pthread_mutex_lock(&s->readers[0].mu);
	return &s->readers[0];
}

void reader_give(struct reader *rd)
{
	pthread_mutex_unlock(&rd->mu);
}

void render_queue(struct srv *s, struct task *t)
{
	t->next = NULL;
	MHD_suspend_connection(t->c);
	pthread_mutex_lock(&s->task_mu);
	*s->tasks_tail = t;
	s->tasks_tail = &t->next;
	pthread_cond_signal(&s->task_cv);
	pthread_mutex_unlock(&s->task_mu);
}

/* Take the oldest task, run it, resume its request; when stopping, the
 * queue is drained first. */
static void *render_main(void *arg)
{
	struct srv *s = arg;
	struct MHD_Connection *c;
	struct task *t;

	for (;;) {
		pthread_mutex_lock(&s->task_mu);
		while (!s->tasks && !s->task_stop)
			pthread_cond_wait(&s->task_cv, &s->task_mu);
		if (!(t = s->tasks)) {
			pthread_mutex_unlock(&s->task_mu);
			return NULL;
		}
		if (!(s->tasks = t->next))
			s->tasks_tail = &s->tasks;
		pthread_mutex_unlock(&s->task_mu);
		c = t->c;
		t->run(t);
		/* t is the request's from here */
		MHD_resume_connection(c);
	}
}

int render_start(struct srv *s, struct pd_diag *d)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	size_t n = cpus < 4 ? 1 : (size_t)cpus / 2;

	pthread_mutex_init(&s->task_mu, NULL);
	pthread_cond_init(&s->task_cv, NULL);
	s->tasks_tail = &s->tasks;
	s->have_tasks = 1;
	for (; s->nrender < n && s->nrender < RENDER_MAX; s->nrender++)
		if (pthread_create(&s->render[s->nrender], NULL, render_main,
				   s) != 0)
			return pd_diag_set(d, PD_ENOMEM, NULL, 0, "cannot "
					   "start a render thread");
	return 0;
}

size_t render_threads(const struct srv *s)
{
	return s->nrender;
}

void render_stop(struct srv *s)
{
	size_t i;

	if (!s->have_tasks)
		return;
	pthread_mutex_lock(&s->task_mu);
	s->task_stop = 1;
	pthread_cond_broadcast(&s->task_cv);
	pthread_mutex_unlock(&s->task_mu);
	for (i = 0; i < s->nrender; i++)
		pthread_join(s->render[i], NULL);
	s->nrender = 0;
	pthread_mutex_destroy(&s->task_mu);
	pthread_cond_destroy(&s->task_cv);
	s->have_tasks = 0;
}
