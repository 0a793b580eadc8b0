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
/// in element content and in double- or single-quoted attributes. `{{{name}}}` and `{{&name}}`
/// do not escape.
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
    /// never fails.
    public func render(_ context: Any?, library: MustacheLibrary? = nil) -> String {
        render(context, partials: library?.snapshot ?? [:])
    }

    func render(_ context: Any?, partials: [String: [Node]]) -> String {
        var renderer = makeRenderer(context, partials: partials)
        renderer.render(nodes)
        return renderer.output.makeString()
    }

    /// Renders like ``render(_:library:)``, appending the UTF-8 bytes to `output`: for servers
    /// that write the bytes out without making a `String`.
    public func render(_ context: Any?, library: MustacheLibrary? = nil, appendingTo output: inout [UInt8]) {
        render(context, partials: library?.snapshot ?? [:], appendingTo: &output)
    }

    func render(_ context: Any?, partials: [String: [Node]], appendingTo output: inout [UInt8]) {
        var renderer = makeRenderer(context, partials: partials)
        renderer.render(nodes)
        output.append(contentsOf: renderer.output.bytes)
    }

    private func makeRenderer(_ context: Any?, partials: [String: [Node]]) -> Renderer {
        var renderer = Renderer(templates: partials, capacity: max(4096, textSize * 2))
        if let context { renderer.stack.push(Frame(context)) }
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
