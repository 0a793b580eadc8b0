import Platform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Readiness notification for one event loop: epoll(7) on Linux, kqueue(2) on Darwin.
///
/// Why not Dispatch sources: measured here, a read source per connection cost per request a
/// thread hand-off (futex), two `epoll_ctl` re-arms and an `ioctl(FIONREAD)` on top of the
/// read and the send, and the server reached 0.47× nginx. A loop thread that waits in
/// `epoll_wait` itself and keeps level-triggered registrations unchanged needs only the read
/// and the send.
///
/// Registrations are level-triggered; interest changes only for back-pressure (reading paused,
/// or waiting for the socket to drain). A wake-up descriptor lets other threads interrupt a wait.
final class Poller {
    struct Event {
        var fd: Int32
        var readable: Bool
        var writable: Bool
        /// Error or hang-up: the peer is gone in both directions.
        var hangup: Bool
    }

    private let fd: Int32
    let wakeFD: Int32
    #if canImport(Darwin)
        private let wakeWriteFD: Int32
    #endif
    private let buffer: UnsafeMutableRawPointer
    static let capacity = 512

    init() {
        #if os(Linux)
            fd = Epoll.create(Epoll.cloexec)
            wakeFD = Epoll.eventfd(0, Epoll.nonblock | Epoll.cloexec)
            buffer = UnsafeMutableRawPointer.allocate(byteCount: Epoll.eventSize * Self.capacity, alignment: 8)
            _ = Epoll.control(fd, Epoll.add, wakeFD, Epoll.input)
        #else
            fd = kqueue()
            var pipeFDs: [Int32] = [0, 0]
            _ = pipe(&pipeFDs)
            wakeFD = pipeFDs[0]
            wakeWriteFD = pipeFDs[1]
            Sys.setNonBlocking(wakeFD)
            Sys.setNonBlocking(wakeWriteFD)
            buffer = UnsafeMutableRawPointer.allocate(
                byteCount: MemoryLayout<kevent>.stride * Self.capacity, alignment: MemoryLayout<kevent>.alignment)
            change(wakeFD, filter: Int16(EVFILT_READ), flags: UInt16(EV_ADD))
        #endif
    }

    deinit {
        Sys.close(fd)
        Sys.close(wakeFD)
        #if canImport(Darwin)
            Sys.close(wakeWriteFD)
        #endif
        buffer.deallocate()
    }

    /// Starts watching `socket` for reading.
    func add(_ socket: Int32) {
        #if os(Linux)
            _ = Epoll.control(fd, Epoll.add, socket, Epoll.input | Epoll.readHangup)
        #else
            change(socket, filter: Int16(EVFILT_READ), flags: UInt16(EV_ADD))
        #endif
    }

    /// Sets what `socket` is watched for.
    func modify(_ socket: Int32, read: Bool, write: Bool) {
        #if os(Linux)
            let events = (read ? Epoll.input | Epoll.readHangup : 0) | (write ? Epoll.output : 0)
            _ = Epoll.control(fd, Epoll.modify, socket, events)
        #else
            change(socket, filter: Int16(EVFILT_READ), flags: UInt16(read ? EV_ADD | EV_ENABLE : EV_ADD | EV_DISABLE))
            change(socket, filter: Int16(EVFILT_WRITE), flags: UInt16(write ? EV_ADD | EV_ENABLE : EV_ADD | EV_DISABLE))
        #endif
    }

    /// Stops watching `socket`; call before closing it.
    func remove(_ socket: Int32) {
        #if os(Linux)
            _ = Epoll.control(fd, Epoll.delete, socket, 0)
        #else
            change(socket, filter: Int16(EVFILT_READ), flags: UInt16(EV_DELETE))
            change(socket, filter: Int16(EVFILT_WRITE), flags: UInt16(EV_DELETE))
        #endif
    }

    /// Interrupts a `wait` from any thread.
    func wake() {
        #if os(Linux)
            var one: UInt64 = 1
            _ = withUnsafeBytes(of: &one) { Glibc.write(wakeFD, $0.baseAddress, 8) }
        #else
            var one: UInt8 = 1
            _ = Darwin.write(wakeWriteFD, &one, 1)
        #endif
    }

    /// Consumes pending wake-ups.
    func drainWake() {
        var scratch: UInt64 = 0
        while Sys.read(wakeFD, &scratch, 8) > 0 {}
    }

    /// Waits up to `timeout` milliseconds and reports ready descriptors (the wake descriptor too).
    func wait(timeout: Int32, _ handle: (Event) -> Void) {
        #if os(Linux)
            let n = Epoll.wait(fd, buffer, Int32(Self.capacity), timeout)
            guard n > 0 else { return }
            for i in 0..<Int(n) {
                let base = buffer + i * Epoll.eventSize
                let events = base.loadUnaligned(as: UInt32.self)
                let data = (base + Epoll.dataOffset).loadUnaligned(as: UInt64.self)
                handle(
                    Event(
                        fd: Int32(truncatingIfNeeded: data),
                        readable: events & (Epoll.input | Epoll.readHangup) != 0,
                        writable: events & Epoll.output != 0,
                        hangup: events & (Epoll.error | Epoll.hangup) != 0))
            }
        #else
            var spec = timespec(tv_sec: Int(timeout / 1000), tv_nsec: Int(timeout % 1000) * 1_000_000)
            let events = buffer.bindMemory(to: kevent.self, capacity: Self.capacity)
            let n = kevent(fd, nil, 0, events, Int32(Self.capacity), &spec)
            guard n > 0 else { return }
            for i in 0..<Int(n) {
                let event = events[i]
                handle(
                    Event(
                        fd: Int32(event.ident), readable: event.filter == Int16(EVFILT_READ),
                        writable: event.filter == Int16(EVFILT_WRITE), hangup: event.flags & UInt16(EV_ERROR) != 0))
            }
        #endif
    }

    #if canImport(Darwin)
        private func change(_ socket: Int32, filter: Int16, flags: UInt16) {
            var event = kevent(ident: UInt(socket), filter: filter, flags: flags, fflags: 0, data: 0, udata: nil)
            _ = kevent(fd, &event, 1, nil, 0, nil)
        }
    #endif
}

#if os(Linux)
    /// epoll(7) and eventfd(2). Swift's Glibc module does not export them, so they are looked up
    /// once with dlsym and called through C function pointers (the C calling convention, so no
    /// ABI guesswork). `struct epoll_event` is packed on x86_64 (12 bytes) and not elsewhere.
    enum Epoll {
        typealias CreateFunction = @convention(c) (Int32) -> Int32
        typealias ControlFunction = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
        typealias WaitFunction = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32
        typealias EventFDFunction = @convention(c) (UInt32, Int32) -> Int32

        /// A C library function by name (``Sys/accept(_:_:)`` looks up accept4(2) here too).
        static func symbol<T>(_ name: String, as type: T.Type) -> T {
            guard let pointer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
                fatalError("the C library has no \(name)")  // a Linux libc always has it
            }
            return unsafeBitCast(pointer, to: type)
        }

        static let create = symbol("epoll_create1", as: CreateFunction.self)
        static let ctl = symbol("epoll_ctl", as: ControlFunction.self)
        static let wait = symbol("epoll_wait", as: WaitFunction.self)
        static let eventfd = symbol("eventfd", as: EventFDFunction.self)

        #if arch(x86_64)
            static let eventSize = 12
            static let dataOffset = 4
        #else
            static let eventSize = 16
            static let dataOffset = 8
        #endif

        static let input: UInt32 = 0x001
        static let output: UInt32 = 0x004
        static let error: UInt32 = 0x008
        static let hangup: UInt32 = 0x010
        static let readHangup: UInt32 = 0x2000
        static let add: Int32 = 1
        static let delete: Int32 = 2
        static let modify: Int32 = 3
        static let cloexec: Int32 = 0x80000
        static let nonblock: Int32 = 0x800

        static func control(_ epfd: Int32, _ op: Int32, _ socket: Int32, _ events: UInt32) -> Int32 {
            var storage: (UInt64, UInt64) = (0, 0)
            return withUnsafeMutableBytes(of: &storage) { raw in
                raw.storeBytes(of: events, toByteOffset: 0, as: UInt32.self)
                raw.storeBytes(of: UInt64(UInt32(bitPattern: socket)), toByteOffset: dataOffset, as: UInt64.self)
                return ctl(epfd, op, socket, raw.baseAddress)
            }
        }
    }
#endif
