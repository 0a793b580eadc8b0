import Testing

@testable import JSON

/// JSON Patch (RFC 6902) and JSON Pointer (RFC 6901): the RFCs' own examples, and the layout
/// taken from a schema's member order.
@Suite struct JSONPatchTests {
    // RFC 6902 appendix A: (document, patch, result or nil for an error).
    @Test(
        arguments: [
            (#"{"foo":"bar"}"#, #"[{"op":"add","path":"/baz","value":"qux"}]"#, #"{"foo":"bar","baz":"qux"}"#),  // A.1
            (
                #"{"foo":["bar","baz"]}"#, #"[{"op":"add","path":"/foo/1","value":"qux"}]"#,
                #"{"foo":["bar","qux","baz"]}"#
            ),  // A.2
            (#"{"baz":"qux","foo":"bar"}"#, #"[{"op":"remove","path":"/baz"}]"#, #"{"foo":"bar"}"#),  // A.3
            (#"{"foo":["bar","qux","baz"]}"#, #"[{"op":"remove","path":"/foo/1"}]"#, #"{"foo":["bar","baz"]}"#),  // A.4
            (
                #"{"baz":"qux","foo":"bar"}"#, #"[{"op":"replace","path":"/baz","value":"boo"}]"#,
                #"{"baz":"boo","foo":"bar"}"#
            ),  // A.5
            (
                #"{"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}}"#,
                #"[{"op":"move","from":"/foo/waldo","path":"/qux/thud"}]"#,
                #"{"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}}"#
            ),  // A.6
            (
                #"{"foo":["all","grass","cows","eat"]}"#, #"[{"op":"move","from":"/foo/1","path":"/foo/3"}]"#,
                #"{"foo":["all","cows","eat","grass"]}"#
            ),  // A.7
            (
                #"{"baz":"qux","foo":["a",2,"c"]}"#,
                #"[{"op":"test","path":"/baz","value":"qux"},{"op":"test","path":"/foo/1","value":2}]"#,
                #"{"baz":"qux","foo":["a",2,"c"]}"#
            ),  // A.8
            (#"{"baz":"qux"}"#, #"[{"op":"test","path":"/baz","value":"bar"}]"#, nil),  // A.9
            (
                #"{"foo":"bar"}"#, #"[{"op":"add","path":"/child","value":{"grandchild":{}}}]"#,
                #"{"foo":"bar","child":{"grandchild":{}}}"#
            ),  // A.10
            (
                #"{"foo":"bar"}"#, #"[{"op":"add","path":"/baz","value":"qux","xyz":123}]"#,
                #"{"foo":"bar","baz":"qux"}"#
            ),  // A.11
            (#"{"foo":"bar"}"#, #"[{"op":"add","path":"/baz/bat","value":"qux"}]"#, nil),  // A.12
            (#"{"/":9,"~1":10}"#, #"[{"op":"test","path":"/~01","value":10}]"#, #"{"/":9,"~1":10}"#),  // A.14
            (#"{"/":9,"~1":10}"#, #"[{"op":"test","path":"/~01","value":"10"}]"#, nil),  // A.15
            (
                #"{"foo":["bar"]}"#, #"[{"op":"add","path":"/foo/-","value":["abc","def"]}]"#,
                #"{"foo":["bar",["abc","def"]]}"#
            ),  // A.16
            (#"{"foo":["bar"]}"#, #"[{"op":"add","path":"/foo/2","value":1}]"#, nil),  // index past the end
            (#"{"foo":["bar"]}"#, #"[{"op":"add","path":"/foo/01","value":1}]"#, nil),  // leading zero
            (#"{"a":{"b":1}}"#, #"[{"op":"move","from":"/a","path":"/a/c"}]"#, nil),  // into itself
            (#"{"a":{"b":1,"c":2}}"#, #"[{"op":"test","path":"/a","value":{"c":2,"b":1}}]"#, #"{"a":{"b":1,"c":2}}"#),  // test ignores order
            (#"{"a":1}"#, #"[{"op":"copy","from":"/a","path":"/b"}]"#, #"{"a":1,"b":1}"#),
            (#"{"a":1}"#, #"[{"op":"replace","path":"/b","value":2}]"#, nil),
            (#"{"a":1}"#, #"[{"op":"remove","path":"/a"},{"op":"remove","path":"/a"}]"#, nil),  // all or nothing
        ] as [(String, String, String?)])
    func rfc6902AppendixA(document: String, patch: String, result: String?) throws {
        let p = try JSONPatch(JSONParser.parse(patch))
        let doc = try JSONParser.parse(document)
        if let result {
            #expect(JSONPatch.equal(try p.apply(to: doc), try JSONParser.parse(result)))
        } else {
            #expect(throws: JSONPatchError.self) { try p.apply(to: doc) }
        }
    }

    @Test func aFailureNamesTheOperation() throws {
        let p = try JSONPatch(
            JSONParser.parse(#"[{"op":"test","path":"/a","value":1},{"op":"remove","path":"/x~1y"}]"#))
        do {
            _ = try p.apply(to: ["a": 1])
            Issue.record("applied")
        } catch {
            #expect(error.index == 1 && error.op == "remove" && error.path == "/x~1y")
        }
        #expect(throws: JSONPatchError.self) { try JSONPatch(JSONParser.parse(#"[{"op":"jump","path":"/a"}]"#)) }
        #expect(throws: JSONPatchError.self) {
            try JSONPatch(JSONParser.parse(#"[{"op":"add","path":"a","value":1}]"#))
        }
    }

    @Test func pointersAndPathsNameTheSamePlace() throws {
        #expect(try JSONPointer("/a~1b/~0c/2").tokens == ["a/b", "~c", "2"])
        #expect(JSONPointer(tokens: ["a/b", "~c"]).description == "/a~1b/~0c")
        #expect(JSONPath.parse("$.modals[2].detents")?.pointer.description == "/modals/2/detents")
        #expect(JSONPath.parse(#"$["a b"][0]"#)?.pointer.description == "/a b/0")
        #expect(JSONPath.parse("$")?.pointer.description == "")
    }

    @Test func theLayoutFollowsTheSchemasOrder() throws {
        let schema = try JSONParser.parse(
            ##"{"properties":{"id":{},"items":{"type":"array","items":{"$ref":"#/$defs/item"}}},"$defs":{"item":{"oneOf":[{"type":"string"},{"properties":{"name":{},"kids":{"items":{"$ref":"#/$defs/item"}}}}]}}}"##
        )
        let layout = JSONSchemaLayout(schema: schema)
        let doc = try JSONParser.parse(#"{"items":[{"kids":[{"kids":[],"name":"c"}],"name":"b"}],"extra":1,"id":"a"}"#)
        #expect(
            String(decoding: layout.bytes(doc), as: UTF8.self)
                == "{\n  \"id\": \"a\",\n  \"items\": [\n    {\n      \"name\": \"b\",\n      \"kids\": [\n        {\n          \"name\": \"c\",\n          \"kids\": []\n        }\n      ]\n    }\n  ],\n  \"extra\": 1\n}\n"
        )
    }
}
