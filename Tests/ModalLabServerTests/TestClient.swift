import Foundation
import JSON

#if canImport(Glibc)
    import Glibc
#endif

/// A response read off a real socket.
struct RawResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
    var text: String { String(decoding: body, as: UTF8.self) }
    var json: JSONValue? { try? JSONParser.parse(body) }
}

/// A blocking HTTP/1.1 client over a TCP socket to 127.0.0.1: one request per connection,
/// `Connection: close`, reading to EOF (chunked bodies are decoded).
struct TestClient {
    let port: Int
    var token: String?

    func request(
        _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:], auth: Bool = true
    )
        async throws -> RawResponse
    {
        try await exchange(raw(method, path, body: body, headers: headers, auth: auth))
    }

    /// The bytes of a request as ``request(_:_:body:headers:auth:)`` sends it.
    func raw(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:], auth: Bool = true)
        -> [UInt8]
    {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if auth, let token { head += "Authorization: Bearer \(token)\r\n" }
        for (k, v) in headers { head += "\(k): \(v)\r\n" }
        let bytes = Array((body ?? "").utf8)
        if body != nil {
            if headers["Content-Type"] == nil { head += "Content-Type: application/json\r\n" }
            head += "Content-Length: \(bytes.count)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + bytes
    }

    /// Sends every request at once, each on a connection and a thread of its own (Dispatch's
    /// global queue runs only about one blocking job per core), and returns the responses in
    /// the order of `requests`.
    func simultaneously(_ requests: [[UInt8]]) async throws -> [RawResponse] {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var items: [Result<RawResponse, Error>?]
            init(_ n: Int) { items = Array(repeating: nil, count: n) }
            func withLock<T>(_ body: (inout [Result<RawResponse, Error>?]) throws -> T) rethrows -> T {
                lock.lock()
                defer { lock.unlock() }
                return try body(&items)
            }
        }
        let results = Results(requests.count)
        let group = DispatchGroup()
        for (i, raw) in requests.enumerated() {
            group.enter()
            let thread = Thread {
                let r = Result { try self.blockingExchange(raw) }
                results.withLock { $0[i] = r }
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        return try await withCheckedThrowingContinuation { k in
            let waiter = Thread {
                group.wait()
                k.resume(with: Result { try results.withLock { $0 }.map { try $0!.get() } })
            }
            waiter.start()
        }
    }

    func json(_ method: String, _ path: String, _ body: JSONValue? = nil) async throws -> RawResponse {
        try await request(method, path, body: body.map { JSONWriter().string($0) })
    }

    /// Sends raw bytes and reads the whole response. The blocking socket work runs on a
    /// Dispatch thread, never on Swift's cooperative pool, which the server's async handlers need.
    func exchange(_ raw: [UInt8]) async throws -> RawResponse {
        try await withCheckedThrowingContinuation { (k: CheckedContinuation<RawResponse, Error>) in
            DispatchQueue.global().async {
                k.resume(with: Result { try self.blockingExchange(raw) })
            }
        }
    }

    func blockingExchange(_ raw: [UInt8]) throws -> RawResponse {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError("socket: \(errno)") }
        defer { close(fd) }
        var tv = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard rc == 0 else { throw ClientError("connect: \(errno)") }
        var sent = 0
        while sent < raw.count {
            let n = raw[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw ClientError("send: \(errno)") }
            sent += n
        }
        var data: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buf, buf.count, 0)
            if n <= 0 { break }
            data += buf[0..<n]
        }
        return try parse(data)
    }

    func parse(_ data: [UInt8]) throws -> RawResponse {
        guard let end = data.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw ClientError("no response head in \(data.count) bytes")
        }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = head[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw ClientError("bad status line \(head[0])") }
        var headers: [(String, String)] = []
        for line in head.dropFirst() {
            guard let c = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<c]), line[line.index(after: c)...].trimmingCharacters(in: .whitespaces)))
        }
        var body = Array(data[end.upperBound...])
        if headers.contains(where: { $0.0.lowercased() == "transfer-encoding" && $0.1.lowercased().contains("chunked") }
        ) {
            body = try dechunk(body)
        }
        return RawResponse(status: status, headers: headers, body: body)
    }

    func dechunk(_ b: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < b.count {
            guard let le = b[i...].firstRange(of: Array("\r\n".utf8)) else { break }
            let sizeText = String(decoding: b[i..<le.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw ClientError("bad chunk size")
            }
            i = le.upperBound
            if size == 0 { break }
            out += b[i..<(i + size)]
            i += size + 2
        }
        return out
    }
}

struct ClientError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
