import EventSchema
import Foundation

/// The order an export gives the events (docs/log.md, “Exports”): **each session's events
/// together, in (`t_ms`, `seq`) order**, the sessions in the order their first exported line
/// was logged (normally their `session_start`, so: the order they started); a line without a
/// session (or without a `t_ms`) stays where it was logged among them.
///
/// The log itself is in the order the server wrote it, and the player posts its own events
/// (misclicks, scrolls, pointer moves) in batches, so a batch can be written after an answer
/// that followed it: sorting by `t_ms` then `seq` puts each event where it happened (`seq`
/// breaks ties, and orders a session's events that share a millisecond as they were logged).
///
/// Built in one pass over the parts that records, per line the filter takes, where it is and
/// its sort key (``Entry``: 32 bytes); then sorted. Memory: 32 bytes per line taken plus one
/// dictionary entry per session id, never the lines themselves (a 1,000,000-event export
/// indexes in 32 MB); the lines are read again, by offset, by ``OrderedLineReader``.
struct LogOrderIndex {
    /// One line taken: its sort key and its place.
    struct Entry {
        /// `t_ms` (0 for a line of its own group).
        var tMs: Int64
        /// `seq` (0 when absent).
        var seq: Int64
        /// Byte offset of the line's first byte in its part.
        var offset: Int64
        /// The order of the line's group: its session's first line taken, or the line itself.
        var group: UInt32
        /// Index of the part in the index's part list.
        var part: UInt32

        /// (group, t_ms, seq), then the place in the log for what a hand-edited tree may tie.
        static func before(_ a: Entry, _ b: Entry) -> Bool {
            if a.group != b.group { return a.group < b.group }
            if a.tMs != b.tMs { return a.tMs < b.tMs }
            if a.seq != b.seq { return a.seq < b.seq }
            if a.part != b.part { return a.part < b.part }
            return a.offset < b.offset
        }
    }

    /// The parts the entries refer to, in log order.
    let parts: [LogPart]
    /// The lines taken, sorted.
    private(set) var entries: [Entry] = []
    /// Lines skipped because they were not JSON objects.
    private(set) var skippedLines = 0

    /// Indexes the lines of `parts` that `take` accepts (it gets the scanned line), and sorts them.
    /// - Throws: ``LogStoreError`` when a part cannot be read.
    init(parts: [LogPart], take: (inout RawLine) -> Bool) throws(LogStoreError) {
        self.parts = parts
        var groups: [String: UInt32] = [:]
        var nextGroup: UInt32 = 0
        var scanner = RawLine()
        var sorted = true
        for (p, part) in parts.enumerated() {
            guard let reader = try PartLineReader(part) else { continue }
            while let line = try reader.next() {
                guard scanner.scan(line) else {
                    skippedLines += 1
                    continue
                }
                guard take(&scanner) else { continue }
                var e = Entry(tMs: 0, seq: 0, offset: Int64(reader.lineOffset), group: 0, part: UInt32(p))
                if let sid = scanner.string(LogColumns.session), let tMs = scanner.int(LogColumns.tMs) {
                    e.tMs = Int64(tMs)
                    e.seq = Int64(scanner.int(LogColumns.seq) ?? 0)
                    if let g = groups[sid] {
                        e.group = g
                    } else {
                        e.group = nextGroup
                        groups[sid] = nextGroup
                        nextGroup += 1
                    }
                } else {
                    e.group = nextGroup
                    nextGroup += 1
                }
                if sorted, let last = entries.last, Entry.before(e, last) { sorted = false }
                entries.append(e)
            }
        }
        // Most exports are in order already (no late batch): no sort then.
        if !sorted { entries.sort(by: Entry.before) }
    }
}

/// Reads the lines of a ``LogOrderIndex`` in its order: each by its offset, through a window of
/// 64 KiB (grown only for a longer line) that serves the next line without a read when it is
/// near (a session's lines usually are). One part file is open at a time.
final class OrderedLineReader {
    private let index: LogOrderIndex
    private var next = 0
    private var fd: Int32 = -1
    private var fdPart = -1
    private var missing = false
    private var window: UnsafeMutableRawBufferPointer
    /// The file offset of `window[0]` and how many bytes it holds.
    private var windowOffset = 0
    private var windowCount = 0
    /// Lines that were no longer where the index saw them (a part rewritten or removed since):
    /// skipped.
    private(set) var vanishedLines = 0

    init(_ index: LogOrderIndex, windowSize: Int = 64 << 10) {
        self.index = index
        window = .allocate(byteCount: windowSize, alignment: 16)
    }

    deinit {
        if fd >= 0 { close(fd) }
        window.deallocate()
    }

    /// The next line without its `\n`, valid until the next call; `nil` after the last.
    /// - Throws: ``LogStoreError`` when a part cannot be read.
    func nextLine() throws(LogStoreError) -> UnsafeBufferPointer<UInt8>? {
        while next < index.entries.count {
            let e = index.entries[next]
            next += 1
            if let line = try line(part: Int(e.part), offset: Int(e.offset)) { return line }
            vanishedLines += 1
        }
        return nil
    }

    private func line(part p: Int, offset: Int) throws(LogStoreError) -> UnsafeBufferPointer<UInt8>? {
        let part = index.parts[p]
        if p != fdPart {
            if fd >= 0 { close(fd) }
            fd = -1
            fdPart = p
            windowCount = 0
            missing = false
            guard let opened = try FileIO.openRead(part.path) else {
                missing = true
                return nil
            }
            fd = opened
        }
        if missing { return nil }
        let limit = part.length ?? Int.max
        var base = window.baseAddress!.assumingMemoryBound(to: UInt8.self)
        // In the window already, with its newline?
        if offset >= windowOffset, offset < windowOffset + windowCount {
            let start = offset - windowOffset
            if let nl = memchr(base + start, 0x0A, windowCount - start) {
                let end = base.distance(to: nl.assumingMemoryBound(to: UInt8.self))
                return UnsafeBufferPointer(start: base + start, count: end - start)
            }
        }
        // Read a window from the line's start, growing it until the line's newline is in it.
        windowOffset = offset
        windowCount = 0
        while true {
            let want = min(window.count - windowCount, limit - (offset + windowCount))
            let n =
                want <= 0
                ? 0
                : try FileIO.read(
                    fd, into: UnsafeMutableRawBufferPointer(rebasing: window[windowCount...]), count: want,
                    at: offset + windowCount, part.path)
            let searched = windowCount
            windowCount += n
            if let nl = memchr(base + searched, 0x0A, windowCount - searched) {
                let end = base.distance(to: nl.assumingMemoryBound(to: UInt8.self))
                return UnsafeBufferPointer(start: base, count: end)
            }
            if n == 0 { return nil }
            if windowCount == window.count {
                let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: window.count * 2, alignment: 16)
                bigger.copyMemory(from: UnsafeRawBufferPointer(rebasing: window[0..<windowCount]))
                window.deallocate()
                window = bigger
                base = window.baseAddress!.assumingMemoryBound(to: UInt8.self)
            }
        }
    }
}
