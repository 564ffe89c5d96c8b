#!/usr/bin/env bash
# Start-up to ready, repeated: wall time from exec to the first 200 from /ready, and the CPU the
# process used by then (user + system, from /proc; this does not depend on other load the way
# wall time does). Every shipped book, and KJV + WEB from the Bible cache as bench/wrk.sh does.
#   bench/startup.sh [BUILD_DIR or SERVER_BINARY] [RUNS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
target=${1:-$root/build}
runs=${2:-7}
server=$target
[ -d "$target" ] && server=$target/server/kalendar-server
command -v curl >/dev/null || { echo "startup.sh: curl missing" >&2; exit 2; }
tmp=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
"$(dirname "$server")/kalendar-keys" --db "$tmp/keys.sqlite3" create --name bench --all >/dev/null 2>&1
cache_args=()
[ -d "$root/var/bible-cache" ] && cache_args=(--bible-cache-dir "$root/var/bible-cache")
port=19390
tick=$(getconf CLK_TCK)
for run in $(seq "$runs"); do
  start_ns=$(date +%s%N)
  (cd "$root" && exec "$server" --port "$port" --threads 2 --keys-db "$tmp/keys.sqlite3" \
     --access-log off "${cache_args[@]}" 2>"$tmp/server.log") &
  pid=$!
  for _ in $(seq 2000); do
    curl -sf "http://127.0.0.1:$port/ready" >/dev/null && break
    sleep 0.005
  done
  wall_ms=$(( ($(date +%s%N) - start_ns) / 1000000 ))
  # Fields 14 and 15 of /proc/PID/stat: user and system clock ticks (the name has no spaces).
  read -r utime stime < <(awk '{print $14, $15}' "/proc/$pid/stat")
  cpu_ms=$(( (utime + stime) * 1000 / tick ))
  echo "run $run: ready after $wall_ms ms wall, $cpu_ms ms CPU"
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
done
cat "$tmp/server.log" >&2; grep -E "books:|bibles:.*ready|loaded in" "$tmp/server.log" | sed 's/^/last run: /' || true
