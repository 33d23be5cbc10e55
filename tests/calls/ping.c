/* ping.c -- one half of a circle of calls, for tests/calls/run.sh. */
int pong(int n);

int ping(int n)
{
	return n > 0 ? pong(n - 1) : 0;
}
