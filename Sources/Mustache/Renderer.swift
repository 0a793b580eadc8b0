/// Walks a ``Node`` tree against a context stack, appending UTF-8 to a byte buffer.
///
/// One renderer lives for one call of `render`; it is a value on the caller's stack, so renders
/// on many threads share nothing but the immutable templates.
struct Renderer: ~Copyable {
    /// The output.
    var output: OutputBuffer
    /// The context stack, each context classified once when pushed.
    var stack = ContextStack()
    /// The partials and parents that can be named, as of the start of the render.
    let templates: [String: [Node]]
    /// Whitespace prepended to each template line: standalone partials and blocks add to it.
    var indentation: [UInt8] = []
    /// Whether the output is at the start of a template line, so the next template output is
    /// indented first. Only kept up to date while `indentation` is not empty.
    var atLineStart = false
    /// Block overrides in force, outermost first: the outermost wins (spec: ~inheritance.json —
    /// 'Multi-level inheritance').
    var overrides: [[String: Block]] = []
    /// How many sections, partials, parents and blocks deep the render is.
    var depth = 0
    /// Whether a name the context stack can't resolve, or a partial the templates lack, is an
    /// error (``failure``) rather than empty.
    let strict: Bool
    /// A strict render's first error; the render goes on, and its output is thrown away.
    var failure: MustacheError?
    /// The partials and parents a strict render included (a lenient one doesn't note them).
    var rendered: Set<String> = []

    /// Content nested deeper than this (sections, partials, parents and blocks together) renders
    /// as empty, so that a partial that includes itself without end cannot exhaust the stack.
    static let maxDepth = 256

    init(templates: [String: [Node]], capacity: Int, strict: Bool = false) {
        self.templates = templates
        output = OutputBuffer(capacity: capacity)
        self.strict = strict
    }

    mutating func render(_ nodes: [Node]) {
        guard depth < Self.maxDepth else { return }
        depth += 1
        defer { depth -= 1 }
        for node in nodes {
            switch node {
            case .text(let text):
                if indentation.isEmpty {
                    output.append(text.bytes)
                } else {
                    appendIndented(text)
                }
            case .variable(let variable):
                flushIndentation()
                if let value = stack.lookup(variable.name) {
                    appendValue(value, escaped: variable.isEscaped)
                } else if strict {
                    unresolved(node)
                }
            case .section(let section):
                if let value = stack.lookup(section.name) {
                    renderSection(value, section.children)
                } else if strict {
                    unresolved(node)
                }
            case .invertedSection(let section):
                if let value = stack.lookup(section.name) {
                    if !isTruthy(value) { render(section.children) }
                } else {
                    if strict { unresolved(node) }
                    render(section.children)
                }
            case .partial(let partial):
                guard let template = resolve(node) else { continue }
                renderTemplate(
                    template, indentation: partial.indentation, closeIsStandalone: partial.indentation != nil)
            case .parent(let parent):
                guard let template = resolve(node) else { continue }
                overrides.append(parent.arguments)
                renderTemplate(
                    template, indentation: parent.indentation, closeIsStandalone: parent.closeIsStandalone)
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

    private mutating func renderSection(_ value: Any, _ children: [Node]) {
        switch SectionValue(value) {
        case .falsy:
            break
        case .single(let frame):
            render(children, in: frame)
        case .dictionaries(let list):
            for item in list { render(children, in: .dictionary(item)) }
        case .list(let list):
            for item in list { render(children, in: Frame(item)) }
        case .strings(let list):
            for item in list { render(children, in: .value(item)) }
        case .otherList(let list):
            list.forEachMustacheItem { item in render(children, in: Frame(item)) }
        }
    }

    /// Renders a section's children once, with `frame` on top of the context stack.
    private mutating func render(_ children: [Node], in frame: Frame) {
        stack.push(frame)
        render(children)
        stack.pop()
    }

    /// The nodes of the template a partial or parent `node` names; `nil` when there is none (a
    /// strict render's failure).
    ///
    /// Takes the node (one reference), not its name and place: `render(_:)` recurses up to
    /// ``maxDepth`` deep, and in a debug build every argument it builds takes room in its frame.
    private mutating func resolve(_ node: Node) -> [Node]? {
        let name: PartialName
        switch node {
        case .partial(let partial): name = partial.name
        case .parent(let parent): name = parent.name
        default: return nil
        }
        let templateName: String
        switch name {
        case .fixed(let fixed):
            if let nodes = templates[fixed] {
                if strict { rendered.insert(fixed) }
                return nodes
            }
            templateName = fixed
        case .dynamic(let key):
            // Spec: ~dynamic-names.json — the name resolves like an interpolation.
            guard let value = stack.lookup(key) else {
                if strict { unresolved(node) }
                return nil
            }
            if let string = value as? String {
                templateName = string
            } else {
                var renderer = Renderer(templates: [:], capacity: 32)
                renderer.appendValue(value, escaped: false)
                templateName = String(decoding: renderer.output.bytes, as: UTF8.self)
            }
            if let nodes = templates[templateName] {
                if strict { rendered.insert(templateName) }
                return nodes
            }
        }
        if strict { missing(templateName, for: node) }
        return nil
    }

    /// Notes that the partial or parent `node` names a template, `name`, that the render doesn't
    /// have: the render's ``failure``, unless it already has one.
    @inline(never)
    private mutating func missing(_ name: String, for node: Node) {
        guard failure == nil else { return }
        switch node {
        case .partial(let partial):
            failure = partial.place.error("no template named \"\(name)\" for \(partial.place.tag)")
        case .parent(let parent): failure = parent.place.error("no template named \"\(name)\" for \(parent.place.tag)")
        default: break
        }
    }

    // MARK: - Text and indentation

    private mutating func flushIndentation() {
        if atLineStart {
            output.append(indentation)
            atLineStart = false
        }
    }

    /// Appends template text inside an indented partial or block, indenting each of its lines.
    private mutating func appendIndented(_ text: Text) {
        let bytes = text.bytes
        var start = 0
        for end in text.lineEnds {
            if atLineStart { output.append(indentation) }
            output.append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            atLineStart = true
            start = end
        }
        if start < bytes.count {
            if atLineStart { output.append(indentation) }
            output.append(UnsafeBufferPointer(rebasing: bytes[start...]))
            atLineStart = false
        }
    }

    // MARK: - Names

    /// Notes that the name of `node` (a variable, a section or a dynamic partial) did not
    /// resolve: see ``unresolved(_:at:)``. Takes the node, as ``resolve(_:)`` does.
    @inline(never)
    private mutating func unresolved(_ node: Node) {
        switch node {
        case .variable(let variable): unresolved(variable.name, at: variable.place)
        case .section(let section), .invertedSection(let section): unresolved(section.name, at: section.place)
        case .partial(let partial):
            if case .dynamic(let name) = partial.name { unresolved(name, at: partial.place) }
        case .parent(let parent):
            if case .dynamic(let name) = parent.name { unresolved(name, at: parent.place) }
        default: break
        }
    }

    /// Notes that `name`, at `place`, did not resolve (``ContextStack/lookup(_:)`` gave `nil`): the render's
    /// ``failure``, unless it already has one. Spec: the name resolution of sections.json and
    /// interpolation.json — no context on the stack has the first part, or a later part is
    /// missing from the value of the parts before it.
    @inline(never)
    private mutating func unresolved(_ name: Name, at place: TagPlace) {
        guard failure == nil, let first = name.first else { return }
        var reason = "no context on the stack has it"
        if var current = stack.find(first) {
            var resolved = first
            for part in name.rest {
                guard let next = Frame.member(part, of: current) else {
                    reason = "\"\(resolved)\" has no \"\(part)\""
                    break
                }
                current = next
                resolved += "." + part
            }
        } else if !name.rest.isEmpty {
            reason = "no context on the stack has \"\(first)\""
        }
        failure = place.error(
            "unresolved name \"\(name)\" in \(place.tag): \(reason)", unresolvedName: name.description)
    }
}
