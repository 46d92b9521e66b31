#!/bin/sh
# make lava-lab / lava-lab-stop: a LAVA instance on this machine from
# Debian's packages, started and stopped by this script alone (these
# machines run no service manager).
#   lava-lab.sh start DIR PORT   PostgreSQL (a cluster of its own in
#       DIR/pg, on a socket in DIR/pg-run, no TCP), the database migrated,
#       a superuser and an API token, device type qemu and one device,
#       DIR/devices/pb-qemu-01.jinja2 (bench/lava/lava-lab-device.jinja2), on
#       one worker; then lava-server-gunicorn on 127.0.0.1:PORT,
#       lava-scheduler and lava-worker, run as their Debian units run them.
#       Every pid it started is in DIR/pids; lavacli's identity "pb-lab"
#       is in DIR/lavacli.yaml (XDG_CONFIG_HOME=DIR lavacli -i pb-lab ...).
#   lava-lab.sh stop DIR   ends the lab's running jobs (the worker's
#       lava-run process groups), the daemons in DIR/pids and the
#       PostgreSQL cluster, then removes DIR; ends nothing else.
# Everything the lab writes (database, job logs, device dictionaries,
# logs) is under DIR: LAVA's settings come from the environment
# (LAVA_JSON_SETTINGS, DIR/lava.env), /etc/lava-server is not changed.
set -eu
usage() { echo "usage: lava-lab.sh start DIR PORT | stop DIR" >&2; exit 2; }
[ $# -ge 2 ] || usage
cmd=$1 dir=$2
worker=pb-lab device=pb-qemu-01 identity=pb-lab
here=$(cd "$(dirname "$0")/../.." && pwd)
log() { echo "lava-lab: $*"; }
die() { echo "lava-lab: error: $*" >&2; exit 1; }

# The start time of a process (field 22 of /proc/PID/stat): with the pid it
# names one process, so a pid reused since is never taken for ours.
started_at() { sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f20; }
alive() { # alive PID START: it runs (a zombie has ended, its parent not reaped it yet)
	a_stat=$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null) || return 1
	[ -n "$2" ] && [ "$(echo "$a_stat" | cut -d' ' -f20)" = "$2" ] && [ "${a_stat%% *}" != Z ]
}
record() { # record NAME PID: into DIR/pids, once it is surely running
	s=$(started_at "$2")
	[ -n "$s" ] || die "$1 (pid $2) exited at once; see $dir/logs/$1.log"
	echo "$1 $2 $s" >> "$dir/pids"
}

pg_bin() { # the newest PostgreSQL installed
	for b in /usr/lib/postgresql/*/bin; do echo "$b"; done | sort -V | tail -n 1
}
as_postgres() { runuser -u postgres -- "$@"; }

# end_lab: end every process of the lab (but leave DIR and its logs)
end_lab() {
	# lava-run processes of jobs still running: the worker started each in
	# a process group of its own (setpgrp) and keeps its pid in its db
	if [ -f "$dir/worker/db.sqlite3" ]; then
		for pid in $(python3 -c 'import sqlite3, sys
for (pid,) in sqlite3.connect(sys.argv[1]).execute("SELECT pid FROM jobs WHERE pid > 0"):
    print(pid)' "$dir/worker/db.sqlite3" 2>/dev/null); do
			if [ "$(ps -o pgid= -p "$pid" | tr -d ' ')" = "$pid" ] &&
			   grep -q "$dir/worker" "/proc/$pid/cmdline" 2>/dev/null; then
				log "ending job process group $pid"
				kill -TERM -- "-$pid" 2>/dev/null || true
			fi
		done
	fi
	if [ -f "$dir/pids" ]; then
		# the worker first, the database last
		tac "$dir/pids" | while read -r name pid start; do
			[ "$name" != postgres ] || continue
			alive "$pid" "$start" || continue
			kill -TERM "$pid" 2>/dev/null || true
			n=0
			while alive "$pid" "$start" && [ $n -lt 100 ]; do sleep 0.2; n=$((n + 1)); done
			if alive "$pid" "$start"; then
				log "$name (pid $pid) ignored SIGTERM for 20 s: SIGKILL"
				kill -KILL "$pid" 2>/dev/null || true
			fi
			log "stopped $name (pid $pid)"
		done
		grep '^postgres ' "$dir/pids" | while read -r _ pid start; do
			alive "$pid" "$start" || continue
			as_postgres "$(pg_bin)/pg_ctl" -D "$dir/pg" -m fast -w stop > /dev/null ||
				die "pg_ctl stop failed for $dir/pg"
			log "stopped postgres (pid $pid)"
		done
		left=$(while read -r name pid start; do
			if alive "$pid" "$start"; then echo "$name:$pid"; fi; done < "$dir/pids")
		[ -z "$left" ] || die "still running: $left"
	fi
}

if [ "$cmd" = stop ]; then
	[ -d "$dir" ] || { log "nothing to stop ($dir does not exist)"; exit 0; }
	end_lab
	rm -rf "$dir"
	log "stopped; $dir removed"
	exit 0
fi
if [ "$cmd" != start ] || [ $# -ne 3 ]; then usage; fi
port=$3
[ "$(id -u)" = 0 ] || die "run as root: PostgreSQL runs as user postgres, LAVA as lavaserver"
for c in gunicorn3 lava-server lava-worker lavacli; do
	command -v "$c" > /dev/null || die "$c is not installed (make lava-lab installs the packages)"
done
id lavaserver > /dev/null 2>&1 || die "no user lavaserver (lava-server's postinst makes it)"
pgbin=$(pg_bin)
[ -x "$pgbin/pg_ctl" ] || die "PostgreSQL is not installed (postgresql)"
if [ -f "$dir/pids" ]; then
	while read -r name pid start; do
		! alive "$pid" "$start" || die "$name (pid $pid) of a lab in $dir is running: make lava-lab-stop"
	done < "$dir/pids"
fi
if python3 -c 'import socket, sys
s = socket.socket()
sys.exit(s.connect_ex(("127.0.0.1", int(sys.argv[1]))) != 0)' "$port"; then
	die "127.0.0.1:$port is in use (LAVA_LAB_PORT=another)"
fi
dir=$(mkdir -p "$dir" && cd "$dir" && pwd)
find "$dir" -mindepth 1 -delete
mkdir -p "$dir/logs" "$dir/media" "$dir/devices" "$dir/health-checks" "$dir/dispatcher.d" \
	"$dir/worker" "$dir/pg" "$dir/pg-run"
: > "$dir/pids"
# a start that fails ends what it had started; its logs stay in DIR/logs
end_failed_start() {
	st=$?
	[ "$st" = 0 ] || { log "start failed: ending what it started"; end_lab; }
}
trap end_failed_start EXIT
# PostgreSQL: a cluster of the lab's own; only the socket in pg-run, which
# only postgres and lavaserver (and root) may use, so trust is safe
chown postgres:postgres "$dir/pg" && chmod 700 "$dir/pg"
chown postgres:lavaserver "$dir/pg-run" && chmod 750 "$dir/pg-run"
chown -R lavaserver:lavaserver "$dir/logs" "$dir/media"
touch "$dir/logs/postgres.log" && chown postgres "$dir/logs/postgres.log"
as_postgres "$pgbin/initdb" -D "$dir/pg" -A trust -U postgres -E UTF8 --locale=C.UTF-8 --no-sync \
	> "$dir/logs/initdb.log" 2>&1 || die "initdb failed; see $dir/logs/initdb.log"
as_postgres "$pgbin/pg_ctl" -D "$dir/pg" -l "$dir/logs/postgres.log" -w \
	-o "-c listen_addresses='' -c unix_socket_directories='$dir/pg-run' -c fsync=off" start \
	> /dev/null || die "postgres did not start; see $dir/logs/postgres.log"
record postgres "$(head -n 1 "$dir/pg/postmaster.pid")"
psql_as_postgres() { as_postgres psql -q -v ON_ERROR_STOP=1 -h "$dir/pg-run" -U postgres "$@"; }
psql_as_postgres -c 'CREATE ROLE lavaserver LOGIN' \
	-c "CREATE DATABASE lavaserver OWNER lavaserver ENCODING 'UTF8' TEMPLATE template0" \
	> /dev/null || die "creating the lavaserver database failed"

# LAVA's settings, applied after /etc/lava-server's (lava_server.settings.prod)
python3 - "$dir" > "$dir/lava.env" <<'EOF'
import base64, json, sys
d = sys.argv[1]
settings = {
    "DATABASES": {"default": {"ENGINE": "django.db.backends.postgresql", "NAME": "lavaserver",
                              "USER": "lavaserver", "HOST": d + "/pg-run", "PORT": 5432}},
    "MEDIA_ROOT": d + "/media/",
    "DJANGO_LOGFILE": d + "/logs/django.log",
    "DEVICES_PATH": d + "/devices",
    "DEVICE_TYPES_PATHS": ["/usr/share/lava-server/device-types"],
    "HEALTH_CHECKS_PATH": d + "/health-checks",
    "DISPATCHER_CONFIG_PATH": d + "/dispatcher.d",
    # one worker, registered here with its token; none may register itself
    "WORKER_AUTO_REGISTER": False,
}
print("export LAVA_JSON_SETTINGS=" + base64.b64encode(json.dumps(settings).encode()).decode())
EOF
touch "$dir/logs/django.log" && chown lavaserver:lavaserver "$dir/logs/django.log"
# shellcheck disable=SC1091 # written just above
. "$dir/lava.env"
manage() { lava-server manage "$@" 2>> "$dir/logs/manage.log"; }
log "migrating the database"
manage migrate --noinput > "$dir/logs/migrate.log" || die "migrate failed; see $dir/logs/manage.log"
manage users add --superuser --staff --passwd "$(head -c 12 /dev/urandom | base64)" admin > /dev/null ||
	die "users add failed"
token=$(manage tokens add --user admin --description make-lava-lab)
manage device-types add qemu > /dev/null
wtoken=$(manage workers add "$worker" --description "make lava-lab" | sed -n 's/^Token: //p')
[ -n "$token" ] || die "no API token; see $dir/logs/manage.log"
[ -n "$wtoken" ] || die "no worker token; see $dir/logs/manage.log"
# the address the guest would reach the dispatcher on: this machine may
# have no default route for LAVA to work it out from (as for make lava-run)
printf 'dispatcher_ip: 127.0.0.1\n' > "$dir/dispatcher.d/$worker.yaml"
cp "$here/bench/lava/lava-lab-device.jinja2" "$dir/devices/$device.jinja2"
manage devices add --device-type qemu --worker "$worker" "$device" > /dev/null ||
	die "devices add failed; see $dir/logs/manage.log"
manage devices update --health GOOD "$device" > /dev/null
chown -R lavaserver:lavaserver "$dir/devices" "$dir/health-checks" "$dir/dispatcher.d"

# The daemons, as /lib/systemd/system/lava-*.service run them; each in a
# session of its own, its output in its log, its pid recorded.
daemon() { # daemon NAME COMMAND...
	name=$1
	shift
	setsid "$@" < /dev/null >> "$dir/logs/$name.out" 2>&1 &
	sleep 1
	record "$name" $!
}
daemon gunicorn gunicorn3 lava_server.wsgi --log-level INFO --log-file "$dir/logs/gunicorn.log" \
	-u lavaserver -g lavaserver --worker-class eventlet --workers 2 --bind "127.0.0.1:$port"
daemon lava-scheduler lava-server manage lava-scheduler --level INFO \
	--log-file "$dir/logs/lava-scheduler.log"
printf '%s\n' "$wtoken" > "$dir/worker/token" && chmod 600 "$dir/worker/token"
daemon lava-worker lava-worker --level INFO --url "http://127.0.0.1:$port/" \
	--token-file "$dir/worker/token" \
	--name "$worker" --worker-dir "$dir/worker" --log-file "$dir/logs/lava-worker.log" \
	--ping-interval 5

cat > "$dir/lavacli.yaml" <<EOF
$identity:
  uri: http://127.0.0.1:$port/RPC2
  username: admin
  token: $token
EOF
chmod 600 "$dir/lavacli.yaml"
printf 'url=http://127.0.0.1:%s/\nidentity=%s\nworker=%s\ndevice=%s\n' "$port" "$identity" \
	"$worker" "$device" > "$dir/state"
lab() { XDG_CONFIG_HOME=$dir lavacli -i "$identity" "$@"; }
# ready: the server answers, the worker is online, the device idle and good
n=0
until lab workers show "$worker" 2> /dev/null | grep -q '^state *: Online' &&
      lab devices show "$device" 2> /dev/null | grep -q '^state *: Idle' &&
      lab devices show "$device" 2> /dev/null | grep -q '^health *: Good'; do
	n=$((n + 1))
	[ $n -lt 60 ] || die "the lab is not ready after 60 s; logs in $dir/logs/"
	sleep 1
done
trap - EXIT
log "LAVA $(lab system version) at http://127.0.0.1:$port/, worker $worker online," \
	"device $device ($(wc -l < "$dir/pids") processes in $dir/pids)"
