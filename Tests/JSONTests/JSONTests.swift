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
        ("{\"a\": 1,}", 1, 8, "a trailing comma before '}'"),
        ("[1,\n 2 , ]", 2, 4, "a trailing comma before ']'"),
        ("{,}", 1, 2, "expected a member name"),
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

    /// A syntax error names where in the document it is: the member or element whose text is
    /// wrong, a repeated member itself, the object whose next name is missing.
    @Test(arguments: [
        (#"{"prototype": "mail", "prototype": "x"}"#, "$.prototype"),
        (#"{"a": {"b": [1, 2, tru]}}"#, "$.a.b[2]"),
        (#"{"a": 1, }"#, "$"),
        (#"{"a": [1, 2, ]}"#, "$.a"),
        // An object's trailing comma inside an array: the object, not the array.
        (#"{"a": [{"b": 1, }]}"#, "$.a[0]"),
        // An array's inside an array: the inner array.
        (#"[[1, ], 2]"#, "$[0]"),
        (#"{"a": {"x": 1, "b\u0022c": nope}}"#, #"$.a["b\"c"]"#),
        (#"[{"k": "v"}, {"k": "{[,"}, {"k": 01}]"#, "$[2].k"),
        (#"{"actions": [{"type": "tap"}, {"type": "tap", "type": "x"}]}"#, "$.actions[1].type"),
        ("[1, 2", "$[1]"),
        ("nope", "$"),
    ])
    func namesThePathOfTheError(text: String, path: String) {
        #expect {
            _ = try JSONParser.parse(text)
        } throws: { error in
            (error as? JSONSyntaxError)?.path.description == path
        }
    }

    @Test func rejectsHostileNesting() throws {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }

        // Well-formed texts: the limit, not the missing closers, must be what rejects them.
        func arrays(_ n: Int) -> String { String(repeating: "[", count: n) + String(repeating: "]", count: n) }
        func objects(_ n: Int) -> String {
            String(repeating: #"{"a":"#, count: n) + "0" + String(repeating: "}", count: n)
        }
        for text in [arrays(257), objects(257)] {
            #expect {
                _ = try JSONParser.parse(text)
            } throws: { error in
                (error as? JSONSyntaxError)?.message == "nesting deeper than 256 levels"
            }
        }
        var array = try JSONParser.parse(arrays(256))
        var levels = 0
        while let items = array.arrayValue {
            levels += 1
            array = items.first ?? .null
        }
        #expect(levels == 256)
        var object = try JSONParser.parse(objects(256))
        levels = 0
        while let inner = object["a"] {
            levels += 1
            object = inner
        }
        #expect(levels == 256 && object == 0)
    }

    @Test func numbersKeepTheirValues() throws {
        // Short integers take a fast path; the others go through Double's own parser.
        let text = "[0, -0, 7, -42, 999999999999999, 1000000000000000, 12345678901234567, 1.5, -2e3, 0.1]"
        let values = try JSONParser.parse(text).arrayValue?.compactMap(\.numberValue) ?? []
        let expected: [Double] = [0, -0.0, 7, -42, 999_999_999_999_999, 1e15, 12_345_678_901_234_568, 1.5, -2000, 0.1]
        #expect(values == expected)
        #expect(values[1].sign == .minus && values[0].sign == .plus)
        #expect(
            JSONWriter().string(try JSONParser.parse(text))
                == "[0,0,7,-42,999999999999999,1000000000000000.0,1.2345678901234568e+16,1.5,-2000,0.1]")
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
        // A surrogate encoded in UTF-8 (CESU-8), an overlong NUL, a scalar above U+10FFFF, a
        // truncated sequence: none is UTF-8 (RFC 3629 §3), with or without an escape before.
        for bad: [UInt8] in [[0xED, 0xA0, 0x80], [0xC0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            for prefix: [UInt8] in [[], Array(#"\n"#.utf8)] {
                #expect {
                    _ = try JSONParser.parse([0x22] + prefix + bad + [0x22])
                } throws: { error in
                    (error as? JSONSyntaxError)?.message == "invalid UTF-8 in a string"
                }
            }
        }
    }

    /// Swift strings can't hold a lone surrogate, but a JSON text can spell one (RFC 8259 §8.2
    /// calls such strings "unpredictable"): the parser refuses them with the position, and
    /// accepts proper pairs, noncharacters and escaped control characters.
    @Test(arguments: [
        (#""\uD800""#, "lone high surrogate"),
        (#""\uDBFFx""#, "lone high surrogate"),
        (#""\uD800\u0041""#, "invalid low surrogate"),
        (#""\uD800\uD800""#, "invalid low surrogate"),
        (#""\uDC00""#, "lone low surrogate"),
        (#""a\uDFFF""#, "lone low surrogate"),
        (#""\uD83D\""#, "lone high surrogate"),
        (#""\uD8""#, "four hex digits"),
        (#""\u12G4""#, "hex digit"),
    ])
    func refusesUnpairedSurrogates(text: String, message: String) {
        #expect {
            _ = try JSONParser.parse(text)
        } throws: { error in
            guard let e = error as? JSONSyntaxError else { return false }
            return e.message.contains(message) && e.line == 1
        }
    }

    @Test func acceptsEveryScalarEscaped() throws {
        #expect(try JSONParser.parse(#""\uDBFF\uDFFF\uD800\uDC00""#) == .string("\u{10FFFF}\u{10000}"))
        let nonCharacters = String(String.UnicodeScalarView([0xFFFF, 0xFFFE, 0xFDD0].compactMap(Unicode.Scalar.init)))
        #expect(try JSONParser.parse(#""\uFFFF\uFFFE\uFDD0""#) == .string(nonCharacters))
        #expect(
            try JSONParser.parse(#""\u0000\u0009\u001B\u007F\u0085\u202E""#)
                == .string("\u{0}\t\u{1B}\u{7F}\u{85}\u{202E}"))
        // Every scalar round-trips through the writer and the parser.
        var all = String.UnicodeScalarView()
        for v in UInt32(0)...0x10FFFF where v % 7 == 0 || v < 0x3000 {
            if let s = Unicode.Scalar(v) { all.append(s) }
        }
        let text = String(all)
        #expect(try JSONParser.parse(JSONWriter().bytes(.string(text))) == .string(text))
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

    @Test func integersAndUnescapedStrings() {
        var out: [UInt8] = []
        for v in [0, 7, -42, Int.max, Int.min] {
            JSONWriter.appendInteger(v, into: &out)
            out.append(0x20)
        }
        #expect(String(decoding: out, as: UTF8.self) == "0 7 -42 9223372036854775807 -9223372036854775808 ")
        #expect(JSONWriter.numberText(-3) == "-3" && JSONWriter.numberText(0.25) == "0.25")
        #expect(JSONWriter.quoted("plain é") == #""plain é""#)
        // 0xE2 starts both "€" and U+2028: only the latter is escaped.
        #expect(JSONWriter(htmlSafe: true).string(["s": "€\u{2029}"]) == #"{"s":"€\u2029"}"#)
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

    /// A reader's path is its parent's and its own step, whatever the depth: members of
    /// elements of members, a reader made with a path, and the errors of each.
    @Test func readersKnowTheirPathAtEveryDepth() throws {
        let doc = try JSONParser.parse(Array(#"{"modals":[{"id":"a"},{"id":"b","actions":[1,"x"]}]}"#.utf8))
        let modals = try JSONReader(doc, path: JSONPath.root.appending("file")).object().required("modals")
        #expect(modals.path.description == "$.file.modals")
        let second = try modals.array()[1]
        #expect(second.path.description == "$.file.modals[1]")
        let actions = try second.object().required("actions").array()
        #expect(actions.map(\.path.description) == ["$.file.modals[1].actions[0]", "$.file.modals[1].actions[1]"])
        #expect(try actions[1].string() == "x")
        #expect {
            _ = try actions[1].int()
        } throws: { error in
            (error as? JSONShapeError)?.path.description == "$.file.modals[1].actions[1]"
        }
        #expect(try second.object().optional("id")?.path.description == "$.file.modals[1].id")
        #expect(try second.object().optional("missing") == nil)
    }

    @Test func pathUsesBracketsForOddKeys() {
        #expect(JSONPath.root.appending("a b").appending(2).appending("c").description == #"$["a b"][2].c"#)
    }
}

/// Where each value of a text is written (`modallab lint`'s lines for findings at JSON paths).
@Suite struct JSONSourceMapTests {
    static let text = """
        {
          "format": "modallab/1",
          "screens": [
            {"id": "home", "title": "Café ☕ \\"quoted\\"", "n": 1},
            {"id": "b"}
          ],
          "odd key": {"a\\u0062": [true, [false]]}
        }
        """

    @Test(arguments: [
        ("$", 1, 1),
        ("$.format", 2, 3),
        ("$.screens", 3, 3),
        ("$.screens[0]", 4, 5),
        ("$.screens[0].id", 4, 6),
        // Columns count scalars: the title's string is 19 of them, quotes and escapes included.
        ("$.screens[0].n", 4, 50),
        ("$.screens[1]", 5, 5),
        ("$.screens[1].id", 5, 6),
        (#"$["odd key"]"#, 7, 3),
        (#"$["odd key"].ab"#, 7, 15),
        (#"$["odd key"].ab[1]"#, 7, 33),
        (#"$["odd key"].ab[1][0]"#, 7, 34),
        // Not in the text: the nearest ancestor that is.
        ("$.screens[1].title", 5, 5),
        ("$.screens[7]", 3, 3),
        ("$.modals[0].style", 1, 1),
    ])
    func positionOfEachValue(path: String, line: Int, column: Int) {
        let map = JSONSourceMap(Array(Self.text.utf8))
        #expect(map.position(of: path) == JSONSourceMap.Position(line: line, column: column), "\(path)")
    }

    /// A byte-order mark is not a column (as a syntax error's columns are counted after it);
    /// nesting past the parser's limit is not mapped, and costs no path per value.
    @Test func aByteOrderMarkAndDeepNesting() {
        let bom = JSONSourceMap([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
        #expect(bom.position(of: "$.a") == JSONSourceMap.Position(line: 1, column: 2))
        let depth = 100_000
        let deep = JSONSourceMap(Array(String(repeating: "[", count: depth).utf8) + [UInt8(ascii: "1")])
        #expect(deep.position(of: "$[0][0]") == JSONSourceMap.Position(line: 1, column: 3))
        let tooDeep = JSONPath(components: Array(repeating: .index(0), count: JSONParser.maxDepth + 5))
        // Not mapped: its nearest ancestor that is.
        #expect(deep.position(of: tooDeep).column <= JSONParser.maxDepth + 1)
    }

    /// A path reads back from what ``JSONPath/description`` writes; other text is no path.
    @Test func pathsParseFromTheirDescription() {
        let paths: [JSONPath] = [
            .root, JSONPath.root.appending("a").appending(0).appending("b c").appending(12),
            JSONPath.root.appending("quote\"[]").appending("x.y"), JSONPath.root.appending(""),
        ]
        for p in paths { #expect(JSONPath.parse(p.description) == p, "\(p)") }
        for bad in ["", "a", "$.", "$[", "$[x]", "$[1", #"$["a"#, "$..a", "$ .a"] {
            #expect(JSONPath.parse(bad) == nil, "\(bad)")
        }
    }
}
