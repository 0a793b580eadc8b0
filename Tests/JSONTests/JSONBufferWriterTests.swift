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
