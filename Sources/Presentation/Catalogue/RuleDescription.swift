import JSON
import Prototype

/// What ModalLab says about one rule beyond its catalogue row: a short name, the message a
/// finding carries (with `{placeholders}` the check fills), variants of it, how the check is
/// applied, and examples.
public struct RuleDescription: Sendable {
    /// The rule described.
    public var id: RuleID
    /// A short title.
    public var name: LocalizedText
    /// The finding's message: what is wrong and what to do. `{name}` placeholders are filled by the
    /// check (`{modal}` the modal id, `{title}` a quoted title, `{count}` a number, …).
    public var message: LocalizedText
    /// Other messages of the same rule, by variant key (e.g. `alert.button-count`'s "one", "many").
    public var variants: [String: LocalizedText]
    /// How ModalLab applies the rule: thresholds, what the check looks at, conflicts between
    /// the sources resolved, and what it leaves out.
    public var notes: String
    /// Examples the rule fires on.
    public var triggering: [RuleExample]
    /// Examples the rule stays quiet on.
    public var nonTriggering: [RuleExample]

    public init(
        _ id: RuleID, name: LocalizedText, message: LocalizedText, variants: [String: LocalizedText] = [:],
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
    /// The description of rule `id`.
    public static func description(_ id: RuleID) -> RuleDescription { unit(id).description }
}
