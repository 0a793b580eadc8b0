import Foundation
import HTTPServer
import JSON
import Presentation
import Prototype

/// How a `PATCH /api/prototypes/{id}` is to be handled beyond applying it (docs/api.md,
/// "Refusals before saving"): `?dryRun=1` answers what the patch would give and writes nothing;
/// `Prefer: handling=strict` (RFC 7240, section 4.4) saves it only when it makes no new flow
/// UIKit refuses (``PatchRefusals``).
struct PatchHandling: Sendable, Equatable {
    /// `?dryRun=1`: lint the result and answer it, nothing written.
    var dryRun = false
    /// `Prefer: handling=strict`: a result with a new refusal is a 422, nothing written.
    var strict = false

    /// The handling `req` asks for. `dryRun` is `1`/`true` or `0`/`false`, given once; another
    /// value is a 400 naming the parameter. `Prefer` preferences other than `handling` are
    /// ignored, as RFC 7240 (section 2) lets a server do.
    init(_ req: HTTPRequest) throws(Problem) {
        let values = req.queryItems.filter { $0.name == "dryRun" }.map(\.value)
        if let value = values.first {
            guard values.count == 1, ["1", "0", "true", "false"].contains(value) else {
                throw Problem.badRequest(
                    "dryRun is 1 (answer what the patch would give, save nothing) or 0, given once", path: "dryRun")
            }
            dryRun = value == "1" || value == "true"
        }
        strict = Self.prefersStrict(req.headers["Prefer"])
    }

    /// A handling with both flags off, or as given.
    init(dryRun: Bool = false, strict: Bool = false) {
        self.dryRun = dryRun
        self.strict = strict
    }

    /// Whether a `Prefer` field value (RFC 7240, section 2: preferences separated by commas,
    /// each `token [= value]` followed by `;` parameters) holds `handling=strict`; tokens are
    /// case-insensitive, the value may be quoted.
    static func prefersStrict(_ field: String?) -> Bool {
        guard let field else { return false }
        for preference in field.split(separator: ",") {
            let head = preference.split(separator: ";", maxSplits: 1).first ?? ""
            let parts = head.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0].lowercased() == "handling" else { continue }
            let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
            if value == "strict" { return true }
        }
        return false
    }
}

/// The refusals a patch brings: findings of its result that make a flow UIKit refuses and that
/// the document had not before. The editor asks for them before saving (`Prefer:
/// handling=strict`), so an illegal flow is shown with its rule instead of being written.
enum PatchRefusals {
    /// Whether `d` is a refusal: a finding of a rule the engine refuses when the flow is played
    /// (kind RUNTIME, severity `error` in the catalogue: a popover without its anchor, a sheet
    /// over a popover…), whatever severity the linter gives it (a warning for
    /// `popover.no-modal-over` and `popover.one-at-a-time`, which a compact window allows:
    /// docs/rules.md). Other findings, errors included (a task's success not yet reachable while
    /// it is being built), are a work in progress's, saved and shown; format errors are refused
    /// anyway.
    static func refuses(_ d: Diagnostic) -> Bool {
        guard let id = d.ruleID else { return false }
        let rule = RuleCatalogue.rule(id)
        return rule.has(.runtime) && rule.severity == .error
    }

    /// The refusals of `after` that `before` did not have, in `after`'s order. A rule counts as
    /// new when `after` has more of its refusals than `before` (positions move when an array's
    /// elements do, so they are counted by rule); of such a rule, the findings at a path where
    /// `before` had none of it are the new ones (all of them when every path was there before).
    /// Compared by rule and path, so the two lists may be in different languages.
    static func new(in after: [Diagnostic], comparedWith before: [Diagnostic]) -> [Diagnostic] {
        var counts: [String: Int] = [:]
        var places = Set<String>()
        for d in before where refuses(d) {
            counts[d.rule, default: 0] += 1
            places.insert(d.rule + "\u{0}" + (d.path ?? ""))
        }
        let refusals = after.filter(refuses)
        var grown: [String: [Diagnostic]] = [:]
        for d in refusals { grown[d.rule, default: []].append(d) }
        grown = grown.filter { $0.value.count > counts[$0.key] ?? 0 }
        guard !grown.isEmpty else { return [] }
        var fresh = Set<String>()
        for (rule, list) in grown {
            let elsewhere = list.filter { !places.contains(rule + "\u{0}" + ($0.path ?? "")) }
            if elsewhere.isEmpty { fresh.insert(rule) }
            for d in elsewhere { fresh.insert(rule + "\u{0}" + (d.path ?? "")) }
        }
        return refusals.filter { fresh.contains($0.rule) || fresh.contains($0.rule + "\u{0}" + ($0.path ?? "")) }
    }

    /// A refusal as the API answers it: ``Diagnostic/editorJSON()`` with `name`, the rule's short
    /// name in `language` (its message is already in it).
    static func json(_ d: Diagnostic, language: Language) -> JSONValue {
        guard case .object(var o) = d.editorJSON(), let id = d.ruleID else { return d.editorJSON() }
        o["name"] = .string(RuleCatalogue.rule(id).name(language))
        return .object(o)
    }
}
