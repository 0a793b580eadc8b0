import Testing

@testable import JSON

/// `JSONBufferWriter` writes `JSONWriter`'s compact bytes whatever its buffer's size: strings
/// with every ASCII byte and others (escaped in the buffer, or by `JSONWriter` when too long for
/// it), numbers whole or not, NaN and the infinities, nested objects and arrays.
@Suite struct JSONBufferWriterTests {
    static let ascii = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)

    static let values: [JSONValue] = [
        .string(ascii), .string(""), .string("café ✓ 🎉 \u{2028} </script>"),
        .string(String(repeating: "\"", count: 300)),
        .string(String(repeating: "é", count: 700)), .null, true, false, 0, -0.0, 7, -12, 0.1, 1e15,
        999_999_999_999_999,
        -2.5e-8, 1e300, .number(.nan), .number(.infinity), .number(-.infinity),
        ["a": 1, "b": [1, "x\n", ["c": .null]], "": "", "d": .object(JSONObject()), "e": []],
        .object(JSONObject([(ascii, .string(ascii)), ("n", 3.5), ("t", true)])),
        [1, 2, "three"],
    ]

    @Test(arguments: [8, 64, 1024])
    func writesWhatJSONWriterWrites(capacity: Int) {
        for value in Self.values {
            var out: [UInt8] = [0x41]
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
                var w = JSONBufferWriter(buffer)
                w.putValue(value, &out)
                w.putByte(0x2C, &out)
                w.flush(&out)
            }
            #expect(out == [0x41] + JSONWriter().bytes(value) + [0x2C], "\(value)")
        }
    }

    /// The word-at-a-time copy finds each byte to escape wherever it falls in a word: after
    /// 0–19 clean bytes, every byte that needs an escape and its neighbours, alone, doubled, or
    /// followed by others further on (as HTML's quotes and line breaks are), and beside
    /// multi-byte UTF-8.
    @Test func escapesWhereverTheyFallInAWord() {
        let special: [String] =
            (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + [
                "\"", "\\", "!", "#", "[", "]", " ", "\u{7F}", "é", "✓", "🎉",
            ]
        var strings: [String] = []
        for prefix in 0..<20 {
            for c in special {
                let head = String(repeating: "x", count: prefix)
                strings.append(head + c)
                strings.append(head + c + c + "tail-of-the-string")
                strings.append(head + c + "abcdefg" + c + "\"\n  data-x=\"1\"" + c)
            }
        }
        // Seeded, so a failure repeats: strings of clean runs and escapes mixed at random.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<500 {
            var s = ""
            for _ in 0..<next(12) {
                s += String(repeating: "a", count: next(17))
                s += special[next(special.count)]
            }
            strings.append(s)
        }
        for string in strings {
            var out: [UInt8] = []
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
                var w = JSONBufferWriter(buffer)
                w.putQuoted(string, &out)
                w.flush(&out)
            }
            #expect(out == JSONWriter().bytes(.string(string)), "\(string.debugDescription)")
        }
    }

    @Test func integersAndRawBytes() {
        var out: [UInt8] = []
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var w = JSONBufferWriter(buffer)
            for v in [0, 1, -1, 10, 99, -100, Int.max, Int.min] {
                w.putInteger(v, &out)
                w.putASCII(",", &out)
            }
            w.putQuoted(nil, &out)
            w.putRaw(count: 30, &out) { p in for i in 0..<30 { p[i] = UInt8(ascii: "z") } }
            w.flush(&out)
        }
        let expected = "0,1,-1,10,99,-100,\(Int.max),\(Int.min),null" + String(repeating: "z", count: 30)
        #expect(String(decoding: out, as: UTF8.self) == expected)
    }
}
