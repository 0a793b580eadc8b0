import Foundation
import JSON

/// The kind of a logged event: the `type` column (SPEC §7).
///
/// The first nineteen cases are SPEC §7's server-side types. `scroll`, `visibility` and
/// `pointer` are the client-side types that SPEC §7 describes in words ("scrolls, visibility
/// changes", pointer activity) and that arrive in client batches; a client-side tap that hits
/// nothing is a `misclick`. ``clientTypes`` lists what a client batch may carry.
public enum LogEventType: String, Sendable, Hashable, CaseIterable {
    case sessionStart = "session_start"
    case sessionEnd = "session_end"
    case screenEnter = "screen_enter"
    case push, pop, present, dismiss, refused, adapted, tap, misclick, swipe, rotate, resize, edit, detent,
        comment
    case shareOpen = "share_open"
    case diagnostic
    /// Client-side: the user scrolled a screen or modal (`target` names the scroll view,
    /// details such as offsets in `props`).
    case scroll
    /// Client-side: the page became hidden or visible (`props.state`: `hidden` | `visible`).
    case visibility
    /// Client-side: other pointer activity worth keeping (e.g. a long press), in `props`.
    case pointer

    /// The types a client batch (`POST /api/sessions/{sid}/events`) may carry; every other type
    /// is logged by the server itself, from the actions it resolves.
    public static let clientTypes: Set<LogEventType> = [.misclick, .scroll, .visibility, .pointer]
}

/// How a modal was dismissed: the `how` column of `dismiss` events (SPEC §7).
public enum DismissHow: String, Sendable, Hashable, CaseIterable {
    case button, swipe, tapOutside, home, programmatic

    /// The dismissals that cancel rather than complete (see ``ModalSummary/cancelRate``).
    public var isCancelPath: Bool { self == .swipe || self == .tapOutside || self == .home }
}

/// The log's columns in order: NDJSON key order and CSV column order (SPEC §7).
/// New columns are only ever appended (SPEC §7), so readers may rely on these positions.
public enum LogColumns {
    /// `schema`, `event_id`, `seq`, `ts`, `t_ms`, `type`, `prototype`, `prototype_version`,
    /// `session`, `share`, `device`, `orientation`, `size_class`, `screen`, `modal`, `target`,
    /// `style`, `requested_style`, `how`, `rule`, `severity`, `x`, `y`, `duration_ms`, `props`.
    public static let names: [String] = [
        "schema", "event_id", "seq", "ts", "t_ms", "type", "prototype", "prototype_version", "session", "share",
        "device", "orientation", "size_class", "screen", "modal", "target", "style", "requested_style", "how",
        "rule", "severity", "x", "y", "duration_ms", "props",
    ]

    /// The columns' types for DuckDB, as the `columns` argument of `read_json` — for stable
    /// types whatever the data (`read_json_auto` infers `JSON` for a column that is all `null`):
    ///
    /// ```sql
    /// SELECT * FROM read_json('logs/**/*.ndjson', hive_partitioning = true, columns = <this>)
    /// ```
    public static let duckDBColumns: String = {
        let types = [
            "BIGINT", "VARCHAR", "BIGINT", "TIMESTAMP", "BIGINT", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR",
            "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR",
            "VARCHAR", "VARCHAR", "VARCHAR", "DOUBLE", "DOUBLE", "BIGINT", "JSON",
        ]
        return "{" + zip(names, types).map { "'\($0)': '\($1)'" }.joined(separator: ", ") + "}"
    }()

    /// The CSV header line, CRLF-terminated.
    public static let csvHeader: String = names.joined(separator: ",") + "\r\n"

    // Indices of the columns the store and the readers look at.
    static let schema = 0, eventID = 1, seq = 2, ts = 3, tMs = 4, type = 5, prototype = 6, prototypeVersion = 7
    static let session = 8, share = 9, device = 10, orientation = 11, sizeClass = 12, screen = 13, modal = 14
    static let target = 15, style = 16, requestedStyle = 17, how = 18, rule = 19, severity = 20, x = 21, y = 22
    static let durationMs = 23, props = 24
    static let count = 25

    static let utf8Names: [[UInt8]] = names.map { Array($0.utf8) }
}

/// One event as it is in the log: a line of NDJSON (SPEC §7).
///
/// Every optional field is written as `null` when absent, so every line has every key.
/// Units: `ts` microseconds since the Unix epoch (UTC; written as RFC 3339 text with
/// microseconds), `tMs` and `durationMs` milliseconds, `x`/`y` points from the device
/// frame's top-left.
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
    /// What happened.
    public var type: LogEventType
    /// Prototype id (`prototype`).
    public var prototype: String?
    /// A hash of the prototype definition's content (`prototype_version`).
    public var prototypeVersion: String?
    /// Viewing session id (`session`).
    public var session: String?
    /// Share link id, never its secret (`share`).
    public var share: String?
    /// Device id, e.g. `iphone-16` (`device`).
    public var device: String?
    /// `portrait` or `landscape` (`orientation`).
    public var orientation: String?
    /// Horizontal/vertical size class, e.g. `compact/regular` (`size_class`).
    public var sizeClass: String?
    /// Screen id where it happened (`screen`).
    public var screen: String?
    /// Modal id concerned (`modal`).
    public var modal: String?
    /// Control or modal id acted on (`target`).
    public var target: String?
    /// Resolved presentation style, UIKit's name (`style`).
    public var style: String?
    /// Requested presentation style before adaptation (`requested_style`).
    public var requestedStyle: String?
    /// For `dismiss`: `button`, `swipe`, `tapOutside`, `home`, `programmatic` (``DismissHow``).
    public var how: String?
    /// For `refused`, `adapted`, `diagnostic`: the rule id (`rule`).
    public var rule: String?
    /// For `refused`, `adapted`, `diagnostic`: `error`, `warning`, `info` (`severity`).
    public var severity: String?
    /// Points from the device frame's left edge (`x`).
    public var x: Double?
    /// Points from the device frame's top edge (`y`).
    public var y: Double?
    /// For `dismiss`: milliseconds the modal was up (`duration_ms`).
    public var durationMs: Int?
    /// Anything else; an empty object when there is nothing.
    public var props: JSONObject

    /// The schema version this module writes.
    public static let currentSchema = 1

    /// An event with every field given.
    public init(
        schema: Int = LogEvent.currentSchema, eventID: String, seq: Int, ts: Int64, tMs: Int? = nil,
        type: LogEventType, prototype: String? = nil, prototypeVersion: String? = nil, session: String? = nil,
        share: String? = nil, device: String? = nil, orientation: String? = nil, sizeClass: String? = nil,
        screen: String? = nil, modal: String? = nil, target: String? = nil, style: String? = nil,
        requestedStyle: String? = nil, how: String? = nil, rule: String? = nil, severity: String? = nil,
        x: Double? = nil, y: Double? = nil, durationMs: Int? = nil, props: JSONObject = JSONObject()
    ) {
        self.schema = schema
        self.eventID = eventID
        self.seq = seq
        self.ts = ts
        self.tMs = tMs
        self.type = type
        self.prototype = prototype
        self.prototypeVersion = prototypeVersion
        self.session = session
        self.share = share
        self.device = device
        self.orientation = orientation
        self.sizeClass = sizeClass
        self.screen = screen
        self.modal = modal
        self.target = target
        self.style = style
        self.requestedStyle = requestedStyle
        self.how = how
        self.rule = rule
        self.severity = severity
        self.x = x
        self.y = y
        self.durationMs = durationMs
        self.props = props
    }

    /// The event a store writes for `pending`, with the identity and time it assigned.
    public init(_ pending: PendingEvent, eventID: String, seq: Int, ts: Int64) {
        self.init(
            eventID: eventID, seq: seq, ts: ts, tMs: pending.tMs, type: pending.type, prototype: pending.prototype,
            prototypeVersion: pending.prototypeVersion, session: pending.session, share: pending.share,
            device: pending.device, orientation: pending.orientation, sizeClass: pending.sizeClass,
            screen: pending.screen, modal: pending.modal, target: pending.target, style: pending.style,
            requestedStyle: pending.requestedStyle, how: pending.how, rule: pending.rule,
            severity: pending.severity, x: pending.x, y: pending.y, durationMs: pending.durationMs,
            props: pending.props)
    }

    /// `ts` as a `Date` (sub-microsecond precision is not kept by the log).
    public var date: Date { Date(timeIntervalSince1970: Double(ts) / 1_000_000) }
}

/// An event to append: a ``LogEvent`` without what the store assigns.
///
/// The store assigns `seq` always; `eventID` when it is `nil` (a lowercase UUID); `ts` when it
/// is `nil` (the server's clock when ``LogStore/append(_:)`` is called, in microseconds since
/// the epoch); `tMs` when it is `nil` and the session's `session_start` is in the log
/// (milliseconds from that event's `ts`). A non-`nil` `eventID` is the client's id and makes
/// the event deduplicated within its session: if the session already logged that id, the event
/// is not written again and counts as a duplicate.
public struct PendingEvent: Sendable, Equatable {
    /// Client-supplied id (1…128 bytes), or `nil` for the store to assign one.
    public var eventID: String?
    /// Server time in microseconds since the epoch, or `nil` for now.
    public var ts: Int64?
    /// Milliseconds since the session started, or `nil` for the store to derive it.
    public var tMs: Int?
    /// See ``LogEvent/type``.
    public var type: LogEventType
    /// See ``LogEvent/prototype``.
    public var prototype: String?
    /// See ``LogEvent/prototypeVersion``.
    public var prototypeVersion: String?
    /// See ``LogEvent/session``.
    public var session: String?
    /// See ``LogEvent/share``.
    public var share: String?
    /// See ``LogEvent/device``.
    public var device: String?
    /// See ``LogEvent/orientation``.
    public var orientation: String?
    /// See ``LogEvent/sizeClass``.
    public var sizeClass: String?
    /// See ``LogEvent/screen``.
    public var screen: String?
    /// See ``LogEvent/modal``.
    public var modal: String?
    /// See ``LogEvent/target``.
    public var target: String?
    /// See ``LogEvent/style``.
    public var style: String?
    /// See ``LogEvent/requestedStyle``.
    public var requestedStyle: String?
    /// See ``LogEvent/how``.
    public var how: String?
    /// See ``LogEvent/rule``.
    public var rule: String?
    /// See ``LogEvent/severity``.
    public var severity: String?
    /// See ``LogEvent/x``.
    public var x: Double?
    /// See ``LogEvent/y``.
    public var y: Double?
    /// See ``LogEvent/durationMs``.
    public var durationMs: Int?
    /// See ``LogEvent/props``.
    public var props: JSONObject

    /// An event to log; see ``LogEvent`` for the fields' meaning and units.
    public init(
        type: LogEventType, eventID: String? = nil, ts: Int64? = nil, tMs: Int? = nil, prototype: String? = nil,
        prototypeVersion: String? = nil, session: String? = nil, share: String? = nil, device: String? = nil,
        orientation: String? = nil, sizeClass: String? = nil, screen: String? = nil, modal: String? = nil,
        target: String? = nil, style: String? = nil, requestedStyle: String? = nil, how: String? = nil,
        rule: String? = nil, severity: String? = nil, x: Double? = nil, y: Double? = nil, durationMs: Int? = nil,
        props: JSONObject = JSONObject()
    ) {
        self.eventID = eventID
        self.ts = ts
        self.tMs = tMs
        self.type = type
        self.prototype = prototype
        self.prototypeVersion = prototypeVersion
        self.session = session
        self.share = share
        self.device = device
        self.orientation = orientation
        self.sizeClass = sizeClass
        self.screen = screen
        self.modal = modal
        self.target = target
        self.style = style
        self.requestedStyle = requestedStyle
        self.how = how
        self.rule = rule
        self.severity = severity
        self.x = x
        self.y = y
        self.durationMs = durationMs
        self.props = props
    }

    /// Longest client event id accepted, in UTF-8 bytes.
    public static let maxEventIDBytes = 128
}
