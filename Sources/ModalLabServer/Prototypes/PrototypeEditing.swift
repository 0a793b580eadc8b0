import Dispatch
import Foundation
import HTTPServer
import JSON
import Presentation
import Prototype

/// What editing prototypes over the API needs beside the library: the stable layout files are
/// written in (from `Schema/prototype.schema.json`), and one serial queue on which a
/// prototype's writes (`PATCH` with `If-Match`, `PUT`) run one at a time, so that a conditional
/// write checks the file and writes it as one step: of two patches made against one version,
/// exactly one applies.
struct PrototypeEditing: Sendable {
    /// The layout from the schema's member order; `nil` when the schema file can't be read, in
    /// which case documents keep their members' order.
    let layout: JSONSchemaLayout?
    /// Where writes run, one after another, off the HTTP event loops and Swift's cooperative
    /// pool (a write lints the document, which takes time proportional to its size).
    private let writes = DispatchQueue(label: "modallab.prototype-writes", qos: .utility)

    /// The layout of `schemaFile` (`<resources>/Schema/prototype.schema.json`).
    init(schemaFile: String) {
        if let data = FileManager.default.contents(atPath: schemaFile),
            let schema = try? JSONParser.parse([UInt8](data))
        {
            layout = JSONSchemaLayout(schema: schema)
        } else {
            layout = nil
        }
    }

    /// Runs `work` on the write queue, after the writes queued before it; nothing waits on a
    /// lock meanwhile (the caller is suspended, no thread is held).
    func serially<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { k in
            writes.async { k.resume(with: Result { try work() }) }
        }
    }

    /// A new blank prototype: the smallest valid `modallab/1` document, one screen (`home`,
    /// titled with the prototype's name) to start from. `POST /api/prototypes` without `from`
    /// makes it.
    static func blank(id: String, name: String) -> JSONValue {
        [
            "format": .string(Prototype.formatName), "id": .string(id), "name": .string(name), "start": "home",
            "screens": [["id": "home", "title": .string(name), "content": []]],
        ]
    }

    /// `document` as a prototype file's bytes: two-space indent, members in the schema's order,
    /// a final newline.
    func bytes(_ document: JSONValue) -> [UInt8] {
        if let layout { return layout.bytes(document) }
        var out = JSONWriter(pretty: true).bytes(document)
        out.append(0x0A)
        return out
    }

    /// `document` in the stable layout, as a value and as a file's bytes (``bytes(_:)``), ordered
    /// once for both.
    func laidOut(_ document: JSONValue) -> (document: JSONValue, bytes: [UInt8]) {
        let ordered = layout?.ordered(document) ?? document
        var out = JSONWriter(pretty: true).bytes(ordered)
        out.append(0x0A)
        return (ordered, out)
    }

    /// The documents the API wrote last, parsed (``ParsedDocuments``).
    let parsed = ParsedDocuments()

    /// The entity tag of a file's bytes: their version hash (``Prototype/versionHash(_:)``),
    /// quoted; a strong validator (RFC 9110, section 8.8.3): other bytes, another tag.
    static func entityTag(_ bytes: [UInt8]) -> String { "\"" + Prototype.versionHash(bytes) + "\"" }
}

/// The document of each prototype as the API last wrote it, parsed, under its entity tag: the
/// next PATCH against that version starts from it instead of parsing the file again (a
/// 1,000-modal file's parse is a tenth of a PATCH). A file changed by other means has another
/// tag, and is parsed. At most ``limit`` prototypes are kept, the ones written last.
final class ParsedDocuments: @unchecked Sendable {
    /// Most prototypes kept.
    static let limit = 8
    private let lock = NSLock()
    private var kept: [(id: String, tag: String, document: JSONValue)] = []

    /// The document of prototype `id` whose bytes have entity tag `tag`, if kept.
    func document(_ id: String, tag: String) -> JSONValue? {
        lock.withLock { kept.first { $0.id == id && $0.tag == tag }?.document }
    }

    /// Keeps `document` as prototype `id`'s, whose bytes have entity tag `tag`.
    func keep(_ id: String, tag: String, document: JSONValue) {
        lock.withLock {
            kept.removeAll { $0.id == id }
            kept.append((id, tag, document))
            if kept.count > Self.limit { kept.removeFirst(kept.count - Self.limit) }
        }
    }
}

extension Diagnostic {
    /// The diagnostic as the prototype API answers it: ``json(file:)`` with `pointer`, the same
    /// place as `path` as a JSON Pointer (RFC 6901), so a page can find the node without
    /// converting.
    func editorJSON() -> JSONValue {
        guard case .object(var o) = json() else { return json() }
        if let path, let parsed = JSONPath.parse(path) {
            var out = JSONObject()
            for (k, v) in o {
                out[k] = v
                if k == "path" { out["pointer"] = .string(parsed.pointer.description) }
            }
            o = out
        }
        return .object(o)
    }
}
