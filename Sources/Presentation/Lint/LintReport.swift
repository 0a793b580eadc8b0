import JSON
import Prototype

/// Input the linter cannot read at all: broken JSON (with its line, column and JSON path), or a
/// file that cannot be read. `modallab lint` exits 2 on it.
public struct UnusableInput: Sendable, Equatable {
    public var message: String
    /// 1-based line and column of a JSON syntax error; `nil` for an unreadable file.
    public var line: Int?
    public var column: Int?
    /// The JSON path (RFC 9535) of the member or element whose text holds a syntax error, as
    /// ``JSONSyntaxError/path`` gives it (`$.screens[1]`; `$` before the first member); `nil`
    /// for an unreadable file.
    public var path: String?

    public init(message: String, line: Int? = nil, column: Int? = nil, path: String? = nil) {
        self.message = message
        self.line = line
        self.column = column
        self.path = path
    }

    /// The rule-like code of the problem: `format.syntax` or `io`.
    public var code: String { line == nil ? "io" : "format.syntax" }

    /// "line 3, column 14 at $.screens[1]", "line 3, column 14", or "".
    public var location: String {
        guard let line, let column else { return "" }
        return "line \(line), column \(column)" + (path.map { " at \($0)" } ?? "")
    }
}

/// The result of linting one file: its diagnostics (format problems and rule findings), or why
/// it could not be read.
public struct LintReport: Sendable {
    /// Format issues first where they are, then rule findings, in document order.
    public var diagnostics: [Diagnostic]
    /// Set when the input is not JSON at all, or could not be read.
    public var unusable: UnusableInput?
    /// The decoded prototype, when the file has no format errors.
    public var prototype: Prototype?

    public init(diagnostics: [Diagnostic], unusable: UnusableInput? = nil, prototype: Prototype? = nil) {
        self.diagnostics = diagnostics
        self.unusable = unusable
        self.prototype = prototype
    }

    /// Whether any diagnostic is an error (or the input is unusable).
    public var hasErrors: Bool { unusable != nil || diagnostics.contains { $0.severity == .error } }

    /// The exit status of `modallab lint` for this file alone: 0 clean (warnings and info
    /// allowed), 1 errors, 2 unusable input.
    public var exitStatus: Int32 {
        if unusable != nil { return 2 }
        return diagnostics.contains { $0.severity == .error } ? 1 : 0
    }

    /// Compiler-style lines:
    /// `prototypes/mail.json: $.modals[2].actions: warning: alert has 3 buttons; consider an action sheet [alert.button-count]`.
    /// Broken JSON gives `file: line 3, column 14 at $.screens[1]: error: … [format.syntax]`. Control and
    /// bidirectional formatting characters (from a file name, a member name, a title) are
    /// written as `\u{1B}`, so that a prototype can't move a terminal's cursor or reorder a line.
    public func textLines(file: String) -> [String] {
        let lines: [String]
        if let u = unusable {
            let loc = u.location.isEmpty ? "" : " \(u.location):"
            lines = ["\(file):\(loc) error: \(u.message) [\(u.code)]"]
        } else {
            lines = diagnostics.map { "\(file): \($0.description)" }
        }
        return lines.map { TextScalars.visible($0, limit: .max) }
    }

    /// The diagnostics as `modallab lint --format json` prints them, `{"file", "path", "line",
    /// "column", "rule", "severity", "message", "source"}` — `line` and `column` where `positions`
    /// (the file's ``JSONSourceMap``) puts the path: its member's name, or the nearest
    /// ancestor's for a member that is missing —;
    /// unusable input as one object with `line` and `column` too (`path` is the syntax error's,
    /// `null` for a file that could not be read).
    public func json(file: String, positions: JSONSourceMap? = nil) -> [JSONValue] {
        if let u = unusable {
            var o = JSONObject()
            o["file"] = .string(file)
            o["path"] = u.path.map { .string($0) } ?? .null
            if let line = u.line, let column = u.column {
                o["line"] = .int(line)
                o["column"] = .int(column)
            }
            o["rule"] = .string(u.code)
            o["severity"] = .string("error")
            o["message"] = .string(u.message)
            o["source"] = .string(u.line == nil ? "the file system" : "RFC 8259 (JSON)")
            return [.object(o)]
        }
        return diagnostics.map { d in
            let at = d.path.flatMap { positions?.position(of: $0) }
            return d.json(file: file, position: at.map { ($0.line, $0.column) })
        }
    }

    /// The diagnostics as GitHub Actions workflow commands, one line each, which a workflow's
    /// log shows as annotations on the file's lines (`modallab lint --format github`):
    /// `::warning file=mail.json,line=12,col=9,title=alert.button-count::$.modals[0].actions: alert has 3 buttons; …`.
    /// Errors are `error`, warnings `warning`, info `notice`; the line and column are where
    /// `positions` puts the finding's path (broken JSON: the error's own). Values are escaped as
    /// GitHub's toolkit escapes them (`%`, CR and LF; in properties `:` and `,` too), and control
    /// and bidirectional characters are written as `\u{1B}`, as in the text lines.
    /// Source: GitHub Docs, "Workflow commands for GitHub Actions" (setting an error, a warning,
    /// a notice message).
    public func githubLines(file: String, positions: JSONSourceMap?) -> [String] {
        func command(_ kind: String, line: Int?, column: Int?, title: String, message: String) -> String {
            var properties = "file=" + Self.githubProperty(file)
            if let line { properties += ",line=\(line)" }
            if let column { properties += ",col=\(column)" }
            properties += ",title=" + Self.githubProperty(title)
            return TextScalars.visible("::\(kind) \(properties)::" + Self.githubData(message), limit: .max)
        }
        if let u = unusable {
            let message = (u.path.map { "\($0): " } ?? "") + u.message
            return [command("error", line: u.line, column: u.column, title: u.code, message: message)]
        }
        return diagnostics.map { d in
            let at = d.path.flatMap { path in positions?.position(of: path) }
            let kind =
                switch d.severity {
                case .error: "error"
                case .warning: "warning"
                case .info: "notice"
                }
            return command(
                kind, line: at?.line, column: at?.column, title: d.rule, message: "\(d.place): \(d.messageWithVersions)"
            )
        }
    }

    /// A workflow command's message: `%`, CR and LF escaped (GitHub's toolkit, `escapeData`).
    static func githubData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: the message's escapes, and `:` and `,`
    /// (GitHub's toolkit, `escapeProperty`).
    static func githubProperty(_ s: String) -> String {
        githubData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

extension Linter {
    /// Lints a prototype file: parses it, turns format issues into diagnostics (rule = the issue's
    /// code, path = its JSON path), and, when the prototype decodes, runs the rules.
    public func lint(file bytes: [UInt8]) -> LintReport {
        let decoded: DecodeResult
        do {
            decoded = try Prototype.decode(bytes)
        } catch {
            let msg = FormatMessage(.notJSON, phrases: ["message": error.localizedMessage]).text(language)
            return LintReport(
                diagnostics: [],
                unusable: UnusableInput(
                    message: msg, line: error.line, column: error.column, path: error.path.description))
        }
        return report(decoded)
    }

    /// Lints `value`, the document `bytes` hold, parsed already (the editing API writes the bytes
    /// from the patched document): the same report as ``lint(file:)`` of `bytes`, without parsing
    /// them again.
    public func lint(document value: JSONValue, bytes: [UInt8]) -> LintReport {
        report(Prototype.decode(document: value, bytes: bytes))
    }

    /// The report of a decoded file: its format issues, then the rules' findings.
    private func report(_ decoded: DecodeResult) -> LintReport {
        var items: [(JSONPath, Diagnostic)] = []
        let disabled = Set(decoded.prototype?.lint.disable ?? [])
        for issue in decoded.issues {
            // Members a rule reports more precisely (an alert's own bar or content is
            // `alert.fixed-appearance`, an action sheet's text fields `actionsheet.no-textfield`).
            if decoded.prototype.map({ Linter.isCoveredByRule(issue, in: $0) }) ?? false { continue }
            if issue.severity == .warning && disabled.contains(issue.code) { continue }
            let severity: Severity = issue.severity == .error ? .error : .warning
            items.append(
                (
                    issue.path,
                    Diagnostic(
                        format: issue.code, severity: severity, message: issue.message(language),
                        path: issue.path.description)
                ))
        }
        guard let prototype = decoded.prototype else {
            return LintReport(diagnostics: Linter.sorted(items))
        }
        let c = LintContext(prototype: prototype, target: target(for: prototype), language: language)
        LintChecks.runAll(c)
        // Format issues stay first among equal paths (the sort is stable).
        return LintReport(diagnostics: Linter.sorted(items + finish(c)), prototype: prototype)
    }

    static func isCoveredByRule(_ issue: FormatIssue, in p: Prototype) -> Bool {
        guard issue.code == "format.style-key", issue.path.components.count == 3,
            case .key("modals") = issue.path.components[0], case .index(let i) = issue.path.components[1],
            case .key(let k) = issue.path.components[2], i < p.modals.count
        else { return false }
        switch p.modals[i].style {
        case .alert: return ["navigationBar", "toolbar", "content", "screens"].contains(k)
        case .actionSheet: return k == "textFields"
        default: return false
        }
    }
}
