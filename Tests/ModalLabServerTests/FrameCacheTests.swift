import Foundation
import Presentation
import Prototype
import TestSupport
import Testing

@testable import ModalLabServer

/// The device-frame cache: hits skip rendering; its size is bounded by bytes as well as count.
@Suite struct FrameCacheTests {
    func mail() throws -> Prototype {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Templates/prototypes/mail.json"))
        return try #require(Prototype.decode([UInt8](bytes)).prototype)
    }

    @Test func hitsSkipRenderingAndBytesBoundTheCache() throws {
        let p = try mail()
        let engine = PresentationEngine(prototype: p)
        let device = try #require(DeviceCatalogue.device("iphone-16"))
        let portrait = engine.start(environment: Environment(device: device, orientation: .portrait)).0
        let landscape = engine.start(environment: Environment(device: device, orientation: .landscape)).0
        let cache = FrameCache(byteCapacity: 1000)
        var renders = 0
        let big = String(repeating: "x", count: 600)
        _ = cache.quotedHTML(FrameKey(p, portrait)) {
            renders += 1
            return big
        }
        _ = cache.quotedHTML(FrameKey(p, portrait)) {
            renders += 1
            return big
        }
        #expect(renders == 1)
        #expect(cache.count == 1)
        // A second 600-byte frame would pass the 1,000-byte budget: the cache starts over.
        _ = cache.quotedHTML(FrameKey(p, landscape)) {
            renders += 1
            return big
        }
        #expect(renders == 2)
        #expect(cache.count == 1)
        _ = cache.quotedHTML(FrameKey(p, portrait)) {
            renders += 1
            return big
        }
        #expect(renders == 3)
    }
}
