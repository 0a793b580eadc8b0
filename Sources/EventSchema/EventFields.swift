import JSON

/// The columns of an event that whoever logs it gives: `type` through `props` (the store adds
/// `schema`, `event_id`, `seq`, `ts` and `t_ms`).
///
/// The presentation engine emits these (`EngineEvent`), the server fills in what it knows
/// (session, prototype, device, …) and appends them (`PendingEvent`), and every line of the log
/// carries them (`LogEvent`). What each column means, its types and its place in a line are in
/// ``LogColumns/all``. A new column is three edits in this file: its property, its
/// parameter of `init`, and its row at the end of ``LogColumns/all``; the NDJSON writer, both
/// decoders, the CSV export, DuckDB's column list and `docs/log.md` follow from the row.
public struct EventFields: Sendable, Equatable {
    /// The `type` column.
    public var type: LogEventType
    /// The `prototype` column.
    public var prototype: String?
    /// The `prototype_version` column.
    public var prototypeVersion: String?
    /// The `session` column.
    public var session: String?
    /// The `share` column: a share link's public id, never its secret.
    public var share: String?
    /// The `device` column, e.g. `iphone-16`.
    public var device: String?
    /// The `orientation` column: `portrait` or `landscape`.
    public var orientation: String?
    /// The `size_class` column, e.g. `compact/regular`.
    public var sizeClass: String?
    /// The `screen` column.
    public var screen: String?
    /// The `modal` column.
    public var modal: String?
    /// The `target` column.
    public var target: String?
    /// The `style` column.
    public var style: String?
    /// The `requested_style` column.
    public var requestedStyle: String?
    /// The `how` column: a ``DismissHow`` raw value on `dismiss` events, a ``SessionEndHow``
    /// raw value on `session_end` events (none when the viewer ended the session).
    public var how: String?
    /// The `rule` column.
    public var rule: String?
    /// The `severity` column: `error`, `warning` or `info`.
    public var severity: String?
    /// The `x` column, in points from the device frame's left edge.
    public var x: Double?
    /// The `y` column, in points from the device frame's top edge.
    public var y: Double?
    /// The `duration_ms` column, in milliseconds.
    public var durationMs: Int?
    /// The `props` column; an empty object when there is nothing.
    public var props: JSONObject
    /// The `appearance` column: `light` or `dark`.
    public var appearance: String?
    /// The `content_size` column: a `UIContentSizeCategory` name, e.g. `large`.
    public var contentSize: String?
    /// The `layout_direction` column: `ltr` or `rtl`.
    public var layoutDirection: String?
    /// The `multitasking` column: `full`, `twoThirds`, `half`, `third`, `slideOver` or `window`.
    public var multitasking: String?
    /// The `keyboard_height` column, in points: the software keyboard's height, 0 when none is up.
    public var keyboardHeight: Double?
    /// The `action` column: the request body of the action that produced the event, as JSON
    /// text, on the first event of each applied action (what a replay runs again).
    public var action: String?
    /// The `task` column: the id of the study task running when the event happened.
    public var task: String?
    /// The `outcome` column: on `task_end`, `direct`, `indirect`, `gaveUp` or `timedOut`.
    public var outcome: String?
    /// The `state_seq` column: the `seq` of the state whose frame the person saw (client
    /// events), or that the action produced (server events).
    public var stateSeq: Int?
    /// The `target_os` column: the iOS version the session runs as, e.g. `26`.
    public var targetOS: String?
    /// The `audience` column: who ran the session, `owner`, `link` or `participant`.
    public var audience: String?
    /// The `share_label` column: the share link's label when the session started.
    public var shareLabel: String?
    /// The `pid` column: the participant id a participant link's session was given.
    public var pid: String?

    /// An event of `type` with the given columns (`nil`: the column is `null`).
    public init(
        type: LogEventType, prototype: String? = nil, prototypeVersion: String? = nil, session: String? = nil,
        share: String? = nil, device: String? = nil, orientation: String? = nil, sizeClass: String? = nil,
        screen: String? = nil, modal: String? = nil, target: String? = nil, style: String? = nil,
        requestedStyle: String? = nil, how: String? = nil, rule: String? = nil, severity: String? = nil,
        x: Double? = nil, y: Double? = nil, durationMs: Int? = nil, props: JSONObject = JSONObject(),
        appearance: String? = nil, contentSize: String? = nil, layoutDirection: String? = nil,
        multitasking: String? = nil, keyboardHeight: Double? = nil, action: String? = nil, task: String? = nil,
        outcome: String? = nil, stateSeq: Int? = nil, targetOS: String? = nil, audience: String? = nil,
        shareLabel: String? = nil, pid: String? = nil
    ) {
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
        self.appearance = appearance
        self.contentSize = contentSize
        self.layoutDirection = layoutDirection
        self.multitasking = multitasking
        self.keyboardHeight = keyboardHeight
        self.action = action
        self.task = task
        self.outcome = outcome
        self.stateSeq = stateSeq
        self.targetOS = targetOS
        self.audience = audience
        self.shareLabel = shareLabel
        self.pid = pid
    }
}

extension LogColumns {
    /// Every column of the log, in line order: NDJSON key order, CSV column order, DuckDB's
    /// `columns`, and the reference in `docs/log.md` (`modallab logs columns --format markdown`).
    ///
    /// New columns are only ever appended, so readers may rely on these positions.
    public static let all: [LogColumn] = [
        .assigned("schema", "BIGINT", "The schema version of the line: `1`."),
        .assigned(
            "event_id", "VARCHAR",
            "Unique id: the client's for client events (a retried batch is deduplicated by it), otherwise a "
                + "lowercase UUID the server assigned."),
        .assigned(
            "seq", "BIGINT",
            "Per session, strictly increasing from 1, assigned by the server (events without a session share one "
                + "sequence) in the order it logged them: the player sends its own events (misclicks, scrolls, "
                + "pointer moves) in batches, so one can come after an answer that followed it. To read a session "
                + "in the order things happened, sort by `t_ms`, then `seq`, as the exports do."),
        .assigned(
            "ts", "TIMESTAMP",
            "Server time, RFC 3339 UTC with microseconds, e.g. `2026-11-29T11:40:22.123456Z`."),
        .assigned("t_ms", "BIGINT", "Milliseconds since the session started."),
        LogColumn(
            name: "type", duckDBType: "VARCHAR",
            meaning: "What happened: "
                + LogEventType.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ") + ".",
            cell: .type),
        .text("prototype", "Prototype id.", { $0.prototype }, { $0.prototype = $1 }),
        .text(
            "prototype_version", "A hash of the prototype definition's content.", { $0.prototypeVersion },
            { $0.prototypeVersion = $1 }),
        .text("session", "Viewing session id.", { $0.session }, { $0.session = $1 }),
        .text("share", "Share link id, never its secret.", { $0.share }, { $0.share = $1 }),
        .text("device", "Simulated device id, e.g. `iphone-16`.", { $0.device }, { $0.device = $1 }),
        .text("orientation", "`portrait` or `landscape`.", { $0.orientation }, { $0.orientation = $1 }),
        .text(
            "size_class", "Horizontal/vertical size class, e.g. `compact/regular`.", { $0.sizeClass },
            { $0.sizeClass = $1 }),
        .text("screen", "Screen id where it happened.", { $0.screen }, { $0.screen = $1 }),
        .text("modal", "Modal id concerned.", { $0.modal }, { $0.modal = $1 }),
        .text("target", "Control or modal id acted on.", { $0.target }, { $0.target = $1 }),
        .text("style", "Resolved presentation style, UIKit's name.", { $0.style }, { $0.style = $1 }),
        .text(
            "requested_style", "Requested presentation style, before adaptation.", { $0.requestedStyle },
            { $0.requestedStyle = $1 }),
        .text(
            "how",
            "For `dismiss`: " + DismissHow.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                + ". For `session_end`, why the session ended: "
                + SessionEndHow.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                + "; null when the viewer ended it (`DELETE /api/sessions/{sid}`, as the player does when its page closes).",
            { $0.how }, { $0.how = $1 }),
        .text("rule", "For `refused`, `adapted` and `diagnostic`: the rule id.", { $0.rule }, { $0.rule = $1 }),
        .text(
            "severity", "For `refused`, `adapted` and `diagnostic`: `error`, `warning` or `info`.", { $0.severity },
            { $0.severity = $1 }),
        .number("x", "Points from the device frame's left edge.", { $0.x }, { $0.x = $1 }),
        .number("y", "Points from the device frame's top edge.", { $0.y }, { $0.y = $1 }),
        .integer(
            "duration_ms",
            "For `dismiss`: milliseconds the modal was up; for `session_end`: the session's length (to its last "
                + "request when it timed out); for `task_end`: the task's time.",
            { $0.durationMs }, { $0.durationMs = $1 }),
        LogColumn(
            name: "props", duckDBType: "JSON",
            meaning:
                "Anything else, an object (`{}` when there is nothing); in CSV its JSON text. On `dismiss`: "
                + "`form` and `transition` as drawn; `saved` or `discarded` when the modal had unsaved changes; "
                + "`cancel: true` when its work was thrown away (a Cancel control, a swipe, Home, a tap outside "
                + "a sheet or an action sheet, a confirmed discard; not a tap outside a popover, which keeps its "
                + "work); for an alert's or action sheet's button, `action` (its title) and `role`. On a `tap` "
                + "of an alert's or action sheet's button: `action` as sent (an index or a title) and `button`, "
                + "the button tapped (its `id`, else its title). On a `tap` (and a client `misclick`) on a scrolled image "
                + "screen's picture: "
                + "`scrollTop`, the points its content was scrolled down (`x` and `y` stay in the window; heat maps "
                + "draw the tap at `y` plus it, on the picture). On "
                + "`session_start`: `viewer` (`owner` or `share`), `embed: \"board\"` for a frame of the review "
                + "board, for a resizable window its `window` `{width, height}` in points (where a replay "
                + "starts it), `browser`, the family of the real browser by its user agent (`Edge`, `Opera`, "
                + "`Firefox`, `Chrome`, `Safari`, `other`, or `unknown` without one; never the whole string), and "
                + "`viewport`, the browser window's `{width, height}` in CSS pixels as the player measured it; "
                + "for a participant link's session, "
                + "`tasks`, the ids of the link's tasks in the order this participant is given them, and `order`, "
                + "how that order was chosen (`fixed`: the link's; `counterbalanced`: a row of a balanced Latin "
                + "square), with `orderRow`, the row (from 0; the link's participants so far, modulo the square's "
                + "rows), when counterbalanced over two tasks or more; for a participant's session started with a "
                + "`pid`, `addressDigest`, a keyed digest of the client address it came from (never the address: "
                + "docs/security.md), which a reopening must match to resume it after a restart. "
                + "On `version_change`: `from`, the `prototype_version` the continued session ran "
                + "on, and `continues`, its id. On `resize`: the environment after it (`device`, `multitasking`, `appearance`, "
                + "`contentSize`, `layoutDirection`, `window`, `targetOS`). On `menu_open`, "
                + "`menu_select` and `menu_dismiss`: `kind` (`pullDown` or `context`); on `menu_dismiss`, `how`: "
                + MenuDismissHow.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ") + ".",
            cell: .props),
        .text("appearance", "`light` or `dark`.", { $0.appearance }, { $0.appearance = $1 }),
        .text(
            "content_size",
            "The text size, a `UIContentSizeCategory` name: `large` (the default), `extraSmall` … "
                + "`accessibilityExtraExtraExtraLarge`.", { $0.contentSize }, { $0.contentSize = $1 }),
        .text(
            "layout_direction", "`ltr` or `rtl`.", { $0.layoutDirection }, { $0.layoutDirection = $1 }),
        .text(
            "multitasking",
            "The iPad window: `full`, `twoThirds`, `half`, `third`, `slideOver`, or `window` for a resizable "
                + "window (its size: the `action` column of its `resize` event); `full` on iPhone.",
            { $0.multitasking }, { $0.multitasking = $1 }),
        .number(
            "keyboard_height", "Points of the software keyboard's height; 0 when no keyboard is up.",
            { $0.keyboardHeight }, { $0.keyboardHeight = $1 }),
        .text(
            "action",
            "The request body of the action that produced the event, as JSON text (e.g. "
                + "`{\"type\":\"tap\",\"target\":\"send\"}`), on the first event of each applied action; "
                + "what a replay runs again.", { $0.action }, { $0.action = $1 }),
        .text(
            "task", "The id of the study task running when it happened (from `task_start` to `task_end`).",
            { $0.task }, { $0.task = $1 }),
        .text(
            "outcome", "For `task_end`: `direct`, `indirect`, `gaveUp` or `timedOut`.", { $0.outcome },
            { $0.outcome = $1 }),
        .integer(
            "state_seq",
            "The `seq` of the state whose frame the person saw (client events) or that the action produced "
                + "(server events): 0 at the start, one more for each answer that changed the state.",
            { $0.stateSeq }, { $0.stateSeq = $1 }),
        .text(
            "target_os",
            "The iOS version the session runs as, a major version such as `18` or `26`: the prototype's "
                + "`targetOS` unless the session asked for another.", { $0.targetOS }, { $0.targetOS = $1 }),
        .text(
            "audience",
            "Who ran the session, on every event of it: `owner` (the designer, with the owner token), `link` (a "
                + "share link's viewer: view, comment or report) or `participant` (a participant link's). Study "
                + "views count `participant` by default.", { $0.audience }, { $0.audience = $1 }),
        .text(
            "share_label", "The share link's label when the session started (null without a link or a label).",
            { $0.shareLabel }, { $0.shareLabel = $1 }),
        .text(
            "pid",
            "The participant id of a participant link's session (`\"pid\"` of `POST /api/sessions`, the link's "
                + "`?pid=`); null when none was given.", { $0.pid }, { $0.pid = $1 }),
    ]
}
