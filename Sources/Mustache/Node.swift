/// The compiled form of a template: a tree of nodes, built once by ``Parser`` and walked by
/// ``Renderer`` on every render. Standalone lines, comments and set-delimiter tags are resolved
/// at compile time, so nothing here needs the template's source any more.
///
/// Each case holds one immutable object, so that walking the tree copies one reference per node.
enum Node: Sendable {
    /// Literal text, copied to the output (re-indented inside indented partials).
    case text(Text)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (not escaped). Spec: interpolation.json.
    case variable(Variable)
    /// `{{#name}}…{{/name}}`: rendered once per item of a list, once for any other truthy value.
    /// Spec: sections.json.
    case section(Section)
    /// `{{^name}}…{{/name}}`: rendered once when the value is falsy. Spec: inverted.json.
    case invertedSection(Section)
    /// `{{>name}}` or `{{>*name}}`. Spec: partials.json, ~dynamic-names.json.
    case partial(Partial)
    /// `{{<name}}…{{/name}}`: the named template with some of its blocks overridden.
    /// Spec: ~inheritance.json.
    case parent(Parent)
    /// `{{$name}}default{{/name}}`: content that an inheriting template may override.
    /// Spec: ~inheritance.json.
    case block(Block)
}

/// Literal template text: its UTF-8 bytes, and where its lines end, so that indenting it (inside
/// a standalone partial) needs no search for newlines.
///
/// The bytes live in memory the object allocates once and frees when it goes: reading them
/// while rendering then costs no reference counting, as reading an array property would.
/// (`@unchecked Sendable`: the memory is written once, in `init`, and only read after.)
final class Text: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset just past each `\n`.
    let lineEnds: [Int]

    init(_ source: [UInt8]) {
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: source.count)
        _ = storage.initialize(from: source)
        bytes = UnsafeBufferPointer(storage)
        lineEnds = source.indices.filter { source[$0] == 0x0A }.map { $0 + 1 }
    }

    deinit { bytes.deallocate() }
}

/// Where a tag stands: what a strict render's error names. Read only when a render fails.
struct TagPlace: Sendable {
    /// The template's name, e.g. `partials/alert`.
    let template: String
    /// The template's file relative to its library's directory, or `nil`.
    let file: String?
    /// 1-based line and column (in Unicode scalars) of the tag's opening delimiter.
    let line: Int
    let column: Int
    /// The tag as written, delimiters included, e.g. `{{#modals}}`.
    let tag: String

    /// An error at this tag.
    func error(_ message: String, unresolvedName: String? = nil) -> MustacheError {
        MustacheError(
            name: template, file: file, line: line, column: column, message: message, unresolvedName: unresolvedName)
    }
}

/// `{{name}}`, `{{{name}}}` or `{{&name}}`.
final class Variable: Sendable {
    let name: Name
    /// Whether the value is HTML-escaped (`{{name}}`).
    let isEscaped: Bool
    let place: TagPlace

    init(name: Name, isEscaped: Bool, place: TagPlace) {
        self.name = name
        self.isEscaped = isEscaped
        self.place = place
    }
}

/// A section or an inverted section: a name and the nodes inside.
final class Section: Sendable {
    let name: Name
    let children: [Node]
    /// The opening tag's place.
    let place: TagPlace

    init(name: Name, children: [Node], place: TagPlace) {
        self.name = name
        self.children = children
        self.place = place
    }
}

/// `{{>name}}` or `{{>*name}}`.
final class Partial: Sendable {
    let name: PartialName
    /// The whitespace before a standalone tag, prepended to every line of the partial; `nil`
    /// when the tag is not standalone (spec: partials.json — 'Standalone Indentation').
    let indentation: [UInt8]?
    let place: TagPlace

    init(name: PartialName, indentation: [UInt8]?, place: TagPlace) {
        self.name = name
        self.indentation = indentation
        self.place = place
    }
}

/// `{{<name}}…{{/name}}`: a partial with arguments.
final class Parent: Sendable {
    let name: PartialName
    /// The blocks directly inside the tag: overrides of the parent's blocks of the same name.
    let arguments: [String: Block]
    /// As for ``Partial/indentation``.
    let indentation: [UInt8]?
    /// Whether the closing tag stands alone on its line: what follows starts on a fresh line.
    let closeIsStandalone: Bool
    /// The opening tag's place.
    let place: TagPlace

    init(
        name: PartialName, arguments: [String: Block], indentation: [UInt8]?, closeIsStandalone: Bool, place: TagPlace
    ) {
        self.name = name
        self.arguments = arguments
        self.indentation = indentation
        self.closeIsStandalone = closeIsStandalone
        self.place = place
    }
}

/// A `{{$name}}…{{/name}}` block: its content (the default, or an override when it sits inside a
/// parent tag) and how to indent content rendered in its place.
final class Block: Sendable {
    let name: String
    /// The content, with the block's own indentation removed from each line (spec:
    /// ~inheritance.json — 'Block reindentation').
    let nodes: [Node]
    /// Indentation added to each line of whatever content renders here, relative to the
    /// enclosing block ('Intrinsic indentation', 'Nested block reindentation').
    let indentation: [UInt8]
    /// Whether the opening tag stands alone on its line: content then starts on a fresh line.
    let isStandalone: Bool
    /// Whether the closing tag stands alone on its line: what follows starts on a fresh line.
    let closeIsStandalone: Bool

    init(name: String, nodes: [Node], indentation: [UInt8], isStandalone: Bool, closeIsStandalone: Bool) {
        self.name = name
        self.nodes = nodes
        self.indentation = indentation
        self.isStandalone = isStandalone
        self.closeIsStandalone = closeIsStandalone
    }
}

/// A dotted name, split once at compile time: `a.b.c` is `a` then `["b", "c"]`; the implicit
/// iterator `.` has no parts. Spec: interpolation.json — 'Dotted Names', 'Implicit Iterators'.
struct Name: Sendable, CustomStringConvertible {
    /// The first part, looked up down the context stack; `nil` for `.`.
    let first: String?
    /// The other parts, each looked up in the value of the one before.
    let rest: [String]

    init(_ text: String) {
        let parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        first = parts.first
        rest = Array(parts.dropFirst())
    }

    var description: String { first.map { ([$0] + rest).joined(separator: ".") } ?? "." }
}

/// The name of a partial or parent: fixed in the template, or looked up in the context
/// (`{{>*name}}`, spec: ~dynamic-names.json).
enum PartialName: Sendable {
    case fixed(String)
    case dynamic(Name)

    init(_ text: String) {
        self = text.hasPrefix("*") ? .dynamic(Name(String(text.dropFirst()))) : .fixed(text)
    }
}
