import Foundation
import HTTPServer
import TestSupport
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
        let binary = try #require(modallabExecutable(), "build the modallab product first")
        let commands: [([String], String, [String])] = [
            (["serve"], ServeCommand.usage, ["root"]), (["lint"], LintCommand.usage, []),
            (["rules"], RulesCommand.usage, []), (["new", "x"], NewCommand.usage, ["root"]),
            (["logs", "export"], LogsCommand.usage.components(separatedBy: "\n")[0], []),
            (["logs", "summary"], LogsCommand.usage.components(separatedBy: "\n")[1], []),
            (["logs", "results"], LogsCommand.usage.components(separatedBy: "\n")[2], []),
            (["logs", "scrub"], LogsCommand.usage.components(separatedBy: "\n")[3], []),
        ]
        var checked = 0
        for (command, usage, hidden) in commands {
            let documented = usage.matches(of: /\[--([a-z-]+) [^\]-]/).map { String($0.output.1) }
            #expect(!documented.isEmpty, "\(command): no options in \(usage)")
            for option in documented + hidden {
                for tail in [[], ["--help"]] {
                    let args = command + ["--\(option)"] + tail
                    let r = try await runCommand([binary] + args)
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

    /// `modallab serve` on a port another program holds, in an empty folder: it exits 1 saying
    /// so, and leaves the folder empty (no `./data`, no owner token, no log).
    @Test func serveOnABusyPortCreatesNothing() async throws {
        let busy = try ListeningSocket(host: "127.0.0.1", port: 0)
        let folder = try TemporaryDirectory("busy-port")
        defer { folder.remove() }
        let dir = folder.path
        let r = try await Modallab.run(["serve", "--port", "\(busy.port)"], in: dir, timeout: 60)
        #expect(r.status == 1, "\(r.status) \(r.stdout) \(r.stderr)")
        #expect(r.stdout.isEmpty, "no owner URL: \(r.stdout)")
        #expect(r.stderr.contains("cannot bind 127.0.0.1:\(busy.port)"), "\(r.stderr)")
        #expect(r.stderr.contains("another program has that port"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [], "serve left files behind")
        withExtendedLifetime(busy) {}
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
        let missing = NSTemporaryDirectory() + "modallab-no-data-\(UUID().uuidString)"  // never made
        #expect(LogsCommand.run(["export", "--data", missing]) == 2)
        #expect(LogsCommand.run(["summary", "--data", missing]) == 2)
        let folder = try TemporaryDirectory("logs")
        defer { folder.remove() }
        let data = folder.path
        try FileManager.default.createDirectory(atPath: data + "/logs", withIntermediateDirectories: true)
        #expect(LogsCommand.run(["summary", "--data", data]) == 0)
    }

    /// `--spreadsheet-safe` goes with `logs export --format csv` only (2 otherwise).
    @Test func spreadsheetSafeGoesWithTheCSVExport() throws {
        let folder = try TemporaryDirectory("logs")
        defer { folder.remove() }
        let data = folder.path
        try FileManager.default.createDirectory(atPath: data + "/logs", withIntermediateDirectories: true)
        #expect(LogsCommand.run(["export", "--data", data, "--format", "csv", "--spreadsheet-safe"]) == 0)
        #expect(LogsCommand.run(["export", "--data", data, "--spreadsheet-safe"]) == 2)
        #expect(LogsCommand.run(["export", "--data", data, "--format", "csv", "--spreadsheet-safe=1"]) == 2)
        #expect(LogsCommand.run(["summary", "--data", data, "--spreadsheet-safe"]) == 2)
    }

    /// A filter given twice is refused (2), not narrowed to its last value: a researcher with a
    /// link per participant would otherwise get half the study without a word. `--type` may
    /// repeat (the types add up).
    @Test func aRepeatedFilterIsRefused() throws {
        let folder = try TemporaryDirectory("logs")
        defer { folder.remove() }
        let data = folder.path
        try FileManager.default.createDirectory(atPath: data + "/logs", withIntermediateDirectories: true)
        #expect(LogsCommand.run(["summary", "--data", data, "--share", "a", "--share", "b"]) == 2)
        #expect(LogsCommand.run(["export", "--data", data, "--session", "a", "--session", "b"]) == 2)
        #expect(LogsCommand.run(["export", "--data", data, "--type", "tap", "--type", "dismiss"]) == 0)
    }

    /// `logs summary --prototype nope` is not "0 events": a prototype, session, share link or
    /// task the log holds nothing of is a usage error (2) naming the nearest id it holds; an id
    /// it holds passes, through the real command.
    @Test func aFilterNamingWhatTheLogLacksIsAnErrorWithADidYouMean() async throws {
        let s = try TestApp()
        let sid = try await s.session("mail", device: "iphone-16")
        #expect(try await s.act(sid, ["type": "taskStart", "task": "send-draft"]).status == 200)
        let shared = try await s.client.json("POST", "/api/shares", ["prototype": "mail", "role": "view"])
        let token = try #require(shared.json?["url"]?.stringValue?.components(separatedBy: "/s/").last)
        let share = try #require(shared.json?["id"]?.stringValue)
        #expect(try await s.client.request("GET", "/s/\(token)", auth: false).status == 303)
        let dir = s.data

        func logs(_ args: [String]) async throws -> Modallab {
            try await Modallab.run(["logs"] + args + ["--data", dir], in: dir)
        }
        let typo = try await logs(["summary", "--prototype", "mial"])
        #expect(typo.status == 2 && typo.stdout.isEmpty, "\(typo.status) \(typo.stdout)")
        #expect(
            typo.stderr.contains(
                #"--prototype: the log in \#(dir) has no prototype "mial" (did you mean "mail"?); it has "mail""#),
            "\(typo.stderr)")
        let nope = try await logs(["export", "--prototype", "nope", "--format", "csv"])
        #expect(
            nope.status == 2 && nope.stdout.isEmpty && nope.stderr.contains(#"no prototype "nope""#), "\(nope.stderr)")
        let session = try await logs(["export", "--session", String(sid.dropLast()) + "x"])
        #expect(session.status == 2 && session.stderr.contains("(did you mean \"\(sid)\"?)"), "\(session.stderr)")
        let link = try await logs(["summary", "--share", String(share.dropLast()) + "_"])
        #expect(
            link.status == 2 && link.stderr.contains("has no share link") && link.stderr.contains(share),
            "\(link.stderr)")
        let task = try await logs(["summary", "--task", "send-draf"])
        #expect(task.status == 2 && task.stderr.contains(#"(did you mean "send-draft"?)"#), "\(task.stderr)")

        let known = try await logs([
            "summary", "--prototype", "mail", "--session", sid, "--task", "send-draft", "--format", "json",
        ])
        // The owner's session passes; a study view leaves it out by default, and says so.
        #expect(
            known.status == 0
                && known.stderr.hasPrefix("modallab logs: note: no session of a participant link matches"),
            "\(known.stderr)")
        #expect(try await logs(["summary", "--share", share]).status == 0)
        #expect(try await logs(["export", "--prototype", "mail", "--session", sid]).status == 0)
    }

    /// `logs summary` and `logs results` count a study's participants by default: on a log of
    /// the designer's own plays alone they say so on standard error, with the option that counts
    /// them, instead of printing an empty study without a word; asked for an audience, they don't.
    @Test func aStudyViewOfOnlyTheOwnersPlaysSaysWhatItLeftOut() async throws {
        let s = try TestApp()
        let sid = try await s.session("mail", device: "iphone-16")
        #expect(try await s.act(sid, ["type": "tap", "target": "compose"]).status == 200)
        let dir = s.data
        func logs(_ args: [String]) async throws -> Modallab {
            try await Modallab.run(["logs"] + args + ["--data", dir], in: dir)
        }
        for command in ["summary", "results"] {
            let quiet = try await logs([command])
            #expect(quiet.status == 0, "\(command): \(quiet.stderr)")
            #expect(
                quiet.stderr.contains("no session of a participant link matches; 1 session(s) of the owner")
                    && quiet.stderr.contains("--audience all, --audience owner counts them")
                    && !quiet.stderr.contains("--audience link"), "\(command): \(quiet.stderr)")
            let all = try await logs([command, "--audience", "all"])
            #expect(all.status == 0 && all.stderr.isEmpty, "\(command): \(all.stderr)")
            let participants = try await logs([command, "--audience", "participant"])
            #expect(participants.status == 0 && participants.stderr.isEmpty, "\(command): \(participants.stderr)")
        }
        let counted = try await logs(["summary", "--audience", "all"])
        #expect(counted.stdout.contains("1 session"), "\(counted.stdout)")
    }

    /// `modallab --help` names every option of `serve`, `lint`, `rules`, `logs` and `new` that
    /// their own usage names (it left out `--spreadsheet-safe`, and serve's fair limits, among them
    /// `--session-misses-per-address`).
    @Test func theMainUsageNamesEveryCommandsOptions() throws {
        let option = try Regex(#"--[a-z][a-z-]*"#)
        for usage in [ServeCommand.usage, LintCommand.usage, RulesCommand.usage, LogsCommand.usage, NewCommand.usage] {
            for match in usage.matches(of: option) {
                #expect(
                    MainCommand.usage.contains(String(usage[match.range])),
                    "modallab --help lacks \(usage[match.range])")
            }
        }
    }
}

/// The built `modallab` binary run as a person runs it: in a folder of the test's choosing,
/// with its standard output and error apart, awaited without holding a thread of the
/// cooperative pool (``runCommand(_:environment:directory:timeout:)``).
struct Modallab {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Runs `modallab arguments…` in `directory` to its end (terminated past `timeout` seconds).
    static func run(_ arguments: [String], in directory: String, timeout: Double = 120) async throws -> Modallab {
        let binary = try #require(modallabExecutable(), "build the modallab product first")
        var env = ProcessInfo.processInfo.environment
        env["MODALLAB_OWNER_TOKEN"] = nil
        env["MODALLAB_ROOT"] = repositoryRoot
        let r = try await runCommand([binary] + arguments, environment: env, directory: directory, timeout: timeout)
        return Modallab(status: r.status, stdout: r.stdout, stderr: r.stderr)
    }
}
