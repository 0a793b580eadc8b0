import JSON
import Prototype

/// An example of a rule, SwiftLint-style, that one generic test runs
/// (`Tests/PresentationTests/CatalogueTests.swift`):
///
/// - a **lint example**: members laid over ``base`` that the linter runs. A triggering one
///   names the JSON paths its findings of the rule must be at (``paths``), as SwiftLint's
///   examples mark where each violation is; a non-triggering one must produce none.
/// - an **action script** (``ActionScript``): members laid over ``base``, an environment and
///   actions that the engine runs, with what must hold after them. A triggering script must
///   make the engine name the rule (a refusal, a finding, an adaptation) unless the rule is one
///   the engine only draws; a non-triggering one must not.
public struct RuleExample: Sendable {
    public enum Kind: String, Sendable { case prototype, script }
    public var kind: Kind
    /// JSON members laid over ``RuleExample/base`` (top-level members replace the base's).
    public var text: String
    /// A triggering lint example's paths: where each of its findings of the rule is, in any
    /// order (a path twice for two findings there).
    public var paths: [String] = []
    /// The engine run of an action script.
    public var actionScript: ActionScript?

    /// A lint example: top-level members (usually `"modals"`) over the base prototype.
    public static func json(_ members: String) -> RuleExample { RuleExample(kind: .prototype, text: members) }

    /// An action script: `members` over the base prototype, run by the engine (see
    /// ``ActionScript``); `targetOS` runs the session as that iOS version.
    public static func script(
        _ members: String = "{}", on device: String = "iphone-16", orientation: Orientation = .portrait,
        multitasking: Multitasking = .full, targetOS: Int? = nil, options: EngineOptions = EngineOptions(),
        _ actions: [ScriptStep], expect: KeyValuePairs<String, JSONValue> = [:], draws: Bool = false
    ) -> RuleExample {
        RuleExample(
            kind: .script, text: members,
            actionScript: ActionScript(
                device: device, orientation: orientation, multitasking: multitasking, targetOS: targetOS,
                options: options, actions: actions, expect: expect.map { ($0.key, $0.value) }, draws: draws))
    }

    /// The same lint example, firing at `paths`.
    public func at(_ paths: String...) -> RuleExample {
        var e = self
        e.paths = paths
        return e
    }

    /// The prototype every example starts from: an iPhone 16 + iPad Pro 11 app with one screen
    /// whose bar has a Share button (`share-button`) and a More button (`more-button`), and whose
    /// content has a button `open-button` and an Edit button `edit-button`. It lints clean.
    public static let base = #"""
        {
          "format": "modallab/1", "id": "example", "name": "Example", "targetOS": "18",
          "devices": ["iphone-16", "ipad-pro-11"], "start": "home",
          "screens": [
            { "id": "home", "title": "Home",
              "navigationBar": { "trailing": [
                { "id": "share-button", "title": "Share", "systemImage": "square.and.arrow.up" },
                { "id": "more-button", "title": "More", "systemImage": "ellipsis.circle" } ] },
              "content": [
                { "type": "button", "id": "open-button", "title": "Open" },
                { "type": "button", "id": "edit-button", "title": "Edit" } ] }
          ]
        }
        """#

    /// The whole document: the example's top-level members laid over ``RuleExample/base``;
    /// `nil` when the members are not a JSON object.
    public func document() -> JSONValue? {
        guard case .object(var base)? = try? JSONParser.parse(RuleExample.base),
            case .object(let members)? = try? JSONParser.parse(text)
        else { return nil }
        for (k, v) in members { base[k] = v }
        return .object(base)
    }

    /// The example's members as parsed JSON, for printing.
    public var members: JSONValue? { try? JSONParser.parse(text) }

    /// The example as JSON, for `/api/rules` and `modallab rules`: a lint example is
    /// `{"kind": "prototype", "members", "paths"?}`, a script
    /// `{"kind": "script", "members", "device", "orientation", "multitasking", "targetOS"?, "options"?,
    /// "actions": [action bodies as POST /api/sessions/{sid}/actions takes them], "expect"?, "draws"?}`.
    public var json: JSONValue {
        var o = JSONObject()
        o["kind"] = .string(kind.rawValue)
        o["members"] = members ?? .null
        if !paths.isEmpty { o["paths"] = .array(paths.map { .string($0) }) }
        if let s = actionScript {
            o["device"] = .string(s.device)
            o["orientation"] = .string(s.orientation.rawValue)
            o["multitasking"] = .string(s.multitasking.rawValue)
            if let os = s.targetOS { o["targetOS"] = .string(String(os)) }
            if s.options != EngineOptions() { o["options"] = s.optionsJSON }
            o["actions"] = .array(s.actions.map(\.json))
            if !s.expect.isEmpty { o["expect"] = .object(JSONObject(s.expect)) }
            if s.draws { o["draws"] = true }
        }
        return .object(o)
    }
}
