import Dispatch
import JSON
import Testing

@testable import Prototype

/// `PrototypeLimits`: a document at each limit decodes; one past it is refused before decoding
/// with a `format.limit` error naming the limit, its value and the JSON path of the first value
/// beyond it.
@Suite struct PrototypeLimitsTests {
    let limits = PrototypeLimits.standard

    /// A document: one app screen `home` with `content`, and `extra` top-level members.
    func document(content: [JSONValue] = [], _ extra: [String: JSONValue] = [:]) -> JSONValue {
        var o: JSONObject = [
            "format": "modallab/1", "id": "limits", "start": "home",
            "screens": [["id": "home", "content": .array(content)]],
        ]
        for (k, v) in extra.sorted(by: { $0.key < $1.key }) { o[k] = v }
        return .object(o)
    }

    func button(_ i: Int) -> JSONValue { ["id": .string("b\(i)"), "title": "Open"] }

    /// The `format.limit` issues of `doc`, as "path: message".
    func limitIssues(_ doc: JSONValue) throws -> [String] {
        let r = try Prototype.decode(JSONWriter().bytes(doc))
        return r.issues.filter { $0.code == "format.limit" }.map { "\($0.path): \($0.message)" }
    }

    @Test func theDefaults() {
        #expect(
            limits.all.map { "\($0.name)=\($0.value)" } == [
                "bytes=1048576", "depth=32", "stringLength=10000", "members=256", "screens=1000", "modalScreens=100",
                "modals=1000", "controlsPerScreen=1000", "listItems=1000", "arrayItems=256", "reportedIssues=1000",
            ])
    }

    @Test func bytes() throws {
        let doc = JSONWriter().bytes(document(content: [button(0)]))
        let padded = doc + [UInt8](repeating: 0x20, count: limits.bytes - doc.count)
        #expect(try Prototype.decode(padded).prototype != nil)
        // One byte more: refused unread (it is not even JSON).
        let r = try Prototype.decode(padded + [0x7B])
        #expect(r.prototype == nil)
        #expect(
            r.issues.map(\.description) == [
                "$: error: the document is 1048577 bytes: over the limit bytes = 1048576 [format.limit]"
            ])
    }

    @Test func stringLengthCountsScalarsOfValuesAndNames() throws {
        let atLimit = String(repeating: "é", count: limits.stringLength)  // 20,000 bytes
        #expect(try limitIssues(document(content: [["id": "b", "title": .string(atLimit)]])).isEmpty)
        #expect(
            try limitIssues(document(content: [["id": "b", "title": .string(atLimit + "\u{301}")]]))
                == [
                    "$.screens[0].content[0].title: a string of 10001 Unicode scalars: over the limit stringLength = 10000"
                ])
        let longName = String(repeating: "k", count: limits.stringLength + 1)
        #expect(
            try limitIssues(document(content: [["id": "b", "title": "Go", .init(longName): 1]]))
                == [
                    "$.screens[0].content[0]: a member name of 10001 Unicode scalars: over the limit stringLength = 10000"
                ])
    }

    @Test func depthAndMembers() throws {
        var deep: JSONValue = 1
        for _ in 0..<40 { deep = ["x": deep] }
        let issues = try limitIssues(document(["extra": deep]))
        #expect(issues.count == 1)
        #expect(issues.first?.hasSuffix(": an object nested 33 deep: over the limit depth = 32") == true)
        #expect(issues.first?.hasPrefix("$.extra.x.x.") == true)
        var wide = JSONObject()
        for i in 0...limits.members { wide["k\(i)"] = 1 }
        #expect(
            try limitIssues(document(["lint": ["severity": .object(wide)]])) == [
                "$.lint.severity: an object of 257 members: over the limit members = 256"
            ])
    }

    @Test func screensModalsAndControls() throws {
        func screens(_ n: Int, prefix: String) -> JSONValue {
            .array((0..<n).map { ["id": .string("\(prefix)\($0)")] })
        }
        let sheet: (Int) -> JSONValue = { n in
            ["id": "sheet", "style": "pageSheet", "screens": screens(n, prefix: "m")]
        }
        // 900 app screens (with home) and 100 in a modal: exactly 1,000.
        var o = document().objectValue!
        o["screens"] = .array([["id": "home"]] + (screens(899, prefix: "s").arrayValue ?? []))
        o["modals"] = [sheet(100)]
        #expect(try limitIssues(.object(o)).isEmpty)
        o["modals"] = [sheet(101)]
        #expect(
            try limitIssues(.object(o)) == [
                "$.modals[0].screens[100]: 101 screens in this modal: over the limit modalScreens = 100"
            ])
        // One app screen more: the modal's last screen is the 1,001st.
        o["screens"] = .array([["id": "home"]] + (screens(900, prefix: "s").arrayValue ?? []))
        o["modals"] = [sheet(100)]
        #expect(
            try limitIssues(.object(o)) == [
                "$.modals[0].screens[99]: more than 1000 screens in all: over the limit screens = 1000"
            ])
        o["modals"] = .array((0...limits.modals).map { ["id": .string("m\($0)"), "style": "alert"] })
        #expect(try limitIssues(.object(o)) == ["$.modals[1000]: 1001 modals: over the limit modals = 1000"])

        let full = (0..<limits.controlsPerScreen).map(button)
        #expect(try limitIssues(document(content: full)).isEmpty)
        #expect(
            try limitIssues(document(content: full + [button(-1)])) == [
                "$.screens[0]: a screen of 1001 controls: over the limit controlsPerScreen = 1000",
                "$.screens[0].content[1000]: 1001 controls: over the limit controlsPerScreen = 1000",
            ])
        // Content, toolbar and both bar placements count together.
        let split: JSONValue = [
            "id": "home", "content": .array(Array(full.prefix(998))), "toolbar": [button(2000)],
            "navigationBar": ["leading": [button(2001)], "trailing": [button(2002)]],
        ]
        o = document().objectValue!
        o["screens"] = [split]
        #expect(
            try limitIssues(.object(o)) == [
                "$.screens[0]: a screen of 1001 controls: over the limit controlsPerScreen = 1000"
            ])
    }

    @Test func listRowsAndOtherArrays() throws {
        func list(_ n: Int) -> JSONValue {
            ["type": "list", "id": "l", "items": .array((0..<n).map { ["id": .string("i\($0)"), "title": "Row"] })]
        }
        #expect(try limitIssues(document(content: [list(limits.listItems)])).isEmpty)
        #expect(
            try limitIssues(document(content: [list(limits.listItems + 1)]))
                == ["$.screens[0].content[0].items[1000]: 1001 list rows: over the limit listItems = 1000"])
        func alert(_ n: Int) -> JSONValue {
            [["id": "a", "style": "alert", "title": "Hi?", "actions": .array((0..<n).map { _ in ["title": "OK"] })]]
        }
        #expect(try limitIssues(document(["modals": alert(limits.arrayItems)])).isEmpty)
        #expect(
            try limitIssues(document(["modals": alert(limits.arrayItems + 1)]))
                == ["$.modals[0].actions[256]: 257 items: over the limit arrayItems = 256"])
    }

    @Test func issuesAreCappedAndHintsBounded() throws {
        // 1,500 dangling references: 1,000 listed, the rest counted; did-you-mean only for some.
        let content = (0..<1500).map { i -> JSONValue in
            ["id": .string("b\(i)"), "title": "Go", "action": ["present": .string("sheet\(i)")]]
        }
        var o = document().objectValue!
        o["screens"] = [
            ["id": "home", "content": .array(Array(content.prefix(1000)))],
            ["id": "more", "content": .array(Array(content.suffix(500)))],
        ]
        o["modals"] = .array((0..<1000).map { ["id": .string("sheet-\($0)"), "style": "alert", "title": "Hi?"] })
        let r = try Prototype.decode(JSONWriter().bytes(.object(o)))
        #expect(r.issues.count == limits.reportedIssues + 1)
        #expect(
            r.issues.last?.description
                == "$: error: 500 more format issues, not listed: over the limit reportedIssues = 1000 [format.limit]")
        #expect(r.issues.filter { $0.message.contains("did you mean") }.count == 100)
    }

    /// The documents at the limits (``PrototypeLimits/examples()``) decode without errors (how
    /// fast: `modallab-bench limits`).
    @Test func documentsAtTheLimitsDecode() throws {
        let examples = limits.examples()
        #expect(
            examples.map(\.name) == [
                "bytes", "stringLength", "members", "screens", "modals", "listItems", "arrayItems", "all",
            ])
        for (name, doc) in examples {
            let bytes = JSONWriter().bytes(doc)
            #expect(bytes.count <= limits.bytes, "\(name)")
            let r = try Prototype.decode(bytes)
            #expect(r.prototype != nil, "\(name): \(r.issues.prefix(5))")
            #expect(r.issues.isEmpty, "\(name): \(r.issues.prefix(5))")
        }
        #expect(
            try Prototype.decode(JSONWriter().bytes(examples[0].document)).prototype?.screens[0].content.count ?? 0
                > 200)
    }
}
