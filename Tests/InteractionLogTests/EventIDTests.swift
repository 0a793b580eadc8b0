import Testing

@testable import InteractionLog

@Suite struct EventIDTests {
    @Test func idsAreVersion4UUIDsAndUnique() {
        var gen = EventIDs()
        var seen = Set<String>()
        for _ in 0..<20_000 {
            let id = gen.next()
            let u = Array(id.utf8)
            #expect(u.count == 36)
            #expect(
                u[8] == UInt8(ascii: "-") && u[13] == UInt8(ascii: "-") && u[18] == UInt8(ascii: "-")
                    && u[23] == UInt8(ascii: "-"))
            #expect(u[14] == UInt8(ascii: "4"))
            #expect([UInt8(ascii: "8"), UInt8(ascii: "9"), UInt8(ascii: "a"), UInt8(ascii: "b")].contains(u[19]))
            seen.insert(id)
        }
        #expect(seen.count == 20_000)
    }
}
