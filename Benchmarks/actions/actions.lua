-- wrk script for Benchmarks/actions/run.sh: one session per connection (run with as many
-- threads as connections, so each thread's Lua state drives exactly one connection), cycling
-- tap Compose / swipe down on the bundled Mail prototype. Every action is logged durably
-- (fsynced by the log's group commit) before its response.

local counter = 0
local threads = {}

function setup(thread)
    counter = counter + 1
    local f = assert(io.open(os.getenv("SESSIONS_FILE"), "r"))
    local i = 0
    local sid = nil
    for line in f:lines() do
        i = i + 1
        if i == counter then sid = line end
    end
    f:close()
    thread:set("sid", sid)
    thread:set("token", os.getenv("MODALLAB_OWNER_TOKEN"))
    table.insert(threads, thread)
end

local step = 0
local bodies = {
    '{"type":"tap","target":"compose"}',
    '{"type":"swipeDown","target":"compose"}',
}

function init(args)
    path = "/api/sessions/" .. sid .. "/actions"
    headers = {
        ["Content-Type"] = "application/json",
        ["Authorization"] = "Bearer " .. token,
    }
    bad = 0
end

function request()
    step = step + 1
    return wrk.format("POST", path, headers, bodies[(step - 1) % 2 + 1])
end

function response(status, headers, body)
    if status ~= 200 then bad = bad + 1 end
end

function done(summary, latency, requests)
    local non200 = 0
    for _, t in ipairs(threads) do non200 = non200 + (t:get("bad") or 0) end
    local seconds = summary.duration / 1e6
    io.write(string.format(
        "RESULT requests=%d seconds=%.2f req_per_s=%.0f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f max_ms=%.2f non200=%d errors=%d\n",
        summary.requests, seconds, summary.requests / seconds,
        latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
        latency.max / 1000, non200,
        summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout))
end
