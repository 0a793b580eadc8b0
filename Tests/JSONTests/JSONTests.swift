import Testing

@testable import JSON

@Suite struct JSONParserTests {
    @Test func parsesEveryKindAndKeepsMemberOrder() throws {
        let v = try JSONParser.parse(#"{"b": [1, -2.5e1, true, false, null], "a": "x\u00e9\ud83d\ude00\n"}"#)
        #expect(v.objectValue?.keys == ["b", "a"])
        #expect(v["b"] == [1, -25, true, false, nil])
        #expect(v["a"] == "xé😀\n")
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "expected a member name"),
        ("[1, 2", 1, 6, "expected ',' or ']'"),
        ("{\n  \"a\": 01}", 2, 9, "leading zeros"),
        ("{\"a\":1,\"a\":2}", 1, 8, "duplicate member name"),
        ("\"abc", 1, 1, "unterminated string"),
        ("[1] x", 1, 5, "unexpected text"),
        ("\"\u{01}\"", 1, 2, "control character"),
        ("{\"é\": tru}", 1, 7, "expected 'true'"),
    ])
    func reportsLineAndColumn(text: String, line: Int, column: Int, message: String) {
        #expect {
            _ = try JSONParser.parse(text)
        } throws: { error in
            guard let e = error as? JSONSyntaxError else { return false }
            return e.line == line && e.column == column && e.message.contains(message)
        }
    }

    @Test func rejectsHostileNesting() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }
}

@Suite struct JSONWriterTests {
    @Test func roundTripsAndEscapes() throws {
        let v: JSONValue = ["s": "a\"b\\c\n\u{01}</script>&", "n": 3, "f": 0.5, "e": [], "o": [:]]
        let text = JSONWriter().string(v)
        #expect(text == #"{"s":"a\"b\\c\n\u0001</script>&","n":3,"f":0.5,"e":[],"o":{}}"#)
        #expect(try JSONParser.parse(text) == v)
        let safe = JSONWriter(htmlSafe: true).string(["s": "</script>&\u{2028}é"])
        #expect(safe == #"{"s":"\u003c/script\u003e\u0026\u2028é"}"#)
        #expect(try JSONParser.parse(safe)["s"] == "</script>&\u{2028}é")
    }

    @Test func nonFiniteNumbersBecomeNull() {
        #expect(JSONWriter().string([.number(.nan), .number(.infinity)]) == "[null,null]")
    }
}

@Suite struct JSONReaderTests {
    @Test func namesThePathAndSuggests() throws {
        let doc = try JSONParser.parse(#"{"modals": [{"id": "a", "stlye": "alert"}]}"#)
        let modal = try JSONReader(doc).object().required("modals").array()[0].object()
        _ = try modal.required("id").string()
        _ = modal.optional("style")
        #expect {
            try modal.finish()
        } throws: { error in
            (error as? JSONShapeError)?.description
                == #"$.modals[0].stlye: unknown member "stlye" (did you mean "style"?)"#
        }
    }

    @Test func enumErrorsListCases() throws {
        #expect {
            _ = try JSONReader("pageshet", path: JSONPath.root.appending("style")).oneOf(["pageSheet", "formSheet"])
        } throws: { error in
            (error as? JSONShapeError)?.description
                == #"$.style: expected one of pageSheet, formSheet; found "pageshet" (did you mean "pageSheet"?)"#
        }
    }

    @Test func pathUsesBracketsForOddKeys() {
        #expect(JSONPath.root.appending("a b").appending(2).appending("c").description == #"$["a b"][2].c"#)
    }
}
