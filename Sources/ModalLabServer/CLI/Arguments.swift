import Foundation
import JSON

/// A small command-line parser: `--name value`, `--name=value`, repeated options, flags and
/// positionals, with errors that name the option and what it lacks (exit status 2, as usage
/// errors do).
///
/// An option that takes a value never takes the next option as its value: in `--port --data d`
/// the port is missing (`--port needs a value`), where a naive parser would read the port
/// `"--data"`. A value that starts with `--` can still be given as `--name=--value`.
public struct Arguments {
    public private(set) var positionals: [String] = []
    private var options: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Parses `args` given the options that take a value and the flags that don't. `usage` is
    /// the command's usage text: when an option lacks its value, the error shows how the usage
    /// writes it (`[--port 8080]` gives "usage: --port 8080").
    /// - Throws: ``UsageError`` for an unknown option (with the nearest known one), a flag given
    ///   a value, or an option without its value.
    public init(
        _ args: [String], options valued: Set<String>, flags known: Set<String> = [], usage: String = ""
    ) throws(UsageError) {
        func missing(_ name: String, found next: String?) -> UsageError {
            var m = "--\(name) needs a value"
            if let form = Arguments.form(of: name, in: usage) { m += " (usage: \(form))" }
            if let next { m += "; \(next) is an option, not a value for --\(name)" }
            return UsageError(m)
        }
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--" {
                positionals += args[(i + 1)...]
                break
            }
            if a.hasPrefix("--") {
                var name = String(a.dropFirst(2))
                var value: String?
                if let eq = name.firstIndex(of: "=") {
                    value = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                if known.contains(name) {
                    guard value == nil else { throw UsageError("--\(name) takes no value (found --\(name)=\(value!))") }
                    flags.insert(name)
                } else if valued.contains(name) {
                    if value == nil {
                        let next = i + 1 < args.count ? args[i + 1] : nil
                        guard let next, !Arguments.isOption(next) else { throw missing(name, found: next) }
                        i += 1
                        value = next
                    }
                    guard let v = value, !v.isEmpty else { throw missing(name, found: nil) }
                    options[name, default: []].append(v)
                } else {
                    let names = (valued.union(known)).map { "--" + $0 }
                    throw UsageError("unknown option --\(name)" + Suggest.hint("--" + name, in: names))
                }
            } else if a == "-h" {
                flags.insert("help")
            } else {
                positionals.append(a)
            }
            i += 1
        }
    }

    /// Whether `s` reads as an option rather than a value: `--name`, `--name=…` or `-h` (a lone
    /// `-` or a negative number is a value).
    static func isOption(_ s: String) -> Bool { (s.hasPrefix("--") && s.count > 2) || s == "-h" }

    /// How `usage` writes option `name` with its value, e.g. `--port 8080` or
    /// `--format text|json`; `nil` when the usage doesn't show it.
    static func form(of name: String, in usage: String) -> String? {
        let marker = "--\(name) "
        var rest = Substring(usage)
        while let r = rest.range(of: marker) {
            // Not the tail of a longer option name (`--format` inside `--log-format`).
            let before = r.lowerBound == usage.startIndex ? nil : usage[usage.index(before: r.lowerBound)]
            let value = usage[r.upperBound...].prefix { $0 != "]" && $0 != " " && $0 != "\n" }
            if before != "-" && !value.isEmpty && !value.hasPrefix("-") { return marker + value }
            rest = usage[r.upperBound...]
        }
        return nil
    }

    /// The last value of `--name`.
    public func value(_ name: String) -> String? { options[name]?.last }
    /// Every value of a repeated `--name`.
    public func values(_ name: String) -> [String] { options[name] ?? [] }
    /// Whether `--name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// A command-line mistake: printed with the usage, exit status 2.
public struct UsageError: Error, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
}
