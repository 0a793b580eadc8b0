import Foundation
import HTTPServer
import JSON
import Platform
import TestSupport

extension TestResponse {
    /// The body as JSON, nil when it is not.
    var json: JSONValue? { try? JSONParser.parse(body) }
}

/// How the app's tests reach it: in process, through its router (``InProcessClient``: most
/// route tests), or over a real socket (``TestClient``, one connection per request: the
/// end-to-end tests). Both send the same requests: `Host`, the owner's bearer token unless
/// `auth` is false, and with a body `Content-Type: contentType` (JSON unless the test says
/// otherwise; nil for none).
struct AppClient {
    enum Transport {
        case inProcess(InProcessClient)
        case socket
    }

    let transport: Transport
    /// The port in `Host` (and, over a socket, the one connected to).
    let port: Int
    var token: String?

    func request(
        _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:], auth: Bool = true,
        contentType: String? = "application/json"
    ) async throws -> TestResponse {
        switch transport {
        case .socket:
            return try await exchange(
                raw(method, path, body: body, headers: headers, auth: auth, contentType: contentType))
        case .inProcess(let client):
            var fields = HTTPHeaders()
            for (name, value) in requestHeaders(body: body, headers: headers, auth: auth, contentType: contentType) {
                fields.add(name: name, value: value)
            }
            let request = HTTPRequest(
                method: HTTPMethod(method), target: path, headers: fields, body: Array((body ?? "").utf8))
            let r = try await client.send(request)
            return TestResponse(status: r.status.code, headers: r.headers.map { ($0.name, $0.value) }, body: r.body)
        }
    }

    func json(_ method: String, _ path: String, _ body: JSONValue? = nil) async throws -> TestResponse {
        try await request(method, path, body: body.map { JSONWriter().string($0) })
    }

    /// The header fields of a request, in order (without the framing).
    private func requestHeaders(body: String?, headers: [String: String], auth: Bool, contentType: String?)
        -> [(String, String)]
    {
        var fields: [(String, String)] = []
        if !headers.keys.contains(where: { $0.lowercased() == "host" }) { fields.append(("Host", "127.0.0.1:\(port)")) }
        if auth, let token { fields.append(("Authorization", "Bearer \(token)")) }
        fields += headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        if body != nil, let contentType, !headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
            fields.append(("Content-Type", contentType))
        }
        return fields
    }

    /// The bytes of a request as ``request(_:_:body:headers:auth:contentType:)`` sends it over a
    /// socket (with `Connection: close`).
    func raw(
        _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:], auth: Bool = true,
        contentType: String? = "application/json"
    ) -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nConnection: close\r\n"
        for (name, value) in requestHeaders(body: body, headers: headers, auth: auth, contentType: contentType) {
            head += "\(name): \(value)\r\n"
        }
        let bytes = Array((body ?? "").utf8)
        if body != nil { head += "Content-Length: \(bytes.count)\r\n" }
        return Array((head + "\r\n").utf8) + bytes
    }

    /// Sends raw bytes on a new connection and reads the response, on a thread of its own
    /// (never on Swift's cooperative pool, which the server's async handlers need).
    func exchange(_ raw: [UInt8]) async throws -> TestResponse {
        try await simultaneously([raw])[0]
    }

    /// Sends every request at once, each on a connection and a thread of its own (Dispatch's
    /// global queue runs only about one blocking job per core), and returns the responses in
    /// the order of `requests`.
    func simultaneously(_ requests: [[UInt8]]) async throws -> [TestResponse] {
        let results = Locked<[Result<TestResponse, Error>?]>(Array(repeating: nil, count: requests.count))
        let group = DispatchGroup()
        let port = self.port
        for (i, raw) in requests.enumerated() {
            group.enter()
            let thread = Thread {
                let r = Result { try TestClient.exchange(raw, port: port) }
                results.withLock { $0[i] = r }
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        return try await withCheckedThrowingContinuation { k in
            let waiter = Thread {
                group.wait()
                k.resume(with: Result { try results.current.map { try $0!.get() } })
            }
            waiter.start()
        }
    }
}

/// A failure of a test's own steps, with what was seen.
struct ClientError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
