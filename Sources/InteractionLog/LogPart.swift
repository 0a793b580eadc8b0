import Foundation

/// One part file of the log: `<logs>/date=YYYY-MM-DD/part-NNNNNN.ndjson` (docs/log.md).
public struct LogPart: Sendable, Equatable, Comparable {
    /// Its path.
    public var path: String
    /// Its UTC day, in days since 1970-01-01.
    public var day: Int64
    /// Its number within the day, from 0.
    public var index: Int
    /// How many bytes of it a reader takes: the durable length when a store took the snapshot,
    /// or `nil` for the whole file as it is when read.
    public var length: Int?

    public static func < (a: LogPart, b: LogPart) -> Bool { (a.day, a.index) < (b.day, b.index) }

    /// `date=2026-11-29`.
    static func dayDirectoryName(_ day: Int64) -> String { "date=" + LogTimestamp.dayString(day: day) }

    /// `part-000000.ndjson` (six digits at least).
    static func fileName(_ index: Int) -> String {
        let digits = String(index)
        return "part-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".ndjson"
    }

    /// The day of a `date=YYYY-MM-DD` name, or `nil` for other names.
    static func day(ofDirectory name: String) -> Int64? {
        guard name.hasPrefix("date=") else { return nil }
        return LogTimestamp.parseDay(name.dropFirst(5))
    }

    /// The number of a `part-NNNNNN.ndjson` name, or `nil` for other names.
    static func index(ofFile name: String) -> Int? {
        guard name.hasPrefix("part-"), name.hasSuffix(".ndjson") else { return nil }
        let digits = name.dropFirst(5).dropLast(7)
        guard digits.count >= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// Every part under `directory` whose day may hold events that `filter` takes, in order
    /// (day, then part number). Other files and directories are ignored.
    static func list(in directory: String, filter: LogFilter = LogFilter()) throws(LogStoreError) -> [LogPart] {
        var parts: [LogPart] = []
        for name in try FileIO.list(directory) {
            guard let day = day(ofDirectory: name), filter.includesDay(day) else { continue }
            let dir = directory + "/" + name
            for file in try FileIO.list(dir) {
                guard let index = index(ofFile: file) else { continue }
                parts.append(LogPart(path: dir + "/" + file, day: day, index: index, length: nil))
            }
        }
        return parts.sorted()
    }
}

/// Reads the complete lines of one part file with a fixed buffer (64 KiB, grown only for a
/// longer line): constant memory however large the file. A last line without `\n` (a write in
/// progress, or a torn one a store has not recovered yet) is not returned.
final class PartLineReader {
    let path: String
    private let fd: Int32
    private var limit: Int
    private var offset = 0  // file offset of buf[end]
    private var buf: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var eof = false
    /// Bytes at the end that did not form a complete line.
    private(set) var trailingBytes = 0
    /// File offset of the start of the line last returned.
    private(set) var lineOffset = 0

    /// Opens `part` (up to its `length`, when set); `nil` when the file vanished.
    init?(_ part: LogPart, bufferSize: Int = 64 << 10) throws(LogStoreError) {
        guard let fd = try FileIO.openRead(part.path) else { return nil }
        self.fd = fd
        path = part.path
        limit = part.length ?? Int.max
        buf = .allocate(byteCount: bufferSize, alignment: 16)
    }

    deinit {
        close(fd)
        buf.deallocate()
    }

    /// The next line without its `\n`, valid until the next call; `nil` at the end.
    func next() throws(LogStoreError) -> UnsafeBufferPointer<UInt8>? {
        while true {
            if start < end {
                let base = buf.baseAddress!.assumingMemoryBound(to: UInt8.self)
                if let nl = memchr(base + start, 0x0A, end - start) {
                    let nlIndex = base.distance(to: nl.assumingMemoryBound(to: UInt8.self))
                    let line = UnsafeBufferPointer(start: base + start, count: nlIndex - start)
                    lineOffset = offset - (end - start)
                    start = nlIndex + 1
                    return line
                }
            }
            if eof {
                trailingBytes = end - start
                start = end
                return nil
            }
            // Keep the partial line: move it to the front, grow when it fills the buffer.
            if start > 0 {
                if end > start { memmove(buf.baseAddress!, buf.baseAddress! + start, end - start) }
                end -= start
                start = 0
            }
            if end == buf.count {
                let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buf.count * 2, alignment: 16)
                bigger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buf[0..<end]))
                buf.deallocate()
                buf = bigger
            }
            let want = min(buf.count - end, limit - offset)
            let n =
                want <= 0
                ? 0
                : try FileIO.read(
                    fd, into: UnsafeMutableRawBufferPointer(rebasing: buf[end...]), count: want, at: offset, path)
            if n == 0 { eof = true }
            end += n
            offset += n
        }
    }
}
