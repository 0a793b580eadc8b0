import Foundation
import ModalLabServer

// modallab: serve, lint, rules, logs, new (SPEC §9). With no command, `serve`.
let usage = """
    usage: modallab [serve] [--port 8080] [--host 127.0.0.1] [--prototypes DIR] [--data DIR]
                           [--on-popover-conflict refuse|close-first] [--event-loops 2] [--dev]
           modallab lint PATH... [--format text|json] [--device ID]... [--lang en|zh-Hans]
           modallab rules [--format text|json|markdown]
           modallab logs export [--format ndjson|csv] [--prototype ID] [--session ID] [--type T,…]
                                [--from T] [--to T] [--data DIR]
           modallab logs summary [--prototype ID] [--format text|json|csv] [--data DIR]
           modallab new NAME [--from mail|photos|calendar|safari] [--prototypes DIR]
    """

var args = Array(CommandLine.arguments.dropFirst())
if args == ["--help"] || args == ["-h"] {
    print(usage)
    exit(0)
}
let command = args.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "serve"
if args.first == command { args.removeFirst() }
// `serve` only, and before any thread starts, so every thread inherits the mask and `serve` can
// sigwait for SIGINT and SIGTERM; the other commands stay interruptible.
if command == "serve" { blockTerminationSignals() }

let status: Int32
switch command {
case "serve": status = ServeCommand.run(args)
case "lint":
    status = LintCommand.run(
        args, stdout: { print($0) }, stderr: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
case "rules":
    status = RulesCommand.run(
        args, stdout: { print($0) }, stderr: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
case "logs": status = LogsCommand.run(args)
case "new": status = NewCommand.run(args)
case "help", "--help", "-h":
    print(usage)
    status = 0
default:
    FileHandle.standardError.write(Data("modallab: unknown command \(command)\n\(usage)\n".utf8))
    status = 2
}
exit(status)
