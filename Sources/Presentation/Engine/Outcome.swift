/// The result of applying an action: the new state (unchanged when refused), the diagnostics
/// to show, the events to log, and the refusal if there was one.
public struct Outcome: Sendable {
    public var state: PresentationState
    public var diagnostics: [Diagnostic]
    public var events: [EngineEvent]
    /// The `error` rule that refused the request (HTTP 409), or `nil`.
    public var refusal: Diagnostic?
}

/// A request the engine cannot make sense of (HTTP 400): an unknown target, a button that
/// does not exist, a detent the sheet lacks. `path` is the JSON path in the request body.
public struct EngineRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { "\(path): \(message)" }
}
