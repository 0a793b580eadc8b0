import Foundation
import Platform

/// `modallab [COMMAND] …`: picks the command (`serve` when none is named) and runs it.
///
/// `--version` and `version` print ``ModalLabVersion/description``; `--help`, `-h` and `help`
/// print ``usage``; both exit 0. An unknown command prints the usage to standard error and
/// exits 2, as every usage error does.
public enum MainCommand {
    /// Every command and its options.
    public static let usage = """
        usage: modallab [serve] [--port 8080] [--host 127.0.0.1] [--prototypes DIR|FILE.json] [--data DIR]
                               [--on-popover-conflict refuse|close-first] [--event-loops 2]
                               [--origin https://HOST]... [--dev]
                               [--max-connections-per-address 512] [--max-sessions-per-share 200]
                               [--max-sessions-per-address 200] [--max-streams-per-share 200]
                               [--events-per-share 20] [--events-per-address 40] [--session-timeout 1800]
                               [--session-misses-per-address 120]   (the fair limits: docs/security.md)
                               [--max-asset-bytes 10485760] [--max-prototype-asset-bytes 104857600]
                               [--max-assets-per-prototype 500]   (the assets' limits: docs/api.md)
               modallab lint PATH... [--format text|json] [--device ID]... [--lang en|zh-Hans]
                             [--content-size CATEGORY]
               modallab rules [--format text|json|markdown] [--lang en|zh-Hans]
               modallab logs export [--format ndjson|csv] [--spreadsheet-safe] [--prototype ID] [--session ID] [--type T,…]
                                    [--from T] [--to T] [--data DIR]
               modallab logs summary [--prototype ID] [--session ID] [--share ID] [--device ID] [--orientation O] [--task ID] [--from T] [--to T] [--format text|json|csv] [--data DIR]
               modallab logs results [--prototype ID] [--share ID] [--audience all|owner|link|participant] [--label L] [--device ID] [--appearance light|dark] [--spreadsheet-safe] [--data DIR]
               modallab logs scrub [--data DIR]
               modallab logs columns [--format markdown|duckdb]
               modallab new NAME [--from mail|photos|calendar|safari] [--prototypes DIR]
               modallab --version
        The prototype format is described in docs/format.md, the rules in docs/rules.md.
        """

    /// Runs `modallab` with `arguments` (without the program name); returns the exit status.
    /// `stdout` and `stderr` take one message each (no trailing newline); `serve`, `logs` and
    /// `new` write to the process's own standard output and error.
    public static func run(
        _ arguments: [String], stdout: (String) -> Void, stderr: (String) -> Void
    ) -> Int32 {
        var args = arguments
        if args == ["--help"] || args == ["-h"] || args.first == "help" {
            stdout(usage)
            return 0
        }
        if args == ["--version"] || args.first == "version" {
            stdout(ModalLabVersion.description)
            return 0
        }
        let command = args.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "serve"
        if args.first == command { args.removeFirst() }
        switch command {
        case "serve":
            // Before any thread starts, so every thread inherits the mask and `serve` can sigwait
            // for SIGINT and SIGTERM; the other commands stay interruptible.
            Sys.blockTerminationSignals()
            return ServeCommand.run(args)
        case "lint": return LintCommand.run(args, stdout: stdout, stderr: stderr)
        case "rules": return RulesCommand.run(args, stdout: stdout, stderr: stderr)
        case "logs": return LogsCommand.run(args)
        case "new": return NewCommand.run(args)
        default:
            stderr("modallab: unknown command \(command)\n\(usage)")
            return 2
        }
    }
}
