import Foundation
import Platform

/// Small files' bytes and ready-made headers, keyed by relative path and validated by
/// (device, inode, size, modification time).
final class FileCache: @unchecked Sendable {
    struct Key: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var mtimeSeconds: Int
        var mtimeNanoseconds: Int

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int(info.st_size)
            let modified = Sys.modificationTime(info)
            mtimeSeconds = Int(modified.tv_sec)
            mtimeNanoseconds = Int(modified.tv_nsec)
        }
    }

    struct Entry: Sendable {
        var key: Key
        /// The file's bytes, for a small file. An entry stored has its bytes or its ``file``; an
        /// entry made for a file too large to cache has neither and serves only for its
        /// validators and headers.
        var bytes: [UInt8]
        /// The file, open, for a file sent with sendfile(2) (``StaticFiles/sendFileMinBytes``):
        /// shared by the responses that send it (sendfile reads at an offset of its own).
        var file: FileDescriptor?
        /// When `stat` last confirmed the entry (monotonic nanoseconds).
        var checked: UInt64
        var etag: String
        var lastModified: String
        /// Content-Type, ETag, Last-Modified, Accept-Ranges, Cache-Control, the extra fields
        /// (``StaticFiles/headers``), then X-Content-Type-Options unless they had it.
        var headers: HTTPHeaders
        /// ETag, Last-Modified, Cache-Control (for 304 and 416), then the extra fields.
        var validatorHeaders: HTTPHeaders

        init(
            key: Key, relative: String, bytes: [UInt8] = [], file: FileDescriptor? = nil, cacheControl: String,
            extraHeaders: HTTPHeaders = [:], checked: UInt64
        ) {
            self.key = key
            self.bytes = bytes
            self.file = file
            self.checked = checked
            etag =
                "\"" + String(key.inode, radix: 16) + "-" + String(key.size, radix: 16) + "-"
                + String(key.mtimeSeconds, radix: 16) + String(key.mtimeNanoseconds, radix: 16) + "\""
            lastModified = HTTPDate.string(key.mtimeSeconds)
            validatorHeaders = ["ETag": etag, "Last-Modified": lastModified, "Cache-Control": cacheControl]
            headers = [
                "Content-Type": MIMEType.forPath(relative), "ETag": etag, "Last-Modified": lastModified,
                "Accept-Ranges": "bytes", "Cache-Control": cacheControl,
            ]
            // The extra fields go at the end as they are, so that a middleware adding the same
            // fields finds them there with one comparison (``HTTPHeaders/addMissing(_:)``).
            headers.addMissing(extraHeaders)
            // Browsers must not guess a type other than the one sent.
            headers.addMissing(FileCache.noSniff)
            validatorHeaders.addMissing(extraHeaders)
        }
    }

    static let noSniff: HTTPHeaders = ["X-Content-Type-Options": "nosniff"]

    private struct Contents {
        var entries: [String: Entry] = [:]
        /// The sum of the entries' byte counts.
        var totalBytes = 0
        /// How many entries hold a file open.
        var openFiles = 0
    }

    private let contents = ReadMostly(Contents())
    /// The most bytes kept; when exceeded the cache starts afresh.
    static let capacity = 64 * 1024 * 1024
    /// The most files kept open (each a descriptor, out of the server's
    /// ``HTTPServer/descriptorReserve``); when exceeded the cache starts afresh.
    static let openFileCapacity = 32

    /// The bytes kept in memory and the files kept open (tests).
    var held: (bytes: Int, openFiles: Int) { contents.read { ($0.totalBytes, $0.openFiles) } }

    /// The entry for `relative` if `stat` confirmed it less than `interval` seconds ago.
    func lookupFresh(_ relative: String, now: UInt64, interval: Double) -> Entry? {
        contents.read { contents in
            guard let entry = contents.entries[relative], now &- entry.checked < UInt64(interval * 1e9) else {
                return nil
            }
            return entry
        }
    }

    /// The entry for `relative` if it matches what `stat` says now; marks it confirmed. A
    /// mismatch (an edited file, or one too large to cache) needs only the read lock.
    func lookup(_ relative: String, _ key: Key, now: UInt64) -> Entry? {
        guard var entry = contents.read({ $0.entries[relative] }), entry.key == key else { return nil }
        contents.write { contents in
            // Unless another request replaced or dropped it meanwhile.
            if let index = contents.entries.index(forKey: relative), contents.entries.values[index].key == key {
                contents.entries.values[index].checked = now
            }
        }
        entry.checked = now
        return entry
    }

    func store(_ relative: String, _ entry: Entry) {
        contents.write { contents in
            let size = entry.bytes.count
            let opens = entry.file == nil ? 0 : 1
            let replaced = contents.entries[relative]
            contents.totalBytes += size - (replaced?.bytes.count ?? 0)
            contents.openFiles += opens - (replaced?.file == nil ? 0 : 1)
            if contents.totalBytes > Self.capacity || contents.openFiles > Self.openFileCapacity {
                contents.entries.removeAll()
                contents.totalBytes = size
                contents.openFiles = opens
            }
            contents.entries[relative] = entry
        }
    }
}
