import Platform

/// A node of the route trie: one path component.
struct TrieNode: Sendable {
    var literals: [(String, TrieNode)] = []
    /// The child for a `{name}` component (names are bound per route, not here).
    var parameter: Box?
    var wildcard: [HTTPMethod: Router.Route]?
    var routes: [HTTPMethod: Router.Route] = [:]

    /// Indirection so the recursive struct has a finite size.
    final class Box: @unchecked Sendable {
        var node: TrieNode
        init(_ node: TrieNode) { self.node = node }
    }

    mutating func insert(_ route: Router.Route, components: ArraySlice<Substring>) {
        guard let first = components.first else {
            routes[route.method] = route
            return
        }
        let rest = components.dropFirst()
        if first == "*" && rest.isEmpty {
            wildcard = wildcard ?? [:]
            wildcard![route.method] = route
        } else if first.hasPrefix("{") && first.hasSuffix("}") {
            // Copy on write: the trie is shared with in-flight lookups.
            let copy = Box(parameter?.node ?? TrieNode())
            copy.node.insert(route, components: rest)
            parameter = copy
        } else {
            let literal = String(first)
            if let index = literals.firstIndex(where: { $0.0 == literal }) {
                literals[index].1.insert(route, components: rest)
            } else {
                var node = TrieNode()
                node.insert(route, components: rest)
                literals.append((literal, node))
            }
        }
    }

    /// The node matching the path `components` (``HTTPRequest/pathSegments``), collecting `{…}`
    /// values in order and what a `*` matched.
    func find(
        _ components: RoutingPath, _ values: inout [Substring], _ wildcardRest: inout String?
    ) -> TrieNode? {
        guard let (first, rest) = components.split() else {
            if !routes.isEmpty { return self }
            if let wildcard {
                wildcardRest = ""
                return TrieNode(routes: wildcard)
            }
            return nil
        }
        // By index: a `for (literal, child) in literals` would copy (retain and release) every
        // child it passes. Literals are compared with the segment's bytes (``RoutingSegment``).
        for index in literals.indices where first.equals(literals[index].0) {
            if let found = literals[index].1.find(rest, &values, &wildcardRest) { return found }
        }
        if let parameter {
            values.append(first.substring)
            if let found = parameter.node.find(rest, &values, &wildcardRest) { return found }
            values.removeLast()
        }
        if let wildcard {
            wildcardRest = components.joined()
            return TrieNode(routes: wildcard)
        }
        return nil
    }

    /// The route for `method` at this node: a scan of its few methods, comparing the tokens
    /// (short strings, compared in place), where the dictionary's lookup hashes the token first
    /// (~300 instructions per request; callgrind).
    func route(for method: HTTPMethod) -> Router.Route? {
        for (candidate, route) in routes where candidate == method { return route }
        return nil
    }

    init() {}
    init(routes: [HTTPMethod: Router.Route]) { self.routes = routes }
}

/// The segments of a request's path that the router has still to match (``HTTPRequest/pathSegments``):
/// the non-empty parts between slashes, in order.
enum RoutingPath {
    /// The rest of a path in which nothing is percent-encoded, from a UTF-8 offset: its segments
    /// are its own slices, found one at a time by scanning its bytes (no array).
    case plain(String, from: Int)
    /// Segments decoded one by one (the path had `%XX`: `%2F` must not split a segment).
    case decoded(ArraySlice<Substring>)

    /// The UTF-8 offsets of the first non-empty segment of `path` at or after `from`; nil when
    /// none is left.
    private static func segment(of path: String, from: Int) -> Range<Int>? {
        let slash = UInt8(ascii: "/")
        let found = path.utf8.withContiguousStorageIfAvailable { bytes -> Range<Int>? in
            var start = from
            while start < bytes.count && bytes[start] == slash { start += 1 }
            guard start < bytes.count else { return nil }
            var end = start + 1
            while end < bytes.count && bytes[end] != slash { end += 1 }
            return start..<end
        }
        if let found { return found }
        // A bridged string without contiguous UTF-8 (never a path the server parsed).
        var copy = path
        copy.makeContiguousUTF8()
        return segment(of: copy, from: from)
    }

    /// `path`'s bytes `range` (at ASCII slashes or its ends, so at character boundaries) as a slice.
    fileprivate static func slice(_ path: String, _ range: Range<Int>) -> Substring {
        let utf8 = path.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return path[lower..<utf8.index(lower, offsetBy: range.count)]
    }

    /// The segments of `path` from `from`, joined with single slashes (the rare path with empty
    /// segments inside).
    private static func joinedSegments(_ path: String, from: Int) -> String {
        var parts: [Substring] = []
        var rest = RoutingPath.plain(path, from: from)
        while let first = rest.first {
            parts.append(first)
            rest = rest.droppingFirst()
        }
        return parts.joined(separator: "/")
    }

    /// The first segment and the segments after it; nil when none is left.
    func split() -> (first: RoutingSegment, rest: RoutingPath)? {
        switch self {
        case .decoded(let segments):
            guard let first = segments.first else { return nil }
            return (.decoded(first), .decoded(segments.dropFirst()))
        case .plain(let path, let from):
            guard let range = Self.segment(of: path, from: from) else { return nil }
            return (.plain(path, range), .plain(path, from: range.upperBound))
        }
    }

    /// The first segment; nil when none is left.
    var first: Substring? {
        switch self {
        case .decoded(let segments):
            return segments.first
        case .plain(let path, let from):
            return Self.segment(of: path, from: from).map { Self.slice(path, $0) }
        }
    }

    /// The segments after the first (none when none is left).
    func droppingFirst() -> RoutingPath {
        switch self {
        case .decoded(let segments):
            return .decoded(segments.dropFirst())
        case .plain(let path, let from):
            return .plain(path, from: Self.segment(of: path, from: from)?.upperBound ?? path.utf8.count)
        }
    }

    /// The segments joined with single slashes: `a/b` for `/a//b/`.
    func joined() -> String {
        switch self {
        case .decoded(let segments):
            return segments.joined(separator: "/")
        case .plain(let path, let from):
            guard let first = Self.segment(of: path, from: from) else { return "" }
            // Usually one segment (`file.css` of `/public/file.css`), or segments one slash apart:
            // then a slice of the path as it stands, with no array of segments.
            var last = first
            var contiguous = true
            while let next = Self.segment(of: path, from: last.upperBound) {
                if next.lowerBound != last.upperBound + 1 { contiguous = false }
                last = next
            }
            if contiguous { return String(Self.slice(path, first.lowerBound..<last.upperBound)) }
            return Self.joinedSegments(path, from: from)
        }
    }
}

/// One segment of a ``RoutingPath``: a range of a plain path's UTF-8, made a `Substring` only
/// when a `{name}` parameter takes it, or a decoded segment. A slice of a string costs ~150
/// instructions (its indices are found and checked), comparing it with a literal ~100 more;
/// the router compares most segments with literals that do not match (callgrind).
enum RoutingSegment {
    case plain(String, Range<Int>)
    case decoded(Substring)

    /// The segment as a slice of its path (or the decoded segment).
    var substring: Substring {
        switch self {
        case .plain(let path, let range): RoutingPath.slice(path, range)
        case .decoded(let segment): segment
        }
    }

    /// Whether the segment is `literal`, byte for byte.
    func equals(_ literal: String) -> Bool {
        switch self {
        case .decoded(let segment):
            return literal.utf8.count == segment.utf8.count && literal == segment
        case .plain(let path, let range):
            guard literal.utf8.count == range.count else { return false }
            let equal = path.utf8.withContiguousStorageIfAvailable { bytes in
                literal.utf8.withContiguousStorageIfAvailable { other in
                    range.isEmpty
                        || Sys.bytesEqual(bytes.baseAddress! + range.lowerBound, other.baseAddress!, range.count)
                }
            }
            if let found = equal, let equal = found { return equal }
            return literal == substring
        }
    }
}
