#!/usr/bin/env bash
# make bench: catalogue throughput (wrk, SQLite then PostgreSQL), the home
# page's initial JavaScript (headless Chromium), Lighthouse mobile performance,
# and the Go micro-benchmarks. See bench/README.md.
#
# Exit status: 0 when every measurement ran (a missed target prints FAIL and is
# still 0), 1 with BENCH_STRICT=1 when a target was missed, 2 on a tool error
# (missing tool, build failure, a server that does not start, a tool crash).
#
# Knobs (environment):
#   BENCH_STRICT=1        exit 1 when any target is missed
#   BENCH_SKIP_BUILD=1    use the existing bin/palaro (default: flock'd make build)
#   BENCH_BIN=path        measure this palaro binary instead of bin/palaro (implies no build)
#   BENCH_ONLY="..."      subset of: machine sqlite postgres memberinfo favorites ledger ledgercrash seamless crash inhouse bonusspin streamlag spinecrash twoinstance spine hashburst console agents rebate vip bundle lighthouse go slotsim captcha (default: all)
#   BENCH_SEAMLESS_RATE=2000  callbacks/s of the seamless run; BENCH_SEAMLESS_PORT_BASE=19800 its two ports
#   BENCH_INHOUSE_RATE=1000   slot spins/s of the in-house run; BENCH_INHOUSE_PORT_BASE=19900 its two ports
#   BENCH_STREAMLAG_PORT_BASE=19980  the two ports of the stream-lag run (the in-house load at BENCH_INHOUSE_RATE)
#   BENCH_SPINECRASH_DURATION=40, BENCH_SPINECRASH_RATE=300  seconds and operations/s of the spinecrash and twoinstance runs;
#   BENCH_SPINECRASH_PORT_BASE=19990 their four ports; BENCH_TWOINSTANCE_REDIS=redis://127.0.0.1:6379/11 (empty: no Redis)
#   BENCH_DURATION=15     seconds per measured wrk run (warm-up BENCH_WARMUP=5 before each)
#   BENCH_PINNED=1        also run the taskset-pinned variant (0 to skip)
#   BENCH_PACE=21000      also run each endpoint paced at about this rate (0 to skip): p99 at the target rate
#   BENCH_LH_RUNS=5       Lighthouse runs (the median is reported, with the host's benchmarkIndex)
#   BENCH_GO_TIME=100ms   -benchtime for the Go micro-benchmarks
#   BENCH_QUIET_WAIT=120  seconds to wait for other work on the machine to stop before each wrk run
#   BENCH_RETRY_SKEWED=0  measure a wrk run again (up to N more times) when other work skewed it
#   BENCH_PORT_BASE=18241 first of the four loopback ports used (sqlite, postgres, web, lighthouse)
#   BENCH_SERVER_ENV=".." extra environment for the measured servers (e.g. GOGC=100, Go's default), for experiments
#   BENCH_LEDGER_PORT_BASE=19100  first of the four loopback ports of the ledger runs (throughput sqlite, postgres; crash sqlite, postgres)
#   BENCH_LEDGER_PLAYERS=200      players of the ledger runs (engine and over HTTP)
#   BENCH_LEDGER_CRASH_DURATION=40  seconds of the ledger crash run (per database)
#   BENCH_SLOT_ROUNDS=100000000  rounds per RTP profile of the slot simulation (slotsim)
#   BENCH_CAPTCHAS=500    captchas tesseract tries to read (captcha)
#   BENCH_CRASH_PLAYERS=2000  players (websockets and bets) on the Crash round; BENCH_CRASH_PORT_BASE=19950 its two ports
#   BENCH_SPINE_BASE=d7b785f  the base commit of the spine A/B; BENCH_SPINE_PAIRS=2 alternating pairs; BENCH_SPINE_PORT_BASE=19974
#   BENCH_HASHBURST_N=400     parallel requests per password-hashing burst; BENCH_HASHBURST_PORT=19960 its port;
#   BENCH_HASHBURST_MEMLIMIT=1GiB  the server's PALARO_MEMORY_LIMIT there (the RSS target)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
BENCH=$ROOT/bench
RES=${BENCH_RESULTS:-$BENCH/results}

STRICT=${BENCH_STRICT:-0}
ONLY=${BENCH_ONLY:-machine sqlite postgres memberinfo favorites ledger ledgercrash seamless crash inhouse bonusspin streamlag spinecrash twoinstance spine hashburst console agents rebate vip bundle lighthouse go slotsim captcha}
DURATION=${BENCH_DURATION:-15}
WARMUP=${BENCH_WARMUP:-5}
PINNED=${BENCH_PINNED:-1}
PACE=${BENCH_PACE:-21000}
LH_RUNS=${BENCH_LH_RUNS:-5}
GO_TIME=${BENCH_GO_TIME:-100ms}
THREADS=2
CONNS=64

# Loopback only; ports from the range this project may use (18241-18249 by
# default; BENCH_PORT_BASE=N uses N..N+3 instead, e.g. to run next to another bench).
HOST=127.0.0.1
PORT_BASE=${BENCH_PORT_BASE:-18241}
PORT_SQLITE=$PORT_BASE
PORT_PG=$((PORT_BASE + 1))
PORT_WEB=$((PORT_BASE + 2))
PORT_LH=$((PORT_BASE + 3))

# Targets from the issue.
TARGET_RPS=20000
TARGET_P99_MS=10
TARGET_JS_KB=100
TARGET_LH=95

mkdir -p "$RES"
# Raw outputs of the previous run go; summary.md is rewritten at the end.
find "$RES" -mindepth 1 -maxdepth 1 -type f \( -name 'wrk-*' -o -name 'lighthouse*' -o -name 'bundle.json' -o -name 'gobench.txt' -o -name 'slotsim.txt' -o -name 'captcha.txt' -o -name 'server-*.log' -o -name 'perf-*' \) -delete
WORK=$(mktemp -d /tmp/palaro-bench.XXXXXX)
SUMMARY=$RES/summary.md
ROWS=()        # main results table rows
DETAIL=()      # catalogue detail rows
SECTIONS=()    # extra markdown sections
MISSED=0
BUSY_RUNS=0
TOOL_ERRORS=()
PIDS=()
PGDB=""
PG_ADMIN_DB=""
STARTED=$(date +%s)

log()  { printf '\n== %s\n' "$*"; }
die()  { echo "bench: ERROR: $*" >&2; TOOL_ERRORS+=("$*"); exit 2; }
tool_error() { echo "bench: ERROR: $*" >&2; TOOL_ERRORS+=("$*"); }
want() { [[ " $ONLY " == *" $1 "* ]]; }
# mark 1|0: sets V to PASS/FAIL and counts misses (not in a subshell, so the count sticks).
mark() { if [ "$1" = 1 ]; then V=PASS; else V=FAIL; MISSED=$((MISSED + 1)); fi; }

write_summary() {
  {
    echo "# Palaro benchmark summary"
    echo
    echo "- when: $(date -u '+%Y-%m-%d %H:%M:%S UTC') (took $(( $(date +%s) - STARTED )) s)"
    echo "- commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$ROOT" status --porcelain 2>/dev/null | grep -q . && echo ' + uncommitted changes')"
    echo "- binary: bin/palaro as built at the start of the run (sha256 ${BIN_ID:-?}…, measured from a private copy)"
    echo "- machine: $(nproc) CPUs ($(awk -F': ' '/model name/{print $2; exit}' /proc/cpuinfo)), $(awk '/MemTotal/{printf "%.1f GiB", $2/1048576}' /proc/meminfo), $(uname -r)"
    echo "- tools: $(go version 2>/dev/null | awk '{print $3}'), $(wrk -v 2>&1 | head -1 | awk '{print "wrk " $2}'), $(/usr/bin/chromium --version 2>/dev/null | head -1), node $(node --version 2>/dev/null)"
    [ -n "${BENCH_SERVER_ENV:-}" ] && echo "- server environment added: $BENCH_SERVER_ENV"
    echo "- load: wrk -t$THREADS -c$CONNS -d${DURATION}s --latency after a ${WARMUP}s warm-up, loopback ($HOST) only. wrk and the server share the same $(nproc) cores unless the row says pinned."
    echo
    echo "## Results against the targets"
    echo
    echo "| measurement | target | measured | result |"
    echo "|---|---|---|---|"
    for r in "${ROWS[@]}"; do echo "$r"; done
    echo
    if [ ${#DETAIL[@]} -gt 0 ]; then
      echo "## Catalogue runs (every configuration)"
      echo
      echo "| db | configuration | endpoint | req/s | p50 | p90 | p99 | max | non-2xx | socket errors | server CPU | wrk CPU | others CPU | response body |"
      echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
      for r in "${DETAIL[@]}"; do echo "$r"; done
      echo
      echo "CPU columns are cores used on average during the measured run (CPU time / wall time; the machine has $(nproc))."
      echo "server: the palaro process; wrk: the load generator; others: everything else on the machine (PostgreSQL backends,"
      echo "and any build, test or load someone else ran at the same time: a non-zero 'others' on SQLite means the figures are skewed)."
      if [ "$BUSY_RUNS" -gt 0 ]; then
        echo
        echo "**Warning: $BUSY_RUNS wrk run(s) were measured while other work kept the machine busy (see 'others'); those figures understate the server. Re-run make bench on a quiet machine.**"
      fi
      echo
    fi
    for s in "${SECTIONS[@]}"; do printf '%s\n\n' "$s"; done
    if [ ${#TOOL_ERRORS[@]} -gt 0 ]; then
      echo "## Tool errors"
      echo
      for e in "${TOOL_ERRORS[@]}"; do echo "- $e"; done
      echo
    fi
    echo "Raw outputs: bench/results/ (wrk-*.txt, bundle.json, lighthouse-*.json, gobench.txt, server-*.log)."
  } >"$SUMMARY"
}

stop_pid() {
  local pid=$1 i
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  fi
  wait "$pid" 2>/dev/null || true
}

cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  local p
  for p in "${PIDS[@]}"; do stop_pid "$p"; done
  [ "$(type -t ledger_pg_drop)" = function ] && ledger_pg_drop
  if [ -n "$PGDB" ]; then
    psql -h "$HOST" -U postgres -d "$PG_ADMIN_DB" -q -v ON_ERROR_STOP=1 \
      -c "DROP DATABASE IF EXISTS $PGDB WITH (FORCE)" >/dev/null 2>&1 || echo "bench: could not drop database $PGDB" >&2
  fi
  rm -rf "$WORK"
  write_summary
  exit "$rc"
}
trap cleanup EXIT
trap 'echo "bench: interrupted" >&2; exit 130' INT TERM

# ---------------------------------------------------------------- tools
need() { command -v "$1" >/dev/null 2>&1 || die "$1 is missing ($2)"; }
if ! command -v wrk >/dev/null 2>&1; then
  log "installing wrk (Debian package)"
  command -v apt-get >/dev/null 2>&1 || die "wrk is missing and apt-get is not available"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null 2>&1 ||
    { DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; } ||
    die "apt-get install wrk failed"
fi
need wrk "apt-get install wrk"
need curl "apt-get install curl"
need node "Node.js 20+"
need npm "Node.js 20+ with npm"
need go "Go 1.26+"
need taskset "util-linux"
need flock "util-linux"
need gzip "gzip"
[ -x /usr/bin/chromium ] || [ -n "${CHROME_PATH:-}" ] || die "/usr/bin/chromium is missing (apt-get install chromium)"
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
CLK_TCK=$(getconf CLK_TCK)

for p in $PORT_SQLITE $PORT_PG $PORT_WEB $PORT_LH; do
  if (exec 3<>"/dev/tcp/$HOST/$p") 2>/dev/null; then die "port $HOST:$p is already in use"; fi
done

# ---------------------------------------------------------------- build
# Other engineers rebuild bin/palaro in the same checkout: the script measures
# a private copy taken under the build lock, so every measurement of one run
# is of the same binary (the storefront is embedded in it).
PALARO=$WORK/palaro
if [ -n "${BENCH_BIN:-}" ]; then
  cp "$BENCH_BIN" "$PALARO" || die "BENCH_BIN $BENCH_BIN is missing"
elif [ "${BENCH_SKIP_BUILD:-0}" = 1 ]; then
  flock /tmp/palaro-build.lock cp "$ROOT/bin/palaro" "$PALARO" || die "bin/palaro is missing (make build)"
else
  log "building (flock /tmp/palaro-build.lock make build)"
  flock /tmp/palaro-build.lock bash -c "make -s build && cp bin/palaro '$PALARO'" || die "make build failed"
fi
[ -x "$PALARO" ] || die "$PALARO is missing (make build)"
BIN_ID=$(sha256sum "$PALARO" | cut -c1-12)

if want bundle; then
  if [ ! -d "$ROOT/e2e/node_modules/playwright-core" ]; then
    log "installing e2e packages (playwright-core)"
    make -s e2e/node_modules/.installed || die "npm ci in e2e/ failed"
  fi
fi
if want lighthouse && [ ! -x "$BENCH/node_modules/.bin/lighthouse" ]; then
  log "installing Lighthouse (npm ci in bench/, no browser download)"
  (cd "$BENCH" && PUPPETEER_SKIP_DOWNLOAD=1 PUPPETEER_SKIP_CHROMIUM_DOWNLOAD=1 timeout 300 npm ci --no-audit --no-fund) ||
    die "npm ci in bench/ failed"
fi

# ---------------------------------------------------------------- server
SERVER_PID=""
start_server() { # name port database-url [cpus]
  local name=$1 port=$2 url=$3 cpus=${4:-} i
  local logf=$RES/server-$name.log
  local cmd=(env -u PALARO_REDIS_URL -u PALARO_TRUST_PROXY PALARO_ADDR="$HOST:$port" PALARO_DATABASE_URL="$url"
    PALARO_DEMO=1 PALARO_LOG_LEVEL=warn PALARO_SHUTDOWN_GRACE=2s ${BENCH_SERVER_ENV:-} "$PALARO" serve)
  [ -n "$cpus" ] && cmd=(taskset -c "$cpus" "${cmd[@]}")
  "${cmd[@]}" >"$logf" 2>&1 &
  SERVER_PID=$!
  PIDS+=("$SERVER_PID")
  for i in $(seq 1 300); do
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
      tail -20 "$logf" >&2
      die "palaro serve ($name) exited during start-up; log: $logf"
    fi
    if curl -fsS -m 2 "http://$HOST:$port/readyz" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  tail -20 "$logf" >&2
  die "palaro serve ($name) not ready on $HOST:$port after 60 s"
}
stop_server() {
  [ -n "$SERVER_PID" ] || return 0
  stop_pid "$SERVER_PID"
  local keep=() p
  for p in "${PIDS[@]}"; do [ "$p" != "$SERVER_PID" ] && keep+=("$p"); done
  PIDS=("${keep[@]+"${keep[@]}"}")
  SERVER_PID=""
}

# ---------------------------------------------------------------- wrk
to_ms() { # wrk latency ("850.00us", "3.21ms", "1.02s", "2.00m") -> ms
  awk -v v="$1" 'BEGIN{
    n=v; sub(/[a-z]+$/,"",n); u=v; sub(/^[0-9.]+/,"",u);
    if(u=="us") n=n/1000; else if(u=="s") n=n*1000; else if(u=="m") n=n*60000;
    printf "%.2f", n }'
}
proc_ticks() { awk '{print $14+$15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
# CPU seconds of this shell's reaped children (wrk, via timeout) from `times`.
# Call it without a subshell: `child_secs; c0=$CHILD_SECS`.
child_secs() {
  times >"$WORK/times"
  CHILD_SECS=$(awk 'NR==2{ split($1,a,/[ms]/); split($2,b,/[ms]/); printf "%.3f", a[1]*60+a[2]+b[1]*60+b[2] }' "$WORK/times")
}
# Busy cores of the whole machine over one second, minus the given pid's share.
busy_others() {
  local m0 i0 m1 i1 p0 p1
  read -r m0 i0 < <(machine_ticks); p0=$(proc_ticks "${1:-self}")
  sleep 1
  read -r m1 i1 < <(machine_ticks); p1=$(proc_ticks "${1:-self}")
  awk -v a="$m0" -v b="$m1" -v ai="$i0" -v bi="$i1" -v pa="$p0" -v pb="$p1" -v n="$(nproc)" \
    'BEGIN{ if (b<=a) { print 0; exit } busy=((b-a)-(bi-ai)) - (pb-pa); printf "%.2f", n*busy/(b-a) }'
}
# Other work on the machine (builds, tests, someone else's load test) skews
# every figure: wait up to BENCH_QUIET_WAIT s for it to drop under 0.25 cores.
# The budget is for the whole run: on a machine that stays busy the script
# waits once, then measures anyway and flags it.
QUIET_BUDGET=${BENCH_QUIET_WAIT:-120}
RETRY_SKEWED=${BENCH_RETRY_SKEWED:-0}
# Before each measured run the page cache's dirty data (the previous runs'
# databases: tables grow by megabytes a second under load) is written out.
# Otherwise the kernel writes it back about 30 s after it was dirtied, all of
# a file at once, which can fall inside the next run: its WAL or journal
# flushes then wait behind that burst on the shared disk (bench/README.md,
# "Method").
flush_dirty() {
  local kb
  kb=$(awk '/^Dirty:/{print $2}' /proc/meminfo 2>/dev/null || echo 0)
  sync
  [ "${kb:-0}" -gt 10240 ] && echo "   (wrote out $((kb / 1024)) MB of dirty page cache left by earlier runs)"
  return 0
}
wait_quiet() {
  local waited=0 busy
  flush_dirty
  WAIT_BUSY=0
  while :; do
    busy=$(busy_others "$SERVER_PID")
    awk -v b="$busy" 'BEGIN{exit !(b<0.25)}' && return 0
    if [ "$QUIET_BUDGET" -le 0 ]; then
      echo "   (machine busy with other work: $busy cores; measuring anyway, see the 'others' column)"
      WAIT_BUSY=1
      return 0
    fi
    [ "$waited" = 0 ] && echo "   waiting for the machine to go quiet (other processes use $busy cores)..."
    sleep 4; waited=$((waited + 5)); QUIET_BUDGET=$((QUIET_BUDGET - 5))
  done
}
machine_ticks() { awk '/^cpu /{idle=$5+$6; t=0; for(i=2;i<=NF;i++) t+=$i; print t, idle}' /proc/stat; }

# run_wrk db config endpoint lua paths-file port wrk-cpus -> appends a DETAIL row, sets LAST_RPS LAST_P99 LAST_OK
run_wrk() {
  local db=$1 config=$2 endpoint=$3 lua=$4 paths=$5 port=$6 cpus=${7:-}
  local tag; tag=$(printf '%s-%s-%s' "$db" "$config" "$endpoint" | tr -cs 'A-Za-z0-9-' '_')
  local out=$RES/wrk-$tag.txt
  local url="http://$HOST:$port"
  local pin=()
  [ -n "$cpus" ] && pin=(taskset -c "$cpus")
  echo "-- $db / $config / $endpoint: warm-up ${WARMUP}s"
  BENCH_RATE=${WRK_RATE:-} BENCH_CONNS=$CONNS BENCH_PATHS_FILE=$paths timeout $((WARMUP + 30)) "${pin[@]}" wrk -t$THREADS -c$CONNS -d${WARMUP}s -s "$lua" "$url" >/dev/null ||
    { tool_error "wrk warm-up failed ($tag)"; LAST_OK=0; return 1; }
  local attempt=0 best="" best_others=0
  while :; do
  attempt=$((attempt + 1))
  wait_quiet
  local t0 p0 m0 m0i t1 p1 m1 m1i c0 c1
  child_secs; c0=$CHILD_SECS
  t0=$(date +%s.%N); p0=$(proc_ticks "$SERVER_PID"); read -r m0 m0i < <(machine_ticks)
  echo "-- $db / $config / $endpoint: measuring ${DURATION}s"
  BENCH_RATE=${WRK_RATE:-} BENCH_CONNS=$CONNS BENCH_PATHS_FILE=$paths timeout $((DURATION + 30)) "${pin[@]}" wrk -t$THREADS -c$CONNS -d${DURATION}s --timeout 2s --latency -s "$lua" "$url" >"$out" ||
    { tool_error "wrk failed ($tag), see $out"; LAST_OK=0; return 1; }
  t1=$(date +%s.%N); p1=$(proc_ticks "$SERVER_PID"); read -r m1 m1i < <(machine_ticks)
  child_secs; c1=$CHILD_SECS
  local rps p50 p90 p99 max non2xx sockerr srvcpu machcpu wrkcpu others
  rps=$(awk '/^Requests\/sec:/{printf "%.0f", $2}' "$out")
  p50=$(to_ms "$(awk '$1=="50%"{print $2}' "$out")")
  p90=$(to_ms "$(awk '$1=="90%"{print $2}' "$out")")
  p99=$(to_ms "$(awk '$1=="99%"{print $2}' "$out")")
  max=$(to_ms "$(awk '$1=="Latency" && NF>=5 {print $4}' "$out")")
  non2xx=$(awk '/Non-2xx or 3xx responses:/{print $NF}' "$out"); non2xx=${non2xx:-0}
  sockerr=$(awk '/Socket errors:/{gsub(/,/,""); print $4+$6+$8+$10}' "$out"); sockerr=${sockerr:-0}
  [ -n "$rps" ] && [ -n "$p99" ] || { tool_error "could not parse wrk output ($out)"; LAST_OK=0; return 1; }
  srvcpu=$(awk -v a="$p0" -v b="$p1" -v t0="$t0" -v t1="$t1" -v hz="$CLK_TCK" 'BEGIN{printf "%.2f", (b-a)/hz/(t1-t0)}')
  machcpu=$(awk -v a="$m0" -v b="$m1" -v ai="$m0i" -v bi="$m1i" -v n="$(nproc)" 'BEGIN{ if (b>a) printf "%.2f", n*(1-(bi-ai)/(b-a)); else print "?" }')
  wrkcpu=$(awk -v a="$c0" -v b="$c1" -v t0="$t0" -v t1="$t1" 'BEGIN{printf "%.2f", (b-a)/(t1-t0)}')
  others=$(awk -v m="$machcpu" -v s="$srvcpu" -v w="$wrkcpu" 'BEGIN{o=m-s-w; if (o<0) o=0; printf "%.2f", o}')
  # Other work started during the run: measure again (BENCH_RETRY_SKEWED times
  # at most) and keep the least skewed attempt.
  if [ "$attempt" = 1 ] || awk -v o="$others" -v b="$best_others" 'BEGIN{exit !(o<b)}'; then
    best_others=$others; best="$rps $p50 $p90 $p99 $max $non2xx $sockerr $srvcpu $wrkcpu $others $WAIT_BUSY"
    cp "$out" "$out.best"
  fi
  if [ "$attempt" -le "$RETRY_SKEWED" ] && awk -v o="$others" 'BEGIN{exit !(o>=0.25)}'; then
    printf '   skewed (other work used %s cores: %s req/s, p99 %s ms); measuring again\n' "$others" "$rps" "$p99"
    continue
  fi
  break
  done
  read -r rps p50 p90 p99 max non2xx sockerr srvcpu wrkcpu others WAIT_BUSY <<<"$best"
  mv "$out.best" "$out"
  [ "$WAIT_BUSY" = 1 ] && BUSY_RUNS=$((BUSY_RUNS + 1))
  local bodysz
  bodysz=$(curl -s -H 'Accept-Encoding: gzip' -o /dev/null -w '%{size_download} B' "$url$(head -1 "$paths")" || echo '?')
  DETAIL+=("| $db | $config | $endpoint | **$rps** | $p50 ms | $p90 ms | **$p99 ms** | $max ms | $non2xx | $sockerr | $srvcpu | $wrkcpu | $others | $bodysz |")
  LAST_RPS=$rps; LAST_P99=$p99; LAST_P50=$p50
  LAST_CLEAN=$(( non2xx == 0 && sockerr == 0 ? 1 : 0 ))
  LAST_OK=$(awk -v r="$rps" -v p="$p99" -v n="$non2xx" -v e="$sockerr" -v tr="$TARGET_RPS" -v tp="$TARGET_P99_MS" \
    'BEGIN{print (r>=tr && p<tp && n==0 && e==0) ? 1 : 0}')
  LAST_NOTE=""
  [ "$non2xx" != 0 ] && LAST_NOTE=" ($non2xx non-2xx)"
  [ "$sockerr" != 0 ] && LAST_NOTE="$LAST_NOTE ($sockerr socket errors)"
  if awk -v o="$others" 'BEGIN{exit !(o>=0.25)}'; then LAST_NOTE="$LAST_NOTE — skewed: other work used $others cores"; fi
  printf '   %s req/s, p50 %s ms, p99 %s ms, max %s ms, non-2xx %s, socket errors %s; CPU cores: server %s, wrk %s, others %s\n' \
    "$rps" "$p50" "$p99" "$max" "$non2xx" "$sockerr" "$srvcpu" "$wrkcpu" "$others"
  return 0
}

# catalogue db-label database-url port
catalogue() {
  local db=$1 url=$2 port=$3
  log "catalogue on $db: starting bin/palaro serve ($HOST:$port, fresh database, PALARO_DEMO=1, PALARO_LOG_LEVEL=warn)"
  start_server "$db" "$port" "$url"
  local dir=$WORK/$db
  mkdir -p "$dir"
  node "$BENCH/lib/discover.mjs" "http://$HOST:$port" "$dir" || die "discovering the catalogue queries failed"
  # shellcheck disable=SC1091
  . "$dir/discover.env"

  if [ "$db" = sqlite ]; then
    # Ceiling: the same load on /healthz (no database, no JSON encoding) shows
    # what the HTTP stack + edge middleware + wrk can do on these cores.
    printf '/healthz\n' >"$dir/healthz.paths"
    run_wrk "$db" "shared cores" "/healthz (ceiling)" "$BENCH/wrk/rotate.lua" "$dir/healthz.paths" "$port" || true
  fi

  # Per endpoint: saturation (sat), paced at the target rate (pace), pinned (pin).
  local -A R=()
  local ep lua paths okvar reasonvar
  for ep in gameList vendorLanes; do
    if [ $ep = gameList ]; then lua=$BENCH/wrk/rotate.lua; paths=$dir/gamelist.paths; okvar=$GAMELIST_OK
    else lua=$BENCH/wrk/rotate.lua; paths=$dir/vendorlanes.paths; okvar=$VENDORLANES_OK; fi
    [ "$okvar" = 1 ] || continue
    if run_wrk "$db" "shared cores" "$ep" "$lua" "$paths" "$port"; then
      R[$ep.sat]="$LAST_RPS $LAST_P99 $LAST_P50 $LAST_CLEAN"; R[$ep.satnote]=$LAST_NOTE
    fi
    if [ "$PACE" -gt 0 ]; then
      # Latency at (a little above) the target rate instead of at saturation.
      if WRK_RATE=$PACE run_wrk "$db" "paced ~$PACE req/s, shared cores" "$ep" "$lua" "$paths" "$port"; then
        R[$ep.pace]="$LAST_RPS $LAST_P99 $LAST_P50 $LAST_CLEAN"; R[$ep.pacenote]=$LAST_NOTE
      fi
    fi
  done
  stop_server

  if [ "$PINNED" = 1 ] && { [ "$GAMELIST_OK" = 1 ] || [ "$VENDORLANES_OK" = 1 ]; }; then
    # Pinned: server alone on CPU 0 (Go sets GOMAXPROCS=1 from the affinity),
    # wrk alone on CPU 1. Shows what one dedicated core serves when the load
    # generator does not steal its cycles. Same database, already seeded.
    log "catalogue on $db, pinned: server on CPU 0, wrk on CPU 1"
    start_server "$db-pinned" "$port" "$url" 0
    if [ "$GAMELIST_OK" = 1 ] && run_wrk "$db" "pinned: server cpu0, wrk cpu1" gameList "$BENCH/wrk/rotate.lua" "$dir/gamelist.paths" "$port" 1; then
      R[gameList.pin]="$LAST_RPS $LAST_P99 $LAST_P50 $LAST_CLEAN"; R[gameList.pinnote]=$LAST_NOTE
    fi
    if [ "$VENDORLANES_OK" = 1 ] && run_wrk "$db" "pinned: server cpu0, wrk cpu1" vendorLanes "$BENCH/wrk/rotate.lua" "$dir/vendorlanes.paths" "$port" 1; then
      R[vendorLanes.pin]="$LAST_RPS $LAST_P99 $LAST_P50 $LAST_CLEAN"; R[vendorLanes.pinnote]=$LAST_NOTE
    fi
    stop_server
  fi

  # The target row: "≥ 20,000 req/s with p99 < 10 ms" is throughput at
  # saturation AND p99 measured at the target rate (the paced run, which must
  # reach TARGET_RPS); with BENCH_PACE=0 the saturation p99 is judged instead.
  # The saturation p99 (queueing behind 64 connections on 2 shared cores) and
  # the pinned run are reported alongside.
  local srps sp99 sp50 sclean prps pp99 pp50 pclean xrps xp99 xp50 xclean ok measured
  for ep in gameList vendorLanes; do
    if [ $ep = gameList ]; then paths=$dir/gamelist.paths; okvar=$GAMELIST_OK; reasonvar=$GAMELIST_REASON
    else paths=$dir/vendorlanes.paths; okvar=$VENDORLANES_OK; reasonvar=$VENDORLANES_REASON; fi
    local target="≥ $TARGET_RPS req/s at saturation, p99 < $TARGET_P99_MS ms at ≥ $TARGET_RPS req/s"
    if [ "$okvar" != 1 ]; then
      mark 0
      ROWS+=("| $ep on $db | $target | $reasonvar | $V |")
      continue
    fi
    if [ -z "${R[$ep.sat]:-}" ]; then
      ROWS+=("| $ep on $db | $target | wrk error | ERROR |")
      continue
    fi
    read -r srps sp99 sp50 sclean <<<"${R[$ep.sat]}"
    if [ "$PACE" -gt 0 ] && [ -n "${R[$ep.pace]:-}" ]; then
      read -r prps pp99 pp50 pclean <<<"${R[$ep.pace]}"
      ok=$(awk -v r="$srps" -v pr="$prps" -v p="$pp99" -v c1="$sclean" -v c2="$pclean" -v tr="$TARGET_RPS" -v tp="$TARGET_P99_MS" \
        'BEGIN{print (r>=tr && pr>=tr && p<tp && c1==1 && c2==1) ? 1 : 0}')
      measured="saturation **$srps req/s**${R[$ep.satnote]}; at **$prps req/s** (paced): p50 $pp50 ms, **p99 $pp99 ms**${R[$ep.pacenote]}"
    elif [ "$PACE" -gt 0 ]; then
      ROWS+=("| $ep on $db | $target | paced run failed (wrk error) | ERROR |")
      continue
    else
      ok=$(awk -v r="$srps" -v p="$sp99" -v c1="$sclean" -v tr="$TARGET_RPS" -v tp="$TARGET_P99_MS" 'BEGIN{print (r>=tr && p<tp && c1==1) ? 1 : 0}')
      measured="saturation **$srps req/s**, p99 $sp99 ms (BENCH_PACE=0: no paced run, saturation p99 judged)${R[$ep.satnote]}"
    fi
    if [ -n "${R[$ep.pin]:-}" ]; then
      read -r xrps xp99 xp50 xclean <<<"${R[$ep.pin]}"
      measured="$measured; pinned (server cpu0, wrk cpu1): $xrps req/s, p50 $xp50 ms, p99 $xp99 ms${R[$ep.pinnote]}"
    fi
    mark "$ok"
    ROWS+=("| $ep on $db ($(wc -l <"$paths") rotating queries; wrk and server share 2 cores) | $target | $measured | $V |")
    local meets=misses
    awk -v p="$sp99" -v tp="$TARGET_P99_MS" 'BEGIN{exit !(p<tp)}' && meets=meets
    ROWS+=("| $ep on $db at saturation (info: p99 is queueing behind 64 busy connections on 2 shared cores) | info | $srps req/s, p50 $sp50 ms, p99 $sp99 ms | INFO ($meets $TARGET_P99_MS ms) |")
  done
}

# ---------------------------------------------------------------- 0. the machine's wake-up latency
# bench/jitter (a Go program): how late a 1 ms sleep returns, and a loopback
# round trip to a second process after 1 ms idle and back to back, and how
# long an 8 KiB write and fdatasync take on the disk (a PostgreSQL commit's
# log flush), on the quiet machine. Every p99 target below is of requests that wake several
# sleeping threads and processes; a machine whose idle CPUs wake slowly (a
# virtual machine on a busy host) puts that delay in every p99, whatever the
# code. Run at the start and again at the end; read the other rows against it.
machine_probe() { # when (start|end)
  local when=$1 out=$RES/machine-$1.txt bin=$WORK/jitter
  log "machine: wake-up latency at the $when (bench/jitter)"
  [ -x "$bin" ] || (cd "$ROOT" && go build -o "$bin" ./bench/jitter) || { tool_error "go build ./bench/jitter failed"; return 1; }
  wait_quiet
  if ! timeout 120 "$bin" -dir "$WORK" >"$out" 2>&1 || ! tail -1 "$out" | grep -q '^{'; then
    tool_error "bench/jitter failed (see $out)"
    ROWS+=("| machine wake-up latency ($when of the run) | info | measurement error | ERROR |")
    return 1
  fi
  grep -v '^{' "$out" | sed 's/^/   /'
  local f
  f=$(node -e '
    const r = JSON.parse(require("fs").readFileSync(0, "utf8").trim().split("\n").pop());
    const ms = (us) => (us / 1000).toFixed(2);
    console.log(`timer oversleep (1 ms sleep) p50 ${ms(r.timer.p50us)} ms, **p99 ${ms(r.timer.p99us)} ms**, p99.9 ${ms(r.timer.p999us)} ms; ` +
      `loopback round trip to another process after 1 ms idle p50 ${ms(r.idleRoundTrip.p50us)} ms, **p99 ${ms(r.idleRoundTrip.p99us)} ms**, p99.9 ${ms(r.idleRoundTrip.p999us)} ms; ` +
      `back to back p50 ${ms(r.busyRoundTrip.p50us)} ms, p99 ${ms(r.busyRoundTrip.p99us)} ms; ` +
      `log flush (8 KiB + fdatasync, as a PostgreSQL commit) p50 ${ms(r.logFlush.p50us)} ms, **p99 ${ms(r.logFlush.p99us)} ms**, max ${ms(r.logFlush.maxus)} ms, ` +
      `flushes over 10 ms: ${r.logFlushStalls.n}, ${r.logFlushStalls.ms.toFixed(0)} ms in ${(r.logFlushStalls.wallMs / 1000).toFixed(1)} s`);' <"$out") || { tool_error "bench/jitter output unreadable (see $out)"; return 1; }
  ROWS+=("| machine wake-up latency ($when of the run, quiet machine; info: a request below crosses several such wake-ups) | info | $f | INFO |")
}
if want machine; then
  machine_probe start || true
fi

# ---------------------------------------------------------------- 1. catalogue, SQLite
if want sqlite; then
  mkdir -p "$WORK/sqlite-db"
  catalogue sqlite "sqlite://$WORK/sqlite-db/palaro.db" "$PORT_SQLITE"
fi

# ---------------------------------------------------------------- 1b. catalogue, PostgreSQL
if want postgres; then
  if (exec 3<>"/dev/tcp/$HOST/5432") 2>/dev/null; then
    need psql "apt-get install postgresql-client"
    PG_ADMIN_DB=test
    psql -h "$HOST" -U postgres -d test -qAt -c 'select 1' >/dev/null 2>&1 || PG_ADMIN_DB=postgres
    PGDB=palaro_bench_$$
    psql -h "$HOST" -U postgres -d "$PG_ADMIN_DB" -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE $PGDB" >/dev/null ||
      { PGDB=""; die "could not create the PostgreSQL database (psql -h $HOST -U postgres)"; }
    catalogue postgres "postgres://postgres@$HOST:5432/$PGDB?sslmode=disable" "$PORT_PG"
    SECTIONS+=("PostgreSQL: $(psql -h "$HOST" -U postgres -d "$PG_ADMIN_DB" -qAt -c 'select version()' | cut -d' ' -f1-2) on the same machine (its backends share the 2 cores too); database $PGDB created fresh and dropped afterwards.")
  else
    ROWS+=("| catalogue on postgres | ≥ $TARGET_RPS req/s, p99 < $TARGET_P99_MS ms | skipped: nothing answers on $HOST:5432 | SKIP |")
  fi
fi

# ---------------------------------------------------------------- 1c. member info (accounts, issue 3)
# Authenticated GET /wps/member/info on SQLite and PostgreSQL: a fresh demo
# server, one login of demo01 (the bot-check challenge solved by
# bench/lib/botsolve.mjs), then wrk with that token. Target: >= 10,000 req/s
# with p99 < 10 ms on each database. Self-contained: its own ports offset,
# its own PostgreSQL database (dropped at the end), its own rows.
MEMBERINFO_RPS=10000
MEMBERINFO_P99_MS=10
MEMBERINFO_PACE=10500 # paced a little above the target: wrk's pacing undershoots
memberinfo_bench() { # db-label database-url port
  local db=$1 url=$2 port=$3 bot token paths=$WORK/memberinfo.paths
  log "member info on $db: starting bin/palaro serve ($HOST:$port, fresh database, PALARO_DEMO=1)"
  start_server "memberinfo-$db" "$port" "$url"
  bot=$(curl -fsS -m 5 "http://$HOST:$port/wps/botcheck/challenge" | node "$BENCH/lib/botsolve.mjs") ||
    { tool_error "member info ($db): bot-check challenge not solved"; stop_server; return 1; }
  # the login body is sealed (docs/sealed-payloads.md; the demo brand refuses plaintext)
  token=$(echo "{\"username\":\"demo01\",\"password\":\"Palaro2026\",\"rememberMe\":true,\"botcheck\":\"$bot\"}" |
    node "$BENCH/lib/sealed.mjs" POST "http://$HOST:$port/wps/session/login" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s).value.token))') ||
    { tool_error "member info ($db): login of demo01 failed"; stop_server; return 1; }
  echo "/wps/member/info" >"$paths"
  local target="≥ $MEMBERINFO_RPS req/s, p99 < $MEMBERINFO_P99_MS ms"
  # Saturation (how many requests per second) and paced at the target rate
  # (the p99 a client sees at 10,000 req/s, as for the catalogue).
  if BENCH_TOKEN=$token run_wrk "$db" "shared cores" "member/info" "$BENCH/wrk/memberinfo.lua" "$paths" "$port"; then
    local rps=$LAST_RPS p50=$LAST_P50 p99=$LAST_P99 clean=$LAST_CLEAN note=$LAST_NOTE ok prps=? pp99=? pclean=0
    if WRK_RATE=$MEMBERINFO_PACE BENCH_TOKEN=$token run_wrk "$db" "paced ~$MEMBERINFO_PACE req/s, shared cores" "member/info" \
      "$BENCH/wrk/memberinfo.lua" "$paths" "$port"; then
      prps=$LAST_RPS pp99=$LAST_P99 pclean=$LAST_CLEAN
    fi
    ok=$(awk -v r="$rps" -v c="$clean" -v pr="$prps" -v p="$pp99" -v pc="$pclean" -v tr="$MEMBERINFO_RPS" -v tp="$MEMBERINFO_P99_MS" \
      'BEGIN{print (r>=tr && c==1 && pc==1 && pr>=0.95*tr && p<tp) ? 1 : 0}')
    mark "$ok"
    ROWS+=("| authenticated member/info on $db (one session; wrk and server share $(nproc) cores) | $target | saturated: $rps req/s, p50 $p50 ms, p99 $p99 ms$note; paced: $prps req/s, p99 $pp99 ms | $V |")
  else
    ROWS+=("| authenticated member/info on $db | $target | wrk error | ERROR |")
  fi
  stop_server
}
if want memberinfo; then
  mkdir -p "$WORK/memberinfo-sqlite"
  memberinfo_bench sqlite "sqlite://$WORK/memberinfo-sqlite/palaro.db" "$((PORT_BASE + 6))" || true
  if (exec 3<>"/dev/tcp/$HOST/5432") 2>/dev/null && command -v psql >/dev/null 2>&1; then
    MI_ADMIN=test
    psql -h "$HOST" -U postgres -d test -qAt -c 'select 1' >/dev/null 2>&1 || MI_ADMIN=postgres
    MI_DB=palaro_bench_mi_$$
    if psql -h "$HOST" -U postgres -d "$MI_ADMIN" -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE $MI_DB" >/dev/null; then
      memberinfo_bench postgres "postgres://postgres@$HOST:5432/$MI_DB?sslmode=disable" "$((PORT_BASE + 7))" || true
      psql -h "$HOST" -U postgres -d "$MI_ADMIN" -q -c "DROP DATABASE IF EXISTS $MI_DB WITH (FORCE)" >/dev/null 2>&1 || true
    else
      tool_error "member info: could not create PostgreSQL database $MI_DB"
    fi
  else
    ROWS+=("| authenticated member/info on postgres | ≥ $MEMBERINFO_RPS req/s, p99 < $MEMBERINFO_P99_MS ms | skipped: no PostgreSQL on $HOST:5432 | SKIP |")
  fi
fi

# ---------------------------------------------------------------- 1c'. favourites (games, issue 5)
# A logged-in member's game reads: GET favoriteIds, favoriteList, recentGames
# and gameList round-robin with demo01's token, after demo01 added 12
# favourites (POST /wps/relay/favorite). Target (issue 5): game list and
# favourites p99 < 10 ms at 5,000 req/s, on SQLite and PostgreSQL: saturated,
# then paced at the target rate. Ports PORT_BASE+10 and +11.
FAVORITES_RPS=5000
FAVORITES_P99_MS=10
FAVORITES_PACE=5250 # a little above the target: wrk's pacing undershoots
favorites_bench() { # db-label database-url port
  local db=$1 url=$2 port=$3 bot token ids id paths=$WORK/favorites-$1.paths
  log "favourites on $db: starting bin/palaro serve ($HOST:$port, fresh database, PALARO_DEMO=1)"
  start_server "favorites-$db" "$port" "$url"
  bot=$(curl -fsS -m 5 "http://$HOST:$port/wps/botcheck/challenge" | node "$BENCH/lib/botsolve.mjs") ||
    { tool_error "favourites ($db): bot-check challenge not solved"; stop_server; return 1; }
  token=$(echo "{\"username\":\"demo01\",\"password\":\"Palaro2026\",\"rememberMe\":true,\"botcheck\":\"$bot\"}" |
    node "$BENCH/lib/sealed.mjs" POST "http://$HOST:$port/wps/session/login" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s).value.token))') ||
    { tool_error "favourites ($db): login of demo01 failed"; stop_server; return 1; }
  ids=$(curl -fsS -m 5 "http://$HOST:$port/wps/relay/gameList?gameType=RNG&pageNo=1&pageSize=12" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).value.games.map(g=>g.nodeId).join(" ")))') ||
    { tool_error "favourites ($db): game list failed"; stop_server; return 1; }
  for id in $ids; do
    curl -fsS -m 5 -o /dev/null -X POST -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
      -d "{\"nodeId\":$id}" "http://$HOST:$port/wps/relay/favorite" ||
      { tool_error "favourites ($db): adding favourite $id failed"; stop_server; return 1; }
  done
  {
    echo "/wps/relay/favoriteIds"
    echo "/wps/relay/favoriteList?clientType=3&platform=html5-desktop&language=EN&pageNo=1&pageSize=999"
    echo "/wps/relay/recentGames?clientType=3&language=EN&pageNo=1&pageSize=20"
    echo "/wps/relay/gameList?clientType=3&platform=html5-desktop&gameType=RNG&pageNo=1&pageSize=24&language=EN"
  } >"$paths"
  local target="≥ $FAVORITES_RPS req/s, p99 < $FAVORITES_P99_MS ms"
  if BENCH_TOKEN=$token run_wrk "$db" "shared cores" "favorites" "$BENCH/wrk/favorites.lua" "$paths" "$port"; then
    local rps=$LAST_RPS p50=$LAST_P50 p99=$LAST_P99 clean=$LAST_CLEAN note=$LAST_NOTE ok prps=? pp99=? pclean=0
    if WRK_RATE=$FAVORITES_PACE BENCH_TOKEN=$token run_wrk "$db" "paced ~$FAVORITES_PACE req/s, shared cores" "favorites" \
      "$BENCH/wrk/favorites.lua" "$paths" "$port"; then
      prps=$LAST_RPS pp99=$LAST_P99 pclean=$LAST_CLEAN
    fi
    ok=$(awk -v r="$rps" -v c="$clean" -v pr="$prps" -v p="$pp99" -v pc="$pclean" -v tr="$FAVORITES_RPS" -v tp="$FAVORITES_P99_MS" \
      'BEGIN{print (r>=tr && c==1 && pc==1 && pr>=0.95*tr && p<tp) ? 1 : 0}')
    mark "$ok"
    ROWS+=("| logged-in favourites, recent and game list on $db (demo01, 12 favourites; wrk and server share $(nproc) cores) | $target | saturated: $rps req/s, p50 $p50 ms, p99 $p99 ms$note; paced: $prps req/s, p99 $pp99 ms | $V |")
  else
    ROWS+=("| logged-in favourites on $db | $target | wrk error | ERROR |")
  fi
  stop_server
}
if want favorites; then
  mkdir -p "$WORK/favorites-sqlite"
  favorites_bench sqlite "sqlite://$WORK/favorites-sqlite/palaro.db" "$((PORT_BASE + 10))" || true
  if (exec 3<>"/dev/tcp/$HOST/5432") 2>/dev/null && command -v psql >/dev/null 2>&1; then
    FV_ADMIN=test
    psql -h "$HOST" -U postgres -d test -qAt -c 'select 1' >/dev/null 2>&1 || FV_ADMIN=postgres
    FV_DB=palaro_bench_fav_$$
    if psql -h "$HOST" -U postgres -d "$FV_ADMIN" -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE $FV_DB" >/dev/null; then
      favorites_bench postgres "postgres://postgres@$HOST:5432/$FV_DB?sslmode=disable" "$((PORT_BASE + 11))" || true
      psql -h "$HOST" -U postgres -d "$FV_ADMIN" -q -c "DROP DATABASE IF EXISTS $FV_DB WITH (FORCE)" >/dev/null 2>&1 || true
    else
      tool_error "favourites: could not create PostgreSQL database $FV_DB"
    fi
  else
    ROWS+=("| logged-in favourites on postgres | ≥ $FAVORITES_RPS req/s, p99 < $FAVORITES_P99_MS ms | skipped: no PostgreSQL on $HOST:5432 | SKIP |")
  fi
fi

# ---------------------------------------------------------------- 1d. ledger postings (money, issue 4)
# bench/ledger (a Go program). `ledger`, per database, first the target rows:
# -mode engine, the ledger engine in the bench process itself (a fresh
# database opened and migrated as the server does, 200 funded players + the
# house, 32 goroutines posting player <-> house transfers through
# ledger.Store.Post for BENCH_DURATION after a BENCH_WARMUP warm-up, then the
# ledger Verify). Targets: >= 10,000 postings/s on SQLite and >= 5,000/s on
# PostgreSQL, p99 < 20 ms, RSS < 300 MB. Then, informational: the same load end
# to end over HTTP (a fresh demo server, ~200 players from `palaro member add`,
# operator finance01, 32 keep-alive clients posting POST /ops/v1/adjustments):
# what operator sessions, audit rows and JSON add per request.
# `ledgercrash`: the HTTP load while the server is killed with
# SIGKILL 3-5 times and restarted; then `palaro ledger verify` must pass and
# every acknowledged key must be in the ledger exactly once. Ports
# BENCH_LEDGER_PORT_BASE (19100) .. +3; PostgreSQL databases
# palaro_bench_ledger_<pid>_<db> created and dropped here.
LEDGER_PORT_BASE=${BENCH_LEDGER_PORT_BASE:-19100}
LEDGER_PLAYERS=${BENCH_LEDGER_PLAYERS:-200}
LEDGER_CLIENTS=32
LEDGER_CRASH_DURATION=${BENCH_LEDGER_CRASH_DURATION:-40}
LEDGER_TARGET_SQLITE=10000
LEDGER_TARGET_PG=5000
LEDGER_P99_MS=20
LEDGER_RSS_MB=300
LEDGER_BIN=""
ledger_tool() {
  [ -n "$LEDGER_BIN" ] && return 0
  LEDGER_BIN=$WORK/ledgerbench
  (cd "$ROOT" && go build -o "$LEDGER_BIN" ./bench/ledger) || { LEDGER_BIN=""; tool_error "go build ./bench/ledger failed"; return 1; }
}
ledger_pg_db() { # suffix -> sets LEDGER_PG_URL to a fresh database (empty when PostgreSQL is unavailable)
  LEDGER_PG_URL=""
  (exec 3<>"/dev/tcp/$HOST/5432") 2>/dev/null && command -v psql >/dev/null 2>&1 || return 0
  local admin=test name=palaro_bench_ledger_$$_$1
  psql -h "$HOST" -U postgres -d test -qAt -c 'select 1' >/dev/null 2>&1 || admin=postgres
  psql -h "$HOST" -U postgres -d "$admin" -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE $name" >/dev/null 2>&1 ||
    { tool_error "could not create PostgreSQL database $name"; return 0; }
  LEDGER_PG_DBS+=("$admin:$name")
  LEDGER_PG_URL="postgres://postgres@$HOST:5432/$name?sslmode=disable"
}
LEDGER_PG_DBS=()
ledger_pg_drop() {
  local e
  for e in "${LEDGER_PG_DBS[@]+"${LEDGER_PG_DBS[@]}"}"; do
    psql -h "$HOST" -U postgres -d "${e%%:*}" -q -c "DROP DATABASE IF EXISTS ${e#*:} WITH (FORCE)" >/dev/null 2>&1 || true
  done
  LEDGER_PG_DBS=()
}
ledger_json() { # file field -> value from the last (JSON) line
  node -e "const l=require('fs').readFileSync('$1','utf8').trim().split('\n').pop(); const v=JSON.parse(l)['$2']; console.log(typeof v==='number'? (Number.isInteger(v)? v : v.toFixed(2)) : v)"
}
machine_use() { # file -> "machine busy B %, steal S %" over the load bench's run (its machineBusyPct, machineStealPct)
  printf 'machine busy %s %%, **steal %s %%**' "$(ledger_json "$1" machineBusyPct)" "$(ledger_json "$1" machineStealPct)"
}
ledger_engine() { # db-label database-url target -> the target row of the ledger (in-process engine)
  local db=$1 url=$2 target=$3 out=$RES/ledger-engine-$1.txt rc=0
  local label="ledger postings on $db (engine, $LEDGER_CLIENTS clients in-process: ledger.Store.Post, $LEDGER_PLAYERS players + house)"
  log "ledger postings on $db, engine in-process: bench/ledger -mode engine ($LEDGER_PLAYERS players, $LEDGER_CLIENTS goroutines, ${DURATION}s after ${WARMUP}s warm-up)"
  wait_quiet
  timeout $((DURATION + WARMUP + 600)) "$LEDGER_BIN" -mode engine -db "$url" -players "$LEDGER_PLAYERS" -clients "$LEDGER_CLIENTS" \
    -duration "${DURATION}s" -warmup "${WARMUP}s" >"$out" 2>&1 || rc=$?
  # 0: ran; 1: ran, the ledger Verify found problems (a FAIL, the JSON line is there); else a tool error.
  if { [ "$rc" != 0 ] && [ "$rc" != 1 ]; } || ! tail -1 "$out" | grep -q '^{'; then
    tail -5 "$out" >&2
    tool_error "bench/ledger -mode engine on $db failed (see $out)"
    ROWS+=("| $label | ≥ $target/s, p99 < $LEDGER_P99_MS ms, RSS < $LEDGER_RSS_MB MB | measurement error | ERROR |")
    return 1
  fi
  grep -v '^{' "$out" | sed 's/^/   /'
  local pps p50 p99 hwm refused errors others dbcpu batch vprob ok note=""
  pps=$(ledger_json "$out" postingsPerSecond); p50=$(ledger_json "$out" p50ms); p99=$(ledger_json "$out" p99ms)
  hwm=$(ledger_json "$out" hwmMB); refused=$(ledger_json "$out" refused); errors=$(ledger_json "$out" errors)
  others=$(ledger_json "$out" othersCpuCores); dbcpu=$(ledger_json "$out" dbCpuCores); batch=$(ledger_json "$out" avgBatch)
  vprob=$(ledger_json "$out" verifyProblems)
  # "others" leaves out this process and the PostgreSQL backends: anything above ~0 is someone else's work.
  if awk -v o="$others" 'BEGIN{exit !(o>=0.25)}'; then
    note=" — skewed: other work used $others cores"; BUSY_RUNS=$((BUSY_RUNS + 1))
  fi
  ok=$(awk -v r="$pps" -v p="$p99" -v m="$hwm" -v e="$errors" -v vp="$vprob" -v t="$target" -v tp="$LEDGER_P99_MS" -v tm="$LEDGER_RSS_MB" \
    'BEGIN{print (r>=t && p<tp && m<tm && e==0 && vp==0) ? 1 : 0}')
  mark "$ok"
  ROWS+=("| $label | ≥ $target/s, p99 < $LEDGER_P99_MS ms, RSS < $LEDGER_RSS_MB MB | **$pps postings/s** ($refused refused for insufficient funds, $errors errors; $batch postings per group commit); p50 $p50 ms, **p99 $p99 ms**; peak RSS (VmHWM) **$hwm MB**; ledger verify: $vprob problems; CPU cores: bench process $(ledger_json "$out" serverCpuCores), PostgreSQL $dbcpu, others $others$note | $V |")
}
ledger_throughput() { # db-label database-url port -> an informational row: the same load end to end over HTTP
  local db=$1 url=$2 port=$3 out=$RES/ledger-$1.txt
  local label="ledger postings on $db, end to end over HTTP (info: POST /ops/v1/adjustments with operator session, audit row and JSON; $LEDGER_CLIENTS keep-alive clients, $LEDGER_PLAYERS players + house; clients and server share $(nproc) cores)"
  log "ledger postings on $db over HTTP (info): bench/ledger on $HOST:$port ($LEDGER_PLAYERS players, $LEDGER_CLIENTS clients, ${DURATION}s after ${WARMUP}s warm-up)"
  wait_quiet
  if ! timeout $((DURATION + WARMUP + 900)) "$LEDGER_BIN" -mode throughput -bin "$PALARO" -db "$url" -addr "$HOST:$port" \
    -players "$LEDGER_PLAYERS" -clients "$LEDGER_CLIENTS" -duration "${DURATION}s" -warmup "${WARMUP}s" \
    -log "$RES/server-ledger-$db.log" -server-env "${BENCH_SERVER_ENV:-}" >"$out" 2>&1; then
    tail -5 "$out" >&2
    tool_error "bench/ledger on $db failed (see $out)"
    ROWS+=("| $label | info | measurement error | ERROR |")
    return 1
  fi
  grep -v '^{' "$out" | sed 's/^/   /'
  local pps p50 p99 rss refused errors rps others note=""
  pps=$(ledger_json "$out" postingsPerSecond); p50=$(ledger_json "$out" p50ms); p99=$(ledger_json "$out" p99ms)
  rss=$(ledger_json "$out" peakRssMB); refused=$(ledger_json "$out" refused); errors=$(ledger_json "$out" errors)
  rps=$(ledger_json "$out" requestsPerSecond); others=$(ledger_json "$out" othersCpuCores)
  # PostgreSQL's backends count as "others" on the PostgreSQL row; on SQLite they should be ~0.
  if [ "$db" = sqlite ] && awk -v o="$others" 'BEGIN{exit !(o>=0.25)}'; then
    note=" — skewed: other work used $others cores"; BUSY_RUNS=$((BUSY_RUNS + 1))
  fi
  ROWS+=("| $label | info | **$rps completed/s** ($pps/s posted, $refused refused for insufficient funds, $errors errors); p50 $p50 ms, p99 $p99 ms; server peak RSS $rss MB; CPU cores: server $(ledger_json "$out" serverCpuCores), clients $(ledger_json "$out" clientCpuCores), others $others$note | INFO |")
}
ledger_crash() { # db-label database-url port
  local db=$1 url=$2 port=$3 out=$RES/ledgercrash-$1.txt
  log "ledger crash run on $db: ${LEDGER_CRASH_DURATION}s of postings, server killed with SIGKILL 3-5 times"
  if ! timeout $((LEDGER_CRASH_DURATION + 900)) "$LEDGER_BIN" -mode crash -bin "$PALARO" -db "$url" -addr "$HOST:$port" \
    -players 50 -clients "$LEDGER_CLIENTS" -duration "${LEDGER_CRASH_DURATION}s" \
    -log "$RES/server-ledgercrash-$db.log" -server-env "${BENCH_SERVER_ENV:-}" >"$out" 2>&1; then
    tail -5 "$out" >&2
    tool_error "bench/ledger crash run on $db failed (see $out)"
    ROWS+=("| ledger crash run on $db | verify clean, every acknowledged key once | measurement error | ERROR |")
    return 1
  fi
  grep -v '^{' "$out" | sed 's/^/   /'
  local ok kills acked sent missing dup unknown wrong verify
  ok=$(ledger_json "$out" ok); kills=$(ledger_json "$out" kills); acked=$(ledger_json "$out" acked); sent=$(ledger_json "$out" sent)
  missing=$(ledger_json "$out" missingAcked); dup=$(ledger_json "$out" duplicated); unknown=$(ledger_json "$out" unknownKeys)
  wrong=$(ledger_json "$out" amountWrong); verify=$(ledger_json "$out" verifyExit)
  local fmiss fextra events
  fmiss=$(ledger_json "$out" factsMissing); fextra=$(ledger_json "$out" factsExtra); events=$(ledger_json "$out" eventsExit)
  mark "$([ "$ok" = true ] && echo 1 || echo 0)"
  ROWS+=("| ledger crash run on $db ($kills × kill -9 + restart under $LEDGER_CLIENTS clients, retries with the same Idempotency-Key) | ledger verify exit 0; every acknowledged key posted exactly once; no posting for an unsent key; each posting's fact in the stream once; daily figures equal to their recompute | verify exit $verify; $acked of $sent keys acknowledged: missing $missing, duplicated $dup, never sent $unknown, wrong amount/refused but posted $wrong; facts missing $fmiss, twice or stray $fextra; events verify exit $events | $V |")
}
if want ledger || want ledgercrash; then
  for p in $LEDGER_PORT_BASE $((LEDGER_PORT_BASE + 1)) $((LEDGER_PORT_BASE + 2)) $((LEDGER_PORT_BASE + 3)); do
    if (exec 3<>"/dev/tcp/$HOST/$p") 2>/dev/null; then die "port $HOST:$p is already in use (BENCH_LEDGER_PORT_BASE)"; fi
  done
  if ledger_tool; then
    if want ledger; then
      # The target rows first (the engine in-process, a fresh database each), then the HTTP rows (info).
      mkdir -p "$WORK/ledger-engine-sqlite" "$WORK/ledger-sqlite"
      ledger_engine sqlite "sqlite://$WORK/ledger-engine-sqlite/palaro.db" "$LEDGER_TARGET_SQLITE" || true
      ledger_pg_db engine
      if [ -n "$LEDGER_PG_URL" ]; then
        ledger_engine postgres "$LEDGER_PG_URL" "$LEDGER_TARGET_PG" || true
      else
        ROWS+=("| ledger postings on postgres (engine) | ≥ $LEDGER_TARGET_PG/s | skipped: no PostgreSQL on $HOST:5432 | SKIP |")
      fi
      ledger_pg_drop
      ledger_throughput sqlite "sqlite://$WORK/ledger-sqlite/palaro.db" "$LEDGER_PORT_BASE" || true
      ledger_pg_db tp
      if [ -n "$LEDGER_PG_URL" ]; then
        ledger_throughput postgres "$LEDGER_PG_URL" "$((LEDGER_PORT_BASE + 1))" || true
      else
        ROWS+=("| ledger postings on postgres, end to end over HTTP | info | skipped: no PostgreSQL on $HOST:5432 | SKIP |")
      fi
      ledger_pg_drop
    fi
    if want ledgercrash; then
      command -v sqlite3 >/dev/null 2>&1 || die "sqlite3 is missing (apt-get install sqlite3)"
      mkdir -p "$WORK/ledgercrash-sqlite"
      ledger_crash sqlite "sqlite://$WORK/ledgercrash-sqlite/palaro.db" "$((LEDGER_PORT_BASE + 2))" || true
      ledger_pg_db crash
      if [ -n "$LEDGER_PG_URL" ]; then
        ledger_crash postgres "$LEDGER_PG_URL" "$((LEDGER_PORT_BASE + 3))" || true
      else
        ROWS+=("| ledger crash run on postgres | verify clean | skipped: no PostgreSQL on $HOST:5432 | SKIP |")
      fi
      ledger_pg_drop
    fi
  else
    ROWS+=("| ledger postings | see bench/README.md | go build ./bench/ledger failed | ERROR |")
  fi
fi

# ---------------------------------------------------------------- 1e. seamless wallet callbacks (games, issue 5)
# bench/seamless (a Go program): starts the server (demo catalogue) with a
# known PG secret, opens game sessions for funded players in its database,
# then plays rounds as a vendor's server does — a signed bet, then a signed
# win with endRound — open-loop at BENCH_SEAMLESS_RATE callbacks/s for
# BENCH_DURATION after BENCH_WARMUP. Target: p99 < 10 ms at 2,000 req/s on
# SQLite and PostgreSQL, no errors, every round COMPLETED, ledger verify
# clean. Ports BENCH_SEAMLESS_PORT_BASE (19800) and +1.
SEAMLESS_RATE=${BENCH_SEAMLESS_RATE:-2000}
SEAMLESS_PORT_BASE=${BENCH_SEAMLESS_PORT_BASE:-19800}
SEAMLESS_P99_MS=10
seamless_run() { # db-label database-url port
  local db=$1 url=$2 port=$3 out=$RES/seamless-$1.txt bin=$WORK/seamlessbench
  local label="seamless wallet callbacks on $db (bet then win with endRound, signed, open-loop at $SEAMLESS_RATE req/s, 200 players, 64 vendor connections)"
  log "seamless callbacks on $db: bench/seamless on $HOST:$port ($SEAMLESS_RATE req/s, ${DURATION}s after ${WARMUP}s warm-up)"
  [ -x "$bin" ] || (cd "$ROOT" && go build -o "$bin" ./bench/seamless) || { tool_error "go build ./bench/seamless failed"; ROWS+=("| $label | p99 < $SEAMLESS_P99_MS ms | build failed | ERROR |"); return 1; }
  wait_quiet
  if ! timeout $((DURATION + WARMUP + 300)) "$bin" -bin "$PALARO" -db "$url" -addr "$HOST:$port" -rate "$SEAMLESS_RATE" \
    -duration "${DURATION}s" -warmup "${WARMUP}s" -timeline -log "$RES/server-seamless-$db.log" >"$out" 2>&1 || ! tail -1 "$out" | grep -q '^{'; then
    tail -5 "$out" >&2
    tool_error "bench/seamless on $db failed (see $out)"
    ROWS+=("| $label | p99 < $SEAMLESS_P99_MS ms at $SEAMLESS_RATE req/s | measurement error | ERROR |")
    return 1
  fi
  grep -v '^{' "$out" | sed 's/^/   /'
  local rps p50 p99 bet win errs open vprob hwm ok
  rps=$(ledger_json "$out" requestsPerSecond); p50=$(ledger_json "$out" p50ms); p99=$(ledger_json "$out" p99ms)
  bet=$(ledger_json "$out" betP99ms); win=$(ledger_json "$out" winP99ms); errs=$(ledger_json "$out" errors)
  open=$(ledger_json "$out" openRounds); vprob=$(ledger_json "$out" verifyProblems); hwm=$(ledger_json "$out" hwmMB)
  local machine; machine=$(machine_use "$out")
  ok=$(awk -v r="$rps" -v p="$p99" -v t="$SEAMLESS_RATE" -v tp="$SEAMLESS_P99_MS" -v e="$errs" -v o="$open" -v vp="$vprob" \
    'BEGIN{print (r>=0.97*t && p<tp && e==0 && o==0 && vp==0) ? 1 : 0}')
  mark "$ok"
  ROWS+=("| $label | p99 < $SEAMLESS_P99_MS ms at $SEAMLESS_RATE req/s | **$rps req/s**; p50 $p50 ms, **p99 $p99 ms** (bet $bet, win $win); $errs errors; open rounds $open; ledger verify: $vprob problems; server VmHWM $hwm MB; $machine | $V |")
}
if want seamless; then
  for p in $SEAMLESS_PORT_BASE $((SEAMLESS_PORT_BASE + 1)); do
    if (exec 3<>"/dev/tcp/$HOST/$p") 2>/dev/null; then die "port $HOST:$p is already in use (BENCH_SEAMLESS_PORT_BASE)"; fi
  done
  mkdir -p "$WORK/seamless-sqlite"
  seamless_run sqlite "sqlite://$WORK/seamless-sqlite/palaro.db" "$SEAMLESS_PORT_BASE" || true
  ledger_pg_db seamless
  if [ -n "$LEDGER_PG_URL" ]; then
    seamless_run postgres "$LEDGER_PG_URL" "$((SEAMLESS_PORT_BASE + 1))" || true
  else
    ROWS+=("| seamless wallet callbacks on postgres | p99 < $SEAMLESS_P99_MS ms | skipped: no PostgreSQL on $HOST:5432 | SKIP |")
  fi
  ledger_pg_drop
fi

# ---------------------------------------------------------------- 1f. Crash: one shared round (issue 6)
# bench/crash (a Go program): seeds a fresh database, plants a chain whose
# first round crashes between 3x and 5x, creates and funds the players, starts
# the server with a 60 s betting phase, opens one loopback websocket per
# player, bets (half with an automatic cash-out, half cash out by hand over
# the flight). Target: every cash-out settled exactly once (in-house round,
# seamless win, ledger verify) and every message broadcast to every client
# within 100 ms p99. Ports BENCH_CRASH_PORT_BASE (19950) and +1.
CRASH_PLAYERS=${BENCH_CRASH_PLAYERS:-2000}
CRASH_PORT_BASE=${BENCH_CRASH_PORT_BASE:-19950}
CRASH_P99_MS=100
crash_run() { # db-label database-url port
  local db=$1 url=$2 port=$3 out=$RES/crash-$1.txt bin=$WORK/crashbench
  local label="Crash on $db: $CRASH_PLAYERS players on one round (loopback websockets, bets and cash-outs over HTTP)"
  log "crash on $db: bench/crash on $HOST:$port ($CRASH_PLAYERS players)"
  [ -x "$bin" ] || (cd "$ROOT" && go build -o "$bin" ./bench/crash) || { tool_error "go build ./bench/crash failed"; ROWS+=("| $label | p99 < $CRASH_P99_MS ms | build failed | ERROR |"); return 1; }
  wait_quiet
  if ! timeout 600 "$bin" -bin "$PALARO" -db "$url" -addr "$HOST:$port" -players "$CRASH_PLAYERS" \
    -log "$RES/server-crash-$db.log" >"$out" 2>&1 || ! tail -1 "$out" | grep -q '^{'; then
    tail -5 "$out" >&2
    tool_error "bench/crash on $db failed (see $out)"
    ROWS+=("| $label | broadcast p99 < $CRASH_P99_MS ms, every cash-out settled once | measurement error | ERROR |")
    return 1
  fi
  grep -v '^{' "$out" | sed 's/^/   /'
  local p50 p99 cp99 bets cashed lost msgs miss dup drop errs unsettled mism vprob hwm ok
  p50=$(ledger_json "$out" p50ms); p99=$(ledger_json "$out" p99ms); cp99=$(ledger_json "$out" cashoutP99ms)
  bets=$(ledger_json "$out" bets); cashed=$(ledger_json "$out" cashedOut); lost=$(ledger_json "$out" lost); msgs=$(ledger_json "$out" messages)
  miss=$(ledger_json "$out" missingDeliveries); dup=$(ledger_json "$out" duplicateDeliveries); drop=$(ledger_json "$out" droppedSockets)
  errs=$(ledger_json "$out" errors); unsettled=$(ledger_json "$out" unsettled); mism=$(ledger_json "$out" settleMismatches)
  vprob=$(ledger_json "$out" verifyProblems); hwm=$(ledger_json "$out" hwmMB)
  local scpu bcpu wall
  scpu=$(ledger_json "$out" serverCPUSeconds); bcpu=$(ledger_json "$out" benchCPUSeconds); wall=$(ledger_json "$out" wallSeconds)
  local machine; machine=$(machine_use "$out")
  ok=$(awk -v p="$p99" -v tp="$CRASH_P99_MS" -v b="$bets" -v n="$CRASH_PLAYERS" -v m="$miss" -v d="$dup" -v dr="$drop" -v e="$errs" -v u="$unsettled" -v x="$mism" -v vp="$vprob" \
    'BEGIN{print (p<tp && b==n && m==0 && d==0 && dr==0 && e==0 && u==0 && x==0 && vp==0) ? 1 : 0}')
  mark "$ok"
  ROWS+=("| $label | broadcast p99 < $CRASH_P99_MS ms; every cash-out settled exactly once | $bets bets, $cashed cashed out, $lost lost; $msgs messages: p50 $p50 ms, **p99 $p99 ms** (cash-outs $cp99); missing $miss, duplicate $dup, dropped sockets $drop; $errs errors; unsettled $unsettled, settlement mismatches $mism; ledger verify: $vprob problems; server VmHWM $hwm MB; CPU: server $scpu s, bench $bcpu s in $wall s; $machine$([ "${WAIT_BUSY:-0}" = 1 ] && echo '; **measured while other work kept the machine busy**') | $V |")
}
if want crash; then
  for p in $CRASH_PORT_BASE $((CRASH_PORT_BASE + 1)); do
    if (exec 3<>"/dev/tcp/$HOST/$p") 2>/dev/null; then die "port $HOST:$p is already in use (BENCH_CRASH_PORT_BASE)"; fi
  done
  mkdir -p "$WORK/crash-sqlite"
  crash_run sqlite "sqlite://$WORK/crash-sqlite/palaro.db" "$CRASH_PORT_BASE" || true
  ledger_pg_db crash
  if [ -n "$LEDGER_PG_URL" ]; then
    crash_run postgres "$LEDGER_PG_URL" "$((CRASH_PORT_BASE + 1))" || true
  else
    ROWS+=("| Crash on postgres | broadcast p99 < $CRASH_P99_MS ms | skipped: no PostgreSQL on $HOST:5432 | SKIP |")
  fi
  ledger_pg_drop
fi

# ---------------------------------------------------------------- 1f. in-house game server (issue 6)
# bench/inhouse (a Go program): starts the server (demo mode, so the BGS
# vendor secret is generated), creates, funds and logs in 200 members in its
# database, then spins the Parol slot over HTTP
# (POST /wps/inhouse/slot/spin, bearer token, Idempotency-Key) open-loop at
# BENCH_INHOUSE_RATE spins/s for BENCH_DURATION after BENCH_WARMUP; free
# spins are played out unmeasured. Target: p99 < 15 ms at 1,000 req/s on
# SQLite and PostgreSQL, no errors, every round finished, ledger verify
# clean. Ports BENCH_INHOUSE_PORT_BASE (19900) and +1.
INHOUSE_RATE=${BENCH_INHOUSE_RATE:-1000}
INHOUSE_PORT_BASE=${BENCH_INHOUSE_PORT_BASE:-19900}
INHOUSE_P99_MS=15
inhouse_run() { # db-label database-url port
  local db=$1 url=$2 port=$3 out=$RES/inhouse-$1.txt bin=$WORK/inhousebench
  local label="in-house slot spins on $db (HTTP, a betwin callback of the seamless wallet per round decided at once, open-loop at $INHOUSE_RATE req/s, 200 players, 64 connections)"
  log "in-house slot spins on $db: bench/inhouse on $HOST:$port ($INHOUSE_RATE req/s, ${DURATION}s after ${WARMUP}s warm-up)"
  [ -x "$bin" ] || (cd "$ROOT" && go build -o "$bin" ./bench/inhouse) || { tool_error "go build ./bench/inhouse failed"; ROWS+=("| $label | p99 < $INHOUSE_P99_MS ms | build failed | ERROR |"); return 1; }
  wait_quiet
  if ! timeout $((DURATION + WARMUP + 300)) "$bin" -bin "$PALARO" -db "$url" -addr "$HOST:$port" -rate "$INHOUSE_RATE" \
    -duration "${DURATION}s" -warmup "${WARMUP}s" -timeline -log "$RES/server-inhouse-$db.log" >"$out" 2>&1 || ! tail -1 "$out" | grep -q '^{'; then
    tail -5 "$out" >&2
    tool_error "bench/inhouse on $db failed (see $out)"
    ROWS+=("| $label | p99 < $INHOUSE_P99_MS ms at $INHOUSE_RATE req/s | measurement error | ERROR |")
    return 1
  fi
  grep -v '^{' "$out" | sed 's/^/   /'
  local rps p50 p99 errs open vprob hwm cpu ok
  rps=$(ledger_json "$out" requestsPerSecond); p50=$(ledger_json "$out" p50ms); p99=$(ledger_json "$out" p99ms)
  errs=$(ledger_json "$out" errors); open=$(ledger_json "$out" unfinishedRounds); vprob=$(ledger_json "$out" verifyProblems); hwm=$(ledger_json "$out" hwmMB)
  cpu=$(ledger_json "$out" serverCPUmsPerSpin)
  local machine; machine=$(machine_use "$out")
  ok=$(awk -v r="$rps" -v p="$p99" -v t="$INHOUSE_RATE" -v tp="$INHOUSE_P99_MS" -v e="$errs" -v o="$open" -v vp="$vprob" \
    'BEGIN{print (r>=0.97*t && p<tp && e==0 && o==0 && vp==0) ? 1 : 0}')
  mark "$ok"
  ROWS+=("| $label | p99 < $INHOUSE_P99_MS ms at $INHOUSE_RATE req/s | **$rps req/s**; p50 $p50 ms, **p99 $p99 ms**; $errs errors; unfinished rounds $open; ledger verify: $vprob problems; server VmHWM $hwm MB, CPU $cpu ms/spin; $machine | $V |")
}
# bench/pgfloor (info): one-row INSERTs, each its own transaction with the
# server's synchronous commit, at the slot run's rate and pacing, with none
# of its work: the floor under the PostgreSQL row's p99 on this machine (a
# spin waits for at least one such commit, its ledger batch's).
pgfloor_run() { # database-url
  local url=$1 out=$RES/pgfloor.txt bin=$WORK/pgfloor
  local label="PostgreSQL commit floor (info: a one-row INSERT per transaction, synchronous commit, open-loop at $INHOUSE_RATE/s over 64 connections; the least a request that commits money waits here)"
  log "PostgreSQL commit floor: bench/pgfloor ($INHOUSE_RATE commits/s, ${DURATION}s after ${WARMUP}s warm-up)"
  [ -x "$bin" ] || (cd "$ROOT" && go build -o "$bin" ./bench/pgfloor) || { tool_error "go build ./bench/pgfloor failed"; return 1; }
  wait_quiet
  if ! timeout $((DURATION + WARMUP + 120)) "$bin" -db "$url" -rate "$INHOUSE_RATE" -duration "${DURATION}s" -warmup "${WARMUP}s" -timeline >"$out" 2>&1 ||
    ! tail -1 "$out" | grep -q '^{'; then
    tail -5 "$out" >&2
    tool_error "bench/pgfloor failed (see $out)"
    ROWS+=("| $label | info | measurement error | ERROR |")
    return 1
  fi
  local machine; machine=$(machine_use "$out")
  ROWS+=("| $label | info | $(ledger_json "$out" requestsPerSecond) commits/s; p50 $(ledger_json "$out" p50ms) ms, p99 $(ledger_json "$out" p99ms) ms, max $(ledger_json "$out" maxms) ms; $(ledger_json "$out" errors) errors; $machine | INFO |")
}
if want inhouse; then
  for p in $INHOUSE_PORT_BASE $((INHOUSE_PORT_BASE + 1)); do
    if (exec 3<>"/dev/tcp/$HOST/$p") 2>/dev/null; then die "port $HOST:$p is already in use (BENCH_INHOUSE_PORT_BASE)"; fi
  done
  mkdir -p "$WORK/inhouse-sqlite"
  inhouse_run sqlite "sqlite://$WORK/inhouse-sqlite/palaro.db" "$INHOUSE_PORT_BASE" || true
  ledger_pg_db inhouse
  if [ -n "$LEDGER_PG_URL" ]; then
    pgfloor_run "$LEDGER_PG_URL" || true
    inhouse_run postgres "$LEDGER_PG_URL" "$((INHOUSE_PORT_BASE + 1))" || true
  else
    ROWS+=("| in-house slot spins on postgres | p99 < $INHOUSE_P99_MS ms | skipped: no PostgreSQL on $HOST:5432 | SKIP |")
  fi
  ledger_pg_drop
fi

# ---------------------------------------------------------------- 1g. a spin with an active bonus, A/B (issue 32)
# bench/inhouse -ab-bonus: one server, three sets of 200 members (no bonus;
# an active bonus and real money; an active bonus and no real money, so every
# bet takes the split path), the measured run alternating phases between the
# sets (BENCH_BONUSSPIN_PHASES rounds of three). Target: the server's CPU per
# spin of each bonus set at most 1.10 times the set without a bonus, on
# SQLite and PostgreSQL. Ports BENCH_BONUSSPIN_PORT_BASE (19894) and +1.
BONUSSPIN_RATE=${BENCH_BONUSSPIN_RATE:-500}
BONUSSPIN_PHASES=${BENCH_BONUSSPIN_PHASES:-4}
BONUSSPIN_PORT_BASE=${BENCH_BONUSSPIN_PORT_BASE:-19894}
BONUSSPIN_DURATION=${BENCH_BONUSSPIN_DURATION:-60}
BONUSSPIN_MAX_RATIO=1.10
bonusspin_run() { # db-label database-url port
  local db=$1 url=$2 port=$3 out=$RES/bonusspin-$1.txt bin=$WORK/inhousebench
  local label="slot spin with an active bonus on $db (server CPU per spin, A/B phases in one run, $BONUSSPIN_RATE spins/s, 3 x 200 members)"
  log "bonus spins on $db: bench/inhouse -ab-bonus on $HOST:$port ($BONUSSPIN_RATE req/s, ${BONUSSPIN_DURATION}s in $((3 * BONUSSPIN_PHASES)) phases)"
  [ -x "$bin" ] || (cd "$ROOT" && go build -o "$bin" ./bench/inhouse) || { tool_error "go build ./bench/inhouse failed"; ROWS+=("| $label | x$BONUSSPIN_MAX_RATIO | build failed | ERROR |"); return 1; }
  wait_quiet
  if ! timeout $((BONUSSPIN_DURATION + WARMUP + 300)) "$bin" -bin "$PALARO" -db "$url" -addr "$HOST:$port" -rate "$BONUSSPIN_RATE" -ab-bonus -phases "$BONUSSPIN_PHASES" \
    -duration "${BONUSSPIN_DURATION}s" -warmup "${WARMUP}s" -log "$RES/server-bonusspin-$db.log" >"$out" 2>&1 || ! tail -1 "$out" | grep -q '^{'; then
    tail -5 "$out" >&2
    tool_error "bench/inhouse -ab-bonus on $db failed (see $out)"
    ROWS+=("| $label | x$BONUSSPIN_MAX_RATIO | measurement error | ERROR |")
    return 1
  fi
  grep -v '^{' "$out" | sed 's/^/   /'
  local plain bmain bonly rmain ronly errs vprob ok machine
  bonus_json() { node -e "const l=require('fs').readFileSync('$out','utf8').trim().split('\\n').pop(); console.log(JSON.parse(l).bonus['$1'].toFixed(3))"; }
  plain=$(bonus_json plainCPUms); bmain=$(bonus_json bonusMainCPUms); bonly=$(bonus_json bonusOnlyCPUms)
  rmain=$(bonus_json bonusMainRatio); ronly=$(bonus_json bonusOnlyRatio)
  errs=$(ledger_json "$out" errors); vprob=$(ledger_json "$out" verifyProblems); machine=$(machine_use "$out")
  ok=$(awk -v a="$rmain" -v b="$ronly" -v m="$BONUSSPIN_MAX_RATIO" -v e="$errs" -v vp="$vprob" 'BEGIN{print (a>0 && b>0 && a<=m && b<=m && e==0 && vp==0) ? 1 : 0}')
  mark "$ok"
  ROWS+=("| $label | CPU per spin <= x$BONUSSPIN_MAX_RATIO of no bonus | no bonus $plain ms; bonus and real money $bmain ms (**x$rmain**); bonus money only $bonly ms (**x$ronly**); $errs errors; ledger verify: $vprob problems; $machine | $V |")
}
if want bonusspin; then
  for p in $BONUSSPIN_PORT_BASE $((BONUSSPIN_PORT_BASE + 1)); do
    if (exec 3<>"/dev/tcp/$HOST/$p") 2>/dev/null; then die "port $HOST:$p is already in use (BENCH_BONUSSPIN_PORT_BASE)"; fi
  done
  mkdir -p "$WORK/bonusspin-sqlite"
  bonusspin_run sqlite "sqlite://$WORK/bonusspin-sqlite/palaro.db" "$BONUSSPIN_PORT_BASE" || true
  ledger_pg_db bonusspin
  if [ -n "$LEDGER_PG_URL" ]; then
    bonusspin_run postgres "$LEDGER_PG_URL" "$((BONUSSPIN_PORT_BASE + 1))" || true
  else
    ROWS+=("| slot spin with an active bonus on postgres | x$BONUSSPIN_MAX_RATIO | skipped: no PostgreSQL on $HOST:5432 | SKIP |")
  fi
  ledger_pg_drop
fi

# ---------------------------------------------------------------- 1h. the play spine's cost, A/B (issue 29)
# The same loads against two binaries in one run, alternating: the base
# commit (BENCH_SPINE_BASE, the commit before the play spine's first change)
# and this tree. Compared: the server's CPU time per in-house slot spin
# (bench/inhouse at BENCH_INHOUSE_RATE) and per vendor round of a bet and a
# win (bench/seamless at BENCH_SEAMLESS_RATE), and the ledger engine's
# postings/s (bench/ledger -mode engine, each tree's own build), on SQLite and
# PostgreSQL. Each pair runs base then new, the next new then base, so drift
# of the host over the run falls on both. Median of BENCH_SPINE_PAIRS pairs;
# targets: CPU at most 10 % above the base, postings/s within 10 % of it.
# Ports BENCH_SPINE_PORT_BASE (19974) and +1.
SPINE_BASE=${BENCH_SPINE_BASE:-d7b785f}
SPINE_PAIRS=${BENCH_SPINE_PAIRS:-2}
SPINE_PORT_BASE=${BENCH_SPINE_PORT_BASE:-19974}
spine_build_base() {
  local tree=$WORK/spine-base
  rm -rf "$tree"
  git -C "$ROOT" worktree add --detach -f "$tree" "$SPINE_BASE" >/dev/null 2>&1 || { tool_error "spine: git worktree $SPINE_BASE failed"; return 1; }
  cp -r "$ROOT/internal/webui/dist/." "$tree/internal/webui/dist/" # the storefront is embedded; not measured here
  # the base's own ledger and in-house programs: they write that tree's schema in-process (bench/seamless
  # only inserts game sessions and reads rounds, the same on both, and reports the CPU per round)
  (cd "$tree" && go build -o "$WORK/palaro-base" ./cmd/palaro && go build -o "$WORK/ledgerbench-base" ./bench/ledger &&
    go build -o "$WORK/inhousebench-base" ./bench/inhouse) ||
    { tool_error "spine: building $SPINE_BASE failed"; git -C "$ROOT" worktree remove --force "$tree" >/dev/null 2>&1; return 1; }
  git -C "$ROOT" worktree remove --force "$tree" >/dev/null 2>&1 || true
}
spine_median() { printf '%s\n' "$@" | grep -v '^$' | sort -g | awk '{v[NR]=$1} END{if(NR==0){print "n/a"; exit} m=(NR%2)?v[(NR+1)/2]:(v[NR/2]+v[NR/2+1])/2; printf "%.3f", m}'; }
spine_one() { # which(base|new) db-label -> appends "inhouse seamless ledger" figures to SPINE_<which>_<db>
  local which=$1 db=$2 bin=$PALARO lbin=$WORK/ledgerbench-new ibin=$WORK/inhousebench sbin=$WORK/seamlessbench url port=$SPINE_PORT_BASE tag=$1-$2-$SPINE_I
  [ "$which" = base ] && bin=$WORK/palaro-base && lbin=$WORK/ledgerbench-base && ibin=$WORK/inhousebench-base
  [ "$db" = postgres ] && port=$((SPINE_PORT_BASE + 1))
  local ih sm lg out
  for item in inhouse seamless ledger; do
    if [ "$db" = sqlite ]; then
      mkdir -p "$WORK/spine-$tag-$item"; url="sqlite://$WORK/spine-$tag-$item/palaro.db"
    else
      ledger_pg_db "spine_${which}_${SPINE_I}_$item"; url=$LEDGER_PG_URL
      [ -n "$url" ] || return 1
    fi
    out=$RES/spine-$tag-$item.txt
    wait_quiet
    case $item in
      inhouse) timeout $((DURATION + WARMUP + 300)) "$ibin" -bin "$bin" -db "$url" -addr "$HOST:$port" -rate "$INHOUSE_RATE" \
        -duration "${DURATION}s" -warmup "${WARMUP}s" >"$out" 2>&1 && ih=$(ledger_json "$out" serverCPUmsPerSpin) ;;
      seamless) timeout $((DURATION + WARMUP + 300)) "$sbin" -bin "$bin" -db "$url" -addr "$HOST:$port" -rate "$SEAMLESS_RATE" \
        -duration "${DURATION}s" -warmup "${WARMUP}s" >"$out" 2>&1 && sm=$(ledger_json "$out" serverCPUmsPerRound) ;;
      ledger) timeout $((DURATION + WARMUP + 600)) "$lbin" -mode engine -db "$url" -players "$LEDGER_PLAYERS" -clients "$LEDGER_CLIENTS" \
        -duration "${DURATION}s" -warmup "${WARMUP}s" >"$out" 2>&1; lg=$(ledger_json "$out" postingsPerSecond) ;;
    esac
    [ "$db" = postgres ] && ledger_pg_drop
  done
  log "spine $which on $db (pair $SPINE_I): in-house ${ih:-?} ms CPU/spin, seamless ${sm:-?} ms CPU/round, ledger ${lg:-?} postings/s"
  eval "SPINE_${which}_${db}_IH+=(${ih:-}) ; SPINE_${which}_${db}_SM+=(${sm:-}) ; SPINE_${which}_${db}_LG+=(${lg:-})"
}
if want spine; then
  for p in $SPINE_PORT_BASE $((SPINE_PORT_BASE + 1)); do
    if (exec 3<>"/dev/tcp/$HOST/$p") 2>/dev/null; then die "port $HOST:$p is already in use (BENCH_SPINE_PORT_BASE)"; fi
  done
  log "spine A/B: building $SPINE_BASE and the bench tools"
  if spine_build_base && (cd "$ROOT" && go build -o "$WORK/inhousebench" ./bench/inhouse && go build -o "$WORK/seamlessbench" ./bench/seamless && go build -o "$WORK/ledgerbench-new" ./bench/ledger); then
    for db in sqlite postgres; do
      for w in base new; do eval "SPINE_${w}_${db}_IH=(); SPINE_${w}_${db}_SM=(); SPINE_${w}_${db}_LG=()"; done
    done
    for SPINE_I in $(seq 1 "$SPINE_PAIRS"); do
      order="base new"; [ $((SPINE_I % 2)) = 0 ] && order="new base"
      for db in sqlite postgres; do
        for w in $order; do spine_one "$w" "$db" || tool_error "spine: $w on $db failed (pair $SPINE_I)"; done
      done
    done
    for db in sqlite postgres; do
      for m in IH:"server CPU per in-house slot spin (ms)":cpu SM:"server CPU per vendor bet+win round (ms)":cpu LG:"ledger engine postings/s":rate; do
        key=${m%%:*}; rest=${m#*:}; what=${rest%:*}; kind=${rest##*:}
        eval "b=(\"\${SPINE_base_${db}_${key}[@]}\"); n=(\"\${SPINE_new_${db}_${key}[@]}\")"
        bm=$(spine_median "${b[@]}"); nm=$(spine_median "${n[@]}")
        if [ "$bm" = n/a ] || [ "$nm" = n/a ]; then
          ROWS+=("| spine A/B on $db: $what | new vs $SPINE_BASE | measurement error | ERROR |"); continue
        fi
        ratio=$(awk -v a="$nm" -v b="$bm" 'BEGIN{printf "%.3f", a/b}')
        if [ "$kind" = cpu ]; then ok=$(awk -v r="$ratio" 'BEGIN{print (r<=1.10)?1:0}'); target="≤ 1.10 × base"
        else ok=$(awk -v r="$ratio" 'BEGIN{print (r>=0.90)?1:0}'); target="≥ 0.90 × base"; fi
        mark "$ok"
        ROWS+=("| spine A/B on $db: $what, $SPINE_PAIRS alternating pairs | $target | base ${b[*]} (median $bm); new ${n[*]} (median $nm); **ratio $ratio** | $V |")
      done
    done
  fi
fi

# ---------------------------------------------------------------- 1f'. activity stream lag (issue 29)
# bench/streamlag beside bench/inhouse: the same slot load as 1f
# (BENCH_INHOUSE_RATE spins/s on a fresh database) while streamlag reads the
# daily figures' cursor every 5 ms through activity.Store and, for each
# round.settled fact appended in its window, takes the time from the fact's
# transaction to the cursor passing it. Its window starts BENCH_WARMUP after
# the first settled round and ends 5 s before the load does, so the server
# is still consuming when it closes. Target: p99 < 2 s, every fact applied.
# Ports BENCH_STREAMLAG_PORT_BASE (19980) and +1.
STREAMLAG_PORT_BASE=${BENCH_STREAMLAG_PORT_BASE:-19980}
STREAMLAG_P99_MS=2000
streamlag_run() { # db-label database-url port
  local db=$1 url=$2 port=$3 out=$RES/streamlag-$1.txt load=$RES/streamlag-load-$1.txt bin=$WORK/streamlag ibin=$WORK/inhousebench
  local label="stream lag on $db (a settled round's fact -> in the daily figures, under the in-house slot load at $INHOUSE_RATE spins/s)"
  local window=$((DURATION > 10 ? DURATION - 5 : 5))
  log "stream lag on $db: bench/streamlag beside bench/inhouse on $HOST:$port ($INHOUSE_RATE spins/s, ${window}s window)"
  [ -x "$bin" ] || (cd "$ROOT" && go build -o "$bin" ./bench/streamlag) || { tool_error "go build ./bench/streamlag failed"; ROWS+=("| $label | p99 < $STREAMLAG_P99_MS ms | build failed | ERROR |"); return 1; }
  [ -x "$ibin" ] || (cd "$ROOT" && go build -o "$ibin" ./bench/inhouse) || { tool_error "go build ./bench/inhouse failed"; ROWS+=("| $label | p99 < $STREAMLAG_P99_MS ms | build failed | ERROR |"); return 1; }
  wait_quiet
  timeout $((DURATION + WARMUP + 300)) "$bin" -db "$url" -warmup "${WARMUP}s" -duration "${window}s" >"$out" 2>&1 &
  local lagpid=$!
  timeout $((DURATION + WARMUP + 300)) "$ibin" -bin "$PALARO" -db "$url" -addr "$HOST:$port" -rate "$INHOUSE_RATE" \
    -duration "${DURATION}s" -warmup "${WARMUP}s" -log "$RES/server-streamlag-$db.log" >"$load" 2>&1 || true
  if ! wait "$lagpid" || ! tail -1 "$out" | grep -q '^{'; then
    tail -5 "$out" >&2
    tool_error "bench/streamlag on $db failed (see $out, $load)"
    ROWS+=("| $label | p99 < $STREAMLAG_P99_MS ms | measurement error | ERROR |")
    return 1
  fi
  grep -v '^{' "$out" | sed 's/^/   /'
  local n p50 p99 mx na ok
  n=$(ledger_json "$out" events); p50=$(ledger_json "$out" p50ms); p99=$(ledger_json "$out" p99ms); mx=$(ledger_json "$out" maxms); na=$(ledger_json "$out" notApplied)
  ok=$(awk -v p="$p99" -v t="$STREAMLAG_P99_MS" -v na="$na" -v n="$n" 'BEGIN{print (p<t && na==0 && n>0) ? 1 : 0}')
  mark "$ok"
  ROWS+=("| $label | p99 < $STREAMLAG_P99_MS ms | $n settled rounds; p50 $p50 ms, **p99 $p99 ms**, max $mx ms; $na not applied | $V |")
}
if want streamlag; then
  for p in $STREAMLAG_PORT_BASE $((STREAMLAG_PORT_BASE + 1)); do
    if (exec 3<>"/dev/tcp/$HOST/$p") 2>/dev/null; then die "port $HOST:$p is already in use (BENCH_STREAMLAG_PORT_BASE)"; fi
  done
  mkdir -p "$WORK/streamlag-sqlite"
  streamlag_run sqlite "sqlite://$WORK/streamlag-sqlite/palaro.db" "$STREAMLAG_PORT_BASE" || true
  ledger_pg_db streamlag
  if [ -n "$LEDGER_PG_URL" ]; then
    streamlag_run postgres "$LEDGER_PG_URL" "$((STREAMLAG_PORT_BASE + 1))" || true
  else
    ROWS+=("| stream lag on postgres | p99 < $STREAMLAG_P99_MS ms | skipped: no PostgreSQL on $HOST:5432 | SKIP |")
  fi
  ledger_pg_drop
fi

# ---------------------------------------------------------------- 1f''. the play spine under kill -9 (issue 29)
# bench/spinecrash (a Go program) drives a mixed load over HTTP: signed vendor
# bet+win rounds (the seamless callbacks), in-house slot spins and operator
# adjustments, at BENCH_SPINECRASH_RATE operations/s; a request without an
# answer is sent again with the same txId / Idempotency-Key, and every
# acknowledged operation is recorded. `spinecrash`, per database: the server
# is killed with SIGKILL 3 times and restarted. `twoinstance`, PostgreSQL:
# two servers on one database (and Redis, BENCH_TWOINSTANCE_REDIS), the load
# spread over both, the one holding the stream's leases killed once and not
# restarted; the takeover is timed. Afterwards: ledger verify and events
# verify clean, every acknowledged round COMPLETED with its settled fact once,
# every acknowledged bet, win and adjustment posted once as asked, every
# completed round with one fact, the figures counting each once, and (after
# one more start for in-house recovery) every in-house round ended as its
# wallet round, fact and money say. Ports
# BENCH_SPINECRASH_PORT_BASE (19990) .. +3.
SPINECRASH_PORT_BASE=${BENCH_SPINECRASH_PORT_BASE:-19990}
SPINECRASH_DURATION=${BENCH_SPINECRASH_DURATION:-40}
SPINECRASH_RATE=${BENCH_SPINECRASH_RATE:-300}
TWOINSTANCE_REDIS=${BENCH_TWOINSTANCE_REDIS-redis://$HOST:6379/11}
TWOINSTANCE_TAKEOVER_S=10
spinecrash_tool() {
  [ -x "$WORK/spinecrash" ] || (cd "$ROOT" && go build -o "$WORK/spinecrash" ./bench/spinecrash) || { tool_error "go build ./bench/spinecrash failed"; return 1; }
}
spinecrash_checks() { # file -> the checks' part of a row
  local f=$1
  printf '%s vendor rounds (%s bets), %s spins, %s adjustments acknowledged; %s requests sent again after no answer, %s refused, %s spins left in progress by a kill (recovery, not acknowledged); acknowledged rounds missing or without their fact %s; bets, wins, adjustments not posted once as asked %s; facts wrong %s; %s settled facts, figures %s rounds, reports %s, consumers not adding up to the stream %s; after in-house recovery: rounds disagreeing with the wallet, their fact or the money %s, unfinished %s; ledger verify exit %s; events verify exit %s' \
    "$(ledger_json "$f" vendorRounds)" "$(ledger_json "$f" vendorBets)" "$(ledger_json "$f" spins)" "$(ledger_json "$f" adjustments)" \
    "$(ledger_json "$f" retries)" "$(ledger_json "$f" refused)" "$(ledger_json "$f" inProgress)" "$(ledger_json "$f" roundsMissing)" \
    "$(ledger_json "$f" betsWrong)" "$(ledger_json "$f" factsWrong)" "$(ledger_json "$f" settledFacts)" "$(ledger_json "$f" figuresRounds)" \
    "$(ledger_json "$f" reportRounds)" "$(ledger_json "$f" consumersWrong)" \
    "$(ledger_json "$f" inhouseWrong)" "$(ledger_json "$f" inhouseUnfinished)" \
    "$(ledger_json "$f" verifyExit)" "$(ledger_json "$f" eventsExit)"
}
SPINECRASH_TARGET="ledger verify and events verify exit 0; every acknowledged round COMPLETED with its settled fact once; every acknowledged bet, win and adjustment posted once"
spinecrash_run() { # db-label database-url port
  local db=$1 url=$2 port=$3 out=$RES/spinecrash-$1.txt
  local label="spine crash run on $db (3 × kill -9 + restart under mixed load: vendor bet+win rounds, in-house slot spins, operator adjustments; $SPINECRASH_RATE ops/s for ${SPINECRASH_DURATION}s; resent with the same txId / Idempotency-Key)"
  log "spine crash run on $db: bench/spinecrash on $HOST:$port (${SPINECRASH_DURATION}s at $SPINECRASH_RATE ops/s, 3 kills)"
  spinecrash_tool || { ROWS+=("| $label | $SPINECRASH_TARGET | build failed | ERROR |"); return 1; }
  if ! timeout $((SPINECRASH_DURATION + 600)) "$WORK/spinecrash" -mode crash -bin "$PALARO" -db "$url" -addr "$HOST:$port" \
    -rate "$SPINECRASH_RATE" -kills 3 -duration "${SPINECRASH_DURATION}s" -log "$RES/server-spinecrash-$db.log" >"$out" 2>&1 || ! tail -1 "$out" | grep -q '^{'; then
    tail -5 "$out" >&2
    tool_error "bench/spinecrash on $db failed (see $out)"
    ROWS+=("| $label | $SPINECRASH_TARGET | measurement error | ERROR |")
    return 1
  fi
  grep -v '^{' "$out" | sed 's/^/   /'
  mark "$([ "$(ledger_json "$out" ok)" = true ] && echo 1 || echo 0)"
  ROWS+=("| $label | $SPINECRASH_TARGET | $(ledger_json "$out" kills) kills; $(spinecrash_checks "$out") | $V |")
}
twoinstance_run() { # database-url port-a port-b
  local url=$1 out=$RES/twoinstance.txt redis=$TWOINSTANCE_REDIS note
  if [ -n "$redis" ]; then
    local rh=${redis#redis://}; rh=${rh%%/*}
    (exec 3<>"/dev/tcp/${rh%%:*}/${rh##*:}") 2>/dev/null || { echo "   (no Redis on $rh: the two servers run without it)"; redis=""; }
  fi
  note=$([ -n "$redis" ] && echo "and Redis $redis" || echo "without Redis")
  local label="two instances on one PostgreSQL $note, mixed load ($SPINECRASH_RATE ops/s over both for ${SPINECRASH_DURATION}s), the stream's lease holder killed with kill -9 and not restarted"
  local target="nothing acknowledged lost or posted twice, each fact consumed once (events verify), the survivor takes the stream over within $TWOINSTANCE_TAKEOVER_S s"
  log "two instances on PostgreSQL: bench/spinecrash -mode twoinstance on $HOST:$2 and $HOST:$3 ($note)"
  spinecrash_tool || { ROWS+=("| $label | $target | build failed | ERROR |"); return 1; }
  if ! timeout $((SPINECRASH_DURATION + 600)) "$WORK/spinecrash" -mode twoinstance -bin "$PALARO" -db "$url" -addr "$HOST:$2,$HOST:$3" \
    -redis "$redis" -rate "$SPINECRASH_RATE" -duration "${SPINECRASH_DURATION}s" -log "$RES/server-twoinstance.log" >"$out" 2>&1 || ! tail -1 "$out" | grep -q '^{'; then
    tail -5 "$out" >&2
    tool_error "bench/spinecrash -mode twoinstance failed (see $out)"
    ROWS+=("| $label | $target | measurement error | ERROR |")
    return 1
  fi
  grep -v '^{' "$out" | sed 's/^/   /'
  local ok leases caught
  leases=$(ledger_json "$out" leasesMs); caught=$(ledger_json "$out" caughtUpMs)
  ok=$([ "$(ledger_json "$out" ok)" = true ] && awk -v c="$caught" -v t="$TWOINSTANCE_TAKEOVER_S" 'BEGIN{print (c > 0 && c < t * 1000) ? 1 : 0}' || echo 0)
  mark "$ok"
  ROWS+=("| $label | $target | killed $(ledger_json "$out" killed), **survivor held every stream lease after $(awk -v v="$leases" 'BEGIN{printf "%.1f", v/1000}') s, every event from before the kill applied by every consumer after $(awk -v v="$caught" 'BEGIN{printf "%.1f", v/1000}') s**; answers $(ledger_json "$out" answersFirst) by $HOST:$2, $(ledger_json "$out" answersSecond) by $HOST:$3; $(ledger_json "$out" survivorAcked) operations acknowledged by the survivor after the kill; $(spinecrash_checks "$out") | $V |")
}
if want spinecrash || want twoinstance; then
  for p in $SPINECRASH_PORT_BASE $((SPINECRASH_PORT_BASE + 1)) $((SPINECRASH_PORT_BASE + 2)) $((SPINECRASH_PORT_BASE + 3)); do
    if (exec 3<>"/dev/tcp/$HOST/$p") 2>/dev/null; then die "port $HOST:$p is already in use (BENCH_SPINECRASH_PORT_BASE)"; fi
  done
  if want spinecrash; then
    mkdir -p "$WORK/spinecrash-sqlite"
    spinecrash_run sqlite "sqlite://$WORK/spinecrash-sqlite/palaro.db" "$SPINECRASH_PORT_BASE" || true
    ledger_pg_db spinecrash
    if [ -n "$LEDGER_PG_URL" ]; then
      spinecrash_run postgres "$LEDGER_PG_URL" "$((SPINECRASH_PORT_BASE + 1))" || true
    else
      ROWS+=("| spine crash run on postgres | $SPINECRASH_TARGET | skipped: no PostgreSQL on $HOST:5432 | SKIP |")
    fi
    ledger_pg_drop
  fi
  if want twoinstance; then
    ledger_pg_db twoinstance
    if [ -n "$LEDGER_PG_URL" ]; then
      twoinstance_run "$LEDGER_PG_URL" "$((SPINECRASH_PORT_BASE + 2))" "$((SPINECRASH_PORT_BASE + 3))" || true
    else
      ROWS+=("| two instances on one PostgreSQL, one killed | takeover within $TWOINSTANCE_TAKEOVER_S s | skipped: no PostgreSQL on $HOST:5432 | SKIP |")
    fi
    ledger_pg_drop
  fi
fi

# ---------------------------------------------------------------- 1g. password hashing bursts (issue 28)
# bench/hashburst (a Go program): starts the server on a fresh SQLite file
# with the demo brand (bot check off, trusted proxy so each request names its
# IP), creates a member with a session, a payment password and a payout
# account, and fires three bursts of BENCH_HASHBURST_N parallel requests:
# withdrawals with the right payment password on a zero balance (empty),
# the same after funding the member (funded: every request asks for an
# argon2id check), and operator logins with as many unknown usernames from as
# many IPs (logins). It samples the server's VmRSS and GET /wps/system/status
# (one at a time, every 10 ms) during each. Target per burst: peak RSS below
# the memory limit, status p99 below 50 ms. Port BENCH_HASHBURST_PORT (19960).
HASHBURST_N=${BENCH_HASHBURST_N:-400}
HASHBURST_PORT=${BENCH_HASHBURST_PORT:-19960}
HASHBURST_MEMLIMIT=${BENCH_HASHBURST_MEMLIMIT:-1GiB}
HASHBURST_P99_MS=50
hashburst_run() {
  local out=$RES/hashburst.txt bin=$WORK/hashburst b
  log "password hashing bursts: bench/hashburst on $HOST:$HASHBURST_PORT ($HASHBURST_N parallel requests, memory limit $HASHBURST_MEMLIMIT)"
  [ -x "$bin" ] || (cd "$ROOT" && go build -o "$bin" ./bench/hashburst) || { tool_error "go build ./bench/hashburst failed"; ROWS+=("| password hashing bursts | RSS < $HASHBURST_MEMLIMIT, status p99 < $HASHBURST_P99_MS ms | build failed | ERROR |"); return 1; }
  wait_quiet
  mkdir -p "$WORK/hashburst-db"
  if ! timeout 300 "$bin" -bin "$PALARO" -db "sqlite://$WORK/hashburst-db/palaro.db" -addr "$HOST:$HASHBURST_PORT" -n "$HASHBURST_N" \
    -memlimit "$HASHBURST_MEMLIMIT" -log "$RES/server-hashburst.log" >"$out" 2>&1 || ! tail -1 "$out" | grep -q '^{'; then
    tail -5 "$out" >&2
    tool_error "bench/hashburst failed (see $out)"
    ROWS+=("| password hashing bursts | RSS < $HASHBURST_MEMLIMIT, status p99 < $HASHBURST_P99_MS ms | measurement error | ERROR |")
    return 1
  fi
  grep -v '^{' "$out" | sed 's/^/   /'
  local limit; limit=$(ledger_json "$out" memoryLimitMB)
  for b in empty funded logins; do
    local rss p50 p99 max n errs answers ok what
    rss=$(ledger_json "$out" "${b}PeakRssMB"); p50=$(ledger_json "$out" "${b}StatusP50ms"); p99=$(ledger_json "$out" "${b}StatusP99ms")
    max=$(ledger_json "$out" "${b}StatusMaxms"); n=$(ledger_json "$out" "${b}StatusSamples"); errs=$(ledger_json "$out" "${b}Errors")
    answers=$(ledger_json "$out" "${b}Answers")
    case $b in
      empty) what="$HASHBURST_N parallel withdrawals with the payment password, zero balance" ;;
      funded) what="$HASHBURST_N parallel withdrawals with the payment password, funded member (each asks for an argon2id check)" ;;
      logins) what="$HASHBURST_N parallel operator logins, $HASHBURST_N unknown usernames from $HASHBURST_N IPs (each an argon2id check)" ;;
    esac
    ok=$(awk -v r="$rss" -v l="$limit" -v p="$p99" -v tp="$HASHBURST_P99_MS" -v e="$errs" 'BEGIN{print (r<l && p<tp && e==0) ? 1 : 0}')
    mark "$ok"
    ROWS+=("| password hashing burst ($b): $what, SQLite | RSS < $HASHBURST_MEMLIMIT; /wps/system/status p99 < $HASHBURST_P99_MS ms | peak RSS **$rss MB**; status ($n samples) p50 $p50 ms, **p99 $p99 ms**, max $max ms; answers: $answers$([ "${WAIT_BUSY:-0}" = 1 ] && echo '; **measured while other work kept the machine busy**') | $V |")
  done
}
if want hashburst; then
  if (exec 3<>"/dev/tcp/$HOST/$HASHBURST_PORT") 2>/dev/null; then die "port $HOST:$HASHBURST_PORT is already in use (BENCH_HASHBURST_PORT)"; fi
  hashburst_run || true
fi

# ---------------------------------------------------------------- 1h. operator console reads on a large brand (issue 30)
# `palaro bench seed-members` fills a fresh database (SQLite, then
# PostgreSQL) with BENCH_CONSOLE_MEMBERS members and BENCH_CONSOLE_ROUNDS
# settled rounds over 90 days, with logins, payout accounts, deposits,
# withdrawals and the daily figures and report rows derived from them;
# bench/console starts the server on it, signs in ops01 and reads each
# request's server time from the server's request log (debug level).
# Target: p95 < 150 ms per kind. Port BENCH_CONSOLE_PORT (18260).
CONSOLE_MEMBERS=${BENCH_CONSOLE_MEMBERS:-1000000}
CONSOLE_ROUNDS=${BENCH_CONSOLE_ROUNDS:-10000000}
CONSOLE_N=${BENCH_CONSOLE_N:-200}
CONSOLE_PORT=${BENCH_CONSOLE_PORT:-18260}
CONSOLE_P95_MS=150
console_run() { # db-label url
  local label=$1 url=$2 out=$RES/console-$1.txt bin=$WORK/console t0 secs
  [ -x "$bin" ] || (cd "$ROOT" && go build -o "$bin" ./bench/console) || { tool_error "go build ./bench/console failed"; ROWS+=("| console reads, $label | p95 < $CONSOLE_P95_MS ms | build failed | ERROR |"); return 1; }
  log "console reads, $label: seeding $CONSOLE_MEMBERS members and $CONSOLE_ROUNDS rounds (palaro bench seed-members)"
  t0=$(date +%s)
  if ! PALARO_DATABASE_URL=$url timeout 3600 "$PALARO" bench seed-members --members "$CONSOLE_MEMBERS" --rounds "$CONSOLE_ROUNDS" >"$RES/console-seed-$label.txt" 2>&1; then
    tail -5 "$RES/console-seed-$label.txt" >&2
    tool_error "palaro bench seed-members failed on $label (see $RES/console-seed-$label.txt)"
    ROWS+=("| console reads, $label | p95 < $CONSOLE_P95_MS ms | seeding failed | ERROR |")
    return 1
  fi
  secs=$(( $(date +%s) - t0 ))
  sed 's/^/   /' "$RES/console-seed-$label.txt"
  ROWS+=("| console data, $label: $CONSOLE_MEMBERS members, $CONSOLE_ROUNDS rounds over 90 days, deposits, withdrawals, logins, daily rows (palaro bench seed-members) | info | seeded in $secs s | INFO |")
  flush_dirty
  wait_quiet
  if ! timeout 1800 "$bin" -bin "$PALARO" -db "$url" -addr "$HOST:$CONSOLE_PORT" -members "$CONSOLE_MEMBERS" -n "$CONSOLE_N" \
    -log "$RES/server-console-$label.log" >"$out" 2>&1 || ! tail -1 "$out" | grep -q '^{'; then
    tail -5 "$out" >&2
    tool_error "bench/console failed on $label (see $out)"
    ROWS+=("| console reads, $label | p95 < $CONSOLE_P95_MS ms | measurement error | ERROR |")
    return 1
  fi
  grep -v '^{' "$out" | sed 's/^/   /'
  local name p50 p95 p99 pass
  while IFS=$'\t' read -r name p50 p95 p99 pass; do
    mark "$pass"
    ROWS+=("| console: $name, $label (server time, $CONSOLE_N loads) | p95 < $CONSOLE_P95_MS ms | p50 $p50 ms, **p95 $p95 ms**, p99 $p99 ms$([ "${WAIT_BUSY:-0}" = 1 ] && echo '; **measured while other work kept the machine busy**') | $V |")
  done < <(node -e "const l=require('fs').readFileSync('$out','utf8').trim().split('\n').pop(); for (const r of JSON.parse(l).rows) if (!r.name.startsWith(' ')) console.log([r.name, r.p50.toFixed(1), r.p95.toFixed(1), r.p99.toFixed(1), r.pass?1:0].join('\t'))")
  SECTIONS+=("## Console reads, $label

$(grep '^|' "$out")")
}
if want console; then
  if (exec 3<>"/dev/tcp/$HOST/$CONSOLE_PORT") 2>/dev/null; then die "port $HOST:$CONSOLE_PORT is already in use (BENCH_CONSOLE_PORT)"; fi
  mkdir -p "$WORK/console-db"
  console_run sqlite "sqlite://$WORK/console-db/palaro.db" || true
  rm -rf "$WORK/console-db"
  ledger_pg_db console
  if [ -n "$LEDGER_PG_URL" ]; then
    console_run postgres "$LEDGER_PG_URL" || true
  else
    ROWS+=("| console reads, PostgreSQL | p95 < $CONSOLE_P95_MS ms | skipped: no PostgreSQL on $HOST:5432 | SKIP |")
  fi
  ledger_pg_drop
fi

# ---------------------------------------------------------------- 1i. agents on a large team (issue 31's targets)
# `palaro bench seed-agents` fills a fresh database (SQLite, then
# PostgreSQL) with one agent's team of BENCH_AGENTS_MEMBERS members over 6
# levels (accounts and the tree's closure), BENCH_AGENTS_ROUNDS settled
# rounds over 30 days through the consumers' own Apply (the agent reports'
# rows, the daily figures, the commission slots of the last 2 days), a
# daily wage and a weekly dividend contract per agent (the platform's to the
# top agent, each upline's to its downline agents) and every agent's float.
# `palaro bench agents` then reads, through the services the handlers call,
# the 30-day overview, the first page of the 30-day user loss and the first
# page of team management (direct downline and all levels) as the top agent
# and as agents of each level, and times each read; then settles the whole
# tree once, as the jobs do: yesterday's daily wages and last week's
# dividends. Targets: p95 < 200 ms per kind; both settlements < 60 s.
AGENTS_MEMBERS=${BENCH_AGENTS_MEMBERS:-100000}
AGENTS_ROUNDS=${BENCH_AGENTS_ROUNDS:-10000000}
AGENTS_N=${BENCH_AGENTS_N:-200}
AGENTS_P95_MS=200
AGENTS_SETTLE_S=60
agents_run() { # db-label url
  local label=$1 url=$2 out=$RES/agents-$1.txt seed=$RES/agents-seed-$1.txt top t0 secs
  log "agents, $label: seeding $AGENTS_MEMBERS members over 6 levels and $AGENTS_ROUNDS rounds (palaro bench seed-agents)"
  t0=$(date +%s)
  if ! PALARO_DATABASE_URL=$url timeout 7200 "$PALARO" bench seed-agents --members "$AGENTS_MEMBERS" --rounds "$AGENTS_ROUNDS" >"$seed" 2>&1; then
    tail -5 "$seed" >&2
    tool_error "palaro bench seed-agents failed on $label (see $seed)"
    ROWS+=("| agents, $label | p95 < $AGENTS_P95_MS ms; settlement < $AGENTS_SETTLE_S s | seeding failed | ERROR |")
    return 1
  fi
  secs=$(( $(date +%s) - t0 ))
  sed 's/^/   /' "$seed"
  top=$(sed -n 's/^top agent \([0-9]*\)$/\1/p' "$seed")
  ROWS+=("| agents data, $label: $AGENTS_MEMBERS members over 6 levels, $AGENTS_ROUNDS rounds over 30 days, two contracts per agent (palaro bench seed-agents) | info | seeded in $secs s | INFO |")
  log "agents, $label: reads and the settlement (palaro bench agents)"
  if ! PALARO_DATABASE_URL=$url timeout 3600 "$PALARO" bench agents --agent "$top" --n "$AGENTS_N" >"$out" 2>&1 || ! tail -1 "$out" | grep -q '^{'; then
    tail -5 "$out" >&2
    tool_error "palaro bench agents failed on $label (see $out)"
    ROWS+=("| agents, $label | p95 < $AGENTS_P95_MS ms; settlement < $AGENTS_SETTLE_S s | measurement error | ERROR |")
    return 1
  fi
  local busy name p50 p95 p99 pass kind a b c d e f
  busy=$([ "${WAIT_BUSY:-0}" = 1 ] && echo '; **measured while other work kept the machine busy**')
  while IFS=$'\t' read -r kind name p50 p95 p99 pass a b c d e f; do
    if [ "$kind" = read ]; then
      mark "$pass"
      ROWS+=("| agents: $name, $label (server time, $AGENTS_N reads) | p95 < $AGENTS_P95_MS ms | p50 $p50 ms, **p95 $p95 ms**, p99 $p99 ms$busy | $V |")
    elif [ "$kind" = settle ]; then
      ROWS+=("| agents: settlement, $name, $label | info | $p50 s wall, $p95 s CPU of palaro; $p99 contracts, $pass bills: $a paid, $b not reached, $c insufficient funds | INFO |")
    else
      mark "$pass"
      ROWS+=("| agents: settlement of the whole tree (daily wages and dividends), $label | < $AGENTS_SETTLE_S s | **$p50 s** wall$busy | $V |")
    fi
  done < <(node -e "
const r=JSON.parse(require('fs').readFileSync('$out','utf8').trim().split('\n').pop());
for (const x of r.rows) console.log(['read', x.name, x.p50.toFixed(1), x.p95.toFixed(1), x.p99.toFixed(1), x.pass?1:0].join('\t'));
for (const x of r.settle||[]) console.log(['settle', x.name, x.wallS.toFixed(1), x.cpuS.toFixed(1), x.contracts, x.created, x.paid, x.notReached, x.unpaid].join('\t'));
if (r.settle) console.log(['total', '-', r.settleWallS.toFixed(1), '-', '-', r.settlePass?1:0].join('\t'));")
}
if want agents; then
  mkdir -p "$WORK/agents-db"
  agents_run sqlite "sqlite://$WORK/agents-db/palaro.db" || true
  rm -rf "$WORK/agents-db"
  ledger_pg_db agents
  if [ -n "$LEDGER_PG_URL" ]; then
    agents_run postgres "$LEDGER_PG_URL" || true
  else
    ROWS+=("| agents, PostgreSQL | p95 < $AGENTS_P95_MS ms; settlement < $AGENTS_SETTLE_S s | skipped: no PostgreSQL on $HOST:5432 | SKIP |")
  fi
  ledger_pg_drop
fi

# ---------------------------------------------------------------- 1j. the daily rebate (issue 32's target)
# `palaro bench rebate` writes one day's daily figures for REBATE_MEMBERS
# generated members into a fresh database (bench data, summed by the
# database), then times the daily rebate of that day: every member's valid
# bets per category times the brand's rates, issued as rewards.
REBATE_MEMBERS=${BENCH_REBATE_MEMBERS:-1000000}
REBATE_S=60
rebate_run() { # db-label url
  local label=$1 url=$2 out=$RES/rebate-$1.txt
  log "daily rebate, $label: $REBATE_MEMBERS members' figures, then the rebate (palaro bench rebate)"
  if ! PALARO_DATABASE_URL=$url timeout 3600 "$PALARO" bench rebate --members "$REBATE_MEMBERS" >"$out" 2>&1 || ! tail -1 "$out" | grep -q '^{'; then
    tool_error "palaro bench rebate failed on $label (see $out)"
    ROWS+=("| daily rebate, $label | < $REBATE_S s | measurement error | ERROR |")
    return 0
  fi
  local wall cpu n pass busy
  busy=$([ "${WAIT_BUSY:-0}" = 1 ] && echo '; **measured while other work kept the machine busy**')
  read -r wall cpu n pass < <(node -e "const r=JSON.parse(require('fs').readFileSync('$out','utf8').trim().split('\n').pop()); console.log(r.wallS.toFixed(1), r.cpuS.toFixed(1), r.issued, r.pass?1:0)")
  ROWS+=("| daily rebate of $REBATE_MEMBERS members, $label (palaro bench rebate) | < $REBATE_S s | **$wall s** wall, $cpu s CPU of palaro, $n rewards$busy | $( [ "$pass" = 1 ] && echo PASS || echo FAIL ) |")
}
if want rebate; then
  mkdir -p "$WORK/rebate-db"
  rebate_run sqlite "sqlite://$WORK/rebate-db/palaro.db" || true
  rm -rf "$WORK/rebate-db"
  ledger_pg_db rebate
  if [ -n "$LEDGER_PG_URL" ]; then
    rebate_run postgres "$LEDGER_PG_URL" || true
  else
    ROWS+=("| daily rebate, PostgreSQL | < $REBATE_S s | skipped: no PostgreSQL on $HOST:5432 | SKIP |")
  fi
  ledger_pg_drop
fi

# ---------------------------------------------------------------- 1k. the VIP settlement (issue 32's target)
# `palaro bench vip` gives VIP_MEMBERS generated members a VIP standing and
# one week's daily figures in a fresh database (bench data), then times the
# week's settlement (weekly rewards) and the month's (monthly rewards and the
# keep rule) over those figures.
VIP_MEMBERS=${BENCH_VIP_MEMBERS:-1000000}
VIP_S=60
vip_run() { # db-label url
  local label=$1 url=$2 out=$RES/vip-$1.txt
  log "VIP settlement, $label: $VIP_MEMBERS members' standings and figures, then the weekly and monthly settlement (palaro bench vip)"
  if ! PALARO_DATABASE_URL=$url timeout 3600 "$PALARO" bench vip --members "$VIP_MEMBERS" >"$out" 2>&1 || ! tail -1 "$out" | grep -q '^{'; then
    tool_error "palaro bench vip failed on $label (see $out)"
    ROWS+=("| VIP settlement, $label | < $VIP_S s | measurement error | ERROR |")
    return 0
  fi
  local ws wc wn ms mc mn dr pass busy
  busy=$([ "${WAIT_BUSY:-0}" = 1 ] && echo '; **measured while other work kept the machine busy**')
  read -r ws wc wn ms mc mn dr pass < <(node -e "const r=JSON.parse(require('fs').readFileSync('$out','utf8').trim().split('\n').pop()); console.log(r.weeklyS.toFixed(1), r.weeklyCPU.toFixed(1), r.weeklyIssued, r.monthlyS.toFixed(1), r.monthlyCPU.toFixed(1), r.monthlyIssued, r.dropped, r.pass?1:0)")
  ROWS+=("| VIP settlement of $VIP_MEMBERS members, $label (palaro bench vip) | < $VIP_S s each | weekly **$ws s** wall ($wc s CPU, $wn rewards); monthly **$ms s** wall ($mc s CPU, $mn rewards, $dr dropped a level)$busy | $( [ "$pass" = 1 ] && echo PASS || echo FAIL ) |")
}
if want vip; then
  mkdir -p "$WORK/vip-db"
  vip_run sqlite "sqlite://$WORK/vip-db/palaro.db" || true
  rm -rf "$WORK/vip-db"
  ledger_pg_db vip
  if [ -n "$LEDGER_PG_URL" ]; then
    vip_run postgres "$LEDGER_PG_URL" || true
  else
    ROWS+=("| VIP settlement, PostgreSQL | < $VIP_S s | skipped: no PostgreSQL on $HOST:5432 | SKIP |")
  fi
  ledger_pg_drop
fi

# ---------------------------------------------------------------- 2 and 3: the home page
if want bundle || want lighthouse; then
  mkdir -p "$WORK/web-db"
  log "home page: starting bin/palaro serve ($HOST:$PORT_WEB, fresh SQLite, demo)"
  start_server web "$PORT_WEB" "sqlite://$WORK/web-db/palaro.db"
fi

if want bundle; then
  log "home page initial JavaScript (headless Chromium, a visitor, desktop and phone twice each, until network idle + 2 s)"
  if timeout 300 node "$BENCH/lib/bundle.mjs" "http://$HOST:$PORT_WEB" "$RES/bundle.json"; then
    kbv=$(node -e "console.log(require('$RES/bundle.json').figureKB)")
    kb9=$(node -e "console.log(require('$RES/bundle.json').figureGzip9KB)")
    stable=$(node -e "console.log(require('$RES/bundle.json').stable ? 'same scripts on both loads' : 'UNSTABLE: the two loads of a profile fetched different scripts')")
    ok=$(awk -v k="$kbv" -v t="$TARGET_JS_KB" 'BEGIN{print (k<=t)?1:0}')
    [[ $stable == UNSTABLE* ]] && ok=0
    mark "$ok"
    ROWS+=("| home page initial JS (gzip transfer, larger of desktop/phone, a visitor) | ≤ $TARGET_JS_KB KB | $kbv KB (gzip -9 of the bodies: $kb9 KB; $stable) | $V |")
    SECTIONS+=("## Home page scripts (loaded before interaction)

$(node -e "
const b=require('$RES/bundle.json');
for (const [n,p] of Object.entries(b.profiles)) {
  console.log('**'+n+'**: '+p.totals.count+' scripts, '+p.totals.transferKB+' KB gzip transferred, '+p.totals.rawKB+' KB raw, '+p.totals.gzip9KB+' KB gzip -9'+(p.stable?'':' (UNSTABLE)')+'; index.html inline scripts '+p.inline.count+', '+p.inline.gzip9KB+' KB gzip -9 (not in the figure: they come with the page); all resources '+p.allResources.count+' responses / '+p.allResources.transferKB+' KB; network idle after '+p.loadMs+' ms'+(p.offsite.length?'; OFF-SITE: '+p.offsite.join(' '):''));
  console.log('');
  console.log('| script | encoding | transfer KB | raw KB | gzip -9 KB |');
  console.log('|---|---|---|---|---|');
  for (const s of p.scripts) console.log('| '+s.url+' | '+s.encoding+' | '+(s.transfer/1024).toFixed(1)+' | '+(s.raw/1024).toFixed(1)+' | '+(s.gzip9/1024).toFixed(1)+' |');
  console.log('');
}")")
  else
    tool_error "the bundle measurement failed"
    ROWS+=("| home page initial JS | ≤ $TARGET_JS_KB KB | measurement error | ERROR |")
  fi
fi

if want lighthouse; then
  log "Lighthouse (mobile, simulated throttling, performance only; $LH_RUNS runs, median)"
  if timeout 2400 node "$BENCH/lib/lighthouse.mjs" "http://$HOST:$PORT_WEB/" "$RES" "$LH_RUNS" "$PORT_LH"; then
    read -r score fcp lcp tbt cls si scores bi < <(node -e "
const l=require('$RES/lighthouse.json'); const m=l.median.metrics; const d=(k)=>String(m[k].display).replace(/\s+/g,'');
console.log(l.median.score, d('FCP'), d('LCP'), d('TBT'), d('CLS'), d('SI'), l.scores.join('/'), l.median.benchmarkIndex)")
    ok=$(awk -v s="$score" -v t="$TARGET_LH" 'BEGIN{print (s>=t)?1:0}')
    mark "$ok"
    bis=$(node -e "const l=require('$RES/lighthouse.json'); console.log(l.benchmarkIndexes.join('/'))")
    ROWS+=("| Lighthouse mobile performance, home (median of $LH_RUNS: $scores; benchmarkIndex $bis) | ≥ $TARGET_LH | $score — FCP $fcp, LCP $lcp, TBT $tbt, CLS $cls, SI $si; benchmarkIndex of that run $bi | $V |")
    SECTIONS+=("## Lighthouse

Lighthouse $(node -e "console.log(require('$BENCH/node_modules/lighthouse/package.json').version)"), form factor mobile, simulated throttling (Moto G Power-class: 4x CPU slowdown, slow 4G), performance category only, Debian Chromium headless. Scores per run: $scores. Host benchmarkIndex $bi (Lighthouse's CPU speed probe; simulated throttling scales the observed CPU work, so a slow host lowers TBT/TTI-related scores).

$(node -e "
const l=require('$RES/lighthouse.json').median;
console.log('| metric | value | audit score |'); console.log('|---|---|---|');
for (const [k,v] of Object.entries(l.metrics)) console.log('| '+k+' | '+v.display+' | '+v.score+' |');
if (l.lcpElement) console.log('\nLCP element: \`'+l.lcpElement.replace(/\`/g,'')+'\`');
if (l.opportunities.length) console.log('\nOpportunities: '+l.opportunities.join('; '));
if (l.warnings.length) console.log('\nWarnings: '+l.warnings.join('; '));
")")
  else
    tool_error "Lighthouse failed"
    ROWS+=("| Lighthouse mobile performance, home | ≥ $TARGET_LH | measurement error | ERROR |")
  fi
fi
stop_server

# ---------------------------------------------------------------- 4. Go micro-benchmarks
if want go; then
  log "Go micro-benchmarks (go test -run '^\$' -bench . -benchmem -benchtime=$GO_TIME ./internal/... ./bench/gobench)"
  if (cd "$ROOT" && timeout 420 go test -run '^$' -bench . -benchmem -benchtime="$GO_TIME" -timeout 400s ./internal/... ./bench/gobench ) >"$RES/gobench.txt" 2>&1; then
    n=$(grep -c '^Benchmark' "$RES/gobench.txt" || true)
    ROWS+=("| Go micro-benchmarks (./internal/... and bench/gobench, -benchtime=$GO_TIME) | report | $n benchmarks, table below | INFO |")
  else
    tool_error "go test -bench failed (see bench/results/gobench.txt)"
    n=$(grep -c '^Benchmark' "$RES/gobench.txt" || true)
    ROWS+=("| Go micro-benchmarks | report | go test failed ($n benchmarks ran), see gobench.txt | ERROR |")
  fi
  grep -E '^(Benchmark|ok|FAIL|---|panic)' "$RES/gobench.txt" | sed 's/^/   /' || true
  SECTIONS+=("## Go micro-benchmarks

\`go test -run '^\$' -bench . -benchmem -benchtime=$GO_TIME ./internal/... ./bench/gobench\` (bench/gobench: the catalogue handler alone and behind httpx.Edge, in-process; RunParallel ns/op is wall time per request across both cores)

\`\`\`
$(grep -E '^(pkg:|Benchmark|FAIL|--- FAIL)' "$RES/gobench.txt" || echo '(no benchmarks found)')
\`\`\`")
fi

# ---------------------------------------------------------------- 5. slot simulation
# bench/slotsim: N rounds per RTP profile of the in-house slot against the
# par sheet (docs/games/slot.md); PASS when within 5 sigma / sqrt(N).
if want slotsim; then
  SLOT_ROUNDS=${BENCH_SLOT_ROUNDS:-100000000}
  log "slot simulation (bench/slotsim, $SLOT_ROUNDS rounds per RTP profile)"
  slotbin=$WORK/slotsim
  if (cd "$ROOT" && go build -o "$slotbin" ./bench/slotsim); then
    rc=0
    timeout 1800 "$slotbin" -n "$SLOT_ROUNDS" >"$RES/slotsim.txt" 2>&1 || rc=$?
    cat "$RES/slotsim.txt"
    if [ "$rc" -le 1 ] && grep -q '^slotsim profile=' "$RES/slotsim.txt"; then
      while read -r line; do
        kv() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$line"; }
        mark "$([ "$(kv result)" = PASS ] && echo 1 || echo 0)"
        ROWS+=("| slot RTP, profile $(kv profile) ($(kv rounds) rounds, bench/slotsim, $(kv workers) workers) | within 5σ/√N of the par sheet: $(awk -v v="$(kv par)" 'BEGIN{printf "%.4f%%", v*100}') ± $(awk -v v="$(kv tol)" 'BEGIN{printf "%.4f", v*100}') pt | $(awk -v v="$(kv rtp)" 'BEGIN{printf "%.4f%%", v*100}') in $(kv seconds) s ($(kv ns_per_round) ns/round wall, $(kv cpu_ns_per_round) ns/round CPU) | $V |")
      done < <(grep '^slotsim profile=' "$RES/slotsim.txt")
      SECTIONS+=("## Slot simulation

\`bench/slotsim -n $SLOT_ROUNDS\` (rounds = a base spin and all its free spins; par sheet by full enumeration, docs/games/slot.md)

$(grep '^|' "$RES/slotsim.txt")")
    else
      tool_error "bench/slotsim failed (exit $rc, see bench/results/slotsim.txt)"
      ROWS+=("| slot RTP (bench/slotsim) | within 5σ/√N of the par sheet | run failed | ERROR |")
    fi
  else
    tool_error "go build ./bench/slotsim failed"
    ROWS+=("| slot RTP (bench/slotsim) | within 5σ/√N of the par sheet | build failed | ERROR |")
  fi
fi

# bench/captcha: tesseract (Debian's tesseract-ocr) on N generated captchas in
# twelve configurations; the best read rate must stay under 5 %.
if want captcha; then
  CAPTCHAS=${BENCH_CAPTCHAS:-500}
  log "captcha OCR (bench/captcha, $CAPTCHAS captchas, tesseract)"
  if ! command -v tesseract >/dev/null 2>&1; then
    tool_error "tesseract is missing (apt-get install tesseract-ocr)"
    ROWS+=("| captcha read by tesseract (bench/captcha) | < 5 % | tesseract missing | ERROR |")
  elif (cd "$ROOT" && go build -o "$WORK/captcha" ./bench/captcha); then
    rc=0
    timeout 1800 "$WORK/captcha" -dir "$WORK/captchas" -n "$CAPTCHAS" >"$RES/captcha.txt" 2>&1 || rc=$?
    cat "$RES/captcha.txt"
    line=$(grep '^captcha n=' "$RES/captcha.txt" || true)
    if [ "$rc" = 0 ] && [ -n "$line" ]; then
      kv() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$line"; }
      mark "$([ "$(kv result)" = PASS ] && echo 1 || echo 0)"
      ROWS+=("| captcha read by tesseract, best of 12 configurations ($(kv n) captchas, bench/captcha) | < 5 % | $(awk -v v="$(kv rate)" 'BEGIN{printf "%.1f %%", v*100}') ($(kv best)) | $V |")
      SECTIONS+=("## Captcha OCR

\`bench/captcha -n $CAPTCHAS\`: tesseract $(tesseract --version 2>&1 | head -1 | awk '{print $2}') on the served PNG (raw) and on a binarised 2x upscale (pre); answers judged as the server judges them.

$(grep '^|' "$RES/captcha.txt")")
    else
      tool_error "bench/captcha failed (exit $rc, see bench/results/captcha.txt)"
      ROWS+=("| captcha read by tesseract (bench/captcha) | < 5 % | run failed | ERROR |")
    fi
  else
    tool_error "go build ./bench/captcha failed"
    ROWS+=("| captcha read by tesseract (bench/captcha) | < 5 % | build failed | ERROR |")
  fi
fi

# ---------------------------------------------------------------- report
if want machine; then
  machine_probe end || true
fi
write_summary
log "summary (bench/results/summary.md)"
awk '/^## Results against the targets/{p=1} p && /^## / && !/Results against/{exit} p' "$SUMMARY"
if [ ${#DETAIL[@]} -gt 0 ]; then
  echo "Catalogue runs:"
  for r in "${DETAIL[@]}"; do echo "$r"; done
fi
echo
if [ ${#TOOL_ERRORS[@]} -gt 0 ]; then
  echo "bench: ${#TOOL_ERRORS[@]} tool error(s): ${TOOL_ERRORS[*]}" >&2
  exit 2
fi
if [ "$MISSED" -gt 0 ]; then
  echo "bench: $MISSED target(s) missed (FAIL above)."
  [ "$STRICT" = 1 ] && exit 1
else
  echo "bench: every measured target met."
fi
exit 0
