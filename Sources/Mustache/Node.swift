/// The compiled form of a template: a tree of nodes, built once by ``Parser`` and walked by
/// ``Renderer`` on every render. Standalone lines, comments and set-delimiter tags are resolved
/// at compile time, so nothing here needs the template's source any more.
indirect enum Node: Sendable {
    /// Literal text, as UTF-8 bytes, copied to the output (re-indented inside indented partials).
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (not escaped).
    /// Spec: interpolation.json.
    case variable(Name, escaped: Bool)
    /// `{{#name}}…{{/name}}`: rendered once per item of a list, once for any other truthy value.
    /// Spec: sections.json.
    case section(Name, [Node])
    /// `{{^name}}…{{/name}}`: rendered once when the value is falsy. Spec: inverted.json.
    case invertedSection(Name, [Node])
    /// `{{>name}}` or `{{>*name}}`. `indentation` is the whitespace before a standalone tag
    /// (prepended to every line of the partial), `nil` when the tag is not standalone.
    /// Spec: partials.json, ~dynamic-names.json.
    case partial(PartialName, indentation: [UInt8]?)
    /// `{{<name}}…{{/name}}`: the named template with some of its blocks overridden by
    /// `arguments`. Spec: ~inheritance.json.
    case parent(PartialName, arguments: [String: Block], indentation: [UInt8]?, closeIsStandalone: Bool)
    /// `{{$name}}default{{/name}}`: content that an inheriting template may override.
    /// Spec: ~inheritance.json.
    case block(Block)
}

/// A dotted name, split once at compile time: `a.b.c` is `["a", "b", "c"]`; the implicit
/// iterator `.` has no parts. Spec: interpolation.json — 'Dotted Names', 'Implicit Iterators'.
struct Name: Sendable, CustomStringConvertible {
    let parts: [String]

    init(_ text: String) {
        parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    var description: String { parts.isEmpty ? "." : parts.joined(separator: ".") }
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

/// A `{{$name}}…{{/name}}` block: its content (the default, or an override when it sits inside a
/// parent tag) and how to indent content rendered in its place.
struct Block: Sendable {
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
}
