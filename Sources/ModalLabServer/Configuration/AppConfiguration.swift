import Foundation
import Presentation

/// Everything `modallab serve` is configured with. A struct passed in, never a global: tests
/// build their own.
public struct AppConfiguration: Sendable {
    /// Address to bind; 127.0.0.1 by default (security by default).
    public var host = "127.0.0.1"
    /// TCP port; 0 picks a free one.
    public var port = 8080
    /// `--prototypes`: a folder of prototype files (`*.json`), or one `.json` file served alone
    /// (see ``PrototypeSource``); the bundled examples when `nil`.
    public var prototypesDirectory: String?
    /// Folder of the interaction log and the owner token.
    public var dataDirectory = "data"
    /// What a presentation over a popover does (`--on-popover-conflict`).
    public var popoverConflict: EngineOptions.PopoverConflict = .refuse
    /// Reload templates and prototypes when their files change (`serve --dev`); the server
    /// also watches prototypes without it, so designers see edits at once.
    public var dev = false
    /// The owner token; read from `MODALLAB_OWNER_TOKEN` or the data folder when `nil`.
    public var ownerToken: String?
    /// Where `Templates/`, `Public/` and `Schema/` are; found by ``ResourceLocator`` when `nil`.
    public var resourceRoot: String?
    /// The most connections open at once (`ServerConfiguration.maxConnections`): at the cap the
    /// longest idle connection closes for a newcomer, the owner's last (README, “Fair limits”).
    public var maxConnections = 10_000
    /// Largest request body accepted, in bytes (413 above).
    public var maxBodyBytes = 1 << 20
    /// Event-loop threads for connections (`--event-loops`, 1–64). Two by default: an action
    /// costs about 90 µs of CPU, and on a 2-core machine two loops kept its p99 under 10 ms at
    /// 64 clients where one did not; a server that mostly sends files has a lower tail with one
    /// (BENCHMARKS.md).
    public var eventLoops = 2
    /// Largest prototype accepted by `PUT /api/prototypes/{id}`, in bytes.
    public var maxPrototypeBytes = 8 << 20
    /// The largest asset a prototype may have, in bytes (`--max-asset-bytes`; 10 MiB by
    /// default): a larger upload is a `413` refused before its body is read (docs/api.md, "Assets").
    public var maxAssetBytes = AssetStore.standardMaxFileBytes
    /// The most bytes one prototype's assets may take together (`--max-prototype-asset-bytes`;
    /// 100 MiB by default), `413` past it.
    public var maxPrototypeAssetBytes = AssetStore.standardMaxPrototypeBytes
    /// The most assets one prototype may have (`--max-assets-per-prototype`; 500 by default),
    /// `413` past it.
    public var maxAssetsPerPrototype = AssetStore.standardMaxFiles
    /// Origins browsers use to reach the server besides the address it binds
    /// (`serve --origin`, repeatable): `https://modallab.example.org` behind a reverse proxy.
    /// State-changing requests from these pass the origin check; the first names share links.
    public var origins: [String] = []
    /// What one client or share link may use: connections, sessions, log events, and how long
    /// an idle session lasts (``FairLimits``).
    public var limits = FairLimits()
    /// Render pages strictly (``MustacheLibrary/isStrict``): a template that names something
    /// its view model doesn't have answers 500 naming the template, line and name, instead of
    /// leaving a blank. For tests (`TemplateCoverageTests` renders every page and partial so);
    /// off in `serve`.
    public var strictTemplates = false
    /// The time sessions are measured by (task time limits, the idle timeout): the system's
    /// continuous clock; tests set one they move on themselves.
    public var clock = SessionClock.continuous

    public init() {}
}

/// Finds the folder holding `Templates/`, `Public/` and `Schema/` (the resources).
///
/// Looked for, in order: the explicit folder (`serve --root`), `MODALLAB_ROOT`, then beside the
/// executable — its folder and each folder above it, each also with `share/modallab` under it,
/// so an install as `PREFIX/bin/modallab` with `PREFIX/share/modallab/` is found from any working
/// folder, and a build in a checkout (`.build/debug/modallab`) finds the checkout —, then the
/// working folder, then the checkout this file was compiled in. The first that has
/// `Templates/pages` wins.
public enum ResourceLocator {
    /// The resources' folder, or `nil` when none of the candidates has `Templates/pages`.
    public static func root(explicit: String? = nil) -> String? {
        candidates(explicit: explicit).first { FileManager.default.fileExists(atPath: $0 + "/Templates/pages") }
    }

    /// The error for a failed ``root(explicit:)``: what is missing, where it looked, and how to fix it.
    public static func notFoundMessage(explicit: String? = nil) -> String {
        "can't find the resources (Templates/pages, Public, Schema); looked in "
            + candidates(explicit: explicit).joined(separator: ", ")
            + ". Install with Scripts/install (it copies them to PREFIX/share/modallab), run from the repository, or set MODALLAB_ROOT"
    }

    /// Every folder ``root(explicit:)`` tries, in order, without repeats.
    static func candidates(explicit: String?) -> [String] {
        var out: [String] = []
        func add(_ path: String) { if !out.contains(path) { out.append(path) } }
        if let explicit { add(explicit) }
        if let env = ProcessInfo.processInfo.environment["MODALLAB_ROOT"], !env.isEmpty { add(env) }
        if let exe = executableURL() {
            var dir = exe.deletingLastPathComponent()
            for _ in 0..<6 {
                add(dir.path)
                add(dir.appendingPathComponent("share/modallab").path)
                if dir.path == "/" { break }
                dir.deleteLastPathComponent()
            }
        }
        add(FileManager.default.currentDirectoryPath)
        var src = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { src.deleteLastPathComponent() }
        add(src.path)
        return out
    }

    /// The running executable, symbolic links resolved: Foundation's `Bundle.main.executablePath`,
    /// else `CommandLine.arguments[0]` (looked up on `PATH` when it has no slash).
    static func executableURL() -> URL? {
        if let path = Bundle.main.executablePath {
            return URL(fileURLWithPath: path).resolvingSymlinksInPath()
        }
        guard let first = CommandLine.arguments.first, !first.isEmpty else { return nil }
        if first.contains("/") { return URL(fileURLWithPath: first).resolvingSymlinksInPath() }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(first)"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return URL(fileURLWithPath: candidate).resolvingSymlinksInPath()
            }
        }
        return nil
    }
}
