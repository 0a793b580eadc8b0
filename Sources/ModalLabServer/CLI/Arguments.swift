/// A small command-line parser: `--name value`, `--name=value`, repeated options, flags and
/// positionals, with errors that name the option (exit status 2, as usage errors do).
public struct Arguments {
    public private(set) var positionals: [String] = []
    private var options: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Parses `args` given the options that take a value and the flags that don't.
    /// - Throws: ``UsageError`` for an unknown option or a missing value.
    public init(_ args: [String], options valued: Set<String>, flags known: Set<String> = []) throws(UsageError) {
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
                if known.contains(name) && value == nil {
                    flags.insert(name)
                } else if valued.contains(name) {
                    if value == nil {
                        i += 1
                        guard i < args.count else { throw UsageError("--\(name) needs a value") }
                        value = args[i]
                    }
                    options[name, default: []].append(value!)
                } else {
                    throw UsageError("unknown option --\(name)")
                }
            } else if a == "-h" {
                flags.insert("help")
            } else {
                positionals.append(a)
            }
            i += 1
        }
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
