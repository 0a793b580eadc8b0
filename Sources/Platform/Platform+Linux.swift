// Linux (Glibc): the whole of Sys's Linux side. Its Darwin counterpart is Platform+Darwin.swift,
// with the same members in the same order.
#if os(Linux)
    import Glibc

    extension Sys {
        /// `SOCK_STREAM` (TCP), which Glibc imports as an enum case.
        public static let streamSocketType = Int32(SOCK_STREAM.rawValue)

        /// Flags for every send(2): `MSG_NOSIGNAL`, so a vanished peer gives `EPIPE`, not `SIGPIPE`.
        static let sendFlags = Int32(MSG_NOSIGNAL)

        /// Added to ``sendFlags`` for bytes that more bytes follow at once (a response's head before
        /// its file): `MSG_MORE`, so the kernel holds them back for the next send, and head and
        /// file leave in the same segments.
        static let moreFollowsFlag = Int32(MSG_MORE)

        /// Nothing to do per socket on Linux: ``sendFlags`` covers every send.
        static func suppressSIGPIPE(onSocket fd: Int32) {}

        /// Sends up to `count` bytes of file `file` from `offset` to `socket` without copying
        /// them through user space (sendfile(2)): the bytes sent, 0 at the end of the file, or -1
        /// with errno set (`EAGAIN` when the socket is full).
        public static func sendFile(socket: Int32, file: Int32, offset: Int, count: Int) -> Int {
            var position = off_t(offset)
            return sendfile(socket, file, &position, count)
        }

        /// Bytes per unit of `rusage.ru_maxrss`: kibibytes on Linux.
        static let maxRSSUnit = 1024

        /// getrusage(2)'s `RUSAGE_SELF` (Glibc imports `RUSAGE_SELF` as an enum case).
        static let rusageSelf = __rusage_who_t(RUSAGE_SELF.rawValue)

        /// A `stat`'s modification time (`st_mtim`).
        public static func modificationTime(_ info: stat) -> timespec { info.st_mtim }

        /// The name of the call ``syncData(_:)`` makes, for error messages.
        public static let syncDataCall = "fdatasync"

        /// Makes a file's data, and the metadata needed to read it back (its size), durable:
        /// fdatasync(2). 0, or -1 with errno set.
        public static func syncData(_ fd: Int32) -> Int32 { fdatasync(fd) }

        /// `RLIMIT_NOFILE`, which Glibc imports as an enum case.
        static let openFilesResource = Int32(RLIMIT_NOFILE.rawValue)

        /// A number that identifies the calling thread while it runs (`pthread_t`, an integer here).
        public static var currentThreadID: UInt64 { UInt64(pthread_self()) }

        /// Gives the calling thread the lowest CPU priority: Linux keeps a nice value per thread,
        /// and setpriority(2) with `who` 0 sets the caller's.
        public static func lowerCurrentThreadPriority() {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        }

        /// Hands memory the allocator holds free back to the system: glibc keeps freed memory
        /// in its arenas (one per thread that allocates, and Dispatch runs many), so a process
        /// whose sessions and connections have ended can keep its peak size for good;
        /// malloc_trim(3) returns the free pages of every arena. (Glibc's Swift module does not
        /// import `<malloc.h>`, so the function is looked up once by name.)
        public static func releaseFreeMemory() { _ = mallocTrim?(0) }

        private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        }()
    }
#endif
