/// A template that could not be compiled, a template file that could not be read, a template
/// name a library does not hold, or — in a strict render — a name that the context stack could
/// not resolve or a partial the library does not hold.
///
/// ``description`` reads like a compiler diagnostic, e.g.
/// `player.mustache:12:5: unclosed section "modals", expected {{/modals}}` or
/// `partials/alert.mustache:3:7: unresolved name "titel" in {{titel}}: no context on the stack has it`.
/// `line` and `column` are 1-based (the column counts Unicode scalars from the start of the
/// line); both are 0 when the error has no place in a template (an unreadable directory, an
/// unknown template name).
public struct MustacheError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The template's name, e.g. `player` or `partials/alert`; `inline` for a template made from
    /// a string without a name.
    public var name: String
    /// The file the template came from, relative to the library's directory
    /// (e.g. `partials/alert.mustache`), or `nil` for templates made from strings.
    public var file: String?
    /// 1-based line of the offending tag, or 0.
    public var line: Int
    /// 1-based column (in Unicode scalars) of the offending tag, or 0.
    public var column: Int
    /// What is wrong and what was expected, e.g. `mismatched closing tag {{/modal}}, expected {{/modals}}`.
    public var message: String
    /// The name a strict render could not resolve, as the tag wrote it (e.g. `t.titel`,
    /// `frame.device`); `nil` for every other error.
    public var unresolvedName: String?

    /// An error in template `name` at `line`:`column`.
    public init(
        name: String, file: String? = nil, line: Int = 0, column: Int = 0, message: String,
        unresolvedName: String? = nil
    ) {
        self.name = name
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.unresolvedName = unresolvedName
    }

    /// `file:line:column: message`, or `name:line:column: message` without a file; the line and
    /// column are left out when they are 0.
    public var description: String {
        let place = file ?? name
        return line > 0 ? "\(place):\(line):\(column): \(message)" : "\(place): \(message)"
    }
}
