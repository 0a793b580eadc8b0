/// Compiles a template's source into a ``Node`` tree, in three passes:
///
/// 1. **Lex** the source into text and tag tokens, line by line, following set-delimiter tags
///    as they come (spec: delimiters.json).
/// 2. **Structure**: match every section, inverted section, parent and block with its closing
///    tag (errors name the line and column of the offending tag), then find the standalone lines
///    (spec: "Standalone" cases of every file) and each block's indentation (~inheritance.json).
/// 3. **Build** the tree, dropping standalone lines' whitespace, comments and set-delimiter tags,
///    and re-basing the indentation inside blocks.
struct Parser {
    private let source: [UInt8]
    private let name: String
    private let file: String?
    private var tokens: [Token] = []
    private var lines: [Line] = []
    /// The byte offset at which each source line starts (the first is 0): for the place of a tag.
    private let lineStarts: [Int]

    /// Compiles `source`. `name` and `file` only label errors.
    static func parse(_ source: String, name: String, file: String?) throws(MustacheError) -> [Node] {
        var parser = Parser(source: Array(source.utf8), name: name, file: file)
        try parser.lex()
        try parser.matchSections()
        parser.findStandaloneLines()
        parser.findBlockIndentation()
        var index = 0
        return parser.build(&index, until: parser.tokens.count, enclosingIndent: [])
    }

    private init(source: [UInt8], name: String, file: String?) {
        self.source = source
        self.name = name
        self.file = file
        lineStarts = [0] + source.indices.filter { source[$0] == Self.newline }.map { $0 + 1 }
    }

    // MARK: - Tokens

    private enum Kind: Equatable {
        case text
        case variable, unescaped
        case section, inverted, close
        case comment, setDelimiter
        case partial, parent, block

        /// Sections, partials, comments and the like may stand alone on a line; interpolations
        /// never do (spec: interpolation.json — 'Interpolation - Standalone').
        var canStandAlone: Bool { self != .variable && self != .unescaped && self != .text }

        var sigil: String {
            switch self {
            case .section: "#"
            case .inverted: "^"
            case .parent: "<"
            case .block: "$"
            case .close: "/"
            case .partial: ">"
            default: ""
            }
        }

        var noun: String {
            switch self {
            case .section: "section"
            case .inverted: "inverted section"
            case .parent: "parent"
            case .block: "block"
            default: "tag"
            }
        }
    }

    private struct Token {
        var kind: Kind
        /// Byte range of the text, or of the whole tag including its delimiters.
        var start: Int
        var end: Int
        /// A tag's name, trimmed, `*` kept in front of dynamic names.
        var content = ""
        /// The delimiters in force when the tag was read (for error messages).
        var open: [UInt8] = []
        var close: [UInt8] = []
        /// Index in `lines`.
        var line = 0
        /// For opening tags, the index of the closing tag; for closing tags, the opening tag.
        var match = -1
        /// Text on a standalone line: dropped.
        var isRemoved = false
        /// A tag alone on its line (apart from parent tags, which don't count).
        var isStandalone = false
        /// Blocks: the indentation of their content, in source columns.
        var blockIndent: [UInt8] = []
    }

    /// A source line: the tokens from one newline (outside tags) to the next.
    private struct Line {
        var first: Int
        var end: Int
        /// The spaces and tabs the line starts with.
        var indent: [UInt8] = []
    }

    /// Sections, parents and blocks nested deeper than this are an error: it bounds the
    /// recursion of compiling and rendering.
    static let maxNesting = 128

    private static let newline: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    // MARK: - Pass 1: lexing

    private mutating func lex() throws(MustacheError) {
        var open: [UInt8] = Array("{{".utf8)
        var close: [UInt8] = Array("}}".utf8)
        var pos = 0
        var textStart = 0
        var lineFirstToken = 0
        let count = source.count

        func endLine(_ parser: inout Parser) {
            parser.lines.append(Line(first: lineFirstToken, end: parser.tokens.count))
            for i in lineFirstToken..<parser.tokens.count { parser.tokens[i].line = parser.lines.count - 1 }
            lineFirstToken = parser.tokens.count
        }

        while pos < count {
            let byte = source[pos]
            if byte == Self.newline {
                pos += 1
                tokens.append(Token(kind: .text, start: textStart, end: pos))
                textStart = pos
                endLine(&self)
            } else if byte == open[0] && hasPrefix(open, at: pos) {
                if textStart < pos { tokens.append(Token(kind: .text, start: textStart, end: pos)) }
                var token = try readTag(at: pos, open: open, close: close)
                pos = token.end
                textStart = pos
                if token.kind == .setDelimiter {
                    (open, close) = try delimiters(in: token)
                    token.content = ""
                }
                tokens.append(token)
            } else {
                pos += 1
            }
        }
        if textStart < count { tokens.append(Token(kind: .text, start: textStart, end: count)) }
        if lineFirstToken < tokens.count { endLine(&self) }
    }

    private func hasPrefix(_ bytes: [UInt8], at pos: Int) -> Bool {
        guard pos + bytes.count <= source.count else { return false }
        for i in 0..<bytes.count where source[pos + i] != bytes[i] { return false }
        return true
    }

    private func find(_ bytes: [UInt8], from pos: Int) -> Int? {
        var i = pos
        while i + bytes.count <= source.count {
            if source[i] == bytes[0] && hasPrefix(bytes, at: i) { return i }
            i += 1
        }
        return nil
    }

    /// Reads the tag whose opening delimiter starts at `start`.
    private func readTag(at start: Int, open: [UInt8], close: [UInt8]) throws(MustacheError) -> Token {
        let bodyStart = start + open.count
        let sigil: UInt8? = bodyStart < source.count ? source[bodyStart] : nil
        var kind: Kind
        var terminator = close
        var contentStart = bodyStart + 1
        switch sigil {
        case UInt8(ascii: "{"):
            kind = .unescaped
            terminator = [UInt8(ascii: "}")] + close
        case UInt8(ascii: "&"): kind = .unescaped
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .inverted
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "="):
            kind = .setDelimiter
            terminator = [UInt8(ascii: "=")] + close
        default:
            kind = .variable
            contentStart = bodyStart
        }
        guard let contentEnd = find(terminator, from: min(contentStart, source.count)) else {
            let shown = String(decoding: source[start..<min(source.count, start + 24)], as: UTF8.self)
                .split(separator: "\n", omittingEmptySubsequences: false)[0]
            throw error(
                at: start,
                "unclosed tag \"\(shown)\(shown.count >= 24 ? "…" : "")\", expected \"\(String(decoding: terminator, as: UTF8.self))\""
            )
        }
        var token = Token(kind: kind, start: start, end: contentEnd + terminator.count)
        token.open = open
        token.close = close
        let raw = String(decoding: source[contentStart..<contentEnd], as: UTF8.self)
        switch kind {
        case .comment:
            break
        case .setDelimiter:
            token.content = raw
        case .partial, .parent:
            token.content = try validName(raw, at: start, allowingDynamic: true, token: token)
        default:
            token.content = try validName(raw, at: start, allowingDynamic: kind == .close, token: token)
        }
        return token
    }

    /// Trims `raw` and checks it is a name: not empty, no whitespace. With `allowingDynamic`,
    /// a leading `*` (spec: ~dynamic-names.json) may be followed by whitespace, as in `{{> * name }}`.
    private func validName(_ raw: String, at offset: Int, allowingDynamic: Bool, token: Token) throws(MustacheError)
        -> String
    {
        var name = trimmed(raw)
        if allowingDynamic, name.hasPrefix("*") { name = "*" + trimmed(String(name.dropFirst())) }
        if name.isEmpty || name == "*" {
            throw error(at: offset, "empty tag \(tagText(token.kind, "", token)), expected a name")
        }
        if name.unicodeScalars.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            throw error(at: offset, "invalid tag \(tagText(token.kind, name, token)): a name cannot contain whitespace")
        }
        return name
    }

    private func trimmed(_ s: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = s.firstIndex(where: { !isSpace($0) }), let last = s.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(s[first...last])
    }

    /// The two delimiters of a set-delimiter tag, e.g. `{{=<% %>=}}`. Spec: delimiters.json.
    private func delimiters(in token: Token) throws(MustacheError) -> ([UInt8], [UInt8]) {
        let parts = token.content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" })
        let example =
            "e.g. \(String(decoding: token.open, as: UTF8.self))=<% %>=\(String(decoding: token.close, as: UTF8.self))"
        guard parts.count == 2 else {
            throw error(
                at: token.start,
                "invalid set-delimiter tag: expected an opening and a closing delimiter separated by whitespace, \(example)"
            )
        }
        for part in parts where part.contains("=") {
            throw error(
                at: token.start, "invalid delimiter \"\(part)\" in set-delimiter tag: a delimiter cannot contain \"=\"")
        }
        return (Array(parts[0].utf8), Array(parts[1].utf8))
    }

    // MARK: - Pass 2: structure

    /// Pairs opening and closing tags; throws on a closing tag that closes nothing or the wrong
    /// thing, and on a section left open at the end.
    private mutating func matchSections() throws(MustacheError) {
        var open: [Int] = []
        for i in tokens.indices {
            switch tokens[i].kind {
            case .section, .inverted, .parent, .block:
                open.append(i)
                if open.count > Self.maxNesting {
                    throw error(at: tokens[i].start, "sections nested more than \(Self.maxNesting) deep")
                }
            case .close:
                let closing = tokens[i]
                guard let o = open.popLast() else {
                    throw error(
                        at: closing.start,
                        "unexpected closing tag \(tagText(.close, closing.content, closing)): no section is open")
                }
                let opening = tokens[o]
                guard opening.content == closing.content else {
                    let (line, column) = position(of: opening.start)
                    throw error(
                        at: closing.start,
                        "mismatched closing tag \(tagText(.close, closing.content, closing)), expected "
                            + "\(tagText(.close, opening.content, closing)) to close the \(opening.kind.noun) "
                            + "\(tagText(opening.kind, opening.content, opening)) opened at \(line):\(column)")
                }
                tokens[o].match = i
                tokens[i].match = o
            default:
                break
            }
        }
        if let o = open.last {
            let opening = tokens[o]
            throw error(
                at: opening.start,
                "unclosed \(opening.kind.noun) \"\(opening.content)\", expected \(tagText(.close, opening.content, opening))"
            )
        }
    }

    /// Whether a text token is only spaces and tabs, up to an optional line ending.
    private func isBlank(_ token: Token) -> Bool {
        var end = token.end
        if end > token.start && source[end - 1] == Self.newline {
            end -= 1
            if end > token.start && source[end - 1] == Self.carriageReturn { end -= 1 }
        }
        for i in token.start..<end where !Self.isSpace(source[i]) { return false }
        return true
    }

    /// A line is standalone when its text is blank and it holds one tag that can stand alone —
    /// not counting parent tags, whose inside is not rendered, so that `{{<parent}}{{$block}}`
    /// and `  {{<parent}}{{/parent}}` lines stand alone (spec: ~inheritance.json —
    /// 'Standalone parent', 'Standalone block'). Its whitespace and line ending are dropped and
    /// its tags remember that they stood alone.
    private mutating func findStandaloneLines() {
        for l in lines.indices {
            let line = lines[l]
            if line.first < line.end, tokens[line.first].kind == .text {
                var i = tokens[line.first].start
                while i < tokens[line.first].end && Self.isSpace(source[i]) { i += 1 }
                lines[l].indent = Array(source[tokens[line.first].start..<i])
            }
            var tags = 0
            var significant = 0
            var standalone = true
            for t in line.first..<line.end {
                let token = tokens[t]
                if token.kind == .text {
                    if !isBlank(token) { standalone = false; break }
                } else if !token.kind.canStandAlone {
                    standalone = false
                    break
                } else {
                    tags += 1
                    let isParentTag =
                        token.kind == .parent || (token.kind == .close && tokens[token.match].kind == .parent)
                    if !isParentTag { significant += 1 }
                }
            }
            guard standalone, tags > 0, significant <= 1 else { continue }
            for t in line.first..<line.end {
                if tokens[t].kind == .text { tokens[t].isRemoved = true } else { tokens[t].isStandalone = true }
            }
        }
    }

    /// Each block's indentation, in source columns: for a standalone opening tag, that of the
    /// first non-blank line of its content (or of the tag's line when it has none); otherwise that
    /// of the tag's line. Spec: ~inheritance.json — 'Intrinsic indentation', 'Block reindentation'.
    private mutating func findBlockIndentation() {
        for i in tokens.indices where tokens[i].kind == .block {
            let token = tokens[i]
            var indent = lines[token.line].indent
            if token.isStandalone {
                lineSearch: for l in (token.line + 1)..<lines.count {
                    for t in lines[l].first..<lines[l].end {
                        if tokens[t].kind == .text && isBlank(tokens[t]) { continue }
                        if t != token.match { indent = lines[l].indent }
                        break lineSearch
                    }
                }
            }
            tokens[i].blockIndent = indent
        }
    }

    // MARK: - Pass 3: the tree

    /// Builds the nodes of tokens `index..<end`. `enclosingIndent` is the indentation of the
    /// innermost block around them, removed from the start of each line.
    private func build(_ index: inout Int, until end: Int, enclosingIndent: [UInt8]) -> [Node] {
        var nodes: [Node] = []
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty {
                nodes.append(.text(Text(text)))
                text = []
            }
        }
        while index < end {
            let token = tokens[index]
            switch token.kind {
            case .text:
                if !token.isRemoved {
                    var start = token.start
                    if lines[token.line].first == index {
                        start += commonPrefix(enclosingIndent, source[token.start..<token.end])
                    }
                    text.append(contentsOf: source[start..<token.end])
                }
            case .variable, .unescaped:
                flushText()
                nodes.append(
                    .variable(
                        Variable(name: Name(token.content), isEscaped: token.kind == .variable, place: place(token))))
            case .section, .inverted:
                flushText()
                var inner = index + 1
                let children = build(&inner, until: token.match, enclosingIndent: enclosingIndent)
                let section = Section(name: Name(token.content), children: children, place: place(token))
                nodes.append(token.kind == .section ? .section(section) : .invertedSection(section))
                index = token.match
            case .partial:
                flushText()
                nodes.append(
                    .partial(
                        Partial(
                            name: PartialName(token.content), indentation: standaloneIndent(token, enclosingIndent),
                            place: place(token))))
            case .parent:
                flushText()
                var arguments: [String: Block] = [:]
                var inner = index + 1
                while inner < token.match {
                    let t = tokens[inner]
                    if t.kind == .block {
                        let block = buildBlock(&inner, enclosingIndent: enclosingIndent)
                        if arguments[block.name] == nil { arguments[block.name] = block }
                    } else if t.match > inner {
                        inner = t.match  // anything else inside a parent is ignored
                    }
                    inner += 1
                }
                nodes.append(
                    .parent(
                        Parent(
                            name: PartialName(token.content), arguments: arguments,
                            indentation: standaloneIndent(token, enclosingIndent),
                            closeIsStandalone: tokens[token.match].isStandalone, place: place(token))))
                index = token.match
            case .block:
                flushText()
                nodes.append(.block(buildBlock(&index, enclosingIndent: enclosingIndent)))
            case .comment, .setDelimiter, .close:
                break
            }
            index += 1
        }
        flushText()
        return nodes
    }

    /// Builds the block whose opening tag is at `index`, leaving `index` at its closing tag.
    private func buildBlock(_ index: inout Int, enclosingIndent: [UInt8]) -> Block {
        let token = tokens[index]
        var inner = index + 1
        let nodes = build(&inner, until: token.match, enclosingIndent: token.blockIndent)
        index = token.match
        return Block(
            name: token.content, nodes: nodes,
            indentation: Array(token.blockIndent.dropFirst(commonPrefix(enclosingIndent, token.blockIndent[...]))),
            isStandalone: token.isStandalone, closeIsStandalone: tokens[token.match].isStandalone)
    }

    /// The indentation of a standalone partial or parent, relative to the enclosing block.
    private func standaloneIndent(_ token: Token, _ enclosingIndent: [UInt8]) -> [UInt8]? {
        guard token.isStandalone else { return nil }
        let indent = lines[token.line].indent
        return Array(indent.dropFirst(commonPrefix(enclosingIndent, indent[...])))
    }

    private func commonPrefix(_ a: [UInt8], _ b: ArraySlice<UInt8>) -> Int {
        var n = 0
        var j = b.startIndex
        while n < a.count && j < b.endIndex && a[n] == b[j] {
            n += 1
            j += 1
        }
        return n
    }

    // MARK: - Errors

    /// How a tag reads in the template, with the delimiters in force, e.g. `{{/modals}}`.
    private func tagText(_ kind: Kind, _ name: String, _ token: Token) -> String {
        let open = String(decoding: token.open, as: UTF8.self)
        let close = String(decoding: token.close, as: UTF8.self)
        switch kind {
        case .unescaped: return "\(open)&\(name)\(close)"
        default: return "\(open)\(kind.sigil)\(name)\(close)"
        }
    }

    /// 1-based line and column (in Unicode scalars) of a byte offset.
    private func position(of offset: Int) -> (line: Int, column: Int) {
        let offset = min(offset, source.count)
        // The last line that starts at or before `offset`.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var column = 1
        for i in lineStarts[low]..<offset where source[i] & 0xC0 != 0x80 { column += 1 }
        return (low + 1, column)
    }

    /// Where `token` stands, for the errors of a strict render.
    private func place(_ token: Token) -> TagPlace {
        let (line, column) = position(of: token.start)
        return TagPlace(
            template: name, file: file, line: line, column: column,
            tag: String(decoding: source[token.start..<token.end], as: UTF8.self))
    }

    private func error(at offset: Int, _ message: String) -> MustacheError {
        let (line, column) = position(of: offset)
        return MustacheError(name: name, file: file, line: line, column: column, message: message)
    }
}
