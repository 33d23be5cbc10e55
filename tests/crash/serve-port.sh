# serve-port.sh -- sourced by the crash scripts: wait for the 'podium
# serve' whose log is LOG (started with --port 0, so the kernel picks a
# free port) to say where it serves, and print that port.  A fixed port
# (20000 + $$ % 20000) fell in the ephemeral range half the time and
# once found itself taken in CI: the node never started.
# usage: port=$(serve_port LOG PID) || fail
serve_port() {
	i=0
	while [ "$i" -lt 400 ]; do	# 20 s: a loaded CI machine
		p=$(sed -n 's|.*serving .* at http://[^ ]*:\([0-9][0-9]*\)/ .*|\1|p' "$1" 2>/dev/null | tail -n 1)
		if [ -n "$p" ] && curl -s -o /dev/null "http://127.0.0.1:$p/"; then
			echo "$p"
			return 0
		fi
		kill -0 "$2" 2>/dev/null || break	# it exited: say why below
		i=$((i + 1))
		sleep 0.05
	done
	echo "the server (pid $2) did not start; its log, $1, ends:" >&2
	tail -n 5 "$1" | sed 's/^/    /' >&2
	return 1
}
