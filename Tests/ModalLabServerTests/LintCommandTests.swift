import Foundation
import Testing

@testable import ModalLabServer

@Suite struct LintCommandTests {
    @Test func scratch() {
        var out: [String] = []
        let status = LintCommand.run(["/tmp/lintcheck"], stdout: { out.append($0) }, stderr: { out.append("ERR " + $0) })
        print(out.joined(separator: "\n"))
        print("status", status)
    }
}
