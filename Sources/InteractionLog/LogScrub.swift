import EventSchema
import Foundation
import JSON

/// What ``LogScrub/run(directory:)`` did.
public struct LogScrubReport: Sendable, Equatable {
    /// Part files read.
    public var parts = 0
    /// Part files rewritten (those that held at least one typed value).
    public var rewritten = 0
    /// Lines read.
    public var lines = 0
    /// Typed values removed (edit actions whose `value` was text).
    public var values = 0
}

/// Rewrites a log written before typed text was kept out of it (docs/log.md, "Typed text"):
/// every `edit` action in the `action` column that carries the text typed (`"value": "…"`)
/// becomes the shape the server logs now — the field, `length` (characters) and `empty` —
/// and the rest of the line is kept. `modallab logs scrub` runs it.
///
/// Crash-safe: a part that needs changes is written whole to a temporary file beside it
/// (`part-NNNNNN.ndjson.scrub`), synced, renamed over the part, and the folder synced; a crash
/// at any point leaves either the old part or the new one complete (a leftover temporary file
/// is not a part, and the next run removes it). The log's lock is taken first, so it refuses
/// to run while a server writes to the same log. Memory: one line at a time.
///
/// Every text value goes, including a field the prototype opted in (`"record": "value"`): an
/// old log can't tell them apart, and a value the study wants can be typed again.
/// A participant's `comment` answers (written for the researcher) are not edits and are kept.
public enum LogScrub {
    /// Scrubs the log tree at `directory` (`<data>/logs`).
    /// - Throws: ``LogStoreError/locked(path:)`` while a server has the log open, or an I/O
    ///   error (the part being written is left as it was).
    public static func run(directory: String) throws(LogStoreError) -> LogScrubReport {
        let lockFD = try FileIO.lockFile(directory + "/.lock")
        defer { FileIO.closeFile(lockFD) }
        var report = LogScrubReport()
        for name in try FileIO.list(directory) where LogPart.day(ofDirectory: name) != nil {
            for file in try FileIO.list(directory + "/" + name) where file.hasSuffix(".ndjson.scrub") {
                _ = unlink(directory + "/" + name + "/" + file)
            }
        }
        for part in try LogPart.list(in: directory) {
            report.parts += 1
            try scrub(part, &report)
        }
        return report
    }

    /// Scrubs one part: a first pass looks for typed values; only a part that has some is written again.
    static func scrub(_ part: LogPart, _ report: inout LogScrubReport) throws(LogStoreError) {
        var found = false
        if let reader = try PartLineReader(part) {
            while let line = try reader.next() {
                report.lines += 1
                if !found, scrubbed(line) != nil { found = true }
            }
        }
        guard found else { return }
        let temporary = part.path + ".scrub"
        let out = try FileIO.openReadWrite(temporary, create: true)
        var closed = false
        defer { if !closed { FileIO.closeFile(out) } }
        do throws(LogStoreError) {
            try FileIO.truncate(out, to: 0, temporary)
            var offset = 0
            var buffer: [UInt8] = []
            func flush() throws(LogStoreError) {
                try FileIO.writeAll(out, buffer, at: offset, temporary)
                offset += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
            guard let reader = try PartLineReader(part) else { return }
            while let line = try reader.next() {
                if let changed = scrubbed(line) {
                    report.values += 1
                    buffer.append(contentsOf: changed)
                } else {
                    buffer.append(contentsOf: line)
                }
                buffer.append(0x0A)
                if buffer.count >= 1 << 16 { try flush() }
            }
            // A torn last line (no `\n`) is kept as it is, for the store's recovery to judge.
            if reader.trailingBytes > 0, let fd = try FileIO.openRead(part.path) {
                defer { FileIO.closeFile(fd) }
                let size = try FileIO.size(fd, part.path)
                buffer += try FileIO.readBytes(
                    fd, count: reader.trailingBytes, at: size - reader.trailingBytes, part.path)
            }
            try flush()
            try FileIO.sync(out, temporary)
            FileIO.closeFile(out)
            closed = true
            if rename(temporary, part.path) != 0 { throw FileIO.fail("rename", part.path) }
            try FileIO.syncDirectory((part.path as NSString).deletingLastPathComponent)
            report.rewritten += 1
        } catch {
            _ = unlink(temporary)
            throw error
        }
    }

    /// The line without its typed values, or `nil` when it has none: an `edit` action (in the
    /// `action` column) whose `value` is a string becomes `{type, target, field?, length, empty}`.
    static func scrubbed(_ line: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        // Most lines are not edits: a cheap look for the word first.
        guard contains(line, Self.editWord),
            case .object(var event)? = try? JSONParser.parse(line),
            case .string(let actionText)? = event["action"],
            case .object(let action)? = try? JSONParser.parse(actionText),
            action["type"] == "edit", case .string(let text)? = action["value"]
        else { return nil }
        var kept = JSONObject()
        kept["type"] = "edit"
        if let target = action["target"] { kept["target"] = target }
        if let field = action["field"] { kept["field"] = field }
        kept["length"] = .int(text.count)
        kept["empty"] = .bool(text.isEmpty)
        event["action"] = .string(JSONWriter().string(.object(kept)))
        return JSONWriter().bytes(.object(event))
    }

    private static let editWord = Array(#"\"edit\""#.utf8)

    private static func contains(_ line: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
        guard line.count >= word.count else { return false }
        var i = 0
        while i + word.count <= line.count {
            if line[i] == word[0] {
                var j = 1
                while j < word.count && line[i + j] == word[j] { j += 1 }
                if j == word.count { return true }
            }
            i += 1
        }
        return false
    }
}
