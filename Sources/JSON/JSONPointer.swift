/// A JSON Pointer (RFC 6901) naming one value in a document, such as `/modals/2/detents`.
///
/// Reference tokens are kept unescaped: `~1` in the text is `/` in a token, `~0` is `~`
/// (RFC 6901 §4: `~1` is replaced first, then `~0`, so `~01` is the token `~1`). The empty
/// pointer `""` is the whole document; `"/"` is the member whose name is the empty string.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The reference tokens, unescaped, from the root.
    public private(set) var tokens: [String]

    /// The whole document, `""`.
    public static let root = JSONPointer(tokens: [])

    /// A pointer of the given (unescaped) tokens.
    public init(tokens: [String]) { self.tokens = tokens }

    /// Parses a pointer's text.
    /// - Throws: ``JSONPointerError`` when the text is neither empty nor starts with `/`, or has
    ///   a `~` not followed by `0` or `1` (RFC 6901 §3's grammar).
    public init(_ text: String) throws(JSONPointerError) {
        if text.isEmpty {
            tokens = []
            return
        }
        guard text.hasPrefix("/") else {
            throw JSONPointerError(pointer: text, reason: "a JSON Pointer is empty or starts with \"/\"")
        }
        var out: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var it = raw.unicodeScalars.makeIterator()
            while let c = it.next() {
                guard c == "~" else {
                    token.unicodeScalars.append(c)
                    continue
                }
                switch it.next() {
                case "0": token += "~"
                case "1": token += "/"
                default:
                    throw JSONPointerError(pointer: text, reason: "\"~\" is escaped as \"~0\" and \"/\" as \"~1\"")
                }
            }
            out.append(token)
        }
        tokens = out
    }

    /// The same place as a JSONPath (``JSONPath``): an array's token becomes an index when it
    /// is one, any other token a member name. Ambiguous without the document (`/0` may be a
    /// member named "0"); ``JSONPath/pointer`` is exact the other way.
    public init(_ path: JSONPath) {
        tokens = path.components.map {
            switch $0 {
            case .key(let k): k
            case .index(let i): String(i)
            }
        }
    }

    /// This pointer extended by one token.
    public func appending(_ token: String) -> JSONPointer {
        var p = self
        p.tokens.append(token)
        return p
    }

    /// The pointer to the value holding this one; `nil` for the root.
    public var parent: JSONPointer? {
        tokens.isEmpty ? nil : JSONPointer(tokens: Array(tokens.dropLast()))
    }

    /// Whether `other` is this pointer or lies inside the value it names.
    public func isPrefix(of other: JSONPointer) -> Bool {
        other.tokens.count >= tokens.count && Array(other.tokens.prefix(tokens.count)) == tokens
    }

    /// The pointer's text, tokens escaped (`~` as `~0`, `/` as `~1`).
    public var description: String {
        var s = ""
        for t in tokens {
            s += "/"
            for c in t.unicodeScalars {
                switch c {
                case "~": s += "~0"
                case "/": s += "~1"
                default: s.unicodeScalars.append(c)
                }
            }
        }
        return s
    }

    /// The value this pointer names in `document`, or `nil` when there is none (a missing
    /// member, an index out of range or not written as RFC 6901 §4 has it, `-`).
    public func resolve(in document: JSONValue) -> JSONValue? {
        var v = document
        for t in tokens {
            switch v {
            case .object(let o):
                guard let next = o[t] else { return nil }
                v = next
            case .array(let a):
                guard let i = JSONPointer.index(t), i < a.count else { return nil }
                v = a[i]
            default: return nil
            }
        }
        return v
    }

    /// An array index token as RFC 6901 §4 writes it: `0`, or digits without a leading zero;
    /// `nil` for anything else (`-`, `01`, `+1`, ` 1`).
    public static func index(_ token: String) -> Int? {
        let u = Array(token.utf8)
        guard !u.isEmpty, u.count <= 18, u.allSatisfy({ $0 >= 48 && $0 <= 57 }), u.count == 1 || u[0] != 48 else {
            return nil
        }
        return Int(token)
    }
}

/// A JSON Pointer's text that RFC 6901 does not allow.
public struct JSONPointerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text as given.
    public var pointer: String
    /// What is wrong with it.
    public var reason: String

    public var description: String { "\"\(pointer)\" is not a JSON Pointer: \(reason)" }
}

extension JSONPath {
    /// The same place as a JSON Pointer (RFC 6901): `$.modals[2].detents` is `/modals/2/detents`.
    public var pointer: JSONPointer { JSONPointer(self) }

    /// Parses a path as ``description`` writes it: `$`, then `.name`, `[index]` or `["name"]`
    /// steps (the bracketed name a JSON string). `nil` for any other text.
    public static func parse(_ text: String) -> JSONPath? {
        let u = Array(text.utf8)
        guard u.first == UInt8(ascii: "$") else { return nil }
        var i = 1
        var components: [Component] = []
        while i < u.count {
            if u[i] == UInt8(ascii: ".") {
                var j = i + 1
                while j < u.count, u[j] != UInt8(ascii: "."), u[j] != UInt8(ascii: "[") { j += 1 }
                guard j > i + 1 else { return nil }
                components.append(.key(String(decoding: u[(i + 1)..<j], as: UTF8.self)))
                i = j
            } else if u[i] == UInt8(ascii: "[") {
                if i + 1 < u.count, u[i + 1] == UInt8(ascii: "\"") {
                    // A JSON string up to its closing quote, then "]".
                    var j = i + 2
                    while j < u.count, u[j] != UInt8(ascii: "\"") { j += u[j] == UInt8(ascii: "\\") ? 2 : 1 }
                    guard j + 1 < u.count, u[j + 1] == UInt8(ascii: "]"),
                        case .string(let k)? = try? JSONParser.parse(Array(u[(i + 1)...j]))
                    else { return nil }
                    components.append(.key(k))
                    i = j + 2
                } else {
                    var j = i + 1
                    while j < u.count, u[j] != UInt8(ascii: "]") { j += 1 }
                    guard j < u.count, let n = Int(String(decoding: u[(i + 1)..<j], as: UTF8.self)), n >= 0 else {
                        return nil
                    }
                    components.append(.index(n))
                    i = j + 1
                }
            } else {
                return nil
            }
        }
        return JSONPath(components: components)
    }
}
