-- wrk script: authenticated GET /wps/member/info with one session token
-- (BENCH_TOKEN, from a login done once by bench/run.sh). The request is
-- formatted once; no response() callback (it would slow wrk down). Paced
-- mode as in gamelist.lua (BENCH_RATE, BENCH_CONNS).
local token = os.getenv("BENCH_TOKEN") or ""
if token == "" then error("BENCH_TOKEN is not set") end
local req
function init(args)
  req = wrk.format("GET", "/wps/member/info", {
    ["Authorization"] = "Bearer " .. token, ["Accept"] = "application/json", ["Accept-Encoding"] = "gzip" })
end
function request() return req end

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
