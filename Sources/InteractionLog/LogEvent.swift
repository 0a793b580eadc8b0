import EventSchema
import Foundation
import JSON

extension LogColumns {
    // Positions of the columns the store and the readers look at by hand.
    static let schema = position("schema"), eventID = position("event_id"), seq = position("seq")
    static let ts = position("ts"), tMs = position("t_ms"), type = position("type")
    static let prototype = position("prototype"), session = position("session"), share = position("share")
    static let prototypeVersion = position("prototype_version"), pid = position("pid")
    static let props = position("props")

    static let utf8Names: [[UInt8]] = names.map { Array($0.utf8) }
}

/// One event as it is in the log: a line of NDJSON with every column of ``LogColumns/all``.
///
/// Every optional column is written as `null` when absent, so every line has every key.
/// Units: `ts` microseconds since the Unix epoch (UTC; written as RFC 3339 text with
/// microseconds), `tMs` milliseconds. The columns after `t_ms` are ``fields``, whose members
/// read as the event's own (`event.target`).
@dynamicMemberLookup
public struct LogEvent: Sendable, Equatable {
    /// The schema version of the line, `1` (``LogEvent/currentSchema``).
    public var schema: Int
    /// Unique id: the client's for client events, otherwise a lowercase UUID the store assigned.
    public var eventID: String
    /// Per session, strictly increasing from 1, assigned by the store (events without a session
    /// share one sequence).
    public var seq: Int
    /// Server time: microseconds since 1970-01-01T00:00:00Z.
    public var ts: Int64
    /// Milliseconds since the session started.
    public var tMs: Int?
    /// The columns the caller gave: `type` through `props`.
    public var fields: EventFields

    /// The schema version this module writes.
    public static let currentSchema = 1

    /// An event of the given columns.
    public init(
        schema: Int = LogEvent.currentSchema, eventID: String, seq: Int, ts: Int64, tMs: Int? = nil,
        _ fields: EventFields
    ) {
        self.schema = schema
        self.eventID = eventID
        self.seq = seq
        self.ts = ts
        self.tMs = tMs
        self.fields = fields
    }

    /// The event a store writes for `pending`, with the identity and time it assigned.
    public init(_ pending: PendingEvent, eventID: String, seq: Int, ts: Int64) {
        self.init(eventID: eventID, seq: seq, ts: ts, tMs: pending.tMs, pending.fields)
    }

    /// A column of ``fields``, as `event.screen`.
    public subscript<T>(dynamicMember column: WritableKeyPath<EventFields, T>) -> T {
        get { fields[keyPath: column] }
        set { fields[keyPath: column] = newValue }
    }

    /// `ts` as a `Date` (sub-microsecond precision is not kept by the log).
    public var date: Date { Date(timeIntervalSince1970: Double(ts) / 1_000_000) }
}

/// An event to append: ``EventFields`` and, optionally, what the store would otherwise assign.
///
/// The store assigns `seq` always; `eventID` when it is `nil` (a lowercase UUID); `ts` when it
/// is `nil` (the server's clock when ``LogStore/append(_:)`` is called, in microseconds since
/// the epoch); `tMs` when it is `nil` and the session's `session_start` is in the log
/// (milliseconds from that event's `ts`). A non-`nil` `eventID` is the client's id and makes
/// the event deduplicated within its session: if the session already logged that id, the event
/// is not written again and counts as a duplicate.
@dynamicMemberLookup
public struct PendingEvent: Sendable, Equatable {
    /// Client-supplied id (1…128 bytes), or `nil` for the store to assign one.
    public var eventID: String?
    /// Server time in microseconds since the epoch, or `nil` for now.
    public var ts: Int64?
    /// Milliseconds since the session started, or `nil` for the store to derive it.
    public var tMs: Int?
    /// The columns `type` through `props`.
    public var fields: EventFields

    /// An event to log; see ``LogColumns/all`` for the columns' meaning and units.
    public init(_ fields: EventFields, eventID: String? = nil, ts: Int64? = nil, tMs: Int? = nil) {
        self.eventID = eventID
        self.ts = ts
        self.tMs = tMs
        self.fields = fields
    }

    /// A column of ``fields``, as `pending.screen`.
    public subscript<T>(dynamicMember column: WritableKeyPath<EventFields, T>) -> T {
        get { fields[keyPath: column] }
        set { fields[keyPath: column] = newValue }
    }

    /// Longest client event id accepted, in UTF-8 bytes.
    public static let maxEventIDBytes = 128
}
