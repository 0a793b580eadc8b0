/// A JSONPath (RFC 9535) naming one value in a document, such as `$.modals[2].actions`.
///
/// Member names that are not plain identifiers are written in bracket notation
/// (`$["odd key"]`), so every path printed can be pasted into a JSONPath tool.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The steps from the root.
    public private(set) var components: [Component]

    /// The root, `$`.
    public static let root = JSONPath(components: [])

    /// A path of the given steps.
    public init(components: [Component]) { self.components = components }

    /// This path extended by an object member.
    public func appending(_ key: String) -> JSONPath { appending(.key(key)) }

    /// This path extended by an array index (zero-based).
    public func appending(_ index: Int) -> JSONPath { appending(.index(index)) }

    /// This path extended by one step.
    public func appending(_ step: Component) -> JSONPath {
        var p = self
        p.components.append(step)
        return p
    }

    /// The path in RFC 9535 normalized-ish form: `$.a.b[0]`, `$["a b"]`.
    public var description: String {
        var s = "$"
        for c in components {
            switch c {
            case .index(let i): s += "[\(i)]"
            case .key(let k):
                if JSONPath.isIdentifier(k) {
                    s += "." + k
                } else {
                    s += "[" + JSONWriter.quoted(k) + "]"
                }
            }
        }
        return s
    }

    static func isIdentifier(_ k: String) -> Bool {
        guard let first = k.utf8.first, !(first >= 48 && first <= 57) else { return false }
        for b in k.utf8 {
            let ok = (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 95
            if !ok { return false }
        }
        return true
    }
}
