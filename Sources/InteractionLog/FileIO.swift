import Foundation
import Platform

/// Thin POSIX wrappers: the store needs `pwrite`, `fdatasync`, `ftruncate` and `flock`, which
/// `FileHandle` does not expose with their error codes. Every failure is a ``LogStoreError``.
enum FileIO {
    static func closeFile(_ fd: Int32) { _ = close(fd) }

    static func fail(_ op: String, _ path: String, _ code: Int32 = errno) -> LogStoreError {
        if code == ENOSPC || code == EDQUOT { return .diskFull(path: path) }
        return .io(operation: op, path: path, errno: code)
    }

    /// Opens (creating when `create`) a file for reading and writing, close-on-exec.
    static func openReadWrite(_ path: String, create: Bool) throws(LogStoreError) -> Int32 {
        let flags = O_RDWR | O_CLOEXEC | (create ? O_CREAT : 0)
        let fd = open(path, flags, 0o644)
        if fd < 0 { throw fail("open", path) }
        return fd
    }

    /// Opens a file read-only, or returns `nil` when it does not exist.
    static func openRead(_ path: String) throws(LogStoreError) -> Int32? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw fail("open", path)
        }
        return fd
    }

    static func size(_ fd: Int32, _ path: String) throws(LogStoreError) -> Int {
        var st = stat()
        if fstat(fd, &st) != 0 { throw fail("fstat", path) }
        return Int(st.st_size)
    }

    /// Writes all of `bytes` at `offset`, retrying short writes and `EINTR`.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], at offset: Int, _ path: String) throws(LogStoreError) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { buf in
                pwrite(fd, buf.baseAddress! + done, buf.count - done, off_t(offset + done))
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw fail("write", path)
            }
            if n == 0 { throw fail("write", path, EIO) }
            done += n
        }
    }

    /// Reads up to `count` bytes at `offset` into `buffer` (from its start); returns bytes read.
    static func read(
        _ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, count: Int, at offset: Int, _ path: String
    )
        throws(LogStoreError) -> Int
    {
        while true {
            let n = pread(fd, buffer.baseAddress!, min(count, buffer.count), off_t(offset))
            if n < 0 {
                if errno == EINTR { continue }
                throw fail("read", path)
            }
            return n
        }
    }

    /// Reads `count` bytes at `offset` (fewer at the end of the file).
    static func readBytes(_ fd: Int32, count: Int, at offset: Int, _ path: String) throws(LogStoreError) -> [UInt8] {
        let buf = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 1)
        defer { buf.deallocate() }
        var done = 0
        while done < count {
            let n = try read(
                fd, into: UnsafeMutableRawBufferPointer(rebasing: buf[done..<count]), count: count - done,
                at: offset + done, path)
            if n == 0 { break }
            done += n
        }
        return Array(buf[0..<done])
    }

    /// Makes a file's data (and the metadata needed to read it back, e.g. its size) durable:
    /// ``Sys/syncData(_:)`` (Linux: `fdatasync`; Darwin: `F_FULLFSYNC`, as plain `fsync` there
    /// does not flush the drive's cache).
    static func sync(_ fd: Int32, _ path: String) throws(LogStoreError) {
        while Sys.syncData(fd) != 0 {
            if errno == EINTR { continue }
            throw fail(Sys.syncDataCall, path)
        }
    }

    /// Makes a directory's entries durable (after creating a file or directory in it).
    static func syncDirectory(_ path: String) throws(LogStoreError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw fail("open", path) }
        defer { close(fd) }
        if fsync(fd) != 0 && errno != EINVAL { throw fail("fsync", path) }
    }

    static func truncate(_ fd: Int32, to length: Int, _ path: String) throws(LogStoreError) {
        while ftruncate(fd, off_t(length)) != 0 {
            if errno == EINTR { continue }
            throw fail("ftruncate", path)
        }
    }

    /// Creates a directory if it does not exist; returns whether it created it.
    @discardableResult
    static func makeDirectory(_ path: String) throws(LogStoreError) -> Bool {
        if mkdir(path, 0o755) == 0 { return true }
        if errno == EEXIST {
            var st = stat()
            if stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR { return false }
            throw fail("mkdir", path, ENOTDIR)
        }
        throw fail("mkdir", path)
    }

    /// Creates a directory and its missing parents.
    static func makeDirectories(_ path: String) throws(LogStoreError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            try makeDirectory(prefix)
        }
    }

    /// Names in a directory (without `.` and `..`), or `[]` when it does not exist.
    static func list(_ path: String) throws(LogStoreError) -> [String] {
        guard let dir = opendir(path) else {
            if errno == ENOENT { return [] }
            throw fail("opendir", path)
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Takes an exclusive advisory lock on `path` (created if needed); the descriptor holds it.
    ///
    /// A lock that is held is retried every 10 ms for up to `patience` seconds: a lock is
    /// released only when every copy of its descriptor is closed, and copies outlive their
    /// owner briefly — in a server that is still exiting while its successor starts, or in a
    /// child process between `fork` and `exec` (`O_CLOEXEC` closes them only at the `exec`).
    /// - Throws: ``LogStoreError/locked(path:)`` when another writer still holds it after that.
    static func lockFile(_ path: String, patience: Double = 2) throws(LogStoreError) -> Int32 {
        let fd = try openReadWrite(path, create: true)
        let deadline = ContinuousClock.now + .milliseconds(Int(patience * 1000))
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK && ContinuousClock.now < deadline {
                usleep(10_000)
                continue
            }
            close(fd)
            if code == EWOULDBLOCK { throw .locked(path: path) }
            throw fail("flock", path, code)
        }
        return fd
    }
}
