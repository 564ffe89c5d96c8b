#!/usr/bin/env bash
# Installs every Debian 12 package Kalendar needs to build, test and run (idempotent).
#   scripts/setup.sh            build, test and run dependencies
#   scripts/setup.sh --bench    also Google Benchmark, wrk, valgrind and perf for bench/ (nginx is
#                               always installed: deploy/ and the bench use it)
#   scripts/setup.sh --fuzz     also Clang and its libFuzzer runtime for scripts/fuzz.sh
set -euo pipefail
packages=(
  g++ cmake ninja-build pkg-config clang-format git ca-certificates curl
  libpistache-dev libyaml-cpp-dev libsimdjson-dev libhowardhinnant-date-dev rapidjson-dev
  libsqlite3-dev libssl-dev libgtest-dev libgmock-dev tzdata
  libsword-dev libsword-utils sword-text-kjv sword-text-web
  chromium zlib1g-dev libxxhash-dev
  libical-dev  # tests only: http_tests parses every iCalendar answer with libical
  nginx  # tests only: http_tests runs the malformed corpus through deploy/nginx/kalendar.conf
)
# Node.js and npm run the generated-client tests (tests/clients/run.sh). A machine with its own
# Node (NodeSource's nodejs bundles npm) keeps it; Debian's packages are added only when missing.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then packages+=(nodejs npm); fi
[ "${1:-}" = "--bench" ] && packages+=(libbenchmark-dev wrk valgrind linux-perf)
[ "${1:-}" = "--fuzz" ] && packages+=(clang libclang-rt-14-dev)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "setup: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
