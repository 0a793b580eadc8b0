import Dispatch
import Foundation
import Platform

/// One client connection: reads and parses requests, asks the responder, writes responses in
/// order, and enforces the timeouts. Lives on one ``EventLoop``'s queue, where its Dispatch
/// sources deliver their events; all state is touched only there.
///
/// Life cycle: `idle` (between requests) → `head` (reading a request head) → `body` →
/// `responding` (handler running or response being written) → `idle` again, or `lingering`
/// (write side shut, draining what the client still sends so it sees our last response
/// rather than a reset) → `closed`.
///
/// A peer's end of file or reset arrives through the read source. While reading is paused
/// (pipelined input waiting behind a response, or after the peer's end of file) the source
/// reports nothing, so a reset then shows when the response is written: the write fails and
/// the connection closes. A response waiting for room learns of a reset from the write
/// source, or, when the reset came before that source was watched, from the write its
/// registration handler makes (see `armWrite`).
final class Connection: @unchecked Sendable {
    enum Phase { case idle, head, body, responding, lingering, closed }

    enum Framing {
        case none
        case length(Int)
        case chunked
        /// HTTP/1.0 streaming: the end of the body is the end of the connection.
        case unframed
    }

    private enum Piece {
        case bytes([UInt8], offset: Int)
        case file(FileDescriptor, offset: Int, remaining: Int)

        /// Sends what it can of the rest to `socket`: the bytes sent, or -1 with errno set.
        func send(to socket: Int32) -> Int {
            switch self {
            case .bytes(let bytes, let offset):
                bytes.withUnsafeBytes { Sys.send(socket, $0.baseAddress! + offset, $0.count - offset) }
            case .file(let file, let offset, let remaining):
                Sys.sendFile(socket: socket, file: file.rawValue, offset: offset, count: min(remaining, 1 << 20))
            }
        }

        /// What is left after `count` more bytes were sent; nil when nothing is.
        func advanced(by count: Int) -> Piece? {
            switch self {
            case .bytes(let bytes, let offset):
                offset + count == bytes.count ? nil : .bytes(bytes, offset: offset + count)
            case .file(let file, let offset, let remaining):
                count == remaining ? nil : .file(file, offset: offset + count, remaining: remaining - count)
            }
        }
    }

    /// What to do once everything queued has been written.
    private enum AfterDrain { case nothing, finishRequest }

    /// How the server took the connection in (``HTTPServer``'s admission, on accepting it).
    enum Admission: Equatable {
        /// Within every limit: counts against ``ServerConfiguration/maxConnections`` and its
        /// address's ``ServerConfiguration/maxConnectionsPerAddress``.
        case counted
        /// Past its address's limit: counts against ``ServerConfiguration/maxConnections``, and
        /// each request is answered only when exempt (``HTTPServer/judgeOverLimit(_:exempt:)``).
        case overLimit
        /// Answered with this status (503, 429) and closed; counts against neither limit.
        case refused(HTTPStatus)
    }

    /// Where an over-limit connection stands; touched only under the server's lock.
    enum OverLimitState { case none, waiting, exempt, evicted }

    let fd: Int32
    let loop: EventLoop
    let server: HTTPServer
    let remoteAddress: String
    /// ``remoteAddress`` without its port: what per-address limits count by.
    let remoteHost: String
    /// Set by the server before ``start()`` and not changed after.
    var admission = Admission.counted
    /// Guarded by the server's lock (``HTTPServer/judgeOverLimit(_:exempt:)``).
    var overLimitState = OverLimitState.none
    // The state below is touched only on the loop's serial queue (the sources' handlers, jobs
    // given to `loop.execute`), one access at a time: no access to one of these properties
    // starts while another to it is under way (none is passed `inout` to code that could reach
    // the connection again). So the dynamic exclusivity checks Swift makes on a class's stored
    // properties (`swift_beginAccess`, ~26 per request, 2,400 instructions of /healthz's 20,000:
    // callgrind, BENCHMARKS.md) are left out with `@exclusivity(unchecked)`. `overLimitState`,
    // touched under the server's lock from other loops, keeps its checks.

    /// Position in `loop.connections`.
    @exclusivity(unchecked) var loopIndex = -1
    /// Whether the connection's first request was exempt
    /// (``ServerConfiguration/exemptFromAddressLimit``: the owner's, say): it is closed last to
    /// make room at the connection cap.
    @exclusivity(unchecked) private(set) var isExempt = false
    /// Closed by ``closeToMakeRoom()``: the server's count of connections closing for room
    /// drops when it is gone. Set on the loop before the close, read once it is closed.
    @exclusivity(unchecked) private(set) var closedToMakeRoom = false

    /// Reports that the socket has bytes (or end of file) to read. Paused while reading is
    /// (pipelined input waiting behind a response) and once the peer finished sending.
    @exclusivity(unchecked) private var readSource: PausableSource?
    /// Reports room in the socket's send buffer; made when a write first finds none, running
    /// only while a response waits for room.
    @exclusivity(unchecked) private var writeSource: PausableSource?
    /// Sources made and not yet through their cancel handlers; the descriptor closes at zero.
    @exclusivity(unchecked) private var liveSources = 0

    @exclusivity(unchecked) private(set) var phase = Phase.idle
    @exclusivity(unchecked) private var input: [UInt8] = []
    @exclusivity(unchecked) private var inputStart = 0
    @exclusivity(unchecked) private var scanFrom = 0
    @exclusivity(unchecked) private var requestLineEnd = -1
    @exclusivity(unchecked) private var requestsServed = 0
    @exclusivity(unchecked) private var lastActivity: UInt64
    @exclusivity(unchecked) private var headStart: UInt64
    @exclusivity(unchecked) private var lingerDeadline: UInt64 = 0
    @exclusivity(unchecked) private var processing = false
    /// Requests dispatched since the connection last let the loop's other work go first
    /// (``requestsPerTurn``), and whether its next turn is queued.
    @exclusivity(unchecked) private var answeredInTurn = 0
    @exclusivity(unchecked) private var turnQueued = false
    @exclusivity(unchecked) private var peerClosed = false
    @exclusivity(unchecked) private var shuttingDown = false

    @exclusivity(unchecked) private var request: HTTPRequest?
    /// The fields array of the last request parsed, shared with that request until it is gone;
    /// the next head is parsed into its buffer (``RequestHeadParser/parse(_:start:end:maxTargetBytes:maxFields:storage:)``).
    @exclusivity(unchecked) private var fieldStorage: [HTTPHeaders.Field] = []
    @exclusivity(unchecked) private var bodyLimit = 0
    @exclusivity(unchecked) private var bodyRemaining = 0
    @exclusivity(unchecked) private var chunked: ChunkedDecoder?
    @exclusivity(unchecked) private var closeAfterResponse = false
    @exclusivity(unchecked) private var respondingToHead = false
    @exclusivity(unchecked) private var respondingVersion = HTTPVersion.http1_1

    @exclusivity(unchecked) private var output: [Piece] = []
    @exclusivity(unchecked) private var outputHead = 0
    @exclusivity(unchecked) private var outputBytes = 0
    @exclusivity(unchecked) private var lastWriteProgress: UInt64 = 0
    @exclusivity(unchecked) private var afterDrain = AfterDrain.nothing
    @exclusivity(unchecked) private var task: Task<Void, Never>?
    /// The request number whose ``HTTPReply/callback(start:finish:)`` response is awaited (0: none).
    @exclusivity(unchecked) private var awaitedCallback = 0
    /// Whether the read source stayed parked past its batch because the answer was still being
    /// worked out (``unpark()``); the answer's end parks it again, for one read ahead.
    @exclusivity(unchecked) private var heldWhileAnswering = false
    /// How many reads ahead in a row found nothing while the source stayed parked for the next
    /// batch of a busy loop (``unpark()``), up to ``busyReadAheadTries``.
    @exclusivity(unchecked) private var readAheadMisses = 0
    /// How many batches in a row a busy loop's read ahead may find nothing before the source is
    /// re-armed: one read each, and a connection gone idle costs no more than these. One: three
    /// made more reads find nothing (`perf stat`, two loops, /healthz: 2.3 → 3.0 system calls a
    /// request) for no gain that outlasted the noise of paired runs (BENCHMARKS.md, "Issue 29's
    /// seventh pass").
    static let busyReadAheadTries = 1
    @exclusivity(unchecked) private var writer: StreamWriter?
    @exclusivity(unchecked) private var writerWaiter: CheckedContinuation<Void, any Error>?
    @exclusivity(unchecked) private var streamChunked = true

    /// Pipelined requests answered in one turn of the loop: past it the connection queues its
    /// next turn behind the loop's other work, so one client's flood of pipelined requests
    /// can't hold up the others for long (nginx likewise posts a pipelined request as an event).
    static let requestsPerTurn = 32
    /// Bodies up to this size are copied behind the head so both leave in one write; a larger
    /// one leaves with the head in one sendmsg(2) of two buffers, uncopied (an action's answer,
    /// 10–15 KB, cost 10,000 instructions of copying at 16 KiB; callgrind, BENCHMARKS.md).
    static let coalesceLimit = 4 * 1024
    /// A streamed chunk up to this size is copied into one buffer with its framing (one write);
    /// a larger one is written as size line, data and CRLF.
    static let chunkCoalesceLimit = 16 * 1024
    /// A streaming writer waits while more than this many bytes are queued.
    static let streamHighWater = 64 * 1024
    /// How long a closing connection keeps draining input so the client reads our answer.
    static let lingerNanoseconds: UInt64 = 2_000_000_000

    init(fd: Int32, loop: EventLoop, server: HTTPServer, remoteAddress: String) {
        self.fd = fd
        self.loop = loop
        self.server = server
        self.remoteAddress = remoteAddress
        self.remoteHost = HTTPRequest.host(of: remoteAddress)
        let now = Sys.now()
        lastActivity = now
        headStart = now
    }

    // MARK: - Start and close

    /// Starts reading with a Dispatch read source; call on the loop's queue. The sources'
    /// handlers hold the connection until their cancel handlers have run.
    func start() {
        loop.register(self)
        liveSources += 1
        readSource = PausableSource(
            DispatchSource.makeReadSource(fileDescriptor: fd, queue: loop.queue), handler: { self.readable() },
            cancelled: { self.sourceCancelled() })
        if server.isShuttingDown { beginShutdown() }
    }

    /// Answers `status` and closes: 503 for a connection accepted above the server's connection
    /// cap, 429 above its address's.
    func startRejecting(_ status: HTTPStatus) {
        start()
        guard phase != .closed else { return }
        phase = .responding
        closeAfterResponse = true
        server.countRefusal(status.code)
        send(status == .tooManyRequests ? tooManyConnections : .problem(status: status, detail: Self.serverFull))
    }

    private static let serverFull = "The server has too many open connections."

    /// 429 for a connection beyond its address's limit (RFC 6585 §4), with `Retry-After`.
    private var tooManyConnections: HTTPResponse {
        .problem(
            status: .tooManyRequests,
            detail:
                "This address (\(remoteHost)) has \(server.configuration.maxConnectionsPerAddress) connections open, "
                + "the most one address may have; close some or retry.",
            headers: ["Retry-After": "1"])
    }

    /// Another over-limit connection of the same address needed the place of this one, which
    /// has not sent a whole request head yet: it is told so (429) and closed.
    func evict() {
        switch phase {
        case .idle, .head, .body:
            refuse(tooManyConnections)
        case .responding, .lingering, .closed:
            break
        }
    }

    /// Since when the connection has waited for a request (monotonic nanoseconds): idle between
    /// requests (or since it opened), or since its request head began when only part of it
    /// came; nil while a request is read, answered or the connection closes.
    var waitingSince: UInt64? {
        switch phase {
        case .idle: lastActivity
        case .head: headStart
        case .body, .responding, .lingering, .closed: nil
        }
    }

    /// Closes the connection, idle or with a part of a head, for a newcomer at the server's
    /// connection cap (``EventLoop/closeLongestIdle(_:)``). An idle keep-alive connection may be
    /// closed at any time (RFC 9112 §9.6); a client retries on a new one.
    func closeToMakeRoom() {
        guard phase != .closed else { return }
        closedToMakeRoom = true
        close()
    }

    /// Accepted above the server's connection cap, and no connection could close to make room:
    /// 503 and close. Called right after ``start()``, before anything was read.
    func refuseForWantOfRoom() {
        refuse(.problem(status: .serviceUnavailable, detail: Self.serverFull))
    }

    /// Closes at once: cancels a running handler task, fails a waiting stream writer and cancels
    /// the sources. The descriptor is closed only in the last source's cancel handler, when
    /// Dispatch watches it no more: closed earlier, its number could be reused by a new
    /// connection while Dispatch still has the old one registered.
    func close() {
        guard phase != .closed else { return }
        phase = .closed
        writer?.markClosed()
        writer = nil
        if let waiter = writerWaiter {
            writerWaiter = nil
            waiter.resume(throwing: HTTPBodyWriterError.closed)
        }
        task?.cancel()
        task = nil
        awaitedCallback = 0
        output = []
        outputHead = 0
        outputBytes = 0
        input = []
        request = nil
        fieldStorage = []
        loop.unregister(self)
        readSource?.cancel()
        writeSource?.cancel()
    }

    private func sourceCancelled() {
        liveSources -= 1
        guard liveSources == 0 else { return }
        readSource = nil
        writeSource = nil
        Sys.close(fd)
        server.connectionDidClose(self)
    }

    /// Server shutdown: close now if idle, else after the response in progress.
    func beginShutdown() {
        shuttingDown = true
        closeAfterResponse = true
        if phase == .idle && inputStart == input.count { close() }
    }

    /// Shut our write side and drain input for a while, so the client reads the last response
    /// instead of getting a reset for bytes we never read (RFC 9112 §9.6).
    private func lingerClose() {
        guard phase != .closed else { return }
        Sys.shutdownWrite(fd)
        phase = .lingering
        input = []
        inputStart = 0
        lingerDeadline = Sys.now() &+ Self.lingerNanoseconds
        resumeReading()
        if peerClosed { close() }
    }

    // MARK: - Timeouts

    func checkTimeouts(now: UInt64) {
        // The configuration's fields are read one by one: a copy of it would retain its strings
        // and its log closure.
        func expired(_ since: UInt64, _ seconds: Double) -> Bool {
            now > since && Double(now - since) > seconds * 1e9
        }
        switch phase {
        case .idle:
            let limit = requestsServed == 0 ? server.configuration.headerReadTimeout : server.configuration.idleTimeout
            if expired(lastActivity, limit) { close() }
        case .head:
            if expired(headStart, server.configuration.headerReadTimeout) {
                fail(ParseFailure(status: .requestTimeout, detail: "The request head did not arrive in time."))
            }
        case .body:
            if expired(lastActivity, server.configuration.bodyReadTimeout) {
                fail(ParseFailure(status: .requestTimeout, detail: "The request body stopped arriving."))
            }
        case .responding:
            if outputBytes > 0 && expired(lastWriteProgress, server.configuration.writeTimeout) { close() }
            // An answer awaited for long: its source watches again, so a client that resets the
            // connection is let go now rather than when the answer comes (``unpark()``); one
            // that only finished sending still gets its answer (``peerEOF()``).
            if heldWhileAnswering && expired(lastActivity, server.configuration.heldAnswerTimeout) {
                heldWhileAnswering = false
                readSource?.unpark()
            }
        case .lingering:
            if now > lingerDeadline { close() }
        case .closed:
            break
        }
    }

    // MARK: - Reading

    /// The read source fired: reads what is there and parks the source until the loop's batch
    /// is done (``EventLoop/park(_:)``). The source's `data` is Dispatch's count of the bytes
    /// waiting; 0 means the peer finished sending or hung up, and after a hang-up the source
    /// fires no more even if bytes came with it, so then reading goes on until the socket tells
    /// why (end of file, or the reset).
    private func readable() {
        loop.assertOnLoop()
        // The source's data read through the optional: binding it (`let readSource`) would copy
        // the source (its existential and flags) on every request.
        guard phase != .closed, let waiting = readSource?.data else { return }
        answeredInTurn = 0
        if readInput(toTheEnd: waiting == 0) != .ended && phase != .closed {
            self.readSource?.park()
            loop.park(self)
        }
    }

    /// The loop's batch of parked sources is done (``EventLoop/park(_:)``). Before the source
    /// goes back to Dispatch, one read looks for the next request: under load it is often
    /// there already, and reading it now spares Dispatch's re-arm, its readiness report and
    /// the hand-over to this queue (on Linux two calls that re-register the descriptor, one that
    /// counts its bytes, and often a thread wake-up; `Benchmarks/http/RESULTS.md`). When nothing
    /// is there, the source is re-armed; on a busy loop (other connections in the batch), only
    /// after the reads of the next ``busyReadAheadTries`` batches have found nothing too: with
    /// two loops, about one read ahead in five missed by microseconds (BENCHMARKS.md, "Issue
    /// 29's seventh pass").
    ///
    /// While a callback's answer is awaited (an action waiting for its log commit), the client
    /// sends nothing more until it has the answer, so a read then finds nothing and the re-arm
    /// only wakes Dispatch's manager for a request that cannot come yet: the source stays parked
    /// until the answer is sent, and the read ahead happens then (``requestFinished()``), when the
    /// next request may already be there: an action's answer then costs no re-arm most of the
    /// time (`Benchmarks/actions/run.sh`, BENCHMARKS.md). Pipelined input waits behind the answer
    /// either way; an answer awaited for longer than ``ServerConfiguration/heldAnswerTimeout``
    /// re-arms the source at the loop's next tick, so a client that resets the connection
    /// meanwhile is still let go (``checkTimeouts(now:)``).
    func unpark() {
        guard phase != .closed, let paused = readSource?.isPaused else { return }
        answeredInTurn = 0
        if awaitedCallback != 0 {
            heldWhileAnswering = true
            return
        }
        if !paused {
            switch readInput(toTheEnd: false) {
            case .nothing:
                // On a busy loop (other connections in this batch), the next request is often
                // a few microseconds away: another batch's read costs one read(2), where the
                // re-arm costs (on Linux) an ioctl, two calls that re-register the descriptor
                // and a turn of Dispatch's manager thread. At most `busyReadAheadTries` batches
                // in a row, so a connection that goes idle re-arms soon.
                if readAheadMisses < Self.busyReadAheadTries && loop.isBusy {
                    readAheadMisses += 1
                    loop.park(self)
                    return
                }
            case .received:
                readAheadMisses = 0
                loop.readsAhead += 1
                if phase != .closed && self.readSource?.isPaused == false {
                    loop.park(self)
                    return
                }
            case .ended: return
            }
        }
        readAheadMisses = 0
        self.readSource?.unpark()
    }

    private enum ReadOutcome { case nothing, received, ended }

    /// Reads what the socket has, in one read(2) when it fits the scratch buffer (a second read
    /// would only say "nothing more") unless `toTheEnd`, and handles it: `.nothing` when the
    /// socket had nothing (EAGAIN), `.ended` when the peer's end of file or an error was
    /// handled (the connection may be closed), `.received` otherwise.
    private func readInput(toTheEnd: Bool) -> ReadOutcome {
        let scratch = loop.scratch.baseAddress!
        var readAny = false
        // While lingering, what comes is read and dropped.
        var received: Bool { readAny && phase != .lingering }
        while true {
            let n = Sys.read(fd, scratch, EventLoop.scratchSize)
            if n > 0 {
                readAny = true
                if phase != .lingering {
                    input.append(contentsOf: UnsafeRawBufferPointer(start: scratch, count: n))
                }
                if (n < EventLoop.scratchSize && !toTheEnd) || input.count - inputStart > maxBuffered { break }
            } else if n == 0 {
                if received { consume() }
                peerEOF()
                return .ended
            } else {
                let error = Sys.errno
                if error == EINTR { continue }
                if error == EAGAIN || error == EWOULDBLOCK { break }
                close()
                return .ended
            }
        }
        if received { consume() }
        return readAny ? .received : .nothing
    }

    private var maxBuffered: Int {
        server.configuration.maxHeaderBytes + server.configuration.maxTargetBytes + EventLoop.scratchSize
    }

    private func consume() {
        lastActivity = Sys.now()
        switch phase {
        case .idle:
            phase = .head
            headStart = lastActivity
            process()
        case .head, .body:
            process()
        case .responding:
            // Pipelined input waits for the response in progress; stop reading when a lot waits.
            if input.count - inputStart > maxBuffered { suspendReading() }
        case .lingering, .closed:
            break
        }
    }

    private func peerEOF() {
        peerClosed = true
        // End of file stays readable, and the read source would fire again and again.
        suspendReading()
        switch phase {
        case .idle, .head:
            // Whole requests read before the end of file are still answered (their turn is
            // queued: `yieldTurn`), then `process` closes; a half-sent one cannot be answered.
            if !processing && !turnQueued { close() }
        case .body, .lingering:
            // A half-sent request cannot be answered: the client is gone.
            if !processing { close() }
        case .responding:
            // A stream to a client that left must stop now (SSE disconnect); a plain response
            // is still written, after which the connection closes.
            if writer != nil { close() }
        case .closed:
            break
        }
    }

    private func suspendReading() {
        guard phase != .closed else { return }
        readSource?.pause()
    }

    private func resumeReading() {
        guard !peerClosed, phase != .closed else { return }
        readSource?.resume()
    }

    // MARK: - Parsing

    /// Parses and answers as many buffered requests as can be answered now, in order.
    private func process() {
        guard !processing else { return }
        processing = true
        defer { processing = false }
        let maxTargetBytes = server.configuration.maxTargetBytes
        let maxHeaderBytes = server.configuration.maxHeaderBytes
        while true {
            switch phase {
            case .idle, .head:
                if inputStart == input.count {
                    phase = .idle
                    input.removeAll(keepingCapacity: input.capacity <= 16 * 1024)
                    inputStart = 0
                    scanFrom = 0
                    requestLineEnd = -1
                    if peerClosed || shuttingDown { close() }
                    return
                }
                if answeredInTurn >= Self.requestsPerTurn && requestLineEnd == -1 && scanFrom <= inputStart {
                    yieldTurn()
                    return
                }
                if phase == .idle {
                    phase = .head
                    headStart = Sys.now()
                }
                if requestLineEnd < 0 && scanFrom <= inputStart {
                    // RFC 9112 §2.2: ignore empty lines before the request line.
                    while inputStart + 1 < input.count && input[inputStart] == 0x0D && input[inputStart + 1] == 0x0A {
                        inputStart += 2
                    }
                    if inputStart > 0 && inputStart > input.count / 2 {
                        input.removeSubrange(0..<inputStart)
                        inputStart = 0
                    }
                    scanFrom = inputStart
                    if inputStart == input.count { continue }
                }
                let start = inputStart
                let scan = input.withUnsafeBufferPointer { buffer in
                    RequestHeadParser.scan(
                        buffer, start: start, scanFrom: &scanFrom, requestLineEnd: &requestLineEnd,
                        maxTargetBytes: maxTargetBytes, maxHeaderBytes: maxHeaderBytes)
                }
                switch scan {
                case .incomplete:
                    if peerClosed { close() }
                    resumeReading()
                    return
                case .failure(let failure):
                    fail(failure)
                case .complete(let end):
                    // The last request's fields array, unique again once that request is
                    // gone: parsing then reuses its buffer instead of allocating one.
                    var storage: [HTTPHeaders.Field] = []
                    swap(&storage, &fieldStorage)
                    let parsed = input.withUnsafeBufferPointer { buffer in
                        RequestHeadParser.parse(
                            buffer, start: start, end: end, maxTargetBytes: maxTargetBytes, storage: &storage)
                    }
                    switch parsed {
                    case .failure(let failure): fail(failure)
                    case .success(let head):
                        // Kept from a connection's second request on: one that asks once and
                        // idles (10,000 of them hold 3 MB more) holds no array for nothing.
                        if requestsServed > 0 { fieldStorage = head.fields }
                        begin(head, end: end)
                    }
                }
            case .body:
                let available = input.count - inputStart
                if var decoder = chunked {
                    let start = inputStart
                    let limit = bodyLimit
                    let outcome = input.withUnsafeBufferPointer { buffer in
                        decoder.decode(
                            UnsafeBufferPointer(rebasing: buffer[start...]), into: &request!.body, limit: limit,
                            maxTrailerBytes: maxHeaderBytes)
                    }
                    chunked = decoder
                    switch outcome {
                    case .needMore:
                        inputStart = input.count
                        dropConsumedInput()
                        if peerClosed { close() }
                        resumeReading()
                        return
                    case .failure(let failure):
                        fail(failure)
                    case .done(let consumed):
                        inputStart += consumed
                        chunked = nil
                        dispatch()
                    }
                } else {
                    let n = min(available, bodyRemaining)
                    request!.body.append(contentsOf: input[inputStart..<(inputStart + n)])
                    inputStart += n
                    bodyRemaining -= n
                    dropConsumedInput()
                    if bodyRemaining > 0 {
                        if peerClosed { close() }
                        resumeReading()
                        return
                    }
                    dispatch()
                }
            case .responding, .lingering, .closed:
                return
            }
        }
    }

    /// Forgets the input a body has consumed, so that a body being read is held once (in the
    /// request), not also in the input buffer, and chunk framing (sizes, extensions) takes no
    /// memory once decoded.
    private func dropConsumedInput() {
        guard inputStart == input.count else { return }
        input.removeAll(keepingCapacity: input.capacity <= EventLoop.scratchSize)
        inputStart = 0
        scanFrom = 0
    }

    /// Lets the loop's other work go first: the rest of the pipelined input is answered in a turn
    /// queued behind it. Reading pauses meanwhile if much input waits (it resumes when a
    /// response finishes, or when more input is needed), so the buffer stays bounded.
    private func yieldTurn() {
        if input.count - inputStart > maxBuffered { suspendReading() }
        guard !turnQueued else { return }
        turnQueued = true
        loop.execute { [self] in
            turnQueued = false
            answeredInTurn = 0
            if (phase == .idle || phase == .head) && !processing { process() }
        }
    }

    /// A head is complete: build the request, learn its body limit, set up reading the body.
    private func begin(_ head: ParsedHead, end: Int) {
        let headBytes = Array(input[inputStart..<end])
        var request = HTTPRequest(
            method: head.method, version: head.version, path: head.path,
            headers: HTTPHeaders(bytes: headBytes, fields: head.fields), targetRange: head.targetRange,
            queryRange: head.queryRange, remoteAddress: remoteAddress)
        inputStart = end
        scanFrom = end
        requestLineEnd = -1
        closeAfterResponse = shuttingDown || !request.wantsKeepAlive
        bodyLimit = server.responder.bodyLimit(for: &request) ?? server.configuration.maxBodyBytes
        if head.framing.hasBody, let early = server.responder.responseBeforeBody(of: request) {
            return refuse(early)
        }
        // Moved, not copied (a copy retains and releases each of its strings and arrays).
        self.request = consume request
        switch head.framing {
        case .none:
            dispatch()
        case .length(let length):
            if length > bodyLimit {
                fail(ParseFailure(status: .payloadTooLarge, detail: "The body is larger than \(bodyLimit) bytes."))
                return
            }
            if head.expectContinue && head.version == .http1_1 && inputStart == input.count { sendContinue() }
            guard phase != .closed else { return }
            self.request!.body.reserveCapacity(length)
            bodyRemaining = length
            phase = .body
            lastActivity = Sys.now()
        case .chunked:
            if head.expectContinue && inputStart == input.count { sendContinue() }
            guard phase != .closed else { return }
            chunked = ChunkedDecoder()
            phase = .body
            lastActivity = Sys.now()
        }
    }

    /// RFC 9110 §10.1.1: tell the client to send the body it is holding back.
    private func sendContinue() {
        write(Self.continueResponse)
        _ = flush()
    }

    /// Answers a request that cannot be served, then closes (its framing is unknown).
    private func fail(_ failure: ParseFailure) {
        refuse(.problem(status: failure.status, detail: failure.detail))
    }

    /// Answers `response` instead of the request being read, counts the refusal, then closes.
    private func refuse(_ response: HTTPResponse) {
        guard phase != .closed && phase != .lingering else { return }
        request = nil
        chunked = nil
        phase = .responding
        closeAfterResponse = true
        respondingToHead = false
        respondingVersion = .http1_1
        server.countRefusal(response.status.code)
        send(response)
    }

    // MARK: - Responding

    private func dispatch() {
        loop.assertOnLoop()
        // Moved out, not copied (a copy retains and releases each of its strings and arrays).
        guard let request = request.take() else { return }
        phase = .responding
        requestsServed += 1
        answeredInTurn += 1
        respondingToHead = request.method == .head
        respondingVersion = request.version
        if admission == .overLimit {
            let exempt = server.configuration.exemptFromAddressLimit?(request) ?? false
            guard server.judgeOverLimit(self, exempt: exempt) else {
                closeAfterResponse = true
                server.countRefusal(429)
                send(tooManyConnections)
                return
            }
            isExempt = true
        } else if requestsServed == 1, let exempt = server.configuration.exemptFromAddressLimit {
            // Once per connection, so that the cap spares it (``waitingSince``).
            isExempt = exempt(request)
        }
        switch server.responder.respond(to: consume request) {
        case .response(let response):
            send(response)
        case .deferred(let work):
            let loop = self.loop
            task = Task {
                let response = await work()
                loop.execute { self.deferredFinished(response) }
            }
        case .callback(let start, let finish):
            let loop = self.loop
            let number = requestsServed
            awaitedCallback = number
            start { response in loop.execute { self.callbackFinished(response, finish, number) } }
        }
    }

    /// A callback's answer, on the loop: sent (after `finish`, the router's middleware) when it
    /// is the one awaited; a second answer, or one for a request that is gone, goes nowhere and
    /// is not counted by middleware either.
    private func callbackFinished(
        _ response: HTTPResponse, _ finish: (HTTPResponse) -> HTTPResponse, _ number: Int
    ) {
        guard phase == .responding, awaitedCallback == number else { return }
        awaitedCallback = 0
        send(finish(response))
    }

    private func deferredFinished(_ response: HTTPResponse) {
        guard phase == .responding, task != nil else { return }
        task = nil
        send(response)
    }

    /// The response is on its way; reset for the next request or close.
    private func requestFinished() {
        guard phase == .responding else { return }
        writer = nil
        // A source held while the answer was awaited reads again at the batch's end: the next
        // request, or, when the connection now closes, what the client sends until it hangs up.
        if heldWhileAnswering {
            heldWhileAnswering = false
            loop.park(self)
        }
        if closeAfterResponse {
            lingerClose()
            return
        }
        phase = .idle
        lastActivity = Sys.now()
        resumeReading()
        if !processing { process() }
    }

    private func send(_ response: HTTPResponse) {
        loop.assertOnLoop()
        // Shutdown reaches every connection through its loop (beginShutdown), so no shared
        // state is read here.
        // The application's own `Connection: close` is honoured in encodeHead.
        if shuttingDown { closeAfterResponse = true }
        let sendsBody = response.status.allowsBody && !respondingToHead
        switch response.body {
        case .bytes(let body):
            let small = body.count <= Self.coalesceLimit
            let behind = sendsBody && small ? body.count : 0
            var head = encodeHead(
                response, framing: response.status.allowsBody ? .length(body.count) : .none, room: behind)
            if behind > 0 { body.withUnsafeBytes { head.append($0) } }
            let bytes = UnsafeRawBufferPointer(start: head.start, count: head.count)
            if sendsBody && !small {
                write(bytes, then: body)
            } else {
                write(bytes)
            }
            finishWhenDrained()
        case .file(let file, let offset, let length):
            let head = encodeHead(response, framing: response.status.allowsBody ? .length(length) : .none)
            let withFile = sendsBody && length > 0
            write(UnsafeRawBufferPointer(start: head.start, count: head.count), moreFollows: withFile)
            if withFile { enqueue(.file(file, offset: offset, remaining: length)) }
            finishWhenDrained()
        case .stream(let body):
            streamChunked = respondingVersion.minor >= 1
            if !sendsBody {
                let head = encodeHead(response, framing: response.status.allowsBody ? .chunked : .none)
                write(UnsafeRawBufferPointer(start: head.start, count: head.count))
                finishWhenDrained()
                return
            }
            if !streamChunked { closeAfterResponse = true }
            let head = encodeHead(response, framing: streamChunked ? .chunked : .unframed)
            write(UnsafeRawBufferPointer(start: head.start, count: head.count))
            guard flush() else { return }
            let writer = StreamWriter(connection: self)
            self.writer = writer
            let loop = self.loop
            task = Task {
                let failed: Bool
                do {
                    try await body(writer)
                    failed = false
                } catch {
                    failed = true
                }
                loop.execute { self.streamFinished(writer, failed: failed) }
            }
        }
    }

    /// Status line and header fields (RFC 9112 §4, §5), with `Server`, `Date`, framing and
    /// `Connection` supplied here; the application's own framing fields are dropped. Written
    /// into the loop's head buffer with `room` bytes to spare behind it (a small body), valid
    /// until the next response.
    private func encodeHead(_ response: HTTPResponse, framing: Framing, room: Int = 0) -> HeadWriter {
        var hasServer = false
        var hasDate = false
        let headers = response.headers
        var skip: [Int] = []
        headers.bytes.withUnsafeBufferPointer { bytes in
            for (index, field) in headers.fields.enumerated() {
                let name = UnsafeBufferPointer(rebasing: bytes[Int(field.nameStart)..<Int(field.nameEnd)])
                switch name.count {
                case 4: if RequestHeadParser.equalsLower(name, "date") { hasDate = true }
                case 6: if RequestHeadParser.equalsLower(name, "server") { hasServer = true }
                case 10:
                    guard RequestHeadParser.equalsLower(name, "connection") else { break }
                    skip.append(index)
                    // The application asks to close after this response (RFC 9112 §9.6).
                    if headers.value(at: index, hasToken: "close") { closeAfterResponse = true }
                case 14: if RequestHeadParser.equalsLower(name, "content-length") { skip.append(index) }
                case 17: if RequestHeadParser.equalsLower(name, "transfer-encoding") { skip.append(index) }
                default: break
                }
            }
        }
        let reason = response.status.reasonPhrase.utf8
        let serverHeader = hasServer ? [] : server.serverHeader
        let date = hasDate ? [] : loop.date
        // The most the head can take: the status line, Server, Date, the fields, framing
        // (`Content-Length` with 20 digits is longer than `Transfer-Encoding: chunked`),
        // `Connection` and the empty line.
        let most =
            "HTTP/1.1 200 \r\n".utf8.count + reason.count + serverHeader.count + "Date: \r\n".utf8.count + date.count
            + headers.encodedCount(skipping: skip) + "Content-Length: \r\n".utf8.count + 20
            + "Connection: keep-alive\r\n".utf8.count + 2
        var out = HeadWriter(loop.headSpace(most + room))
        out.append("HTTP/1.1 ")
        let code = response.status.code
        out.append(byte: UInt8(48 + (code / 100) % 10))
        out.append(byte: UInt8(48 + (code / 10) % 10))
        out.append(byte: UInt8(48 + code % 10))
        out.append(byte: 0x20)
        var reasonWritten = false
        reason.withContiguousStorageIfAvailable {
            out.append(UnsafeRawBufferPointer($0)); reasonWritten = true
        }
        if !reasonWritten { out.append(Array(reason)) }
        out.append("\r\n")
        out.append(serverHeader)
        if !hasDate {
            out.append("Date: ")
            out.append(date)
            out.append("\r\n")
        }
        headers.encode(into: &out, skipping: skip)
        switch framing {
        case .none, .unframed:
            break
        case .length(let length):
            out.append("Content-Length: ")
            out.append(decimal: length)
            out.append("\r\n")
        case .chunked:
            out.append("Transfer-Encoding: chunked\r\n")
        }
        if closeAfterResponse {
            out.append("Connection: close\r\n")
        } else if respondingVersion.minor == 0 {
            out.append("Connection: keep-alive\r\n")
        }
        out.append("\r\n")
        return out
    }

    private static let crlf: [UInt8] = [0x0D, 0x0A]
    private static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
    private static let lastChunk = Array("0\r\n\r\n".utf8)

    // MARK: - Streaming bodies

    func streamWrite(
        _ bytes: [UInt8], from writer: StreamWriter, continuation: CheckedContinuation<Void, any Error>
    ) {
        guard phase == .responding, self.writer === writer else {
            continuation.resume(throwing: HTTPBodyWriterError.closed)
            return
        }
        if streamChunked {
            var framed: [UInt8] = []
            framed.reserveCapacity(bytes.count + 12)
            appendHex(bytes.count, to: &framed)
            framed.append(contentsOf: Self.crlf)
            if bytes.count <= Self.chunkCoalesceLimit {
                framed.append(contentsOf: bytes)
                framed.append(contentsOf: Self.crlf)
                write(framed)
            } else {
                write(framed)
                write(bytes)
                write(Self.crlf)
            }
        } else {
            write(bytes)
        }
        guard flush(), phase == .responding else {
            if phase == .closed {
                continuation.resume(throwing: HTTPBodyWriterError.closed)
            } else {
                continuation.resume()
            }
            return
        }
        if outputBytes > Self.streamHighWater {
            writerWaiter = continuation
        } else {
            continuation.resume()
        }
    }

    private func streamFinished(_ writer: StreamWriter, failed: Bool) {
        guard phase == .responding, self.writer === writer else { return }
        task = nil
        if failed {
            // The status line is long gone; ending without the last chunk tells the client the
            // body is incomplete.
            close()
            return
        }
        if streamChunked { write(Self.lastChunk) }
        finishWhenDrained()
    }

    // MARK: - Writing

    /// Queues bytes; when nothing is queued, sends at once and queues only what did not fit.
    private func write(_ bytes: [UInt8]) {
        guard phase != .closed, !bytes.isEmpty else { return }
        guard outputHead == output.count else {
            enqueue(.bytes(bytes, offset: 0))
            return
        }
        let n = bytes.withUnsafeBytes { Sys.send(fd, $0.baseAddress!, $0.count) }
        if n == bytes.count {
            lastWriteProgress = lastActivity
            return
        }
        // The write timeout counts from now; flush sends the rest or sees why it cannot.
        lastWriteProgress = Sys.now()
        enqueue(.bytes(bytes, offset: max(0, n)))
        flush()
    }

    /// As the `write(_:)` of an array, for bytes in the loop's head buffer: what is not sent at once
    /// is copied into the queue (the buffer is the next response's). `moreFollows`: a file is
    /// sent right behind them (``Sys/sendMoreFollows(_:_:_:)``: one segment for both).
    private func write(_ bytes: UnsafeRawBufferPointer, moreFollows: Bool = false) {
        guard phase != .closed, let base = bytes.baseAddress, bytes.count > 0 else { return }
        guard outputHead == output.count else {
            enqueue(.bytes(Array(bytes), offset: 0))
            return
        }
        let n = moreFollows ? Sys.sendMoreFollows(fd, base, bytes.count) : Sys.send(fd, base, bytes.count)
        if n == bytes.count {
            lastWriteProgress = lastActivity
            return
        }
        lastWriteProgress = Sys.now()
        enqueue(.bytes(Array(UnsafeRawBufferPointer(rebasing: bytes[max(0, n)...])), offset: 0))
        flush()
    }

    /// Queues a head and a large body behind it; when nothing is queued, sends both in one
    /// system call (sendmsg(2) with two buffers: the body is not copied behind the head) and
    /// queues only what did not fit.
    private func write(_ head: UnsafeRawBufferPointer, then body: [UInt8]) {
        guard phase != .closed else { return }
        guard outputHead == output.count, head.count > 0, !body.isEmpty else {
            write(head)
            write(body)
            return
        }
        let n = body.withUnsafeBytes { second in Sys.send(fd, head, second) }
        if n == head.count + body.count {
            lastWriteProgress = lastActivity
            return
        }
        // As `write(_:)`: the write timeout counts from now; flush sends the rest or sees why it cannot.
        lastWriteProgress = Sys.now()
        let sent = max(0, n)
        if sent < head.count {
            enqueue(.bytes(Array(UnsafeRawBufferPointer(rebasing: head[sent...])), offset: 0))
            enqueue(.bytes(body, offset: 0))
        } else {
            enqueue(.bytes(body, offset: sent - head.count))
        }
        flush()
    }

    private func enqueue(_ piece: Piece) {
        switch piece {
        case .bytes(let bytes, let offset): outputBytes += bytes.count - offset
        case .file(_, _, let remaining): outputBytes += remaining
        }
        output.append(piece)
    }

    /// Writes what is queued until done or the socket is full (then waits to be writable).
    /// False when the connection closed: the peer is gone, or a file shrank under us so the
    /// promised length cannot be kept.
    @discardableResult
    private func flush() -> Bool {
        while outputHead < output.count {
            let n = output[outputHead].send(to: fd)
            if n < 0 {
                let error = Sys.errno
                if error == EINTR { continue }
                if error == EAGAIN || error == EWOULDBLOCK {
                    armWrite()
                    return true
                }
            }
            guard n > 0 else {
                close()
                return false
            }
            outputBytes -= n
            lastWriteProgress = Sys.now()
            if let rest = output[outputHead].advanced(by: n) {
                output[outputHead] = rest
            } else {
                output[outputHead] = .bytes([], offset: 0)
                outputHead += 1
            }
        }
        output.removeAll(keepingCapacity: true)
        outputHead = 0
        outputBytes = 0
        return true
    }

    private var outputEmpty: Bool { outputHead == output.count }

    private func finishWhenDrained() {
        guard phase != .closed else { return }
        afterDrain = .finishRequest
        guard flush() else { return }
        if outputEmpty {
            afterDrain = .nothing
            requestFinished()
        }
    }

    /// Waits for room in the socket's send buffer. The write source is made the first time a
    /// write finds none, and its registration handler writes once more: if the peer hung up
    /// (reset) before Dispatch came to watch the socket, Dispatch on Linux had already dropped
    /// the descriptor from its epoll set and the source never fires (``PausableSource``), but
    /// that write then fails and closes the connection; after the registration, a hang-up
    /// reaches the source itself.
    private func armWrite() {
        guard phase != .closed else { return }
        if writeSource != nil {
            writeSource?.resume()
            return
        }
        liveSources += 1
        writeSource = PausableSource(
            DispatchSource.makeWriteSource(fileDescriptor: fd, queue: loop.queue), handler: { self.writable() },
            registered: { self.writable() }, cancelled: { self.sourceCancelled() })
    }

    private func writable() {
        guard phase != .closed else { return }
        guard flush(), outputEmpty else { return }
        writeSource?.pause()
        if let waiter = writerWaiter {
            writerWaiter = nil
            waiter.resume()
        }
        if afterDrain == .finishRequest {
            afterDrain = .nothing
            requestFinished()
        }
    }
}

/// `value` (not negative) in lowercase hexadecimal, as a chunk size (RFC 9112 §7.1).
@inline(__always) func appendHex(_ value: Int, to out: inout [UInt8]) {
    var shift = max(0, (Int.bitWidth - 1 - value.leadingZeroBitCount) / 4 * 4)
    while shift >= 0 {
        let digit = (value >> shift) & 0xF
        out.append(UInt8(digit < 10 ? 48 + digit : 87 + digit))
        shift -= 4
    }
}
