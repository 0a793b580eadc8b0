/// A JSON Patch (RFC 6902): operations applied in order to a document, all or nothing.
///
/// Operations are `add`, `remove`, `replace`, `move`, `copy` and `test`; `path` and `from` are
/// JSON Pointers (RFC 6901, ``JSONPointer``), where `-` as an array's last token means "after
/// the last element" (for `add`, and a `move` or `copy` into an array). `test` compares as
/// RFC 6902 §4.6 has it: numbers by value, objects whatever their members' order.
public struct JSONPatch: Sendable {
    /// One operation, as parsed.
    public struct Operation: Sendable, Equatable {
        public enum Kind: String, Sendable, CaseIterable { case add, remove, replace, move, copy, test }
        public var op: Kind
        public var path: JSONPointer
        /// `from` of `move` and `copy`.
        public var from: JSONPointer?
        /// `value` of `add`, `replace` and `test`.
        public var value: JSONValue?
    }

    /// The operations, in order.
    public var operations: [Operation]

    /// A patch of the given operations.
    public init(operations: [Operation]) { self.operations = operations }

    /// Reads a patch document: an array of operation objects, each with `op` and `path`, `value`
    /// where its op needs one and `from` for `move` and `copy` (RFC 6902 §4). Members other than
    /// these are ignored (§4: "Members that are not explicitly defined for the operation in
    /// question MUST be ignored").
    /// - Throws: ``JSONPatchError`` naming the operation's index and what is missing or wrong.
    public init(_ document: JSONValue) throws(JSONPatchError) {
        guard case .array(let items) = document else {
            throw JSONPatchError(
                index: nil, op: nil, path: nil,
                detail:
                    "a JSON Patch is an array of operations (RFC 6902, section 3); found \(document.kindDescription)")
        }
        var ops: [Operation] = []
        ops.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard case .object(let o) = item else {
                throw JSONPatchError(
                    index: i, op: nil, path: nil,
                    detail: "an operation is an object with \"op\" and \"path\"; found \(item.kindDescription)")
            }
            let opName = o["op"]?.stringValue
            guard let opName, let kind = Operation.Kind(rawValue: opName) else {
                throw JSONPatchError(
                    index: i, op: opName, path: o["path"]?.stringValue,
                    detail: "\"op\" is one of add, remove, replace, move, copy, test"
                        + (o["op"].map { "; found \($0)" } ?? "; it is missing"))
            }
            guard let pathText = o["path"]?.stringValue else {
                throw JSONPatchError(
                    index: i, op: opName, path: nil, detail: "\"path\", a JSON Pointer string, is required")
            }
            let path: JSONPointer
            do { path = try JSONPointer(pathText) } catch {
                throw JSONPatchError(index: i, op: opName, path: pathText, detail: error.description)
            }
            var op = Operation(op: kind, path: path, from: nil, value: nil)
            switch kind {
            case .add, .replace, .test:
                guard let v = o["value"] else {
                    throw JSONPatchError(
                        index: i, op: opName, path: pathText, detail: "\"\(opName)\" needs a \"value\" member")
                }
                op.value = v
            case .move, .copy:
                guard let fromText = o["from"]?.stringValue else {
                    throw JSONPatchError(
                        index: i, op: opName, path: pathText,
                        detail: "\"\(opName)\" needs \"from\", a JSON Pointer string")
                }
                do { op.from = try JSONPointer(fromText) } catch {
                    throw JSONPatchError(index: i, op: opName, path: pathText, detail: error.description)
                }
            case .remove: break
            }
            ops.append(op)
        }
        operations = ops
    }

    /// `document` with every operation applied in order.
    /// - Throws: ``JSONPatchError`` for the first operation that does not apply (a path that
    ///   names nothing, an index out of range, a failed `test`, a move into its own child);
    ///   nothing of the patch is applied then.
    public func apply(to document: JSONValue) throws(JSONPatchError) -> JSONValue {
        try apply(to: document, within: nil)
    }

    /// How far a document may grow while a patch applies: a few `copy` operations of the whole
    /// document double it each (fourteen make a 500-byte patch take seconds and hundreds of
    /// megabytes), and copies of a member into itself nest it one level deeper each (thousands
    /// of them overflow the stack of whatever walks the result recursively). With bounds, an
    /// operation that would take the document past either is refused, naming the operation,
    /// before it is carried out.
    public struct Bounds: Sendable, Equatable {
        /// Arrays and objects nested in one another, the document's own value counting 1.
        public var depth: Int
        /// Bytes of the document written as compact JSON (estimated from below: a number
        /// counts 1 byte, a string its UTF-8 bytes and quotes). A document in a longer layout
        /// (indented, say) is at least this long, so a limit on that layout's bytes is a bound
        /// here too.
        public var bytes: Int

        /// Bounds of `depth` levels and `bytes` bytes.
        public init(depth: Int, bytes: Int) {
            self.depth = depth
            self.bytes = bytes
        }
    }

    /// `document` with every operation applied in order, none of them taking it past `bounds`
    /// (no bounds: as ``apply(to:)``).
    /// - Throws: ``JSONPatchError`` for the first operation that does not apply, or would take
    ///   the document past `bounds`; nothing of the patch is applied then.
    public func apply(to document: JSONValue, within bounds: Bounds?) throws(JSONPatchError) -> JSONValue {
        var doc = document
        var size = bounds.map { JSONPatch.compactSize(document, atMost: $0.bytes + 1) } ?? 0
        for (i, op) in operations.enumerated() {
            do throws(Failure) {
                if let bounds { try JSONPatch.check(op, in: doc, size: &size, within: bounds) }
                try JSONPatch.apply(op, to: &doc)
            } catch {
                throw JSONPatchError(
                    index: i, op: op.op.rawValue, path: (error.at ?? op.path).description, detail: error.detail)
            }
        }
        return doc
    }

    /// Refuses `op` if it would take `doc` (estimated at `size` bytes, which it updates) past
    /// `bounds`: what it inserts, at the depth it inserts it, and the bytes it adds or removes.
    static func check(_ op: Operation, in doc: JSONValue, size: inout Int, within bounds: Bounds) throws(Failure) {
        let inserted: JSONValue?
        switch op.op {
        case .add, .replace: inserted = op.value
        case .copy, .move: inserted = op.from.flatMap { $0.resolve(in: doc) }
        case .remove, .test: inserted = nil
        }
        if let inserted {
            let depth = op.path.tokens.count + nesting(inserted)
            if depth > bounds.depth {
                throw Failure(
                    detail:
                        "the result would nest \(depth) levels deep, past the limit of \(bounds.depth) (depth)"
                )
            }
        }
        switch op.op {
        case .add, .copy:
            size += compactSize(inserted!, atMost: bounds.bytes + 1)
        case .replace:
            size += compactSize(op.value!, atMost: bounds.bytes + 1)
            size -= op.path.resolve(in: doc).map { compactSize($0, atMost: .max) } ?? 0
        case .remove:
            size -= op.path.resolve(in: doc).map { compactSize($0, atMost: .max) } ?? 0
        case .move, .test: break
        }
        if size > bounds.bytes {
            throw Failure(
                detail:
                    "the result would be more than \(bounds.bytes) bytes (bytes), however it is written"
            )
        }
    }

    /// How deeply arrays and objects nest in `value`: 0 for a scalar, 1 for an array or object
    /// of scalars. Walks the tree without recursion.
    static func nesting(_ value: JSONValue) -> Int {
        var deepest = 0
        var stack: [(JSONValue, Int)] = [(value, 0)]
        while let (v, level) = stack.popLast() {
            switch v {
            case .array(let a):
                deepest = max(deepest, level + 1)
                for e in a { stack.append((e, level + 1)) }
            case .object(let o):
                deepest = max(deepest, level + 1)
                for (_, e) in o { stack.append((e, level + 1)) }
            default: break
            }
        }
        return deepest
    }

    /// The bytes of `value` written as compact JSON, estimated from below (a number counts 1, a
    /// string its UTF-8 bytes and two quotes, escapes not counted), counting stopping once past
    /// `limit`. Walks the tree without recursion.
    static func compactSize(_ value: JSONValue, atMost limit: Int) -> Int {
        var total = 0
        var stack: [JSONValue] = [value]
        while let v = stack.popLast(), total <= limit {
            switch v {
            case .string(let s): total += s.utf8.count + 2
            case .array(let a):
                total += 2 + max(0, a.count - 1)
                stack.append(contentsOf: a)
            case .object(let o):
                total += 2 + max(0, o.count - 1)
                for (k, e) in o {
                    total += k.utf8.count + 3
                    stack.append(e)
                }
            case .bool(let b): total += b ? 4 : 5
            case .null: total += 4
            default: total += 1
            }
        }
        return total
    }

    /// Why an operation failed, and at which pointer when it is `from`'s.
    struct Failure: Error {
        var detail: String
        var at: JSONPointer? = nil
    }

    static func apply(_ op: Operation, to doc: inout JSONValue) throws(Failure) {
        switch op.op {
        case .add:
            try add(op.value!, at: op.path, in: &doc)
        case .remove:
            _ = try remove(op.path, from: &doc)
        case .replace:
            guard op.path.resolve(in: doc) != nil else {
                throw Failure(detail: "nothing is at \"\(op.path)\" to replace")
            }
            if op.path.tokens.isEmpty {
                doc = op.value!
            } else {
                try update(&doc, op.path.tokens[...]) { parent, last throws(Failure) in
                    switch parent {
                    case .object(var o):
                        parent = .null
                        o[last] = op.value!
                        parent = .object(o)
                    case .array(var a):
                        let i = JSONPointer.index(last)!
                        parent = .null
                        a[i] = op.value!
                        parent = .array(a)
                    default: break
                    }
                }
            }
        case .move:
            let from = op.from!
            if from == op.path { return }
            guard from.resolve(in: doc) != nil else {
                throw Failure(detail: "nothing is at \"\(from)\" to move", at: from)
            }
            if from.isPrefix(of: op.path) {
                throw Failure(
                    detail:
                        "\"\(from)\" can't move into itself (RFC 6902, section 4.4: \"from\" must not be a prefix of \"path\")"
                )
            }
            let value = try remove(from, from: &doc)
            try add(value, at: op.path, in: &doc)
        case .copy:
            let from = op.from!
            guard let value = from.resolve(in: doc) else {
                throw Failure(detail: "nothing is at \"\(from)\" to copy", at: from)
            }
            try add(value, at: op.path, in: &doc)
        case .test:
            guard let found = op.path.resolve(in: doc) else {
                throw Failure(detail: "test failed: nothing is at \"\(op.path)\"")
            }
            guard JSONPatch.equal(found, op.value!) else {
                throw Failure(
                    detail: "test failed: \"\(op.path)\" is \(abbreviated(found)), not \(abbreviated(op.value!))")
            }
        }
    }

    /// RFC 6902 §4.1: the target's parent must exist; in an array the last token is an index up
    /// to the count, or `-` for the end; in an object the member is set (replaced if present).
    static func add(_ value: JSONValue, at path: JSONPointer, in doc: inout JSONValue) throws(Failure) {
        guard !path.tokens.isEmpty else {
            doc = value
            return
        }
        try update(&doc, path.tokens[...]) { parent, last throws(Failure) in
            switch parent {
            case .object(var o):
                parent = .null
                o[last] = value
                parent = .object(o)
            case .array(var a):
                let i: Int
                if last == "-" {
                    i = a.count
                } else if let n = JSONPointer.index(last), n <= a.count {
                    i = n
                } else {
                    throw Failure(
                        detail: JSONPointer.index(last) == nil
                            ? "\"\(last)\" is no array index (digits, or \"-\" for the end)"
                            : "index \(last) is past the array's end (\(a.count) elements)")
                }
                parent = .null
                a.insert(value, at: i)
                parent = .array(a)
            default:
                throw Failure(detail: "\"\(path.parent!)\" is \(parent.kindDescription), which holds no members")
            }
        }
    }

    /// RFC 6902 §4.2: the target must exist. Returns the value removed.
    static func remove(_ path: JSONPointer, from doc: inout JSONValue) throws(Failure) -> JSONValue {
        guard !path.tokens.isEmpty else { throw Failure(detail: "the whole document can't be removed") }
        guard let old = path.resolve(in: doc) else { throw Failure(detail: "nothing is at \"\(path)\" to remove") }
        try update(&doc, path.tokens[...]) { parent, last throws(Failure) in
            switch parent {
            case .object(var o):
                parent = .null
                o[last] = nil
                parent = .object(o)
            case .array(var a):
                parent = .null
                a.remove(at: JSONPointer.index(last)!)
                parent = .array(a)
            default: break
            }
        }
        return old
    }

    /// Walks to the parent of `tokens`' last and calls `body` with it and the last token,
    /// mutating in place (each level's storage is taken out before it is changed, so a large
    /// document is not copied).
    static func update(
        _ v: inout JSONValue, _ tokens: ArraySlice<String>,
        _ body: (inout JSONValue, String) throws(Failure) -> Void
    ) throws(Failure) {
        if tokens.count == 1 {
            try body(&v, tokens.first!)
            return
        }
        let t = tokens.first!
        switch v {
        case .object(var o):
            guard var child = o[t] else { throw Failure(detail: "no member \"\(t)\" on the way") }
            v = .null
            o[t] = .null
            defer {
                o[t] = child
                v = .object(o)
            }
            try update(&child, tokens.dropFirst(), body)
        case .array(var a):
            guard let i = JSONPointer.index(t), i < a.count else {
                throw Failure(detail: "no element \"\(t)\" on the way (\(a.count) elements)")
            }
            var child = a[i]
            v = .null
            a[i] = .null
            defer {
                a[i] = child
                v = .array(a)
            }
            try update(&child, tokens.dropFirst(), body)
        default:
            throw Failure(detail: "\"\(t)\" is inside \(v.kindDescription), which holds no members")
        }
    }

    /// JSON equality as RFC 6902 §4.6 defines it for `test`: objects equal whatever the order
    /// of their members, arrays element by element, numbers by value.
    public static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            for (k, v) in x {
                guard let w = y[k], equal(v, w) else { return false }
            }
            return true
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        default:
            return a == b
        }
    }

    static func abbreviated(_ v: JSONValue) -> String {
        let s = v.description
        return s.count <= 80 ? s : String(s.prefix(77)) + "…"
    }
}

/// A JSON Patch that can't be read or doesn't apply: which operation (`index`, zero-based, and
/// its `op`), at which JSON Pointer, and why.
public struct JSONPatchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The operation's index in the patch; `nil` when the patch itself is not an array.
    public var index: Int?
    /// The operation's `op` as given.
    public var op: String?
    /// The pointer the failure is at (`path`, or `from` when that names nothing).
    public var path: String?
    /// What went wrong.
    public var detail: String

    public var description: String {
        (index.map { "operation \($0)" } ?? "the patch") + (op.map { " (\($0))" } ?? "")
            + (path.map { " at \"\($0)\"" } ?? "") + ": " + detail
    }
}
