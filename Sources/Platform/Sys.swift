import Foundation

/// The C library as ModalLab uses it, one spelling on Linux (Glibc) and Darwin.
///
/// This file holds the calls that are the same POSIX on both. What differs lives in two small
/// files, `Platform+Linux.swift` and `Platform+Darwin.swift`, each the whole of its platform's
/// side; `.ci/check-platform` fails when a platform-only name appears anywhere else. Functions
/// return what the C call returns (a count, a descriptor, or -1 with ``errno`` set) unless they
/// say otherwise.
public enum Sys {}

// The C functions under names that `Sys`'s own members do not hide.
private var cErrno: Int32 { errno }
private func cClose(_ fd: Int32) -> Int32 { close(fd) }
private func cRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func cSend(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    send(fd, buffer, count, flags)
}
private func cListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func cAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: inout socklen_t) -> Int32 {
    accept(fd, address, &length)
}

extension Sys {
    /// The calling thread's `errno`.
    public static var errno: Int32 { cErrno }

    /// The C library's text for an errno value, e.g. "Address already in use".
    public static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Closes a descriptor (an error, EBADF or EINTR, leaves nothing to do).
    public static func close(_ fd: Int32) { _ = cClose(fd) }

    /// Opens a file read-only and close-on-exec; -1 on failure.
    public static func openReadOnly(_ path: String) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }

    /// read(2): up to `count` bytes into `buffer`; 0 at end of file.
    public static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        cRead(fd, buffer, count)
    }

    /// send(2) that never raises `SIGPIPE` (a peer that left gives `EPIPE`).
    public static func send(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        cSend(fd, buffer, count, sendFlags)
    }

    /// send(2) of bytes that more bytes follow at once on the same socket (a response's head
    /// before a file sent with ``sendFile(socket:file:offset:count:)``): on Linux with `MSG_MORE`,
    /// so both leave in the same segments; on Darwin a plain send.
    public static func sendMoreFollows(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        cSend(fd, buffer, count, sendFlags | moreFollowsFlag)
    }

    /// sendmsg(2) of two buffers in order, one system call, never raising `SIGPIPE`: a response's
    /// head and its body leave together without being copied into one buffer first. Returns the
    /// bytes sent (possibly fewer than both counts together), or -1 with errno set.
    public static func send(
        _ fd: Int32, _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer
    ) -> Int {
        // A tuple, on the stack (an array would be an allocation per call); its two elements
        // are laid out as C's `struct iovec[2]`.
        var parts = (
            iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
            iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count)
        )
        return withUnsafeMutablePointer(to: &parts) { pair in
            pair.withMemoryRebound(to: iovec.self, capacity: 2) { iov in
                var message = msghdr()
                message.msg_iov = iov
                message.msg_iovlen = numericCast(2)
                return sendmsg(fd, &message, sendFlags)
            }
        }
    }

    /// A TCP socket of `family` (`AF_INET`, `AF_INET6`), close-on-exec, whose writes never
    /// raise `SIGPIPE`.
    public static func streamSocket(family: Int32) -> Int32 {
        let fd = socket(family, streamSocketType, 0)
        if fd >= 0 {
            setCloseOnExec(fd)
            suppressSIGPIPE(onSocket: fd)
        }
        return fd
    }

    /// listen(2).
    public static func listen(_ fd: Int32, _ backlog: Int32) -> Int32 { cListen(fd, backlog) }

    /// Accepts one connection as a non-blocking, close-on-exec descriptor whose writes never
    /// raise `SIGPIPE`, and stores the peer's address. (Linux's accept4(2) would save the two
    /// fcntl calls, but Swift's Glibc module does not export it; this runs once per connection.)
    public static func accept(_ listener: Int32, _ address: UnsafeMutablePointer<sockaddr_storage>) -> Int32 {
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = address.withMemoryRebound(to: sockaddr.self, capacity: 1) { cAccept(listener, $0, &length) }
        if fd >= 0 {
            // A new socket has no other status flags (Linux does not copy the listener's), so
            // no F_GETFL is needed first.
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            setCloseOnExec(fd)
            suppressSIGPIPE(onSocket: fd)
        }
        return fd
    }

    /// Sets `O_NONBLOCK`.
    public static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    /// Sets `FD_CLOEXEC`, so a child process does not inherit the descriptor.
    public static func setCloseOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    /// Sets `TCP_NODELAY`: a response's last segment leaves at once instead of waiting for the
    /// peer's acknowledgement of the previous one (Nagle's algorithm with delayed ACKs costs a
    /// keep-alive client ~40 ms per request otherwise).
    public static func setNoDelay(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Makes `close` reset the connection (RST) instead of closing it in order (FIN): `SO_LINGER`
    /// with a zero timeout.
    public static func setResetOnClose(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Shuts the sending side: the peer reads end of file after what was sent.
    public static func shutdownWrite(_ fd: Int32) { _ = shutdown(fd, Int32(SHUT_WR)) }

    /// Ignores `SIGPIPE` for the whole process: a peer that vanished must give `EPIPE`, not kill it.
    public static func ignoreSIGPIPE() { _ = signal(SIGPIPE, SIG_IGN) }

    /// Whether `count` bytes at `a` equal those at `b` (memcmp(3): vectorised, where a loop of
    /// Swift compares a byte at a time with a bounds check each).
    @inline(__always) public static func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool
    {
        memcmp(a, b, count) == 0
    }

    /// Monotonic time in nanoseconds.
    @inline(__always) public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Sends SIGKILL to process `pid`: it stops at once, without a chance to clean up (tests of
    /// what survives a crash).
    public static func killAbruptly(_ pid: Int32) { _ = kill(pid, SIGKILL) }

    /// CPU time the process has used so far (user and system, every thread), in seconds.
    public static func processCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The most memory the process has had resident so far, in bytes (getrusage's `ru_maxrss`,
    /// whose unit ``maxRSSUnit`` gives).
    public static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(rusageSelf, &usage)
        return Int(usage.ru_maxrss) * maxRSSUnit
    }

    /// A file's modification time in nanoseconds since 1970, from its `stat`.
    public static func modificationNanoseconds(_ info: stat) -> Int64 {
        let time = modificationTime(info)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    // MARK: Addresses

    /// Text form of a socket address: "127.0.0.1:5000", "[::1]:5000", or "unknown".
    public static func describe(_ storage: sockaddr_storage) -> String {
        var storage = storage
        var host = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = Int32(storage.ss_family)
        guard family == AF_INET || family == AF_INET6, let port = port(storage) else { return "unknown" }
        let ok = withUnsafePointer(to: &storage) { pointer -> Bool in
            if family == AF_INET {
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    var address = $0.pointee.sin_addr
                    return inet_ntop(AF_INET, &address, &host, socklen_t(host.count)) != nil
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                var address = $0.pointee.sin6_addr
                return inet_ntop(AF_INET6, &address, &host, socklen_t(host.count)) != nil
            }
        }
        guard ok else { return "unknown" }
        let text = String(decoding: host.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return family == AF_INET ? "\(text):\(port)" : "[\(text)]:\(port)"
    }

    /// The TCP port of an IPv4 or IPv6 address; nil for other families.
    public static func port(_ storage: sockaddr_storage) -> Int? {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
        default:
            return nil
        }
    }

    /// The local port of socket `fd` (getsockname(2)); nil when it is not an IP socket.
    public static func localPort(_ fd: Int32) -> Int? {
        address(fd, getsockname).flatMap(port)
    }

    /// The peer's port of socket `fd` (getpeername(2)); nil when it is not connected.
    public static func peerPort(_ fd: Int32) -> Int? {
        address(fd, getpeername).flatMap(port)
    }

    private static func address(
        _ fd: Int32, _ call: (Int32, UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32
    ) -> sockaddr_storage? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call(fd, $0, &length) }
        }
        return result == 0 ? storage : nil
    }

    // MARK: The process

    /// The descriptor limit (`RLIMIT_NOFILE`): the soft limit in force and the hard ceiling.
    public static var descriptorLimit: (current: UInt64, maximum: UInt64) {
        var limit = rlimit()
        guard getrlimit(openFilesResource, &limit) == 0 else { return (0, 0) }
        return (UInt64(limit.rlim_cur), UInt64(limit.rlim_max))
    }

    /// Sets the soft descriptor limit (at most the hard one); false when the system refuses.
    @discardableResult
    public static func setDescriptorLimit(_ current: UInt64) -> Bool {
        var limit = rlimit()
        guard getrlimit(openFilesResource, &limit) == 0 else { return false }
        limit.rlim_cur = rlim_t(current)
        return setrlimit(openFilesResource, &limit) == 0
    }

    /// The open descriptors of this process, by number: each one below the soft limit (at most
    /// 2^20) that `fcntl(F_GETFD)` accepts. Takes a few milliseconds at a limit of 65,536.
    public static func openDescriptors() -> [Int32] {
        let limit = Int32(clamping: min(descriptorLimit.current, 1 << 20))
        return (0..<limit).filter(isOpen)
    }

    /// Whether `fd` is an open descriptor of this process (`fcntl(F_GETFD)` accepts it).
    public static func isOpen(_ fd: Int32) -> Bool { fcntl(fd, F_GETFD) != -1 }

    /// This process's open TCP sockets whose local port is `port`, with their peers' ports (nil
    /// for a listening socket).
    public static func openSockets(localPort port: Int) -> [(descriptor: Int32, peerPort: Int?)] {
        openDescriptors().compactMap { fd in localPort(fd) == port ? (fd, peerPort(fd)) : nil }
    }

    /// The running executable's path with symbolic links resolved; nil when unknown.
    public static var executablePath: String? {
        Bundle.main.executablePath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
    }
}

// MARK: - Termination signals

extension Sys {
    /// SIGINT and SIGTERM.
    private static var terminationSignals: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }

    /// Blocks SIGINT and SIGTERM in this thread and every thread it starts afterwards, so that
    /// one arriving while a server starts waits for ``waitForTerminationSignal()`` instead of
    /// being lost or killing the process; SIGPIPE is ignored (writes to a closed socket fail
    /// with `EPIPE`). Call before any thread starts.
    public static func blockTerminationSignals() {
        var set = terminationSignals
        pthread_sigmask(SIG_BLOCK, &set, nil)
        signal(SIGPIPE, SIG_IGN)
    }

    /// Waits, on the calling thread, for SIGINT or SIGTERM (blocked by
    /// ``blockTerminationSignals()``, so none is lost) and returns which one came.
    @discardableResult
    public static func waitForTerminationSignal() -> Int32 {
        var set = terminationSignals
        var received: Int32 = 0
        sigwait(&set, &received)
        return received
    }
}
