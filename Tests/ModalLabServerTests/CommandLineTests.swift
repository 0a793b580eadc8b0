import Foundation
import Testing

@testable import ModalLabServer

/// Argument checks of `modallab serve` and `modallab logs` that return before any work starts.
@Suite struct CommandLineTests {
    /// The error `Arguments` throws for `args` (serve's options and usage).
    func usageError(_ args: [String]) -> String? {
        do {
            _ = try Arguments(
                args, options: ["port", "data", "host"], flags: ["dev", "help"], usage: ServeCommand.usage)
            return nil
        } catch { return error.description }
    }

    @Test func anOptionWithoutItsValueSaysSo() {
        #expect(
            usageError(["--port", "--data", "d"])
                == "--port needs a value (usage: --port 8080); --data is an option, not a value for --port")
        #expect(usageError(["--data", "d", "--port"]) == "--port needs a value (usage: --port 8080)")
        #expect(usageError(["--port="]) == "--port needs a value (usage: --port 8080)")
        #expect(usageError(["--port", "-h"])?.hasPrefix("--port needs a value") == true)
        // A value that looks like an option can still be given with `=`; a lone dash is a value.
        #expect(usageError(["--data=--odd", "--host", "-"]) == nil)
        #expect(usageError(["--dev=yes"]) == "--dev takes no value (found --dev=yes)")
        #expect(usageError(["--prot", "80"]) == #"unknown option --prot (did you mean "--port"?)"#)
    }

    /// Every option that takes a value, of every subcommand (read from the usage texts, plus
    /// the undocumented `--root`), given without it: the last argument, or followed by another
    /// option. Each names the option that lacks its value and exits 2.
    @Test func everyOptionOfEveryCommandNamesItsMissingValue() async throws {
        let binary = try #require(BrowserTests.modallabExecutable(), "build the modallab product first")
        let commands: [([String], String, [String])] = [
            (["serve"], ServeCommand.usage, ["root"]), (["lint"], LintCommand.usage, []),
            (["rules"], RulesCommand.usage, []), (["new", "x"], NewCommand.usage, ["root"]),
            (["logs", "export"], LogsCommand.usage.components(separatedBy: "\n")[0], []),
            (["logs", "summary"], LogsCommand.usage.components(separatedBy: "\n")[1], []),
        ]
        var checked = 0
        for (command, usage, hidden) in commands {
            let documented = usage.matches(of: /\[--([a-z-]+) [^\]-]/).map { String($0.output.1) }
            #expect(!documented.isEmpty, "\(command): no options in \(usage)")
            for option in documented + hidden {
                for tail in [[], ["--help"]] {
                    let args = command + ["--\(option)"] + tail
                    let r = try await BrowserTests.run(binary, args)
                    #expect(r.status == 2, "modallab \(args.joined(separator: " ")) exited \(r.status)")
                    #expect(
                        r.output.contains("--\(option) needs a value"),
                        "modallab \(args.joined(separator: " ")): \(r.output)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 40)
    }

    @Test func serveRefusesSignedAndOutOfRangeNumbers() {
        #expect(ServeCommand.isDecimal("2"))
        #expect(!ServeCommand.isDecimal("+3"))
        #expect(!ServeCommand.isDecimal("-1"))
        #expect(!ServeCommand.isDecimal(""))
        #expect(ServeCommand.run(["--event-loops", "+3"]) == 2)
        #expect(ServeCommand.run(["--event-loops", "0"]) == 2)
        #expect(ServeCommand.run(["--event-loops", "65"]) == 2)
        #expect(ServeCommand.run(["--port", "+80"]) == 2)
        for (option, bad) in [
            ("--max-connections-per-address", "-1"), ("--max-sessions-per-share", "0"),
            ("--max-sessions-per-address", "1.5"), ("--events-per-share", "0"), ("--events-per-address", "-3"),
            ("--events-per-share", "1e3"), ("--session-timeout", "0.5"), ("--session-timeout", "soon"),
        ] {
            #expect(ServeCommand.run([option, bad]) == 2, "\(option) \(bad)")
        }
    }

    /// The fair limits' options set the app's limits.
    @Test func serveReadsTheFairLimits() throws {
        let a = try Arguments(
            [
                "--max-connections-per-address", "0", "--max-sessions-per-share", "7",
                "--max-sessions-per-address", "9", "--max-streams-per-share", "3",
                "--events-per-share", "2.5", "--events-per-address", "100", "--session-timeout", "60",
            ],
            options: Set(
                ServeCommand.countOptions.map(\.name) + ServeCommand.limitOptions.map(\.name)),
            flags: [], usage: ServeCommand.usage)
        var limits = FairLimits()
        #expect(ServeCommand.readLimits(a, into: &limits) == nil)
        var expected = FairLimits()
        expected.connectionsPerAddress = 0
        expected.sessionsPerShare = 7
        expected.sessionsPerAddress = 9
        expected.streamsPerShare = 3
        expected.eventsPerSecondPerShare = 2.5
        expected.eventsPerSecondPerAddress = 100
        expected.sessionIdleTimeout = 60
        #expect(limits == expected)
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

    /// `--spreadsheet-safe` goes with `logs export --format csv` only (2 otherwise).
    @Test func spreadsheetSafeGoesWithTheCSVExport() throws {
        let data = NSTemporaryDirectory() + "modallab-data-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: data + "/logs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: data) }
        #expect(LogsCommand.run(["export", "--data", data, "--format", "csv", "--spreadsheet-safe"]) == 0)
        #expect(LogsCommand.run(["export", "--data", data, "--spreadsheet-safe"]) == 2)
        #expect(LogsCommand.run(["export", "--data", data, "--format", "csv", "--spreadsheet-safe=1"]) == 2)
        #expect(LogsCommand.run(["summary", "--data", data, "--spreadsheet-safe"]) == 2)
    }

    /// A filter given twice is refused (2), not narrowed to its last value: a researcher with a
    /// link per participant would otherwise get half the study without a word. `--type` may
    /// repeat (the types add up).
    @Test func aRepeatedFilterIsRefused() throws {
        let data = NSTemporaryDirectory() + "modallab-data-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: data + "/logs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: data) }
        #expect(LogsCommand.run(["summary", "--data", data, "--share", "a", "--share", "b"]) == 2)
        #expect(LogsCommand.run(["export", "--data", data, "--session", "a", "--session", "b"]) == 2)
        #expect(LogsCommand.run(["export", "--data", data, "--type", "tap", "--type", "dismiss"]) == 0)
        #expect(LogsCommand.run(["summary", "--data", data, "--share", "a"]) == 0)
    }
}
