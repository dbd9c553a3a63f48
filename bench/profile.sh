#!/usr/bin/env bash
# Where does the server's CPU go under the catalogue load?
#
#   bench/profile.sh [gamelist|vendorlanes|healthz] [seconds]
#
# 1. Live: starts bin/palaro serve (fresh SQLite, demo, log level warn) on
#    127.0.0.1:18245, drives it with the same wrk script as make bench, and
#    samples the process with `perf record -g` (software cpu-clock; Go keeps
#    frame pointers and symbols). Prints the user/kernel split, the hottest
#    functions by self time, and the inclusive share of the request path's
#    main stages.
# 2. In-process: bench/gobench (httpx.Edge around the mux with the catalogue
#    routes, no network, no wrk) with -cpuprofile, then `go tool pprof -top`.
#
# Outputs go to bench/results/profile-*. Needs perf (apt-get install linux-perf)
# for part 1; part 2 only needs Go. BENCH_BIN measures another binary;
# BENCH_SERVER_ENV adds environment (e.g. GOGC=400) to the server.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
RES=$ROOT/bench/results
KIND=${1:-gamelist}
SECS=${2:-10}
PORT=18245
HOST=127.0.0.1
PALARO=${BENCH_BIN:-$ROOT/bin/palaro}
mkdir -p "$RES"
WORK=$(mktemp -d /tmp/palaro-profile.XXXXXX)
PID=""
cleanup() {
  if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then kill -TERM "$PID"; wait "$PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

[ -x "$PALARO" ] || { echo "profile: $PALARO is missing (make build)" >&2; exit 2; }
command -v wrk >/dev/null || { echo "profile: wrk is missing" >&2; exit 2; }

if command -v perf >/dev/null 2>&1; then
  env -u PALARO_REDIS_URL PALARO_ADDR=$HOST:$PORT PALARO_DATABASE_URL="sqlite://$WORK/p.db" PALARO_DEMO=1 \
    PALARO_LOG_LEVEL=warn ${BENCH_SERVER_ENV:-} "$PALARO" serve >"$WORK/server.log" 2>&1 &
  PID=$!
  for _ in $(seq 1 300); do curl -fsS -m 2 "http://$HOST:$PORT/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
  curl -fsS "http://$HOST:$PORT/readyz" >/dev/null || { cat "$WORK/server.log" >&2; exit 2; }
  case $KIND in
    gamelist) node bench/lib/discover.mjs "http://$HOST:$PORT" "$WORK" >/dev/null; PATHS=$WORK/gamelist.paths; LUA=bench/wrk/rotate.lua ;;
    vendorlanes) node bench/lib/discover.mjs "http://$HOST:$PORT" "$WORK" >/dev/null; PATHS=$WORK/vendorlanes.paths; LUA=bench/wrk/rotate.lua ;;
    healthz) printf '/healthz\n' >"$WORK/h.paths"; PATHS=$WORK/h.paths; LUA=bench/wrk/rotate.lua ;;
    *) echo "profile: unknown kind $KIND" >&2; exit 2 ;;
  esac
  [ -s "$PATHS" ] || { echo "profile: no valid $KIND requests (endpoint missing?)" >&2; exit 2; }
  echo "== live profile: $KIND, wrk -t2 -c64 for $((SECS + 4)) s, perf record for $SECS s"
  BENCH_PATHS_FILE=$PATHS timeout 30 wrk -t2 -c64 -d3s -s "$LUA" "http://$HOST:$PORT" >/dev/null
  BENCH_PATHS_FILE=$PATHS timeout $((SECS + 30)) wrk -t2 -c64 -d$((SECS + 4))s --latency -s "$LUA" "http://$HOST:$PORT" >"$RES/profile-$KIND-wrk.txt" &
  WRK=$!
  sleep 2
  perf record -q -F 499 -g -p "$PID" -o "$RES/profile-$KIND.perf" -- sleep "$SECS" >/dev/null 2>&1
  wait "$WRK"
  grep -E 'Requests/sec|^ +(50|99)%' "$RES/profile-$KIND-wrk.txt"
  echo "-- user / kernel split"
  perf report -i "$RES/profile-$KIND.perf" --no-children --sort dso --stdio -g none 2>/dev/null | grep -E '^ +[0-9]' | head -4 || true
  echo "-- hottest functions (self)"
  perf report -i "$RES/profile-$KIND.perf" --no-children --sort sym --stdio -g none 2>/dev/null | grep -E '^ +[0-9]' | head -25 || true
  echo "-- request path stages (inclusive)"
  perf report -i "$RES/profile-$KIND.perf" --children --sort sym --stdio -g none 2>/dev/null | grep -E '^ +[0-9]' |
    grep -E 'conn\)\.serve$|readRequest$|Edge\.func[0-9]+$|Edge\.func[0-9]+\.1$|ServeMux\)\.ServeHTTP$|internal/game\.|internal/platform/httpx\.|finishRequest$|syscall\.write$|syscall\.read$|bufio\.\(\*Writer\)\.Flush$|runtime\.gcBgMarkWorker$|runtime\.mallocgc$|\[k\] schedule$|epoll_wait|netpoll$|prometheus.*GetMetricWithLabelValues$|slog' | head -40 || true
  kill -TERM "$PID"; wait "$PID" 2>/dev/null || true; PID=""
else
  echo "== perf is missing: live profile skipped (apt-get install linux-perf)"
fi

echo
echo "== in-process profile: bench/gobench (Edge + mux + catalogue handler, no network)"
case $KIND in gamelist) B='GameList/edge' ;; vendorlanes) B='VendorLanes/edge' ;; *) B='Healthz/edge' ;; esac
go test -run '^$' -bench "$B" -benchmem -benchtime=2s -cpuprofile "$RES/profile-$KIND-go.pprof" \
  -o "$WORK/gobench.test" ./bench/gobench | grep -E '^Benchmark' || true
go tool pprof -top -cum -nodecount 35 "$WORK/gobench.test" "$RES/profile-$KIND-go.pprof" 2>/dev/null | sed -n '5,45p' || true
echo
echo "raw: bench/results/profile-$KIND.perf (perf report -i ...), bench/results/profile-$KIND-go.pprof (go tool pprof)"
