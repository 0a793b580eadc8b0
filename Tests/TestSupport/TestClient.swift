import Foundation
import Platform

/// A blocking TCP client for raw-socket tests (the HTTP server's and the app's): writes exact
/// bytes, reads with deadlines (poll, never sleep), and parses responses strictly enough to
/// check framing. Used from one thread at a time. One connection per client; several requests may go over it (keep-alive,
/// pipelining) or one, with ``exchange(_:port:from:timeout:)``.
public final class TestClient: @unchecked Sendable {
    /// The socket's descriptor.
    public let fd: Int32
    private var buffer: [UInt8] = []
    /// Whether the server closed the connection (or reset it).
    public private(set) var sawEOF = false

    /// A connection or read that failed, with what was seen.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Connects to `host` (an IPv4 address) and `port`, with `TCP_NODELAY`, from the local
    /// address `from` when given (another loopback address, `127.0.0.2`, is another client
    /// address to the server: Linux routes all of 127.0.0.0/8 to the loopback interface).
    /// - Throws: ``Failure`` when the connection is refused or `from` can't be bound.
    public init(port: Int, host: String = "127.0.0.1", from local: String? = nil) throws {
        fd = Sys.streamSocket(family: AF_INET)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        if let local {
            let bound = Self.withIPv4(local, port: 0) { bind(fd, $0, $1) }
            guard bound == 0 else {
                let text = String(cString: strerror(errno))
                close()
                throw Failure(description: "bind \(local): \(text)")
            }
        }
        let result = Self.withIPv4(host, port: port) { connect(fd, $0, $1) }
        guard result == 0 else {
            let text = String(cString: strerror(errno))
            close()  // deinit still runs for a class whose properties are set: close only once
            throw Failure(description: "connect: \(text)")
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Whether this machine lets a socket bind `address` (Linux: all of 127.0.0.0/8 is
    /// loopback; macOS: only 127.0.0.1 unless aliases are added, `sudo ifconfig lo0 alias 127.0.0.2`).
    public static func canBind(_ address: String) -> Bool {
        let fd = Sys.streamSocket(family: AF_INET)
        guard fd >= 0 else { return false }
        defer { Sys.close(fd) }
        return withIPv4(address, port: 0) { bind(fd, $0, $1) } == 0
    }

    /// Calls `call` (`bind` or `connect`) with `host` (an IPv4 address) and `port` as a socket
    /// address and its length; returns what `call` returns.
    private static func withIPv4(
        _ host: String, port: Int, _ call: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    private var closed = false

    /// Closes the socket now (once: a second close could hit a descriptor number another
    /// test's socket has reused).
    public func close() {
        guard !closed else { return }
        closed = true
        Sys.close(fd)
    }

    deinit { close() }

    /// Sends all bytes (blocking). Returns false if the peer reset the connection.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool { Self.sendAll(fd: fd, bytes) }

    /// Blocking send of all bytes on a descriptor (usable from another thread).
    @discardableResult
    public static func sendAll(fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Sys.send(fd, $0.baseAddress! + sent, bytes.count - sent) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            sent += n
        }
        return true
    }

    /// Sends the UTF-8 of `text` (blocking).
    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Sends one byte per write, with TCP_NODELAY, so the server sees tiny reads.
    public func sendSlowly(_ text: String) {
        for byte in text.utf8 { send([byte]) }
    }

    /// Half-closes the connection: the server sees end of file.
    public func shutdownWrite() { Sys.shutdownWrite(fd) }

    /// Reads what is available, waiting at most until `deadline`. False on timeout.
    private func fill(until deadline: Date) -> Bool {
        if sawEOF { return false }
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return false }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(min(remaining * 1000, 60_000)) + 1)
            if ready < 0 {
                if errno == EINTR { continue }
                return false
            }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n > 0 {
                buffer.append(contentsOf: chunk[0..<n])
                return true
            }
            if n < 0 && errno == EINTR { continue }
            // 0 = orderly close; <0 = reset. Either way nothing more will come.
            sawEOF = true
            return false
        }
    }

    /// Waits until the server closes the connection (EOF or reset); false if it stays open.
    public func waitForClose(timeout: Double = testDeadline) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !sawEOF {
            if !fill(until: deadline) && !sawEOF { return false }
        }
        return true
    }

    /// Reads one response. `head: true` for a response to HEAD (no body whatever the headers say).
    /// - Throws: ``Failure`` when it is incomplete by `timeout` seconds or malformed.
    public func readResponse(timeout: Double = testDeadline, head: Bool = false) throws -> TestResponse {
        let deadline = Date(timeIntervalSinceNow: timeout)
        // Head.
        var headEnd: Int?
        while headEnd == nil {
            headEnd = Self.find([13, 10, 13, 10], in: buffer)
            if headEnd == nil && !fill(until: deadline) {
                throw Failure(
                    description:
                        "no complete response head (\(sawEOF ? "closed" : "timeout")); got \(String(decoding: buffer, as: UTF8.self).debugDescription)"
                )
            }
        }
        let headText = String(decoding: buffer[0..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd! + 4)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0] == "HTTP/1.1", let status = Int(parts[1]) else {
            throw Failure(description: "bad status line \(statusLine.debugDescription)")
        }
        var headers: [(String, String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw Failure(description: "bad header line \(line)") }
            headers.append(
                (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var response = TestResponse(status: status, headers: headers, body: [])
        if head || status == 204 || status == 304 || (100..<200).contains(status) { return response }
        if let te = response.header("transfer-encoding") {
            guard te.lowercased() == "chunked" else { throw Failure(description: "unexpected TE \(te)") }
            while true {
                var lineEnd: Int?
                while lineEnd == nil {
                    lineEnd = Self.find([13, 10], in: buffer)
                    if lineEnd == nil && !fill(until: deadline) {
                        throw Failure(description: "chunk size missing (\(sawEOF ? "closed" : "timeout"))")
                    }
                }
                let sizeText = String(decoding: buffer[0..<lineEnd!], as: UTF8.self)
                guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else {
                    throw Failure(description: "bad chunk size \(sizeText)")
                }
                buffer.removeFirst(lineEnd! + 2)
                if size == 0 {
                    while Self.find([13, 10], in: buffer) != 0 {
                        if !fill(until: deadline) {
                            throw Failure(description: "chunked end missing (\(sawEOF ? "closed" : "timeout"))")
                        }
                    }
                    buffer.removeFirst(2)
                    return response
                }
                while buffer.count < size + 2 {
                    if !fill(until: deadline) {
                        throw Failure(description: "chunk data short (\(sawEOF ? "closed" : "timeout"))")
                    }
                }
                response.body.append(contentsOf: buffer[0..<size])
                guard buffer[size] == 13, buffer[size + 1] == 10 else {
                    throw Failure(description: "chunk not CRLF-terminated")
                }
                buffer.removeFirst(size + 2)
            }
        }
        if let lengthText = response.header("content-length") {
            guard let length = Int(lengthText) else { throw Failure(description: "bad Content-Length") }
            while buffer.count < length {
                if !fill(until: deadline) { throw Failure(description: "body short: \(buffer.count) of \(length)") }
            }
            response.body = Array(buffer[0..<length])
            buffer.removeFirst(length)
            return response
        }
        // Delimited by close.
        _ = waitForClose(timeout: deadline.timeIntervalSinceNow)
        response.body = buffer
        buffer = []
        return response
    }

    /// Reads raw bytes until `marker` has been seen, returning everything up to and including it.
    public func readUntil(_ marker: String, timeout: Double = testDeadline) throws -> String {
        let deadline = Date(timeIntervalSinceNow: timeout)
        let bytes = Array(marker.utf8)
        while true {
            if let index = Self.find(bytes, in: buffer) {
                let text = String(decoding: buffer[0..<(index + bytes.count)], as: UTF8.self)
                buffer.removeFirst(index + bytes.count)
                return text
            }
            if !fill(until: deadline) {
                throw Failure(
                    description:
                        "did not see \(marker.debugDescription); got \(String(decoding: buffer, as: UTF8.self).debugDescription)"
                )
            }
        }
    }

    /// Bytes read but not yet consumed.
    public var pending: [UInt8] { buffer }

    /// Sends `request` on a new connection to 127.0.0.1:`port` and reads one response (the
    /// request should say `Connection: close` if the test wants the connection gone after it).
    /// From the local address `from` when given (``init(port:host:from:)``).
    public static func exchange(
        _ request: [UInt8], port: Int, from local: String? = nil, timeout: Double = testDeadline
    ) throws -> TestResponse {
        let client = try TestClient(port: port, from: local)
        guard client.send(request) else { throw Failure(description: "the server reset the connection") }
        return try client.readResponse(timeout: timeout)
    }

    /// The index of the first occurrence of `needle` in `haystack`.
    public static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }
}

/// Runs blocking socket code on its own thread: the cooperative pool has one thread per core
/// (two here), and a test blocking them would starve the server's handler tasks.
///
/// The body runs in the calling task, only on a thread of its own (a task executor
/// preference, ``ThreadPerJobExecutor``), so the task's locals — Swift Testing's current test
/// among them — are there: an `#expect` inside is recorded against its test, not as an
/// "unknown" one.
public func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    if #available(macOS 15.0, *) {
        return try await withTaskExecutorPreference(ThreadPerJobExecutor()) { try body() }
    }
    return try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// A task executor that runs each job on a new thread of its own (1 MiB of stack): for a task
/// that is about to block.
@available(macOS 15.0, *)
public final class ThreadPerJobExecutor: TaskExecutor, @unchecked Sendable {
    public init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread { job.runSynchronously(on: executor) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// A response as a test reads it: status, header fields in order, body (de-chunked).
public struct TestResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Name and value of each header field, in order.
    public var headers: [(String, String)]
    /// The body's bytes.
    public var body: [UInt8]

    /// A response with these parts (say, from HTTPServer's in-process client).
    public init(status: Int, headers: [(String, String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
    /// How many fields named `name` there are.
    public func headerCount(_ name: String) -> Int {
        headers.filter { $0.0.lowercased() == name.lowercased() }.count
    }
    /// The body as UTF-8.
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// How long, in seconds, a test waits by default for something that should happen (a response,
/// a close, a condition). A deadline, not a sleep: passing tests never wait it out. It is long
/// because the whole suite runs at once on two cores, where a handler's task can queue behind
/// hundreds of tests' jobs on Swift's cooperative pool for many seconds (CI saw 15 s run out).
public let testDeadline: Double = 60

/// Polls `condition` every 5 ms until it holds or `timeout` seconds pass; whether it held.
/// Blocks: call it inside ``blocking(_:)``.
public func pollUntil(timeout: Double = testDeadline, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(5_000)
    }
    return condition()
}
