-- wrk script: GET /wps/relay/vendorLanes, rotating over its realistic variants
-- (language TY/EN; the storefront asks with platform=html5-desktop).
--
-- The queries come from the file named by BENCH_PATHS_FILE (one path per line),
-- which bench/lib/discover.mjs writes after checking that every variant
-- answers 200. Without that variable the built-in list below is used.
--
-- Requests are pre-formatted once per thread (no per-request Lua string work),
-- each thread starts at a different offset, and no response() callback is set
-- (that would make wrk parse every response in Lua and slow the client down).
-- Browsers send Accept-Encoding: gzip, so this does too.

local defaults = {
  "/wps/relay/vendorLanes?platform=html5-desktop&language=TY",
  "/wps/relay/vendorLanes?platform=html5-desktop&language=EN",
}

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
    list = defaults
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
