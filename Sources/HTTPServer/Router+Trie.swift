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
        _ components: ArraySlice<Substring>, _ values: inout [Substring], _ wildcardRest: inout String?
    ) -> TrieNode? {
        guard let first = components.first else {
            if !routes.isEmpty { return self }
            if let wildcard {
                wildcardRest = ""
                return TrieNode(routes: wildcard)
            }
            return nil
        }
        let rest = components.dropFirst()
        // By index: a `for (literal, child) in literals` would copy (retain and release) every
        // child it passes.
        for index in literals.indices where literals[index].0 == first {
            if let found = literals[index].1.find(rest, &values, &wildcardRest) { return found }
        }
        if let parameter {
            values.append(first)
            if let found = parameter.node.find(rest, &values, &wildcardRest) { return found }
            values.removeLast()
        }
        if let wildcard {
            wildcardRest = components.joined(separator: "/")
            return TrieNode(routes: wildcard)
        }
        return nil
    }

    init() {}
    init(routes: [HTTPMethod: Router.Route]) { self.routes = routes }
}
