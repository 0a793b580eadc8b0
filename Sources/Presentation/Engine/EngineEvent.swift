import JSON

/// A log-worthy event produced by the engine; the server adds session, time and device fields
/// and appends it to the interaction log (SPEC §7).
///
/// Types: `tap`, `swipe`, `edit`, `detent`, `rotate`, `resize` (the person's input, logged even
/// when refused), and `present`, `dismiss` (with `how` and `durationMs`), `refused` and `adapted`
/// (with `rule`), `push`, `pop`, `screen_enter`, `diagnostic` (with `rule`).
public struct EngineEvent: Sendable, Equatable {
    /// The log `type`.
    public var type: String
    public var screen: String?
    public var modal: String?
    public var target: String?
    public var style: String?
    public var requestedStyle: String?
    public var how: String?
    public var rule: String?
    public var severity: String?
    public var x: Double?
    public var y: Double?
    public var durationMs: Int?
    public var props: JSONObject

    public init(
        type: String, screen: String? = nil, modal: String? = nil, target: String? = nil, style: String? = nil,
        requestedStyle: String? = nil, how: String? = nil, rule: String? = nil, severity: String? = nil,
        x: Double? = nil, y: Double? = nil, durationMs: Int? = nil, props: JSONObject = JSONObject()
    ) {
        self.type = type
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

    /// Every type the engine emits; all are types of the interaction log (SPEC §7).
    public static let types: Set<String> = [
        "tap", "swipe", "edit", "detent", "rotate", "resize", "present", "dismiss", "refused", "adapted", "push",
        "pop", "screen_enter", "diagnostic",
    ]
}
