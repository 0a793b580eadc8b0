import Dispatch
import Foundation
import HTTPServer
import Platform
import Presentation

/// `modallab serve [--port 8080] [--host 127.0.0.1] [--prototypes DIR|FILE.json] [--data DIR]
/// [--on-popover-conflict refuse|close-first] [--event-loops N] [--origin URL]... [--dev]` and
/// the fair limits (``FairLimits``): `--max-connections-per-address N`, `--max-sessions-per-share N`,
/// `--max-sessions-per-address N`, `--max-streams-per-share N`, `--events-per-share R`, `--events-per-address R` (events a
/// second), `--session-timeout SECONDS`, `--session-misses-per-address N` (a minute).
/// `--event-loops` is the number of connection threads, 1–64, default 2; `--prototypes` serves a
/// folder or one file; `--origin`, repeatable, names an origin browsers reach the server at
/// besides its own address (behind a reverse proxy; see docs/security.md).
///
/// The first line on standard output is the owner URL `http://HOST:PORT/?token=…`; everything
/// else goes to standard error. SIGINT and SIGTERM shut down gracefully and exit 0.
public enum ServeCommand {
    public static let usage = """
        usage: modallab serve [--port 8080] [--host 127.0.0.1] [--prototypes DIR|FILE.json] [--data DIR]
                              [--on-popover-conflict refuse|close-first] [--event-loops 2]
                              [--origin https://HOST]... [--dev]
                              [--max-connections-per-address 512] [--max-sessions-per-share 200]
                              [--max-sessions-per-address 200] [--max-streams-per-share 200]
                              [--events-per-share 20] [--events-per-address 40] [--session-timeout 1800]
                              [--session-misses-per-address 120]
                              [--max-asset-bytes 10485760] [--max-prototype-asset-bytes 104857600]
                              [--max-assets-per-prototype 500]
        """

    /// The fair limits' options: name, what it sets, and the least value it takes.
    static var limitOptions: [(name: String, key: WritableKeyPath<FairLimits, Double>, least: Double)] {
        [
            ("events-per-share", \.eventsPerSecondPerShare, 0.001),
            ("events-per-address", \.eventsPerSecondPerAddress, 0.001),
            ("session-timeout", \.sessionIdleTimeout, 1),
        ]
    }
    static var countOptions: [(name: String, key: WritableKeyPath<FairLimits, Int>, least: Int)] {
        [
            ("max-connections-per-address", \.connectionsPerAddress, 0),
            ("max-sessions-per-share", \.sessionsPerShare, 1),
            ("max-sessions-per-address", \.sessionsPerAddress, 1),
            ("max-streams-per-share", \.streamsPerShare, 1),
            ("session-misses-per-address", \.sessionMissesPerAddress, 1),
        ]
    }

    /// The assets' limits (docs/api.md, "Assets"): name, what it sets, and the least value it takes.
    static var assetOptions: [(name: String, key: WritableKeyPath<AppConfiguration, Int>, least: Int)] {
        [
            ("max-asset-bytes", \.maxAssetBytes, 1),
            ("max-prototype-asset-bytes", \.maxPrototypeAssetBytes, 1),
            ("max-assets-per-prototype", \.maxAssetsPerPrototype, 1),
        ]
    }

    /// Reads the assets' limits into `c`; the message for a value that is not a whole number at
    /// least the option's least (at most 2^53, a size JSON keeps exactly), else nil.
    static func readAssetLimits(_ a: Arguments, into c: inout AppConfiguration) -> String? {
        for (name, key, least) in assetOptions {
            guard let v = a.value(name) else { continue }
            guard isDecimal(v), let n = Int(v), n >= least, n <= 1 << 53 else {
                return "--\(name) must be a whole number of at least \(least), not \(v)"
            }
            c[keyPath: key] = n
        }
        return nil
    }

    /// Reads the fair limits' options into `limits`; the message for a value that is not a
    /// number at least the option's least, else nil.
    static func readLimits(_ a: Arguments, into limits: inout FairLimits) -> String? {
        for (name, key, least) in countOptions {
            guard let v = a.value(name) else { continue }
            guard isDecimal(v), let n = Int(v), n >= least else {
                return "--\(name) must be a whole number of at least \(least), not \(v)"
            }
            limits[keyPath: key] = n
        }
        for (name, key, least) in limitOptions {
            guard let v = a.value(name) else { continue }
            guard v.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2E }), let x = Double(v), x >= least,
                x <= 1e9
            else {
                return "--\(name) must be a number of at least \(EventBudget.number(least)), not \(v)"
            }
            limits[keyPath: key] = x
        }
        return nil
    }

    /// Whether `s` is one or more ASCII digits (`Int("+3")` would take a sign).
    static func isDecimal(_ s: String) -> Bool { !s.isEmpty && s.utf8.allSatisfy { (0x30...0x39).contains($0) } }

    /// Runs the server until a signal; returns the exit status.
    public static func run(_ args: [String]) -> Int32 {
        let a: Arguments
        do {
            a = try Arguments(
                args,
                options: Set(
                    [
                        "port", "host", "prototypes", "data", "on-popover-conflict", "root", "event-loops", "origin",
                    ] + countOptions.map(\.name) + limitOptions.map(\.name) + assetOptions.map(\.name)),
                flags: ["dev", "help"], usage: usage)
        } catch {
            FileHandle.standardError.write(Data("modallab serve: \(error)\n\(usage)\n".utf8))
            return 2
        }
        if a.flag("help") {
            print(usage)
            return 0
        }
        var c = AppConfiguration()
        if let p = a.value("port") {
            guard isDecimal(p), let port = Int(p), (0...65535).contains(port) else {
                FileHandle.standardError.write(Data("modallab serve: --port must be 0–65535, not \(p)\n".utf8))
                return 2
            }
            c.port = port
        }
        if let h = a.value("host") { c.host = h }
        if let n = a.value("event-loops") {
            guard isDecimal(n), let loops = Int(n), (1...64).contains(loops) else {
                FileHandle.standardError.write(Data("modallab serve: --event-loops must be 1–64, not \(n)\n".utf8))
                return 2
            }
            c.eventLoops = loops
        }
        if let message = readLimits(a, into: &c.limits) ?? readAssetLimits(a, into: &c) {
            FileHandle.standardError.write(Data("modallab serve: \(message)\n".utf8))
            return 2
        }
        c.origins = a.values("origin")
        c.prototypesDirectory = a.value("prototypes")
        if let d = a.value("data") { c.dataDirectory = d }
        if let r = a.value("root") { c.resourceRoot = r }
        if let m = a.value("on-popover-conflict") {
            guard let mode = EngineOptions.PopoverConflict(rawValue: m) else {
                FileHandle.standardError.write(
                    Data("modallab serve: --on-popover-conflict is refuse or close-first, not \(m)\n".utf8))
                return 2
            }
            c.popoverConflict = mode
        }
        c.dev = a.flag("dev")
        if let path = c.prototypesDirectory {
            do {
                _ = try PrototypeSource.at(path)
            } catch {
                FileHandle.standardError.write(Data("modallab serve: \(error)\n".utf8))
                return 2
            }
        }

        Sys.blockTerminationSignals()
        let app: ModalLabApp
        let port: Int
        do {
            // The port first, held from here on: one in use stops `serve` before the data folder,
            // the owner token or the log are made (and no other program can take it meanwhile).
            let socket = try ListeningSocket(host: c.host, port: c.port)
            app = try ModalLabApp(configuration: c)
            port = try app.start(on: socket)
        } catch {
            var message = "modallab serve: \(error)\n"
            if let e = error as? HTTPServerError, e.code == EADDRINUSE {
                message += "another program has that port; pick another with --port, or --port 0 for any free one\n"
            }
            FileHandle.standardError.write(Data(message.utf8))
            return 1
        }
        // The first stdout line is the owner URL, flushed at once for scripts.
        FileHandle.standardOutput.write(Data((app.ownerURL(port: port) + "\n").utf8))
        var err = ""
        if let warning = OwnerAccess.weakTokenWarning(app.owner.token) { err += "warning: \(warning)\n" }
        for note in app.recoveryNotes { err += note + "\n" }
        let shown = app.library.all
        err += "serving \(shown.count) prototype(s) from \(app.library.locations.joined(separator: ", "))\n"
        if shown.isEmpty, app.library.file == nil {
            err += "  no *.json files there yet: add one (modallab new NAME) or PUT /api/prototypes/{id}\n"
        }
        for p in shown where p.errorCount > 0 {
            let file = ModalLabApp.displayPath(p.file)
            err +=
                "  \(file): \(p.errorCount == 1 ? "an error" : "\(p.errorCount) errors"); run `modallab lint \(file)`\n"
        }
        let data = URL(fileURLWithPath: c.dataDirectory).standardizedFileURL.path
        err += "data in \(data); press Ctrl-C to stop\n"
        FileHandle.standardError.write(Data(err.utf8))

        // SIGINT and SIGTERM were blocked before any thread started (`Sys.blockTerminationSignals`), so
        // none is lost: the main thread waits for one here (nothing else needs it: the server runs
        // on its own event-loop threads), then shuts down gracefully.
        Sys.waitForTerminationSignal()
        FileHandle.standardError.write(Data("stopping: finishing requests and flushing the log…\n".utf8))
        let done = DispatchSemaphore(value: 0)
        app.shutdown(gracePeriod: 5) { done.signal() }
        done.wait()
        FileHandle.standardError.write(Data("stopped\n".utf8))
        return 0
    }
}
