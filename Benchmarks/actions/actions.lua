-- wrk script for Benchmarks/actions/run.sh: each wrk thread drives its own share of the
-- sessions (listed in $SESSIONS_FILE, one id per line) round-robin, cycling tap Compose /
-- swipe down on the bundled Mail prototype. With several sessions per connection a session gets
-- its next action only after its previous one was answered (else the second would be a 409 and
-- show up in `non2xx`). Every action is logged durably (fsynced by the log's
-- group commit) before its response.
--
-- The requests are built once, at start, and there is no response() callback (wrk would copy
-- every 5 KB body into Lua): the client's CPU time comes out of the same two cores as the
-- server's.

local counter = 0

function setup(thread)
    counter = counter + 1
    thread:set("index", counter)
    thread:set("token", os.getenv("MODALLAB_OWNER_TOKEN"))
    thread:set("nthreads", tonumber(os.getenv("WRK_THREADS") or "1"))
end

function init(args)
    local headers = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }
    local bodies = { '{"type":"tap","target":"compose"}', '{"type":"swipeDown","target":"compose"}' }
    requests = {}
    local i = 0
    for line in io.lines(os.getenv("SESSIONS_FILE")) do
        if line ~= "" then
            if i % nthreads == index - 1 then
                local path = "/api/sessions/" .. line .. "/actions"
                table.insert(requests, {
                    wrk.format("POST", path, headers, bodies[1]), wrk.format("POST", path, headers, bodies[2]),
                })
            end
            i = i + 1
        end
    end
    assert(#requests > 0, "no sessions for this thread")
    nextSession = 0
    round = 0
end

function request()
    nextSession = nextSession + 1
    if nextSession > #requests then
        nextSession = 1
        round = round + 1
    end
    return requests[nextSession][round % 2 + 1]
end

function done(summary, latency, requests)
    local seconds = summary.duration / 1e6
    io.write(string.format(
        "RESULT requests=%d seconds=%.2f req_per_s=%.0f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f max_ms=%.2f non2xx=%d errors=%d\n",
        summary.requests, seconds, summary.requests / seconds,
        latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
        latency.max / 1000, summary.errors.status,
        summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
