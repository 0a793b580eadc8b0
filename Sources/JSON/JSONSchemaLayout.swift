/// Writes documents in a stable layout taken from a JSON Schema: two-space indent, each
/// object's members in the order of its schema's `properties`, so that a file rewritten after
/// a small change differs from the one before by the lines that changed (it diffs well in git).
///
/// The order is the schema's, read when the layout is made: a member the schema gains is
/// placed where the schema puts it with no change here. Local references (`"$ref":
/// "#/$defs/…"`) are followed; `oneOf`, `anyOf` and `allOf` alternatives add their
/// properties in their order; `items` and `additionalProperties` (a schema) lay out arrays'
/// elements and the values of free-form objects. Members the schema doesn't name keep their
/// order, after those it does.
public final class JSONSchemaLayout: @unchecked Sendable {
    // Immutable once made (a node is filled before `init` returns), so shared across threads.

    /// How the objects at one place in a document are laid out.
    final class Node {
        /// Member name → its place in the schema's order.
        var rank: [String: Int] = [:]
        /// The schema of each named member.
        var members: [String: Node] = [:]
        /// The schema of members not named (`additionalProperties`).
        var additional: Node?
        /// The schema of an array's elements (`items`).
        var items: Node?
    }

    private let root: Node

    /// A layout from `schema`, a JSON Schema document (draft 2020-12 or 07 keywords).
    public init(schema: JSONValue) {
        var memo: [String: Node] = [:]
        root = JSONSchemaLayout.compile(schema, document: schema, memo: &memo, depth: 0)
    }

    /// `value` with every object's members in the schema's order (values otherwise unchanged).
    public func ordered(_ value: JSONValue) -> JSONValue {
        JSONSchemaLayout.order(value, root)
    }

    /// The bytes of `value` in the stable layout: members in the schema's order, two-space
    /// indent, one member or element a line, and a final newline.
    public func bytes(_ value: JSONValue) -> [UInt8] {
        var out = JSONWriter(pretty: true).bytes(ordered(value))
        out.append(0x0A)
        return out
    }

    static func order(_ value: JSONValue, _ node: Node?) -> JSONValue {
        reordered(value, node) ?? value
    }

    /// `value` in the schema's order, or `nil` when it is in that order already. Objects and
    /// arrays whose members are all in place are kept as they are, not rebuilt: a document laid
    /// out before and changed in a few places (a PATCH) is walked, and only the parts that
    /// moved are copied.
    static func reordered(_ value: JSONValue, _ node: Node?) -> JSONValue? {
        // No schema here: nothing at or below this place moves.
        guard let node else { return nil }
        switch value {
        case .object(let o):
            var members = o.members
            var changed = false
            // A stable sort by rank leaves members whose ranks never decrease where they are.
            var last = Int.min
            for m in members {
                let r = node.rank[m.key] ?? Int.max
                if r < last {
                    changed = true
                    break
                }
                last = r
            }
            if changed {
                // A stable sort: the schema's members by rank, the others after, in their order.
                members = members.enumerated().sorted { a, b in
                    let ra = node.rank[a.element.key] ?? Int.max
                    let rb = node.rank[b.element.key] ?? Int.max
                    return ra != rb ? ra < rb : a.offset < b.offset
                }.map(\.element)
            }
            for i in members.indices {
                if let v = reordered(members[i].value, node.members[members[i].key] ?? node.additional) {
                    members[i].value = v
                    changed = true
                }
            }
            return changed ? .object(JSONObject(uniqueMembers: members)) : nil
        case .array(let a):
            guard let items = node.items else { return nil }
            var elements = a
            var changed = false
            for i in elements.indices {
                if let v = reordered(elements[i], items) {
                    elements[i] = v
                    changed = true
                }
            }
            return changed ? .array(elements) : nil
        default:
            return nil
        }
    }

    /// The schemas that apply at one place: the schema itself, what its `$ref` names, and its
    /// `allOf`/`anyOf`/`oneOf` alternatives, depth first, in order.
    static func flatten(_ schema: JSONValue, document: JSONValue, depth: Int, into out: inout [JSONObject]) {
        guard depth < 32, case .object(let o) = schema else { return }
        out.append(o)
        if let ref = o["$ref"]?.stringValue, let target = resolve(ref, in: document) {
            flatten(target, document: document, depth: depth + 1, into: &out)
        }
        for k in ["allOf", "anyOf", "oneOf"] {
            for alt in o[k]?.arrayValue ?? [] { flatten(alt, document: document, depth: depth + 1, into: &out) }
        }
    }

    static func compile(_ schema: JSONValue, document: JSONValue, memo: inout [String: Node], depth: Int) -> Node {
        // A reference (with annotations beside it at most) is compiled once: recursive schemas
        // (a menu's elements hold menu elements) close on themselves.
        let ref = schema["$ref"]?.stringValue
        if let ref, let hit = memo[ref] { return hit }
        let node = Node()
        if let ref { memo[ref] = node }
        guard depth < 64 else { return node }
        var parts: [JSONObject] = []
        flatten(schema, document: document, depth: 0, into: &parts)
        var memberSchemas: [(String, JSONValue)] = []
        var itemSchemas: [JSONValue] = []
        var additionalSchemas: [JSONValue] = []
        for p in parts {
            for (k, v) in p["properties"]?.objectValue ?? JSONObject() where node.rank[k] == nil {
                node.rank[k] = node.rank.count
                memberSchemas.append((k, v))
            }
            if let items = p["items"], items.objectValue != nil { itemSchemas.append(items) }
            if let extra = p["additionalProperties"], extra.objectValue != nil { additionalSchemas.append(extra) }
        }
        for (k, v) in memberSchemas { node.members[k] = compile(v, document: document, memo: &memo, depth: depth + 1) }
        if let s = itemSchemas.first { node.items = compile(s, document: document, memo: &memo, depth: depth + 1) }
        if let s = additionalSchemas.first {
            node.additional = compile(s, document: document, memo: &memo, depth: depth + 1)
        }
        return node
    }

    /// A local reference (`#/$defs/name`, any JSON Pointer after `#`) in `document`.
    static func resolve(_ ref: String, in document: JSONValue) -> JSONValue? {
        guard ref.hasPrefix("#"), let pointer = try? JSONPointer(String(ref.dropFirst())) else { return nil }
        return pointer.resolve(in: document)
    }
}
