/// A compiled Mustache template: parsed once, rendered many times, from any thread.
///
/// Follows the Mustache spec (the JSON files in `shared/mustache-spec/`): interpolation, sections,
/// inverted sections, comments, partials, set delimiters, and the optional dynamic names and
/// inheritance modules. Lambdas are not supported.
///
/// ```swift
/// let template = try MustacheTemplate(string: "<h1>{{title}}</h1>{{#items}}<li>{{.}}</li>{{/items}}")
/// let html = template.render(["title": "Modals", "items": ["Sheet", "Alert"]])
/// ```
///
/// **Values.** A context is any of: `[String: Any]` (or any dictionary keyed by `String`), a
/// ``MustacheContext``, an array, `String`, `Substring`, integers, `Double`, `Float`, `Bool`,
/// `NSNumber`, `nil` / `Optional` / `NSNull`. Interpolation (spec: interpolation.json) renders
/// integers in decimal, doubles in the shortest form that reads back the same (`1.21`; a whole
/// double without its fraction, `1.0` as `1`, as in JavaScript — the spec has no case for it),
/// booleans as `true`/`false`, `nil` and `NSNull` as nothing, other values by `description`.
///
/// **Escaping.** `{{name}}` escapes `&`, `<`, `>`, `"` and `'` as `&amp;`, `&lt;`, `&gt;`,
/// `&quot;` (the forms the spec's 'HTML Escaping' case dictates) and `&#39;`, so values are safe
/// in element content and in double- or single-quoted attributes; it writes the control
/// characters HTML's parser takes as errors (C0 but tab, line feed, form feed and carriage
/// return; DEL; C1) as U+FFFD. `{{{name}}}` and `{{&name}}` do not escape.
///
/// **Strict renders** (``render(_:library:strict:)``, a ``MustacheLibrary`` made `strict`)
/// throw a ``MustacheError`` where the spec renders a missing name or partial as empty: a
/// misspelt key fails a test instead of leaving a blank in a page.
///
/// **Truthiness** in sections: `false`, `nil`, `NSNull`, an empty list and an empty string are
/// falsy; everything else — `0` and empty dictionaries included — is truthy. (The spec leaves
/// empty strings open; treating them as falsy, as mustache.js does, lets
/// `{{#subtitle}}<p>{{subtitle}}</p>{{/subtitle}}` drop the paragraph.)
public struct MustacheTemplate: Sendable {
    /// The template's name: what partial tags call it inside a ``MustacheLibrary``.
    public let name: String
    let nodes: [Node]
    /// Bytes of literal text: a first guess at the output's size.
    let textSize: Int

    /// Compiles `string`.
    ///
    /// - Parameter name: Names the template in errors (and in a library).
    /// - Throws: ``MustacheError`` with the line and column of an unclosed tag or section, a
    ///   mismatched or unexpected closing tag, a bad set-delimiter tag, or an empty or invalid name.
    public init(string: String, name: String = "inline") throws(MustacheError) {
        try self.init(string: string, name: name, file: nil)
    }

    init(string: String, name: String, file: String?) throws(MustacheError) {
        self.name = name
        nodes = try Parser.parse(string, name: name, file: file)
        textSize = Self.textSize(of: nodes)
    }

    /// Renders the template against `context` (the bottom of the context stack; `nil` for none).
    ///
    /// Partials (`{{>name}}`, `{{>*name}}`) and parents (`{{<name}}`) are looked up in `library`;
    /// without a library, or when the library has no such template, they render as empty
    /// (spec: partials.json — 'Failed Lookup'). Missing values render as empty too: rendering
    /// never fails. ``render(_:library:strict:)`` makes both an error.
    public func render(_ context: Any?, library: MustacheLibrary? = nil) -> String {
        let renderer = run(context, partials: library?.snapshot ?? [:], strict: false)
        return renderer.output.makeString()
    }

    /// Renders like ``render(_:library:)``; when `strict`, a name that the context stack can't
    /// resolve, or a partial or parent that `library` doesn't hold, is an error instead of empty.
    ///
    /// A name resolves as the spec's name resolution says (sections.json, interpolation.json): some
    /// context on the stack has its first part as a key — whatever the value, `false`, `nil` or
    /// empty included — and each further part of a dotted name is a key of the value before it.
    /// `.` always resolves. A ``MustacheContext`` has a key when it returns a value for it
    /// (``MustacheNothing``, what ``Swift/Optional/asMustacheValue`` makes of `nil`, counts).
    ///
    /// - Throws: ``MustacheError`` naming the template, the line and column of the first tag that
    ///   failed, and (``MustacheError/unresolvedName``) the name it could not resolve.
    public func render(_ context: Any?, library: MustacheLibrary? = nil, strict: Bool) throws(MustacheError) -> String {
        let renderer = run(context, partials: library?.snapshot ?? [:], strict: strict)
        if let failure = renderer.failure { throw failure }
        return renderer.output.makeString()
    }

    /// Renders like ``render(_:library:)``, appending the UTF-8 bytes to `output`: for servers
    /// that write the bytes out without making a `String`.
    public func render(_ context: Any?, library: MustacheLibrary? = nil, appendingTo output: inout [UInt8]) {
        // Bound to a name: the bytes live as long as the renderer does.
        let renderer = run(context, partials: library?.snapshot ?? [:], strict: false)
        output.append(contentsOf: renderer.output.bytes)
    }

    /// Renders against `context` with `partials`; the renderer holds the output, and a strict
    /// render's failure and the templates it included.
    func run(_ context: Any?, partials: [String: [Node]], strict: Bool) -> Renderer {
        var renderer = Renderer(templates: partials, capacity: max(4096, textSize * 2), strict: strict)
        if let context { renderer.stack.push(Frame(context)) }
        renderer.render(nodes)
        return renderer
    }

    private static func textSize(of nodes: [Node]) -> Int {
        var size = 0
        for node in nodes {
            switch node {
            case .text(let text): size += text.bytes.count
            case .section(let section), .invertedSection(let section): size += textSize(of: section.children)
            case .block(let block): size += textSize(of: block.nodes)
            default: break
            }
        }
        return size
    }
}
