-- wrk script: GET a list of request paths round-robin (game list pages,
-- vendor lanes, /healthz). The paths come from the file named by
-- BENCH_PATHS_FILE (one per line), which bench/lib/discover.mjs writes from
-- the live demo catalogue after checking that every path answers 200.
--
-- Requests are pre-formatted once per thread (no per-request Lua string work),
-- each thread starts at a different offset, and no response() callback is set
-- (that would make wrk parse every response in Lua and slow the client down).
-- Browsers send Accept-Encoding: gzip, so this does too. See the end of the
-- file for the paced mode (BENCH_RATE).

local tid = 0
function setup(thread)
  tid = tid + 1
  thread:set("thread_id", tid)
end

local function load_paths()
  local list = {}
  local file = os.getenv("BENCH_PATHS_FILE")
  if file and file ~= "" then
    for line in io.lines(file) do
      if line:sub(1, 1) == "/" then list[#list + 1] = line end
    end
    if #list == 0 then error("no request paths in " .. file) end
  else
    error("set BENCH_PATHS_FILE to a file of request paths (bench/lib/discover.mjs writes them)")
  end
  return list
end

local reqs, n, i = {}, 0, 0
function init(args)
  for _, p in ipairs(load_paths()) do
    n = n + 1
    reqs[n] = wrk.format("GET", p, { ["Accept-Encoding"] = "gzip", ["Accept"] = "application/json" })
  end
  i = ((thread_id or 1) * 3) % n
end

function request()
  i = i + 1
  if i > n then i = 1 end
  return reqs[i]
end

-- Paced mode (BENCH_RATE=<req/s>, BENCH_CONNS=<wrk -c>): each connection
-- waits between a response and its next request so the total approaches the
-- rate, to read the latency *at* a given throughput instead of at saturation.
-- wrk's delay() takes whole milliseconds, so the fractional part is dithered.
-- (Not corrected for coordinated omission; only meaningful below saturation.)
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
