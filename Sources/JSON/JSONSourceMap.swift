/// Where each value of a JSON text is written: the line and column of an object member's name
/// (where `"actions":` starts) or of an array element (its first character), by the value's
/// ``JSONPath``. What lets a finding reported at a JSON path point at a line of its file
/// (`modallab lint --format github`, its JSON output's `line` and `column`).
///
/// Lines and columns count from 1, columns in Unicode scalars, after a byte-order mark, as
/// ``JSONSyntaxError`` counts them; the root `$` is where the text's first value starts. Built in
/// one pass over the bytes, one entry per value: O(n × d) time for n bytes nested d deep, values
/// deeper than ``JSONParser/maxDepth`` (which no parse accepts) left out. Meant for a text that
/// parses (for one that doesn't, the values before the error are mapped).
public struct JSONSourceMap: Sendable {
    /// A 1-based line and column.
    public struct Position: Sendable, Hashable {
        public var line: Int
        public var column: Int
    }

    private let positions: [JSONPath: Position]

    /// The map of `bytes`, a JSON text (UTF-8).
    public init(_ bytes: [UInt8]) {
        enum Frame {
            /// An object, and the name of its member whose value comes next (set by the name,
            /// cleared by the comma after the value). No path deeper than the parser's limit.
            case object(path: JSONPath?, key: String?)
            case array(path: JSONPath?, index: Int)
        }
        let bytes = JSONParser.droppingByteOrderMark(bytes)
        var positions: [JSONPath: Position] = [:]
        var frames: [Frame] = []
        var line = 1
        var column = 1
        // The path of a value about to start that has no name to be found at (the root, an
        // array's element): recorded at its first character.
        var awaitingValue: JSONPath? = .root
        func record(_ path: JSONPath?, _ line: Int, _ column: Int) {
            if let path, positions[path] == nil { positions[path] = Position(line: line, column: column) }
        }
        // The path of the value that starts now: the pending member's, or the array's element's;
        // none past the parser's depth.
        func valuePath() -> JSONPath? {
            guard frames.count < JSONParser.maxDepth else { return nil }
            switch frames.last {
            case .object(let path, let key): return key.flatMap { k in path.map { $0.appending(k) } } ?? path
            case .array(let path, let index): return path?.appending(index)
            case nil: return .root
            }
        }
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if JSONParser.isSpace(b) {
                if b == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                i += 1
                continue
            }
            if let path = awaitingValue, b != UInt8(ascii: "]") {
                record(path, line, column)
                awaitingValue = nil
            }
            switch b {
            case UInt8(ascii: "{"):
                frames.append(.object(path: valuePath(), key: nil))
            case UInt8(ascii: "["):
                let path = valuePath()
                frames.append(.array(path: path, index: 0))
                awaitingValue = path?.appending(0)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !frames.isEmpty { frames.removeLast() }
                awaitingValue = nil
            case UInt8(ascii: ","):
                switch frames.last {
                case .array(let path, let index):
                    frames[frames.count - 1] = .array(path: path, index: index + 1)
                    awaitingValue = path?.appending(index + 1)
                case .object(let path, _): frames[frames.count - 1] = .object(path: path, key: nil)
                case nil: break
                }
            case UInt8(ascii: "\""):
                // A string: a member's name when its object has no name pending.
                let start = i
                var j = i + 1
                var escaped = false
                while j < bytes.count && bytes[j] != UInt8(ascii: "\"") {
                    if bytes[j] == UInt8(ascii: "\\") {
                        escaped = true
                        j += 1
                    }
                    j += 1
                }
                let end = min(j, bytes.count - 1)
                if case .object(let path, nil) = frames.last {
                    let name: String
                    if escaped, case .string(let text)? = try? JSONParser.parse(Array(bytes[start...end])) {
                        name = text
                    } else {
                        name = String(decoding: bytes[(start + 1)..<max(start + 1, min(j, bytes.count))], as: UTF8.self)
                    }
                    record(path?.appending(name), line, column)
                    frames[frames.count - 1] = .object(path: path, key: name)
                }
                // A valid string has no line break: only the column moves, by its scalars.
                for k in start...end where bytes[k] & 0xC0 != 0x80 { column += 1 }
                i = end + 1
                continue
            default: break
            }
            if b & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        self.positions = positions
    }

    /// Where the value at `path` is written, or, when the text has no such value (a member
    /// that is missing), where its nearest ancestor is; the root's position for an empty map.
    public func position(of path: JSONPath) -> Position {
        var p = path
        while true {
            if let found = positions[p] { return found }
            guard !p.components.isEmpty else { return Position(line: 1, column: 1) }
            p = JSONPath(components: Array(p.components.dropLast()))
        }
    }

    /// ``position(of:)`` of a path written as ``JSONPath/description`` writes it (`$.a[0]`,
    /// `$["odd key"]`); the root's for text that is not such a path.
    public func position(of path: String) -> Position {
        position(of: JSONPath.parse(path) ?? .root)
    }
}
