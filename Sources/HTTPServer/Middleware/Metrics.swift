import Platform

/// Request counters and latency histograms by route pattern, in the Prometheus text
/// exposition format (version 0.0.4). Install it as middleware and serve ``prometheusText()``:
///
/// ```swift
/// let metrics = Metrics()
/// router.use(metrics)
/// metrics.track(server)   // adds open/accepted connection gauges
/// router.get("/metrics") { _ in metrics.response() }
/// ```
///
/// Series: `http_requests_total{method,route,status}` (counter),
/// `http_request_duration_seconds{route}` (histogram, seconds), `http_open_connections`,
/// `http_connections_accepted_total` and `http_server_refusals_total{status}` (requests refused
/// before routing: malformed, over a limit, or above the connection cap). The `route` label is the matched pattern (`/p/{id}`) or
/// `unmatched`, so label cardinality stays bounded whatever paths clients send.
public final class Metrics: HTTPMiddleware, @unchecked Sendable {
    /// Histogram upper bounds in seconds.
    public let buckets: [Double]

    private struct CounterKey: Hashable {
        var method: String
        var route: String
        var status: Int
    }
    private struct Histogram {
        var counts: [UInt64]
        var sum: Double = 0
        var count: UInt64 = 0

        mutating func record(_ bucket: Int?, _ duration: Double) {
            if let bucket { counts[bucket] += 1 }
            sum += duration
            count += 1
        }
    }
    private struct State {
        /// Each series' place in `counts`, and each route's in `histograms`.
        var counterSlots: [CounterKey: Int] = [:]
        var counts: [UInt64] = []
        var histogramSlots: [String: Int] = [:]
        var histograms: [Histogram] = []
        /// The last series counted, with their places: a request like one of them (the same
        /// pattern string, method and status) is counted without hashing its strings.
        var recent: [Recent] = []
        var nextRecent = 0
    }
    private struct Recent {
        var key: CounterKey
        var counter: Int
        var histogram: Int
    }
    private static let recentCount = 4
    /// One shard per thread (by thread identity), merged when read: the event loops record
    /// without contending for one lock.
    private let shards = (0..<Metrics.shardCount).map { _ in Locked(State()) }
    private static let shardCount = 16
    private let server = Locked<WeakServer?>(nil)

    private struct WeakServer {
        weak var server: HTTPServer?
    }

    /// - Parameter buckets: histogram upper bounds in seconds, ascending.
    public init(buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]) {
        self.buckets = buckets.sorted()
    }

    /// Reports `server`'s connection gauges too (held weakly).
    public func track(_ server: HTTPServer) {
        self.server.withLock { $0 = WeakServer(server: server) }
    }

    /// Counts one request: `duration` in seconds.
    public func record(method: HTTPMethod, route: String, status: Int, duration: Double) {
        let index = buckets.firstIndex(where: { duration <= $0 })
        shards[currentThreadShard(Self.shardCount)].withLock { state in
            let key = CounterKey(method: method.rawValue, route: route, status: status)
            var slot: (counter: Int, histogram: Int)? = nil
            for recent in state.recent where recent.key == key {
                slot = (recent.counter, recent.histogram)
                break
            }
            if slot == nil {
                let counter: Int
                if let known = state.counterSlots[key] {
                    counter = known
                } else {
                    counter = state.counts.count
                    state.counts.append(0)
                    state.counterSlots[key] = counter
                }
                let histogram: Int
                if let known = state.histogramSlots[route] {
                    histogram = known
                } else {
                    histogram = state.histograms.count
                    state.histograms.append(Histogram(counts: Array(repeating: 0, count: buckets.count)))
                    state.histogramSlots[route] = histogram
                }
                let recent = Recent(key: key, counter: counter, histogram: histogram)
                if state.recent.count < Self.recentCount {
                    state.recent.append(recent)
                } else {
                    state.recent[state.nextRecent] = recent
                    state.nextRecent = (state.nextRecent + 1) % Self.recentCount
                }
                slot = (counter, histogram)
            }
            let (counter, histogram) = slot!
            state.counts[counter] += 1
            // Modified in place (a copy out of the array would copy the buckets each time).
            state.histograms[histogram].record(index, duration)
        }
    }

    /// Records the request under its route pattern (`unmatched` when none matched).
    public func didHandle(_ request: HTTPRequest, response: inout HTTPResponse, duration: Double) {
        record(
            method: request.method, route: request.routePattern ?? "unmatched", status: response.status.code,
            duration: duration)
    }

    /// The text exposition: `# HELP`/`# TYPE` lines and one sample per line.
    public func prometheusText() -> String {
        var counters: [CounterKey: UInt64] = [:]
        var histograms: [String: Histogram] = [:]
        for shard in shards {
            let (shardCounters, shardHistograms) = shard.withLock { state in
                (
                    state.counterSlots.mapValues { state.counts[$0] },
                    state.histogramSlots.mapValues { state.histograms[$0] }
                )
            }
            counters.merge(shardCounters, uniquingKeysWith: +)
            histograms.merge(shardHistograms) { a, b in
                Histogram(counts: zip(a.counts, b.counts).map { $0 + $1 }, sum: a.sum + b.sum, count: a.count + b.count)
            }
        }
        var out = "# HELP http_requests_total Requests answered, by method, route pattern and status.\n"
        out += "# TYPE http_requests_total counter\n"
        for (key, value) in counters.sorted(by: {
            ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status)
        }) {
            out +=
                "http_requests_total{method=\"\(Self.escape(key.method))\",route=\"\(Self.escape(key.route))\",status=\"\(key.status)\"} \(value)\n"
        }
        out += "# HELP http_request_duration_seconds Time to produce a response, by route pattern.\n"
        out += "# TYPE http_request_duration_seconds histogram\n"
        for (route, histogram) in histograms.sorted(by: { $0.key < $1.key }) {
            let label = Self.escape(route)
            var cumulative: UInt64 = 0
            for (index, bound) in buckets.enumerated() {
                cumulative += histogram.counts[index]
                out +=
                    "http_request_duration_seconds_bucket{route=\"\(label)\",le=\"\(Self.number(bound))\"} \(cumulative)\n"
            }
            out += "http_request_duration_seconds_bucket{route=\"\(label)\",le=\"+Inf\"} \(histogram.count)\n"
            out += "http_request_duration_seconds_sum{route=\"\(label)\"} \(Self.number(histogram.sum))\n"
            out += "http_request_duration_seconds_count{route=\"\(label)\"} \(histogram.count)\n"
        }
        if let server = server.withLock({ $0?.server }) {
            out += "# HELP http_open_connections Client connections open now.\n"
            out += "# TYPE http_open_connections gauge\n"
            out += "http_open_connections \(server.openConnections)\n"
            out += "# HELP http_connections_accepted_total Connections accepted since start.\n"
            out += "# TYPE http_connections_accepted_total counter\n"
            out += "http_connections_accepted_total \(server.acceptedConnections)\n"
            out += "# HELP http_server_refusals_total Requests the server refused before routing, by status.\n"
            out += "# TYPE http_server_refusals_total counter\n"
            for (status, count) in server.refusals.sorted(by: { $0.key < $1.key }) {
                out += "http_server_refusals_total{status=\"\(status)\"} \(count)\n"
            }
        }
        return out
    }

    /// ``prometheusText()`` as a response with the exposition format's content type.
    public func response() -> HTTPResponse {
        HTTPResponse(
            status: .ok, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
            body: .bytes(Array(prometheusText().utf8)))
    }

    private static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
