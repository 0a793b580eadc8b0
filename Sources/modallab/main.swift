import Foundation
import ModalLabServer

// modallab: serve, lint, rules, logs, new, --version (see MainCommand). With no command, `serve`.
let status = MainCommand.run(
    Array(CommandLine.arguments.dropFirst()),
    stdout: { print($0) },
    stderr: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
exit(status)
