import Foundation

/// Why a log operation failed. When ``LogStore/append(_:)`` throws, none of the batch's events
/// is acknowledged and none remains in the log (the store cuts the part back to its last
/// durable length); the store stays usable, so the caller may retry the same events.
public enum LogStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file system is full or the quota is exhausted (`ENOSPC`, `EDQUOT`) at `path`.
    case diskFull(path: String)
    /// A system call failed: `operation` is its name (`open`, `write`, `fdatasync`, …),
    /// `errno` its error number.
    case io(operation: String, path: String, errno: Int32)
    /// Another process (or another ``LogStore`` in this one) holds the log directory's lock,
    /// the file `path`. One writer per log directory; readers use ``LogReader``.
    case locked(path: String)
    /// The store was closed with ``LogStore/close()``.
    case closed
    /// An event the caller passed cannot be logged: `index` is its position in the batch.
    case invalidEvent(index: Int, reason: String)

    public var description: String {
        switch self {
        case .diskFull(let path): return "interaction log: disk full writing \(path)"
        case .io(let op, let path, let code):
            return "interaction log: \(op) \(path): \(String(cString: strerror(code))) (errno \(code))"
        case .locked(let path): return "interaction log: \(path) is locked by another writer"
        case .closed: return "interaction log: the store is closed"
        case .invalidEvent(let index, let reason): return "interaction log: event \(index): \(reason)"
        }
    }
}

/// What recovery on open did to one part file (docs/log.md: "the server truncates a torn last line
/// on start and says how many bytes it dropped").
public struct RecoveryNote: Sendable, Equatable, CustomStringConvertible {
    /// The part file, e.g. `<data>/logs/date=2026-11-29/part-000000.ndjson`.
    public var file: String
    /// Bytes cut from the end of the file: an unterminated line, or complete trailing lines
    /// that are not valid JSON (such as the zeros some file systems leave after a crash).
    public var droppedBytes: Int
    /// Trailing lines dropped (an unterminated tail counts as one).
    public var droppedLines: Int

    /// A note about `file`.
    public init(file: String, droppedBytes: Int, droppedLines: Int) {
        self.file = file
        self.droppedBytes = droppedBytes
        self.droppedLines = droppedLines
    }

    /// `recovered log: dropped 37 bytes of a torn line in …/part-000000.ndjson`.
    public var description: String {
        let what = droppedLines == 1 ? "a torn line" : "\(droppedLines) torn lines"
        return "recovered log: dropped \(droppedBytes) bytes of \(what) in \(file)"
    }
}
