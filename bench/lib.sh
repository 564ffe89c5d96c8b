# shellcheck shell=bash disable=SC2154,SC2034  # root and tmp come from, results go to, the caller
# Shared pieces of the HTTP benchmarks (wrk.sh, p99_ab.sh, per_request.sh), so that every
# script starts kalendar-server and nginx exactly alike and their figures compare.
# Source it after setting `root` (the repository) and `tmp` (a scratch directory):
#   . "$root/bench/lib.sh"

# Fails with a hint when a tool is missing. Example: bench_require wrk.sh wrk nginx curl
bench_require() {
  local script=$1 tool
  shift
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "$script: $tool missing (scripts/setup.sh --bench installs it)" >&2; exit 2; }
  done
}

# Waits up to 10 s for a 200 from `url`. Example: bench_wait_for wrk.sh http://127.0.0.1:1/ready
bench_wait_for() {
  local script=$1 url=$2
  for _ in $(seq 1000); do curl -sf "$url" >/dev/null && return 0; sleep 0.01; done
  echo "$script: $url did not answer" >&2
  exit 1
}

# The Bible cache the server starts from (two versions, as in production), when it exists.
bench_cache_args=()
[ -d "$root/var/bible-cache" ] && bench_cache_args=(--bible-cache-dir "$root/var/bible-cache")

# Starts kalendar-server in the background with the benchmarks' settings (two I/O threads,
# response cache on, access log off, rate limit RATE per minute, 0 = none); its pid is left
# in `bench_server_pid`. Example: bench_start_server build/server/kalendar-server 19380 "$tmp/a.log" 0
bench_start_server() {
  local server=$1 port=$2 log=$3 rate=${4:-0}
  (cd "$root" && exec "$server" --port "$port" --threads 2 --keys-db "$tmp/keys.sqlite3" \
     --access-log off --default-rate "$rate" "${bench_cache_args[@]}" 2>"$log") &
  bench_server_pid=$!
}

# Writes $tmp/nginx.conf: two workers serving $tmp/www as static JSON on `port`, plus any
# further server blocks given as the second argument. Example: bench_nginx_conf 19381 ""
bench_nginx_conf() {
  local port=$1 extra=${2:-}
  chmod -R a+rX "$tmp"  # nginx workers run as nobody
  cat >"$tmp/nginx.conf" <<CONF
worker_processes 2;
pid $tmp/nginx.pid;
error_log $tmp/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_requests 1000000;
  server { listen 127.0.0.1:$port; root $tmp/www; location / { default_type application/json; } }
$extra
}
CONF
}

# A wrk latency (812.00us, 4.51ms, 1.02s) in milliseconds. Example: bench_ms 812.00us -> 0.81
bench_ms() {
  awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /[^m]s$/) n *= 1000; printf "%.2f", n }'
}
