import Foundation
import Platform

/// Serves the files under a directory, for a route such as `/public/*`:
///
/// ```swift
/// let files = StaticFiles(root: "Public")
/// router.get("/public/*", files.handler)
/// ```
///
/// - Media type by extension (``MIMEType``), a strong `ETag` from inode, size and modification
///   time, `Last-Modified`, `Cache-Control` and `Accept-Ranges: bytes`.
/// - Conditional requests (RFC 9110 §13): `If-None-Match` (weak comparison), else
///   `If-Modified-Since` → 304.
/// - One byte range (RFC 9110 §14): `Range: bytes=a-b`, `a-`, `-n` → 206 with `Content-Range`;
///   unsatisfiable → 416 with `Content-Range: bytes */length`; several ranges or a malformed
///   one → the whole file (as §14.2 allows). `If-Range` is honoured.
/// - Containment: the path is decoded once by the server; a component that is empty, `.`, `..`,
///   or starts with `.`, a backslash or NUL, anything that is not a regular file, and anything
///   whose real path (symlinks resolved) is not under the real root are all 404, never 403, so
///   nothing about the rest of the disk leaks.
/// - Files up to ``maxCachedFileBytes`` are cached, keyed by path, and checked against `stat`
///   when last checked more than ``revalidateInterval`` seconds ago (so an edit shows within that
///   time, as with nginx's `open_file_cache_valid`): those under ``sendFileMinBytes`` in memory,
///   the others as a descriptor kept open and sent with sendfile(2) (as nginx's
///   `open_file_cache` with `sendfile on`: the kernel copies the file once, into the socket,
///   where bytes in memory are copied in from user space first). Larger files go out with
///   sendfile(2) and are checked on every request.
public struct StaticFiles: Sendable {
    /// The real path of the root directory (symlinks resolved at init).
    public let root: String
    /// The URL prefix stripped from ``HTTPRequest/path`` when the route has no `*` parameter.
    public let urlPrefix: String
    /// The `Cache-Control` value; `no-cache` makes browsers revalidate (cheap with the ETag).
    public var cacheControl: String = "no-cache"
    /// Files up to this many bytes are cached (in memory, or open: ``sendFileMinBytes``).
    public var maxCachedFileBytes = 256 * 1024
    /// Cached files from this many bytes up are kept open and sent with sendfile(2) rather than
    /// kept in memory and copied into the socket behind their head (one sendmsg(2)): a file sent
    /// with sendfile costs a second system call after its head, and saves a copy of its bytes. For
    /// an 11 KB file the saving won (BENCHMARKS.md: ~14% more requests per second with one
    /// loop); where between 1 KiB and 11 KB it starts to win was not measured: 8 KiB is a choice.
    public var sendFileMinBytes = 8 * 1024
    /// Seconds a cached file is served without a `stat` to see whether it changed; 0 checks on
    /// every request. One second saves a system call per request at no cost a person notices.
    public var revalidateInterval: Double = 1
    /// Fields every answer carries besides the file's own (an application's security headers,
    /// say), built into each cached file's header block once, so a middleware that adds the
    /// same fields when they are missing finds them there and copies nothing per request. A
    /// field the file's own block has already (`X-Content-Type-Options`) is not repeated.
    public var headers: HTTPHeaders = [:]
    /// Internal, not private: tests look at what it holds.
    let cache = FileCache()

    /// - Parameters:
    ///   - root: directory to serve; relative paths are resolved against the working directory.
    ///   - urlPrefix: the mount point, used when the route does not capture the rest as `*`.
    public init(root: String, urlPrefix: String = "/public/") {
        self.root = Self.realPath(root) ?? root
        self.urlPrefix = urlPrefix
    }

    /// The strong `ETag` this type sends for the regular file at `path` as it is now (from its
    /// inode, size and modification time), or `nil` when there is none: for an API that lists
    /// files it serves with this type.
    public static func entityTag(ofFileAt path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileCache.Entry(key: FileCache.Key(info), relative: path, cacheControl: "", checked: 0).etag
    }

    /// A synchronous ``Router`` handler (stat, and open/read on a cache miss, are fast local calls).
    public var handler: Router.Handler {
        let files = self
        return { request in files.respond(to: request) }
    }

    /// The response for a GET or HEAD of `request`: 200, 206, 304, 404 or 416.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let relative: String
        if let rest = request.parameters["*"] {
            relative = rest
        } else if request.path.hasPrefix(urlPrefix) {
            relative = String(request.path.dropFirst(urlPrefix.count))
        } else {
            return notFound
        }
        guard request.method == .get || request.method == .head else {
            return .problem(status: .methodNotAllowed, headers: ["Allow": "GET, HEAD"])
        }
        // `x.css/` names a folder `x.css`, not the file (RFC 3986 §3.3): relative references in
        // what we served would resolve against the wrong base.
        guard Self.isSafe(relative), !request.path.hasSuffix("/") else { return notFound }
        let now = Sys.now()
        if revalidateInterval > 0, let fresh = cache.lookupFresh(relative, now: now, interval: revalidateInterval) {
            return respond(request, fresh, fresh.file.map { .file($0) } ?? .bytes(fresh.bytes))
        }
        let full = root + "/" + relative
        var info = stat()
        guard stat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return notFound }
        if let cached = cache.lookup(relative, FileCache.Key(info), now: now) {
            return respond(request, cached, cached.file.map { .file($0) } ?? .bytes(cached.bytes))
        }

        guard isInsideRoot(full) else { return notFound }
        let fd = Sys.openReadOnly(full)
        guard fd >= 0 else { return notFound }
        let file = FileDescriptor(owning: fd)
        var opened = stat()
        guard fstat(fd, &opened) == 0, (opened.st_mode & S_IFMT) == S_IFREG else { return notFound }
        let key = FileCache.Key(opened)
        guard key.size <= maxCachedFileBytes else {
            // Too large to cache: sent from the open descriptor.
            let entry = FileCache.Entry(
                key: key, relative: relative, cacheControl: cacheControl, extraHeaders: headers, checked: now)
            return respond(request, entry, .file(file))
        }
        if key.size >= sendFileMinBytes {
            // Cached open, and sent from the descriptor.
            let entry = FileCache.Entry(
                key: key, relative: relative, file: file, cacheControl: cacheControl, extraHeaders: headers,
                checked: now)
            cache.store(relative, entry)
            return respond(request, entry, .file(file))
        }
        guard let bytes = Self.readAll(fd, size: key.size) else { return notFound }
        let entry = FileCache.Entry(
            key: key, relative: relative, bytes: bytes, cacheControl: cacheControl, extraHeaders: headers,
            checked: now)
        cache.store(relative, entry)
        return respond(request, entry, .bytes(bytes))
    }

    /// Where a response's bytes come from: memory (a cached file), or an open descriptor (a file
    /// too large to cache).
    private enum Content {
        case bytes([UInt8])
        case file(FileDescriptor)
    }

    private func respond(_ request: HTTPRequest, _ entry: FileCache.Entry, _ content: Content) -> HTTPResponse {
        let size = entry.key.size
        // RFC 9110 §13.2.2: If-None-Match wins over If-Modified-Since.
        if let inm = request.headers["if-none-match"] {
            if EntityTags.field(inm, matches: entry.etag, weak: true) {
                return HTTPResponse(status: .notModified, headers: entry.validatorHeaders)
            }
        } else if let ims = request.headers["if-modified-since"], let since = HTTPDate.parse(ims),
            entry.key.mtimeSeconds <= since
        {
            return HTTPResponse(status: .notModified, headers: entry.validatorHeaders)
        }

        if request.method == .get, let rangeHeader = request.headers["range"], ifRangeAllows(request, entry) {
            switch Self.parseRange(rangeHeader, size: size) {
            case .ignore:
                break
            case .unsatisfiable:
                var headers = entry.validatorHeaders
                headers.add(name: "Content-Range", value: "bytes */\(size)")
                return .problem(status: .rangeNotSatisfiable, detail: "The file has \(size) bytes.", headers: headers)
            case .range(let lower, let upper):
                var headers = entry.headers
                headers.add(name: "Content-Range", value: "bytes \(lower)-\(upper)/\(size)")
                let body: HTTPBody
                switch content {
                case .bytes(let bytes): body = .bytes(Array(bytes[lower...upper]))
                case .file(let file): body = .file(file, offset: lower, length: upper - lower + 1)
                }
                return HTTPResponse(status: .partialContent, headers: headers, body: body)
            }
        }
        switch content {
        case .bytes(let bytes): return HTTPResponse(status: .ok, headers: entry.headers, body: .bytes(bytes))
        case .file(let file):
            return HTTPResponse(status: .ok, headers: entry.headers, body: .file(file, offset: 0, length: size))
        }
    }

    private var notFound: HTTPResponse { .problem(status: .notFound, detail: "No such file.") }

    private func ifRangeAllows(_ request: HTTPRequest, _ entry: FileCache.Entry) -> Bool {
        guard let ifRange = request.headers["if-range"] else { return true }
        if ifRange.hasPrefix("\"") { return ifRange == entry.etag }  // strong comparison (§13.1.5)
        return ifRange == entry.lastModified
    }

    /// A relative path with no way out: no empty, `.`, `..` or hidden component, no backslash
    /// or NUL.
    static func isSafe(_ relative: String) -> Bool {
        var atComponentStart = true
        for byte in relative.utf8 {
            switch byte {
            case 0, 0x5C: return false  // NUL, backslash
            case 0x2F:  // an empty component
                if atComponentStart { return false }
                atComponentStart = true
            case 0x2E:  // ".", "..", ".hidden"
                if atComponentStart { return false }
            default:
                atComponentStart = false
            }
        }
        return !atComponentStart
    }

    private func isInsideRoot(_ full: String) -> Bool {
        guard let real = Self.realPath(full) else { return false }
        return real.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// `path` with symbolic links, `.` and `..` resolved (realpath(3)); nil if it does not exist.
    static func realPath(_ path: String) -> String? {
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(path, &resolved) != nil else { return nil }
        return String(decoding: resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func readAll(_ fd: Int32, size: Int) -> [UInt8]? {
        if size == 0 { return [] }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        let ok = bytes.withUnsafeMutableBytes { buffer -> Bool in
            while done < size {
                let n = pread(fd, buffer.baseAddress! + done, size - done, off_t(done))
                if n < 0 && Sys.errno == EINTR { continue }
                if n <= 0 { return false }
                done += n
            }
            return true
        }
        return ok ? bytes : nil
    }

    enum RangeResult: Equatable {
        case ignore
        case unsatisfiable
        /// Inclusive byte positions.
        case range(Int, Int)
    }

    /// One `bytes=` range-spec (RFC 9110 §14.1.2).
    static func parseRange(_ header: String, size: Int) -> RangeResult {
        let text = header[...].trimmingOWS
        guard text.lowercased().hasPrefix("bytes=") else { return .ignore }
        let spec = text.dropFirst(6).trimmingOWS
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .ignore }
        let first = spec[spec.startIndex..<dash]
        let last = spec[spec.index(after: dash)...]
        func number(_ s: Substring) -> Int? {
            guard !s.isEmpty, s.count <= 18, s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(s)
        }
        if first.isEmpty {
            guard let suffix = number(last) else { return .ignore }
            if suffix == 0 || size == 0 { return .unsatisfiable }
            return .range(max(0, size - suffix), size - 1)
        }
        guard let lower = number(first) else { return .ignore }
        var upper = size - 1
        if !last.isEmpty {
            guard let value = number(last) else { return .ignore }
            if value < lower { return .ignore }
            upper = min(value, size - 1)
        }
        if lower >= size { return .unsatisfiable }
        return .range(lower, upper)
    }
}
