/// Walks a ``Node`` tree against a context stack, appending UTF-8 to a byte buffer.
///
/// One renderer lives for one call of `render`; it is a value on the caller's stack, so renders
/// on many threads share nothing but the immutable templates.
struct Renderer {
    /// The output.
    var output: [UInt8]
    /// The context stack, bottom first (spec: sections.json overview).
    var stack: [Any] = []
    /// The partials and parents that can be named, as of the start of the render.
    let templates: [String: MustacheTemplate]
    /// Whitespace prepended to each template line: standalone partials and blocks add to it.
    var indentation: [UInt8] = []
    /// Whether the output is at the start of a template line, so the next template output is
    /// indented first. Only kept up to date while `indentation` is not empty.
    var atLineStart = false
    /// Block overrides in force, outermost first: the outermost wins (spec: ~inheritance.json —
    /// 'Multi-level inheritance').
    var overrides: [[String: Block]] = []
    /// How many partials and parents deep the render is.
    var depth = 0

    /// Partials nested deeper than this render as empty, so that a partial that includes itself
    /// without end cannot exhaust the stack.
    static let maxDepth = 128

    init(templates: [String: MustacheTemplate], capacity: Int) {
        self.templates = templates
        output = []
        output.reserveCapacity(capacity)
        stack.reserveCapacity(16)
    }

    mutating func render(_ nodes: [Node]) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                appendText(bytes)
            case .variable(let name, let escaped):
                flushIndentation()
                appendValue(lookup(name), escaped: escaped)
            case .section(let name, let children):
                renderSection(lookup(name), children)
            case .invertedSection(let name, let children):
                if !isTruthy(lookup(name)) { render(children) }
            case .partial(let name, let indentation):
                guard let template = resolve(name) else { continue }
                renderTemplate(template.nodes, indentation: indentation, closeIsStandalone: indentation != nil)
            case .parent(let name, let arguments, let indentation, let closeIsStandalone):
                guard let template = resolve(name) else { continue }
                overrides.append(arguments)
                renderTemplate(template.nodes, indentation: indentation, closeIsStandalone: closeIsStandalone)
                overrides.removeLast()
            case .block(let block):
                renderBlock(block)
            }
        }
    }

    /// Renders a partial's or parent's nodes, indented when the tag stood alone on its line
    /// (spec: partials.json — 'Standalone Indentation').
    private mutating func renderTemplate(_ nodes: [Node], indentation tagIndentation: [UInt8]?, closeIsStandalone: Bool)
    {
        guard depth < Self.maxDepth else { return }
        depth += 1
        let saved = indentation
        if let tagIndentation {
            indentation.append(contentsOf: tagIndentation)
            atLineStart = true
        } else {
            // An inline partial is not indented, even inside an indented one: the spec indents
            // the partial's own lines only when its tag stands alone.
            flushIndentation()
            indentation = []
        }
        render(nodes)
        indentation = saved
        atLineStart = closeIsStandalone
        depth -= 1
    }

    /// Renders a block's override, or its default content (spec: ~inheritance.json).
    private mutating func renderBlock(_ block: Block) {
        var content = block
        for frame in overrides {
            if let found = frame[block.name] {
                content = found
                break
            }
        }
        let saved = indentation
        if block.isStandalone {
            atLineStart = true
        } else {
            flushIndentation()
        }
        indentation.append(contentsOf: block.indentation)
        render(content.nodes)
        indentation = saved
        if block.closeIsStandalone { atLineStart = true }
    }

    private mutating func renderSection(_ value: Any?, _ children: [Node]) {
        switch SectionValue(value) {
        case .falsy:
            break
        case .single(let item):
            stack.append(item)
            render(children)
            stack.removeLast()
        case .list(let list):
            list.forEachMustacheItem { item in
                stack.append(item)
                render(children)
                stack.removeLast()
            }
        }
    }

    /// The template a partial or parent tag names, if the render may go deeper.
    private func resolve(_ name: PartialName) -> MustacheTemplate? {
        switch name {
        case .fixed(let name):
            return templates[name]
        case .dynamic(let key):
            // Spec: ~dynamic-names.json — the name resolves like an interpolation.
            guard let value = lookup(key) else { return nil }
            if let string = value as? String { return templates[string] }
            var renderer = Renderer(templates: [:], capacity: 32)
            renderer.appendValue(value, escaped: false)
            return templates[String(decoding: renderer.output, as: UTF8.self)]
        }
    }

    // MARK: - Text and indentation

    private mutating func flushIndentation() {
        if atLineStart {
            output.append(contentsOf: indentation)
            atLineStart = false
        }
    }

    /// Appends template text, indenting each of its lines when inside an indented partial or block.
    private mutating func appendText(_ bytes: [UInt8]) {
        if indentation.isEmpty {
            output.append(contentsOf: bytes)
            return
        }
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            var i = 0
            while i < buffer.count {
                if buffer[i] == 0x0A {
                    if atLineStart { output.append(contentsOf: indentation) }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...i]))
                    atLineStart = true
                    start = i + 1
                }
                i += 1
            }
            if start < buffer.count {
                if atLineStart { output.append(contentsOf: indentation) }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
                atLineStart = false
            }
        }
    }

    // MARK: - Names

    /// Resolves a dotted name against the context stack (spec: sections.json overview, steps 1–7;
    /// interpolation.json — 'Dotted Names'): the first part is looked up from the top of the stack
    /// down, each further part only in the value before it. `nil` when any part is missing.
    func lookup(_ name: Name) -> Any? {
        let parts = name.parts
        guard let first = parts.first else { return stack.last }
        var value: Any?
        var i = stack.count - 1
        while i >= 0 {
            if let found = Self.member(first, of: stack[i]) {
                value = found
                break
            }
            i -= 1
        }
        guard var current = value else { return nil }
        for part in parts.dropFirst() {
            guard let next = Self.member(part, of: current) else { return nil }
            current = next
        }
        return current
    }

    /// The value for `key` in a dictionary keyed by strings or a ``MustacheContext``; `nil` when
    /// there is no such key or the value has no keys.
    static func member(_ key: String, of value: Any) -> Any? {
        if let dictionary = value as? [String: Any] { return dictionary[key] }
        if let context = value as? any MustacheContext { return context.mustacheValue(forKey: key) }
        if let keyed = value as? any StringKeyed { return keyed.mustacheMember(key) }
        if let optional = value as? any OptionalValue, let wrapped = optional.wrappedMustacheValue {
            return member(key, of: wrapped)
        }
        return nil
    }
}
