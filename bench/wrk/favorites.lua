-- wrk script: a logged-in member's game reads (favourite ids, favourite list,
-- recent games, game list) round-robin with one session token (BENCH_TOKEN,
-- from a login done once by bench/run.sh). The paths come from
-- BENCH_PATHS_FILE (one per line). Requests are formatted once per thread; no
-- response() callback. Paced mode as in rotate.lua (BENCH_RATE, BENCH_CONNS).
local token = os.getenv("BENCH_TOKEN") or ""
if token == "" then error("BENCH_TOKEN is not set") end

local tid = 0
function setup(thread)
  tid = tid + 1
  thread:set("thread_id", tid)
end

local reqs, n, i = {}, 0, 0
function init(args)
  local file = os.getenv("BENCH_PATHS_FILE") or ""
  if file == "" then error("BENCH_PATHS_FILE is not set") end
  for line in io.lines(file) do
    if line:sub(1, 1) == "/" then
      n = n + 1
      reqs[n] = wrk.format("GET", line, {
        ["Authorization"] = "Bearer " .. token, ["Accept"] = "application/json", ["Accept-Encoding"] = "gzip" })
    end
  end
  if n == 0 then error("no request paths in " .. file) end
  i = ((thread_id or 1) * 3) % n
end

function request()
  i = i % n + 1
  return reqs[i]
end

local rate = tonumber(os.getenv("BENCH_RATE") or "")
if rate and rate > 0 then
  local think = 1000 * (tonumber(os.getenv("BENCH_CONNS") or "64")) / rate - 0.45
  if think < 0 then think = 0 end
  local whole = math.floor(think)
  local frac = think - whole
  function delay()
    if math.random() < frac then return whole + 1 end
    return whole
  end
end
