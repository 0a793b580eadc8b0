import JSON
import Prototype

/// An example of a rule, SwiftLint-style: a prototype the linter runs (STATIC rules), or a
/// described scenario (RUNTIME and ADAPT rules, which the engine checks).
public struct RuleExample: Sendable {
    public enum Kind: String, Sendable { case prototype, scenario }
    public var kind: Kind
    /// For a prototype: JSON members laid over ``RuleExample/base`` (top-level members replace
    /// the base's). For a scenario: what happens, in English.
    public var text: String

    /// A prototype example: top-level members (usually `"modals"`) over the base prototype.
    public static func json(_ members: String) -> RuleExample { RuleExample(kind: .prototype, text: members) }
    /// A scenario for a rule the engine applies.
    public static func scenario(_ text: String) -> RuleExample { RuleExample(kind: .scenario, text: text) }

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
}

/// What ModalLab says about one rule beyond RULES.md's row: a short name, the message a finding
/// carries (with `{placeholders}` the check fills), variants of it, how the check is applied,
/// and examples.
public struct RuleDescription: Sendable {
    public var id: String
    /// A short title.
    public var name: LocalizedText
    /// The finding's message: what is wrong and what to do. `{name}` placeholders are filled by the
    /// check (`{modal}` the modal id, `{title}` a quoted title, `{count}` a number, …).
    public var message: LocalizedText
    /// Other messages of the same rule, by variant key (e.g. `alert.button-count`'s "one", "many").
    public var variants: [String: LocalizedText]
    /// How ModalLab applies the rule: thresholds, what the check looks at, conflicts resolved
    /// (RULES §4) and what it leaves out.
    public var notes: String
    /// Examples the rule fires on.
    public var triggering: [RuleExample]
    /// Examples the rule stays quiet on.
    public var nonTriggering: [RuleExample]

    public init(
        _ id: String, name: LocalizedText, message: LocalizedText, variants: [String: LocalizedText] = [:],
        notes: String = "", triggering: [RuleExample], nonTriggering: [RuleExample]
    ) {
        self.id = id
        self.name = name
        self.message = message
        self.variants = variants
        self.notes = notes
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }

    /// The message of `variant` (or the main one) with `{placeholders}` replaced from `args`.
    public func render(_ variant: String?, _ args: [String: String], language: Language) -> String {
        (variant.flatMap { variants[$0] } ?? message).filled(args, language)
    }
}

/// Shorthand for the catalogue files: `T("English", "中文")`.
func T(_ en: String, _ zh: String) -> LocalizedText { LocalizedText(en, zh) }

extension Rule {
    /// ModalLab's description of the rule: name, message, notes and examples.
    public var documentation: RuleDescription { RuleCatalogue.description(id) }
    /// The rule's short name in `language`.
    public func name(_ language: Language = .en) -> String { documentation.name(language) }
    /// The rule's message (placeholders unfilled) in `language`.
    public func message(_ language: Language = .en) -> String { documentation.message(language) }
}

extension RuleCatalogue {
    /// The description of rule `id` (a placeholder for an id the catalogue lacks, which the
    /// catalogue tests forbid).
    public static func description(_ id: String) -> RuleDescription {
        unit(id)?.description
            ?? RuleDescription(id, name: T(id, id), message: T(id, id), triggering: [], nonTriggering: [])
    }
}

extension RuleExample {
    /// For a prototype example: the whole document, the example's top-level members laid over
    /// ``RuleExample/base``. `nil` for a scenario, or when the example is not valid JSON.
    public func document() -> JSONValue? {
        guard kind == .prototype, case .object(var base)? = try? JSONParser.parse(RuleExample.base),
            case .object(let members)? = try? JSONParser.parse(text)
        else { return nil }
        for (k, v) in members { base[k] = v }
        return .object(base)
    }

    /// The example's members as parsed JSON (prototype examples), for printing.
    public var members: JSONValue? {
        guard kind == .prototype else { return nil }
        return try? JSONParser.parse(text)
    }
}
