// Thin shims over the C library so the rest of the module reads the same on Linux and Darwin.
// Linux (Glibc) is the platform we run on; the Darwin branches only keep the module compiling there.

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

enum Sys {
    #if os(Linux)
        static let sockStream = Int32(SOCK_STREAM.rawValue)
        static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        static let sockStream = SOCK_STREAM
        static let sendFlags: Int32 = 0
    #endif

    static var errno: Int32 {
        #if canImport(Glibc) || canImport(Musl)
            return Glibc.errno
        #else
            return Darwin.errno
        #endif
    }

    /// The C library's text for an errno value, e.g. "Address already in use".
    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    static func close(_ fd: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(fd)
        #else
            _ = Darwin.close(fd)
        #endif
    }

    /// Opens a file read-only and close-on-exec; -1 on failure.
    static func openReadOnly(_ path: String) -> Int32 {
        #if canImport(Glibc)
            return Glibc.open(path, O_RDONLY | O_CLOEXEC)
        #else
            return Darwin.open(path, O_RDONLY | O_CLOEXEC)
        #endif
    }

    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.read(fd, buffer, count)
        #else
            return Darwin.read(fd, buffer, count)
        #endif
    }

    static func send(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.send(fd, buffer, count, sendFlags)
        #else
            return Darwin.send(fd, buffer, count, sendFlags)
        #endif
    }

    /// Accepts one connection as a non-blocking, close-on-exec descriptor.
    static func accept(_ listener: Int32, _ address: UnsafeMutablePointer<sockaddr_storage>) -> Int32 {
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        return address.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            #if os(Linux)
                return accept4(listener, pointer, &length, acceptFlags)
            #else
                let fd = Darwin.accept(listener, pointer, &length)
                if fd >= 0 {
                    setNonBlocking(fd)
                    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                    var one: Int32 = 1
                    _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
                }
                return fd
            #endif
        }
    }

    #if os(Linux)
        private typealias AcceptFunction =
            @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32
        /// accept4(2), which sets the new descriptor's flags itself (no fcntl calls per
        /// connection); the Glibc module does not export it, so it is looked up like epoll's calls.
        private static let accept4 = Epoll.symbol("accept4", as: AcceptFunction.self)
        private static let acceptFlags = Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue)
    #endif

    static func listen(_ fd: Int32, _ backlog: Int32) -> Int32 {
        #if canImport(Glibc)
            return Glibc.listen(fd, backlog)
        #else
            return Darwin.listen(fd, backlog)
        #endif
    }

    static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    static func setNoDelay(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    static func shutdownWrite(_ fd: Int32) {
        #if os(Linux)
            _ = Glibc.shutdown(fd, Int32(SHUT_WR))
        #else
            _ = Darwin.shutdown(fd, SHUT_WR)
        #endif
    }

    /// Writes up to `count` bytes of the file `fileFD` starting at `offset` to the socket.
    /// Returns the bytes sent, or -1 with errno set. Linux uses sendfile(2); elsewhere pread + send.
    static func sendFile(socket: Int32, file fileFD: Int32, offset: Int, count: Int) -> Int {
        #if os(Linux)
            var off = off_t(offset)
            return sendfile(socket, fileFD, &off, count)
        #else
            let chunk = min(count, 64 * 1024)
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
            defer { buffer.deallocate() }
            let n = pread(fileFD, buffer, chunk, off_t(offset))
            if n <= 0 { return n }
            return send(socket, buffer, n)
        #endif
    }

    /// Ignores SIGPIPE for the whole process: a peer that vanished must give EPIPE, not kill us.
    static func ignoreSIGPIPE() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Monotonic time in nanoseconds.
    @inline(__always) static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Text form of a peer address ("127.0.0.1:5000", "[::1]:5000").
    static func describe(_ storage: sockaddr_storage) -> String {
        var storage = storage
        var host = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { sin in
                    var addr = sin.pointee.sin_addr
                    inet_ntop(AF_INET, &addr, &host, socklen_t(host.count))
                    let text = String(
                        decoding: host.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    return "\(text):\(UInt16(bigEndian: sin.pointee.sin_port))"
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { sin6 in
                    var addr = sin6.pointee.sin6_addr
                    inet_ntop(AF_INET6, &addr, &host, socklen_t(host.count))
                    let text = String(
                        decoding: host.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    return "[\(text)]:\(UInt16(bigEndian: sin6.pointee.sin6_port))"
                }
            }
        default:
            return "unknown"
        }
    }
}
