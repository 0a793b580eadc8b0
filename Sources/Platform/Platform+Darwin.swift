// Darwin (macOS): the whole of Sys's Darwin side, written against Apple's man pages (this
// repository's CI runs on Linux, so read it by eye). Same members, same order as
// Platform+Linux.swift.
#if canImport(Darwin)
    import Darwin

    extension Sys {
        /// `SOCK_STREAM` (TCP), an `Int32` macro here.
        public static let streamSocketType = SOCK_STREAM

        /// Darwin has no `MSG_NOSIGNAL`; ``suppressSIGPIPE(onSocket:)`` sets `SO_NOSIGPIPE` instead.
        static let sendFlags: Int32 = 0

        /// Added to ``sendFlags`` for bytes that more bytes follow at once: Darwin has no
        /// `MSG_MORE`, so nothing (the head goes out in a segment of its own).
        static let moreFollowsFlag: Int32 = 0

        /// `SO_NOSIGPIPE` (setsockopt(2)): writes to a vanished peer give `EPIPE`, not `SIGPIPE`.
        static func suppressSIGPIPE(onSocket fd: Int32) {
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        }

        /// Sends up to `count` bytes of file `file` from `offset` to `socket` (sendfile(2), whose
        /// argument order differs from Linux's): the bytes sent, 0 at the end of the file, or -1
        /// with errno set. On `EAGAIN` or `EINTR` the man page reports the bytes that did go out
        /// in `len`, so a partial send counts as sent. A `len` of 0 would mean "to the end".
        public static func sendFile(socket: Int32, file: Int32, offset: Int, count: Int) -> Int {
            guard count > 0 else { return 0 }
            var length = off_t(count)
            let result = Darwin.sendfile(file, socket, off_t(offset), &length, nil, 0)
            return result == 0 || length > 0 ? Int(length) : -1
        }

        /// Bytes per unit of `rusage.ru_maxrss`: bytes on Darwin.
        static let maxRSSUnit = 1

        /// getrusage(2)'s `RUSAGE_SELF`.
        static let rusageSelf = RUSAGE_SELF

        /// A `stat`'s modification time (`st_mtimespec`).
        public static func modificationTime(_ info: stat) -> timespec { info.st_mtimespec }

        /// The name of the call ``syncData(_:)`` makes, for error messages.
        public static let syncDataCall = "fcntl(F_FULLFSYNC)"

        /// Makes a file's data durable: `F_FULLFSYNC` (fcntl(2)), because fsync(2) on macOS does
        /// not flush the drive's cache; fsync where the file system lacks it. 0, or -1 with errno set.
        public static func syncData(_ fd: Int32) -> Int32 { fcntl(fd, F_FULLFSYNC) == 0 ? 0 : fsync(fd) }

        /// `RLIMIT_NOFILE` (an `Int32` macro here).
        static let openFilesResource = RLIMIT_NOFILE

        /// A number that identifies the calling thread while it runs (`pthread_t`, a pointer here).
        public static var currentThreadID: UInt64 { UInt64(UInt(bitPattern: pthread_self())) }

        /// Gives the calling thread the lowest priority: the background QoS class
        /// (pthread_set_qos_class_self_np(3)); macOS's setpriority(2) would set the whole process's.
        public static func lowerCurrentThreadPriority() {
            _ = pthread_set_qos_class_self_np(QOS_CLASS_BACKGROUND, 0)
        }

        /// Hands memory the allocator holds free back to the system:
        /// malloc_zone_pressure_relief(3) on every zone.
        public static func releaseFreeMemory() { _ = malloc_zone_pressure_relief(nil, 0) }
    }
#endif
