import Foundation
import JSON
import TestSupport
import Testing

@testable import Presentation
@testable import Prototype

/// `Schema/prototype.schema.json` against the decoder: the same members for every object kind,
/// unknown members rejected, and every example, corpus prototype and bundled example valid.
@Suite struct SchemaTests {
    static let root = URL(fileURLWithPath: repositoryRoot)

    static let schema: JSONValue = {
        let data = FileManager.default.contents(
            atPath: root.appendingPathComponent("Schema/prototype.schema.json").path)
        return (try? JSONParser.parse([UInt8](data ?? Data()))) ?? .null
    }()

    func def(_ name: String) -> JSONValue { SchemaTests.schema["$defs"]?[name] ?? .null }
    func properties(_ s: JSONValue) -> Set<String> { Set(s["properties"]?.objectValue?.keys ?? []) }

    @Test func isDraft202012() {
        #expect(SchemaTests.schema["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
        #expect(SchemaTests.schema["additionalProperties"] == .bool(false))
    }

    @Test func modalAndControlMembersMatchTheDecoder() {
        #expect(properties(def("modal")) == PrototypeDecoder.allModalMembers)
        #expect(properties(def("control")) == PrototypeDecoder.allControlMembers)
    }

    /// The members did-you-mean offers at each place are the schema's for that object.
    @Test func everyPlaceHasTheSchemasMembers() {
        for place in FormatPlace.allCases {
            let schema: JSONValue
            switch place {
            case .document: schema = SchemaTests.schema
            case .alertTextField: schema = def("alertTextField")
            case .detent, .action:
                // Objects among the alternatives of a oneOf.
                let objects = def(place.rawValue)["oneOf"]?.arrayValue?.filter { $0["properties"] != nil } ?? []
                #expect(objects.count == (place == .detent ? 1 : 2), "\(place)")
                #expect(Set(objects.flatMap { properties($0) }) == place.members, "\(place)")
                continue
            default: schema = def(place.rawValue)
            }
            #expect(properties(schema) == place.members, "\(place)")
        }
    }

    /// Where each object kind sits in a document, and a minimal valid object of it.
    static let kinds: [(name: String, schema: String?, wrap: @Sendable (JSONObject) -> JSONValue)] = {
        @Sendable func doc(_ members: [(String, JSONValue)]) -> JSONValue {
            var o = JSONObject([
                ("format", "modallab/1"), ("id", "p"), ("start", "home"), ("screens", [["id": "home"]]),
            ])
            for (k, v) in members { o[k] = v }
            return .object(o)
        }
        return [
            (
                "document", nil,
                { o in
                    var d = doc([]).objectValue!
                    for (k, v) in o { d[k] = v }
                    return .object(d)
                }
            ),
            ("lint", "lint", { o in doc([("lint", .object(o))]) }),
            (
                "screen", "screen",
                { o in
                    var s = o
                    s["id"] = "home"
                    return doc([("screens", [.object(s)])])
                }
            ),
            (
                "navigationBar", "navigationBar",
                { o in doc([("screens", [["id": "home", "navigationBar": .object(o)]])]) }
            ),
            (
                "control", "control",
                { o in
                    var c = o
                    c["id"] = "c1"
                    if c["title"] == nil { c["title"] = "Open" }
                    return doc([("screens", [["id": "home", "content": [.object(c)]]])])
                }
            ),
            (
                "listItem", "listItem",
                { o in
                    var i = o
                    i["id"] = "i1"
                    i["title"] = "Row"
                    return doc([
                        (
                            "screens",
                            [["id": "home", "content": [["type": "list", "id": "l1", "items": [.object(i)]]]]]
                        )
                    ])
                }
            ),
            (
                "modal", "modal",
                { o in
                    var m = o
                    m["id"] = "m1"
                    if m["style"] == nil { m["style"] = "pageSheet" }
                    return doc([("modals", [.object(m)])])
                }
            ),
            (
                "alertAction", "alertAction",
                { o in
                    var a = o
                    a["title"] = "OK"
                    return doc([
                        ("modals", [["id": "m1", "style": "alert", "title": "Hi there", "actions": [.object(a)]]])
                    ])
                }
            ),
            (
                "alertTextField", "alertTextField",
                { o in
                    doc([("modals", [["id": "m1", "style": "alert", "title": "Hi there", "textFields": [.object(o)]]])])
                }
            ),
            (
                "customActivity", "customActivity",
                { o in
                    var a = o
                    a["id"] = "a1"
                    a["title"] = "Pin"
                    return doc([("modals", [["id": "m1", "style": "activity", "customActivities": [.object(a)]]])])
                }
            ),
            (
                "size", "size",
                { o in
                    var s = o
                    s["width"] = 100
                    s["height"] = 100
                    return doc([("modals", [["id": "m1", "style": "formSheet", "preferredContentSize": .object(s)]])])
                }
            ),
            (
                "menu", "menu",
                { o in
                    var m = o
                    if m["children"] == nil { m["children"] = [["id": "e1", "title": "E"]] }
                    let button: JSONValue = ["type": "button", "id": "b", "title": "B", "contextMenu": .object(m)]
                    return doc([("screens", [["id": "home", "content": [button]]])])
                }
            ),
            (
                "menuElement", "menuElement",
                { o in
                    var e = o
                    e["id"] = "e1"
                    if e["title"] == nil { e["title"] = "E" }
                    let button: JSONValue = [
                        "type": "button", "id": "b", "title": "B", "menu": ["children": [.object(e)]],
                    ]
                    return doc([("screens", [["id": "home", "content": [button]]])])
                }
            ),
        ]
    }()

    /// A value of the right shape for a schema (enough for the decoder to take the member).
    func sample(_ s: JSONValue) -> JSONValue {
        if let r = s["$ref"]?.stringValue { return sample(def(String(r.split(separator: "/").last!))) }
        if let c = s["const"] { return c }
        if let e = s["enum"]?.arrayValue?.first { return e }
        if let o = s["oneOf"]?.arrayValue?.first { return sample(o) }
        let type = s["type"]?.stringValue ?? s["type"]?.arrayValue?.first?.stringValue
        switch type {
        case "boolean": return true
        case "number", "integer": return 10
        case "array": return []
        case "object": return .object(JSONObject())
        default: return s["pattern"] == nil ? "text" : "sample-id"
        }
    }

    func unknownKeys(_ doc: JSONValue) -> [FormatIssue] {
        Prototype.decode(doc).issues.filter { $0.code == "format.unknown-key" }
    }

    @Test func decoderAcceptsExactlyTheSchemaMembersOfEveryKind() {
        let everyName = Set(SchemaTests.kinds.flatMap { k in properties(k.schema.map(def) ?? SchemaTests.schema) })
        for kind in SchemaTests.kinds {
            let schemaKind = kind.schema.map(def) ?? SchemaTests.schema
            let members = properties(schemaKind)
            #expect(!members.isEmpty, "\(kind.name)")
            for name in members {
                var o = JSONObject()
                o[name] = sample(schemaKind["properties"]![name]!)
                let issues = unknownKeys(kind.wrap(o))
                #expect(issues.isEmpty, "\(kind.name).\(name): the decoder rejects a schema member: \(issues)")
            }
            // Names the decoder takes on this kind must be in the schema (probing every schema name).
            for name in everyName.subtracting(members) {
                var o = JSONObject()
                o[name] = "x"
                #expect(
                    !unknownKeys(kind.wrap(o)).isEmpty,
                    "\(kind.name).\(name): the decoder accepts a member the schema lacks")
            }
            var bogus = JSONObject()
            bogus["zzBogus"] = true
            #expect(!unknownKeys(kind.wrap(bogus)).isEmpty, "\(kind.name): unknown member not rejected")
            #expect(schemaKind["additionalProperties"] == .bool(false), "\(kind.name)")
        }
    }

    // MARK: A structural validator for the subset of JSON Schema the file uses.

    func validate(_ v: JSONValue, _ s: JSONValue, _ path: String, _ errors: inout [String]) {
        if let r = s["$ref"]?.stringValue {
            validate(v, def(String(r.split(separator: "/").last!)), path, &errors)
            return
        }
        if let c = s["const"], c != v { errors.append("\(path): expected \(c)") }
        if let e = s["enum"]?.arrayValue, !e.contains(v) { errors.append("\(path): \(v) not in enum") }
        if let options = s["oneOf"]?.arrayValue {
            let passing = options.filter { o in
                var e: [String] = []
                validate(v, o, path, &e)
                return e.isEmpty
            }
            if passing.count != 1 { errors.append("\(path): matches \(passing.count) of oneOf") }
        }
        if let t = s["type"] {
            let types = t.arrayValue?.compactMap(\.stringValue) ?? [t.stringValue ?? ""]
            let ok = types.contains { type in
                switch (type, v) {
                case ("string", .string), ("boolean", .bool), ("number", .number), ("array", .array),
                    ("object", .object):
                    return true
                case ("integer", .number(let n)): return n == n.rounded()
                default: return false
                }
            }
            if !ok { errors.append("\(path): expected \(types)") }
        }
        if case .string(let str) = v, let p = s["pattern"]?.stringValue,
            str.range(of: p, options: .regularExpression) == nil
        {
            errors.append("\(path): \(str) does not match \(p)")
        }
        if case .number(let n) = v {
            if let m = s["minimum"]?.numberValue, n < m { errors.append("\(path): below minimum") }
            if let m = s["exclusiveMinimum"]?.numberValue, n <= m { errors.append("\(path): not above \(m)") }
            if let m = s["exclusiveMaximum"]?.numberValue, n >= m { errors.append("\(path): not below \(m)") }
        }
        if case .array(let items) = v, let item = s["items"] {
            for (i, x) in items.enumerated() { validate(x, item, "\(path)[\(i)]", &errors) }
        }
        if case .object(let o) = v {
            let props = s["properties"]?.objectValue
            for r in s["required"]?.arrayValue ?? [] where o[r.stringValue ?? ""] == nil {
                errors.append("\(path): missing \(r)")
            }
            for (k, x) in o {
                if let ps = props?[k] {
                    validate(x, ps, "\(path).\(k)", &errors)
                } else if let extra = s["additionalProperties"] {
                    if extra == .bool(false) {
                        errors.append("\(path): unknown member \(k)")
                    } else if extra.objectValue != nil {
                        validate(x, extra, "\(path).\(k)", &errors)
                    }
                }
            }
        }
    }

    func errors(_ v: JSONValue) -> [String] {
        var e: [String] = []
        validate(v, SchemaTests.schema, "$", &e)
        return e
    }

    @Test func everyExampleAndCorpusPrototypeValidates() throws {
        for r in RuleCatalogue.all {
            for e in r.documentation.triggering + r.documentation.nonTriggering where e.kind == .prototype {
                let doc = try #require(e.document())
                #expect(errors(doc).isEmpty, "\(r.id): \(errors(doc))")
            }
        }
        for c in LintCorpus.faulty + LintCorpus.clean + LintCorpus.cleanMore {
            let doc = try JSONParser.parse(c.json)
            #expect(errors(doc).isEmpty, "\(c.name): \(errors(doc))")
        }
    }

    @Test func bundledExamplesValidate() throws {
        let dir = SchemaTests.root.appendingPathComponent("Templates/prototypes").path
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir))?.filter { $0.hasSuffix(".json") } ?? []
        for f in files {
            let data = try #require(FileManager.default.contents(atPath: dir + "/" + f))
            let doc = try JSONParser.parse([UInt8](data))
            #expect(errors(doc).isEmpty, "\(f): \(errors(doc))")
        }
    }

    @Test func invalidDocumentsFail() throws {
        let unknown = try JSONParser.parse(
            #"{"format": "modallab/1", "id": "p", "start": "h", "screens": [{"id": "h", "titel": "x"}]}"#)
        #expect(errors(unknown).contains { $0.contains("unknown member titel") })
        let badStyle = try JSONParser.parse(
            #"{"format": "modallab/1", "id": "p", "start": "h", "screens": [], "modals": [{"id": "m", "style": "sheet"}]}"#
        )
        #expect(!errors(badStyle).isEmpty)
    }
}
