# fixture.sh -- the Games the serving benchmarks use (sourced).
#
# make_db DB: a store with PG2004 ranked from results: the published
# Athens 2004 table (bundled) turned into one event per medal, so the
# standings hold the real 75 rows and need nothing from ../shared.
make_db() {
	db=$1
	rm -f "$db" "$db"-wal "$db"-shm
	PODIUM_DB=$db "$PODIUM" init 2>/dev/null
	PODIUM_DB=$db "$PODIUM" table --games PG2004@seed --format csv |
		awk -F, 'NR > 1 {
			n = split($0, f, ",")
			g = f[n - 3]; s = f[n - 2]; b = f[n - 1]; npc = f[2]
			for (i = 0; i < g; i++) printf "Gold,%s,Bench,%s gold %d\n", npc, npc, i
			for (i = 0; i < s; i++) printf "Silver,%s,Bench,%s silver %d\n", npc, npc, i
			for (i = 0; i < b; i++) printf "Bronze,%s,Bench,%s bronze %d\n", npc, npc, i
		}' | { echo "medal,npc,sport,event"; cat; } >"$WORK/medals.csv"
	PODIUM_DB=$db "$PODIUM" import medals "$WORK/medals.csv" \
		--games PG2004 2>/dev/null
}

# start_podium DB PORT: serve in the background; sets PODIUM_PID.  It
# is killed with the bench that started it, even one killed itself
# (SIGKILL runs no trap): setpriv's parent-death signal.
start_podium() {
	deathsig=
	command -v setpriv >/dev/null 2>&1 && deathsig="setpriv --pdeathsig KILL"
	PODIUM_DB=$1 $deathsig "$PODIUM" serve --port "$2" ${SERVE_ARGS:-} >"$WORK/serve.log" 2>&1 &
	PODIUM_PID=$!
	track $PODIUM_PID
	wait_port "$2"
}

# start_nginx PORT FROM URL: nginx in the background on PORT, serving as
# a static file the bytes podium serves at URL on port FROM; sets
# NGINX_PID and NGINX_FILE.
start_nginx() {
	NGINX_FILE=$WORK/www$3
	mkdir -p "${NGINX_FILE%/*}"
	# nginx's workers are www-data
	d=${NGINX_FILE%/*}
	while [ "$d" != "$WORK" ] && [ -n "$d" ]; do chmod 755 "$d"; d=${d%/*}; done
	chmod 755 "$WORK"
	curl -s "http://127.0.0.1:$2$3" >"$NGINX_FILE"
	cat >"$WORK/nginx.conf" <<CONF
worker_processes auto;
daemon off;
error_log $WORK/nginx.err;
pid $WORK/nginx.pid;
events { worker_connections 4096; }
http {
	access_log off;
	keepalive_requests 1000000;
	default_type application/json;
	server {
		listen 127.0.0.1:$1;
		root $WORK/www;
		location / { try_files \$uri =404; }
	}
}
CONF
	nginx -c "$WORK/nginx.conf" -p "$WORK" &
	NGINX_PID=$!
	track $NGINX_PID
	wait_port "$1" || return 1
	curl -s "http://127.0.0.1:$1$3" | cmp -s - "$NGINX_FILE" || {
		say "bench: nginx does not serve the same bytes"
		cat "$WORK/nginx.err" >&2
		return 1
	}
}

# (sh has no local variables: tries, not i, which callers loop on)
wait_port() {
	tries=0
	until curl -s -o /dev/null "http://127.0.0.1:$1/"; do
		tries=$((tries + 1))
		[ "$tries" -gt 100 ] && { say "bench: nothing listens on $1"; return 1; }
		sleep 0.1
	done
}

rss_kb() {
	awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"
}
