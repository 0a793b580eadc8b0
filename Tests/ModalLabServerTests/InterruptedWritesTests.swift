import Foundation
import HTTPServer
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// The temporary files an interrupted atomic write leaves (`kill -9` during a `PUT` of a
/// prototype, say) are removed when the server starts, and never listed as prototypes.
@Suite struct InterruptedWritesTests {
    /// Files named as Foundation names its atomic writes' temporary files (`.dat.nosync…`), some
    /// holding a whole valid prototype, in the data folder, the prototypes folder and a kept
    /// versions folder: after a start they are gone, the start-up notes name them, the gallery's
    /// list has only the real prototypes, and other files (a prototype, a dot file of someone
    /// else's) are left alone.
    @Test func temporaryFilesOfInterruptedWritesAreRemovedAtStart() async throws {
        let folder = try TemporaryDirectory("tmpfiles")
        defer { folder.remove() }
        let data = folder.path
        let fm = FileManager.default
        for dir in ["prototypes", "versions/mail"] {
            try fm.createDirectory(atPath: data + "/" + dir, withIntermediateDirectories: true)
        }
        let mail = try String(contentsOfFile: repositoryRoot + "/Templates/prototypes/mail.json", encoding: .utf8)
        // A whole prototype under another id, as a PUT that was killed before its rename leaves it.
        let renamed = mail.replacingOccurrences(of: #""id": "mail""#, with: #""id": "half-written""#)
        #expect(renamed != mail)
        let left = [
            "\(data)/.dat.nosync1a2b.Xy9Zq1", "\(data)/prototypes/.dat.nosync77.abcdef",
            "\(data)/prototypes/.dat.nosync77.abcdef.json", "\(data)/versions/mail/.dat.nosyncff.000000",
        ]
        for path in left { try renamed.write(toFile: path, atomically: false, encoding: .utf8) }
        let kept = ["\(data)/prototypes/.editor-backup", "\(data)/prototypes/mine.json"]
        try "{}".write(toFile: kept[0], atomically: false, encoding: .utf8)
        try mail.replacingOccurrences(of: #""id": "mail""#, with: #""id": "mine""#)
            .write(toFile: kept[1], atomically: false, encoding: .utf8)

        let s = try TestApp(data: folder)
        let app = s.app
        for path in left { #expect(!fm.fileExists(atPath: path), "\(path) is still there") }
        for path in kept { #expect(fm.fileExists(atPath: path), "\(path) was removed") }
        for path in left {
            #expect(app.recoveryNotes.contains { $0.contains(path) }, "\(app.recoveryNotes)")
        }
        let ids = try await s.client.request("GET", "/api/prototypes").json?.arrayValue?.compactMap {
            $0["id"]?.stringValue
        }
        #expect(ids?.contains("mine") == true)
        #expect(ids?.contains("half-written") == false)
        #expect(ids?.contains { $0.hasPrefix(".") } == false)
        #expect(app.library.all.allSatisfy { !$0.file.contains(InterruptedWrites.temporaryPrefix) })
    }
}
