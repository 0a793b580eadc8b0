import JSON
import Prototype

/// The static checker: runs every STATIC rule of the catalogue on a decoded prototype and
/// reports diagnostics with JSON paths into the file, as `modallab lint` prints them.
///
/// ```swift
/// let report = Linter(devices: ["iphone-se-3"]).lint(file: bytes)
/// for line in report.textLines(file: "prototypes/mail.json") { print(line) }
/// ```
///
/// The prototype's `"lint"` settings apply: `disable` drops rules, `severity` changes their
/// level. Diagnostics come in document order (by JSON path).
public struct Linter: Sendable {
    /// Device ids to lint for (`--device`): narrows the prototype's `devices` to these; when none
    /// of them is among the prototype's devices, these are linted for instead. `nil`: the
    /// prototype's own devices.
    public var devices: [String]?
    /// The language of the messages.
    public var language: Language
    /// The text size the length rules measure at (`--content-size`): `large`, iOS's default,
    /// unless asked.
    public var contentSize: ContentSizeCategory

    public init(devices: [String]? = nil, language: Language = .en, contentSize: ContentSizeCategory = .large) {
        self.devices = devices
        self.language = language
        self.contentSize = contentSize
    }

    /// The devices linted for `prototype` (unknown ids are skipped; the decoder reports them).
    public func target(for prototype: Prototype) -> LintTarget {
        var ids = prototype.devices
        if let devices, !devices.isEmpty {
            let narrowed = ids.filter { devices.contains($0) }
            ids = narrowed.isEmpty ? devices : narrowed
        }
        var list = ids.compactMap { DeviceCatalogue.device($0) }
        if list.isEmpty { list = [DeviceCatalogue.device("iphone-16")!] }
        return LintTarget(devices: list, requiresFullScreen: prototype.requiresFullScreen, contentSize: contentSize)
    }

    /// The diagnostics of `prototype`, after its lint settings.
    public func lint(_ prototype: Prototype) -> [Diagnostic] {
        let c = LintContext(prototype: prototype, target: target(for: prototype), language: language)
        LintChecks.runAll(c)
        return Linter.sorted(finish(c))
    }

    /// The context's findings rendered as diagnostics, with their paths, after the lint settings.
    func finish(_ c: LintContext) -> [(JSONPath, Diagnostic)] {
        let settings = c.prototype.lint
        // The settings' rule ids, read once; one that names no rule is a finding of its own.
        var unknown: [(JSONPath, Diagnostic)] = []
        let lintPath = JSONPath.root.appending("lint")
        var disabled: Set<RuleID> = []
        for (i, text) in settings.disable.enumerated() where !Linter.formatCodes.contains(text) {
            do throws(UnknownRuleID) {
                disabled.insert(try RuleID(parsing: text))
            } catch {
                let p = lintPath.appending("disable").appending(i)
                unknown.append((p, unknownRule(error, at: p)))
            }
        }
        var levels: [RuleID: Severity] = [:]
        for (text, level) in settings.severity.sorted(by: { $0.key < $1.key }) {
            do throws(UnknownRuleID) {
                let id = try RuleID(parsing: text)
                if let level = Severity(rawValue: level) { levels[id] = level }
            } catch {
                let p = lintPath.appending("severity").appending(text)
                unknown.append((p, unknownRule(error, at: p)))
            }
        }
        var out: [(JSONPath, Diagnostic)] = []
        out.reserveCapacity(c.findings.count + unknown.count)
        let os = c.prototype.targetOS
        for f in c.findings where !disabled.contains(f.rule) {
            // A rule of other versions than the prototype's says nothing about it.
            let row = RuleCatalogue.rule(f.rule)
            if !row.versions.contains(os) { continue }
            let doc = RuleCatalogue.description(f.rule)
            assert(f.variant.map { doc.variants[$0] != nil } ?? true, "\(f.rule) has no message variant \(f.variant!)")
            var d = Diagnostic(
                f.rule, severity: levels[f.rule] ?? f.severity ?? row.severity,
                message: doc.render(f.variant, f.args, language: language), path: f.path.description)
            d.versionNote = row.versions.note(after: os)
            out.append((f.path, d))
        }
        return out + unknown
    }

    /// The format warnings `lint.disable` may name besides the rules.
    static let formatCodes: Set<String> = ["format.style-key"]

    /// A `format.reference` warning for a lint setting that names no rule, suggesting the rule
    /// (or format warning) it most likely stands for.
    func unknownRule(_ error: UnknownRuleID, at path: JSONPath) -> Diagnostic {
        let suggestion =
            error.suggestion?.rawValue ?? Suggest.nearest(error.text, in: Array(Linter.formatCodes))
        let text = FormatMessage(.notARule, ["id": JSONWriter.quoted(error.text)], suggestion: suggestion)
        return Diagnostic(
            format: "format.reference", severity: .warning, message: text.text(language), path: path.description)
    }

    /// Sorts diagnostics by path in document order (array indices numerically), stably.
    static func sorted(_ items: [(JSONPath, Diagnostic)]) -> [Diagnostic] {
        items.enumerated().sorted { a, b in
            let c = compare(a.element.0, b.element.0)
            return c != 0 ? c < 0 : a.offset < b.offset
        }.map(\.element.1)
    }

    /// Orders paths: a prefix first; members by name order of the document (approximated by
    /// the order of the prototype format's top-level members), indices numerically.
    static func compare(_ a: JSONPath, _ b: JSONPath) -> Int {
        for (x, y) in zip(a.components, b.components) {
            switch (x, y) {
            case (.index(let i), .index(let j)) where i != j: return i < j ? -1 : 1
            case (.key(let k), .key(let l)) where k != l:
                let ri = topOrder[k] ?? 100
                let rj = topOrder[l] ?? 100
                if ri != rj { return ri < rj ? -1 : 1 }
                return k < l ? -1 : 1
            case (.index, .key): return 1
            case (.key, .index): return -1
            default: continue
            }
        }
        return a.components.count == b.components.count ? 0 : (a.components.count < b.components.count ? -1 : 1)
    }

    static let topOrder: [String: Int] = [
        "format": 0, "id": 1, "name": 2, "targetOS": 3, "devices": 4, "tint": 5, "start": 6, "screens": 7,
        "modals": 8, "lint": 9,
    ]
}
