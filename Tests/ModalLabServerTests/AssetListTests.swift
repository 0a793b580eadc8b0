import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// The assets' list describes each file from its size on disk and its first bytes
/// (``AssetStore/describe(_:size:)``): the same entries as a whole read gives, for pictures and
/// fonts whose headers are past the first bytes read, and for a file far larger than them.
@Suite struct AssetListTests {
    /// A JPEG whose frame header comes after `metadata` bytes of APP1 segments (as a camera's
    /// EXIF and a design tool's XMP put them), past the first bytes read.
    static func jpeg(width: Int, height: Int, metadata: Int) -> [UInt8] {
        var b: [UInt8] = [0xFF, 0xD8]
        var left = metadata
        while left > 0 {
            let n = min(left, 65_000)
            b += [0xFF, 0xE1, UInt8((n + 2) >> 8), UInt8((n + 2) & 0xFF)] + [UInt8](repeating: 0x41, count: n)
            left -= n
        }
        return b + Array(TestImages.jpeg(width: width, height: height).dropFirst(2))
    }

    /// A WOFF2 font `size` bytes long, its header giving that length.
    static func woff2(size: Int) -> [UInt8] {
        var b = Array("wOF2".utf8) + Array("OTTO".utf8) + TestImages.be32(UInt32(size))
        b += [UInt8](repeating: 0, count: size - b.count)
        return b
    }

    @Test func entriesComeFromTheHeadersAndTheSizeOnDisk() throws {
        let dir = try TemporaryDirectory("asset-list")
        defer { dir.remove() }
        let store = AssetStore(root: dir.file("assets"))
        let folder = store.folder("p")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let later = Self.jpeg(width: 1668, height: 2420, metadata: 400 << 10)
        let font = Self.woff2(size: 300 << 10)
        // A PNG with 24 MiB after its header: only its head is needed to describe it.
        let big = TestImages.png(width: 1179, height: 30) + [UInt8](repeating: 0, count: 24 << 20)
        let files: [(String, [UInt8])] = [
            ("a.png", TestImages.png(width: 1179, height: 30)), ("b.jpg", later), ("c.woff2", font),
            ("d.webp", TestImages.webp(width: 40, height: 20)), ("e@3x.png", big),
        ]
        for (name, bytes) in files {
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        let list = store.list("p")
        #expect(list.map(\.name) == files.map(\.0))
        #expect(list.map(\.size) == files.map(\.1.count), "each file's size on disk")
        let whole = files.map { try? AssetInfo.read($0.1).get() }
        #expect(list.map { Optional($0.info) } == whole, "as a read of the whole file describes it")
        #expect(list[1].info == AssetInfo(format: .jpeg, width: 1668, height: 2420), "a frame header past 256 KiB")
        #expect(list[2].info.format == .woff2, "a font whose header gives the whole file's length")
        #expect(list[4].info == AssetInfo(format: .png, width: 1179, height: 30))
        #expect(AssetFindings.pixelWidth(store.path("p", "b.jpg")) == 1668)
        // What is no asset (a folder, bytes of no format) is not listed.
        try FileManager.default.createDirectory(atPath: folder + "/f.png", withIntermediateDirectories: true)
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/g.png"))
        #expect(store.list("p").map(\.name) == files.map(\.0))
    }
}
