/* leaf.c -- called, calls nothing: with ping.c and no pong.c, a graph
 * without a circle (pong stays undefined, outside the files given). */
int leaf(int n)
{
	return n * 2;
}

int pong(int n)
{
	return leaf(n);
}
