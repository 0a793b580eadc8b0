import EventSchema
import Foundation
import JSON

extension LogStore {
    /// Cuts a part file's invalid tail: an unterminated last line, then, repeatedly, a last
    /// complete line that is not a JSON object (strictly parsed). Returns what was cut.
    static func recoverTail(_ path: String) throws(LogStoreError) -> RecoveryNote? {
        let fd = try FileIO.openReadWrite(path, create: false)
        defer { FileIO.closeFile(fd) }
        let size = try FileIO.size(fd, path)
        var end = size
        var lines = 0
        while end > 0 {
            let last = try readByte(fd, at: end - 1, path)
            if last != 0x0A {
                // Unterminated: never acknowledged (the newline is written before the sync).
                end = try lastNewline(fd, before: end, path).map { $0 + 1 } ?? 0
                lines += 1
                continue
            }
            let start = try lastNewline(fd, before: end - 1, path).map { $0 + 1 } ?? 0
            let line = try FileIO.readBytes(fd, count: end - 1 - start, at: start, path)
            if line.count == end - 1 - start, isValidLine(line) { break }
            end = start
            lines += 1
        }
        guard end < size else { return nil }
        try FileIO.truncate(fd, to: end, path)
        try FileIO.sync(fd, path)
        return RecoveryNote(file: path, droppedBytes: size - end, droppedLines: lines)
    }

    /// A line is valid when it is a JSON object (strict parse) with the scanner's structure.
    static func isValidLine(_ line: [UInt8]) -> Bool {
        guard let value = try? JSONParser.parse(line), value.objectValue != nil else { return false }
        return true
    }

    private static func readByte(_ fd: Int32, at offset: Int, _ path: String) throws(LogStoreError) -> UInt8 {
        let b = try FileIO.readBytes(fd, count: 1, at: offset, path)
        guard let first = b.first else { throw FileIO.fail("read", path, EIO) }
        return first
    }

    /// The offset of the last `\n` before `end`, reading backwards in 64 KiB blocks.
    private static func lastNewline(_ fd: Int32, before end: Int, _ path: String) throws(LogStoreError) -> Int? {
        let block = 64 << 10
        var hi = end
        while hi > 0 {
            let lo = max(0, hi - block)
            let want = hi - lo
            let buf = try FileIO.readBytes(fd, count: want, at: lo, path)
            guard buf.count == want else { throw FileIO.fail("read", path, EIO) }
            var i = want - 1
            while i >= 0 {
                if buf[i] == 0x0A { return lo + i }
                i -= 1
            }
            hi = lo
        }
        return nil
    }

    /// Reads every part once to rebuild each session's last `seq`, `session_start` time and
    /// event-id hashes, and each session's first `session_start` into `starts`.
    static func rebuild(
        _ parts: [LogPart], starts: inout [String: LoggedSessionStart], report: inout LogOpenReport,
        visiting types: Set<LogEventType> = [],
        _ visit: (LogEvent) -> Void = { _ in }
    ) throws(LogStoreError) -> [String: SessionState] {
        var sessions: [String: SessionState] = [:]
        var scanner = RawLine()
        for part in parts {
            guard let reader = try PartLineReader(part) else { continue }
            report.parts += 1
            while let line = try reader.next() {
                report.bytes += line.count + 1
                guard scanner.scan(line), let seq = scanner.int(LogColumns.seq),
                    scanner.kind(LogColumns.eventID) == .string
                else {
                    report.invalidLines += 1
                    continue
                }
                report.events += 1
                let key = scanner.string(LogColumns.session) ?? ""
                let hash: IDHash
                if scanner.slots[LogColumns.eventID].escaped {
                    hash = IDHash(scanner.string(LogColumns.eventID) ?? "")
                } else {
                    hash = IDHash(UnsafeRawBufferPointer(scanner.raw(LogColumns.eventID)))
                }
                let type = scanner.type()
                if let type, types.contains(type), let event = LogEvent(raw: scanner) { visit(event) }
                let isStart = type == .sessionStart
                let ts = isStart ? scanner.timestamp() : nil
                modifyInPlace(&sessions[key, default: SessionState()]) { s in
                    s.ids.insert(hash)
                    s.lastSeq = max(s.lastSeq, seq)
                    if isStart, s.startTs == nil, let ts {
                        s.startTs = ts
                        let pid = scanner.string(LogColumns.pid)
                        // Only a participant's start with a pid has its props read (for its digest).
                        let digest =
                            pid == nil || scanner.kind(LogColumns.props) != .object
                            ? nil
                            : (try? JSONParser.parse(scanner.json(LogColumns.props)))?["addressDigest"]?.stringValue
                        starts[key] = LoggedSessionStart(
                            ts: ts, prototype: scanner.string(LogColumns.prototype),
                            share: scanner.string(LogColumns.share),
                            version: scanner.string(LogColumns.prototypeVersion), pid: pid, addressDigest: digest)
                    }
                }
            }
        }
        return sessions
    }
}
