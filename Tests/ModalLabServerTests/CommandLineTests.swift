import Foundation
import Testing

@testable import ModalLabServer

/// Argument checks of `modallab serve` and `modallab logs` that return before any work starts.
@Suite struct CommandLineTests {
    @Test func serveRefusesSignedAndOutOfRangeNumbers() {
        #expect(ServeCommand.isDecimal("2"))
        #expect(!ServeCommand.isDecimal("+3"))
        #expect(!ServeCommand.isDecimal("-1"))
        #expect(!ServeCommand.isDecimal(""))
        #expect(ServeCommand.run(["--event-loops", "+3"]) == 2)
        #expect(ServeCommand.run(["--event-loops", "0"]) == 2)
        #expect(ServeCommand.run(["--event-loops", "65"]) == 2)
        #expect(ServeCommand.run(["--port", "+80"]) == 2)
    }

    @Test func logsNeedAnExistingLogFolder() throws {
        let missing = NSTemporaryDirectory() + "modallab-no-data-\(UUID().uuidString)"
        #expect(LogsCommand.run(["export", "--data", missing]) == 2)
        #expect(LogsCommand.run(["summary", "--data", missing]) == 2)
        let data = NSTemporaryDirectory() + "modallab-data-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: data + "/logs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: data) }
        #expect(LogsCommand.run(["summary", "--data", data]) == 0)
    }
}
