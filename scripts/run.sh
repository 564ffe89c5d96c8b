#!/usr/bin/env bash
# Installs what is needed, builds, and starts the service on the shipped books with a local key
# store, printing a development key so that you can curl at once.
#   scripts/run.sh [--port N]        (default 9080; any other flag goes to kalendar-server)
# Local state lives in var/ (git-ignored): keys.sqlite3, dev-key, bible-cache/, texts/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

port=9080
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port="$2"; shift 2 ;;
    --port=*) port="${1#--port=}"; shift ;;
    *) args+=("$1"); shift ;;
  esac
done

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKALENDAR_WERROR=ON >/dev/null
cmake --build build -j "$(nproc)" --target kalendar-server kalendar-keys kalendar_bible_import \
  kalendar-check

mkdir -p var/texts
# Bible text: read the installed SWORD modules once into a cache (about a second), so that
# every later start is ready in a fraction of a second.
build/engine/bible/kalendar-bible-import --cache-dir var/bible-cache

# A development key with access to every book, kept in var/dev-key (never committed).
if [ ! -s var/dev-key ] || [ ! -f var/keys.sqlite3 ]; then
  created=$(build/server/kalendar-keys --db var/keys.sqlite3 create --name development --all)
  printf '%s\n' "$created" | sed -n 1p > var/dev-key
fi
key=$(cat var/dev-key)

cat <<INFO

  Kalendar is starting on http://127.0.0.1:$port
  Development key:  $key

  Try:
    curl -H 'X-API-Key: $key' 'http://127.0.0.1:$port/api/v2/days/today?book=loc_2015'
    curl -H 'X-API-Key: $key' 'http://127.0.0.1:$port/api/v2/prayer-books'

  API reference: docs/API.md (and /api/v2/openapi.json). Stop with Ctrl-C.

INFO
exec build/server/kalendar-server --port "$port" --keys-db var/keys.sqlite3 \
  --bible-cache-dir var/bible-cache --texts-dir var/texts "${args[@]}"
