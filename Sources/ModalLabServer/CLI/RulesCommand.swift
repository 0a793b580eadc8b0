import Foundation
import JSON
import Presentation

/// `modallab rules [--format text|json|markdown] [--lang en|zh-Hans]`: the rule catalogue,
/// generated from the code, with each rule's examples.
public enum RulesCommand {
    public static let usage = "usage: modallab rules [--format text|json|markdown] [--lang en|zh-Hans]"

    public static func run(_ arguments: [String], stdout: (String) -> Void, stderr: (String) -> Void) -> Int32 {
        let a: Arguments
        do {
            a = try Arguments(arguments, options: ["format", "lang"], flags: ["help"])
        } catch {
            stderr("modallab rules: \(error)\n\(usage)")
            return 2
        }
        if a.flag("help") {
            stdout(usage)
            return 0
        }
        if let extra = a.positionals.first {
            stderr("modallab rules: unexpected argument \(JSONWriter.quoted(extra))\n\(usage)")
            return 2
        }
        let format = a.value("format") ?? "text"
        guard ["text", "json", "markdown"].contains(format) else {
            stderr("modallab rules: unknown format \(JSONWriter.quoted(format)); use text, json or markdown")
            return 2
        }
        guard let language = Language(rawValue: a.value("lang") ?? "en") else {
            stderr("modallab rules: unknown language \(JSONWriter.quoted(a.value("lang") ?? "")); use en or zh-Hans")
            return 2
        }
        switch format {
        case "json": stdout(JSONWriter(pretty: true).string(RuleCatalogue.json(language: language)))
        case "markdown": stdout(markdown(language))
        default: stdout(text(language))
        }
        return 0
    }

    static func exampleText(_ e: RuleExample) -> String {
        switch e.kind {
        case .prototype: return e.members.map { JSONWriter().string($0) } ?? e.text
        case .scenario: return e.text
        }
    }

    /// One block per rule: id, kinds, severity, name, message, source, notes and examples.
    public static func text(_ language: Language) -> String {
        var out: [String] = []
        for r in RuleCatalogue.all {
            let d = r.documentation
            out.append("\(r.id)  [\(r.kindDescription), \(r.severityNote ?? r.severity.rawValue)]  \(d.name(language))")
            out.append("  message: \(d.message(language))")
            out.append("  check:   \(r.check)")
            out.append("  source:  \(r.source)")
            if !d.notes.isEmpty { out.append("  notes:   \(d.notes)") }
            for e in d.triggering { out.append("  triggers:     \(exampleText(e))") }
            for e in d.nonTriggering { out.append("  doesn't fire: \(exampleText(e))") }
            out.append("")
        }
        return out.joined(separator: "\n")
    }

    /// The catalogue as a Markdown document, by RULES.md section.
    public static func markdown(_ language: Language) -> String {
        var out = ["# ModalLab rules", ""]
        var section = ""
        func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
        for r in RuleCatalogue.all {
            let d = r.documentation
            if r.section != section {
                section = r.section
                out += ["## \(section)", ""]
            }
            out.append("### `\(r.id)` — \(d.name(language))")
            out.append("")
            out.append("- **Kind**: \(r.kindDescription); **severity**: \(r.severityNote ?? r.severity.rawValue)")
            out.append("- **Message**: \(d.message(language))")
            out.append("- **Check**: \(r.check)")
            out.append("- **Source**: \(cell(r.source))")
            if !d.notes.isEmpty { out.append("- **Notes**: \(d.notes)") }
            out.append("")
            for (label, list) in [("Triggering", d.triggering), ("Non-triggering", d.nonTriggering)] {
                out.append("\(label):")
                out.append("")
                for e in list {
                    switch e.kind {
                    case .prototype: out += ["```json", exampleText(e), "```"]
                    case .scenario: out.append("- \(e.text)")
                    }
                }
                out.append("")
            }
        }
        return out.joined(separator: "\n")
    }
}
