import Platform

/// A node of the route trie: one path component.
struct TrieNode: Sendable {
    /// The children for literal components, each with the literal's UTF-8 (compared with a
    /// segment's bytes in place).
    var literals: [(literal: [UInt8], node: TrieNode)] = []
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
            let literal = Array(first.utf8)
            if let index = literals.firstIndex(where: { $0.literal == literal }) {
                literals[index].node.insert(route, components: rest)
            } else {
                var node = TrieNode()
                node.insert(route, components: rest)
                literals.append((literal, node))
            }
        }
    }

    /// The routes of the node matching the segments of `path` from `cursor` on (by method),
    /// collecting the `{…}` values in order and, when a `*` takes the rest, the cursor where the
    /// rest starts.
    func find(
        _ path: RoutingPath, from cursor: Int, _ values: inout [Substring], _ rest: inout Int?
    ) -> [HTTPMethod: Router.Route]? {
        guard let (segment, next) = path.segment(at: cursor) else {
            if !routes.isEmpty { return routes }
            if let wildcard {
                rest = cursor
                return wildcard
            }
            return nil
        }
        // By index: a `for (literal, child) in literals` would copy (retain and release) every
        // child it passes.
        for index in literals.indices where path.segment(segment, is: literals[index].literal) {
            if let found = literals[index].node.find(path, from: next, &values, &rest) { return found }
        }
        if let parameter {
            values.append(path.value(segment))
            if let found = parameter.node.find(path, from: next, &values, &rest) { return found }
            values.removeLast()
        }
        if let wildcard {
            rest = cursor
            return wildcard
        }
        return nil
    }

    /// The route for `method` of `routes` (a node's): a scan of its few methods, comparing the
    /// tokens (short strings, compared in place), where the dictionary's lookup hashes the token
    /// first (~300 instructions per request; callgrind).
    static func route(for method: HTTPMethod, in routes: [HTTPMethod: Router.Route]) -> Router.Route? {
        for (candidate, route) in routes where candidate == method { return route }
        return nil
    }
}

/// A request's path as the router walks it (``HTTPRequest/withRoutingPath(_:)``): bytes and
/// the segments in them, each named by a cursor. A plain path (nothing percent-encoded) is its
/// own UTF-8, whose segments are the non-empty runs between slashes, found one at a time (no
/// array) and compared with the trie's literals byte for byte; a cursor is a byte offset. A
/// path with `%XX` is its segments decoded one by one (`%2F` must not split a segment) and
/// laid end to end; a cursor is a segment's index. Walking the path as a `String`, with a
/// slice per segment compared to each literal, cost ~4,300 instructions for
/// `/api/sessions/{sid}/actions` (callgrind).
struct RoutingPath {
    /// The decoded path, whose slices a plain path's `{…}` values are.
    let path: String
    /// A plain path's UTF-8, or the decoded segments one after another.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The decoded segments' bounds in ``bytes``; nil for a plain path.
    let decoded: [Range<Int>]?

    /// The bounds of the first segment at or after `cursor` and the cursor after it; nil when
    /// none is left.
    func segment(at cursor: Int) -> (bounds: Range<Int>, next: Int)? {
        if let decoded { return cursor < decoded.count ? (decoded[cursor], cursor + 1) : nil }
        let slash = UInt8(ascii: "/")
        var start = cursor
        while start < bytes.count && bytes[start] == slash { start += 1 }
        guard start < bytes.count else { return nil }
        var end = start + 1
        while end < bytes.count && bytes[end] != slash { end += 1 }
        return (start..<end, end)
    }

    /// Whether the segment at `bounds` is `literal`, byte for byte.
    func segment(_ bounds: Range<Int>, is literal: [UInt8]) -> Bool {
        guard literal.count == bounds.count else { return false }
        return bounds.isEmpty
            || literal.withUnsafeBytes {
                Sys.bytesEqual(bytes.baseAddress! + bounds.lowerBound, $0.baseAddress!, bounds.count)
            }
    }

    /// The segment at `bounds` as a value: a slice of a plain path (no copy), a decoded segment.
    func value(_ bounds: Range<Int>) -> Substring {
        if decoded != nil { return Substring(string(bounds)) }
        let utf8 = path.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: bounds.lowerBound)
        return path[lower..<utf8.index(lower, offsetBy: bounds.count)]
    }

    /// The segments from `cursor` on, joined with single slashes: `a/b` for `/a//b/`.
    func joined(from cursor: Int) -> String {
        guard let (first, next) = segment(at: cursor) else { return "" }
        if decoded == nil {
            // Usually one segment (`file.css` of `/public/file.css`), or segments one slash
            // apart: then one slice of the path's bytes, with no array of segments.
            var last = first
            var at = next
            var contiguous = true
            while let (bounds, after) = segment(at: at) {
                if bounds.lowerBound != last.upperBound + 1 { contiguous = false }
                last = bounds
                at = after
            }
            if contiguous { return string(first.lowerBound..<last.upperBound) }
        }
        var parts: [String] = []
        var at = cursor
        while let (bounds, after) = segment(at: at) {
            parts.append(string(bounds))
            at = after
        }
        return parts.joined(separator: "/")
    }

    private func string(_ bounds: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[bounds]), as: UTF8.self)
    }
}
