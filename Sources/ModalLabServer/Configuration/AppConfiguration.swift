import Foundation
import Presentation

/// Everything `modallab serve` is configured with (SPEC §9). A struct passed in, never a global:
/// tests build their own.
public struct AppConfiguration: Sendable {
    /// Address to bind; 127.0.0.1 by default (security by default).
    public var host = "127.0.0.1"
    /// TCP port; 0 picks a free one.
    public var port = 8080
    /// Folder of prototype files (`*.json`); the bundled examples when `nil`.
    public var prototypesDirectory: String?
    /// Folder of the interaction log and the owner token.
    public var dataDirectory = "data"
    /// What a presentation over a popover does (SPEC §5).
    public var popoverConflict: EngineOptions.PopoverConflict = .refuse
    /// Reload templates and prototypes when their files change (`serve --dev`); the server
    /// also watches prototypes without it, so designers see edits at once.
    public var dev = false
    /// The owner token; read from `MODALLAB_OWNER_TOKEN` or the data folder when `nil`.
    public var ownerToken: String?
    /// Where `Templates/` and `Public/` are; found automatically when `nil`.
    public var resourceRoot: String?
    /// Largest request body accepted, in bytes (413 above).
    public var maxBodyBytes = 1 << 20
    /// Event-loop threads for connections (`--event-loops`, 1–64). Two by default: an action
    /// costs about 90 µs of CPU, and on a 2-core machine two loops kept its p99 under 10 ms at
    /// 64 clients where one did not; a server that mostly sends files has a lower tail with one
    /// (BENCHMARKS.md).
    public var eventLoops = 2
    /// Largest prototype accepted by `PUT /api/prototypes/{id}`, in bytes.
    public var maxPrototypeBytes = 8 << 20

    public init() {}
}

/// Finds the folder holding `Templates/` and `Public/`.
public enum ResourceLocator {
    /// `MODALLAB_ROOT`, else the first of the working directory, the executable's folder and
    /// this source file's package that has `Templates/pages`.
    public static func root(explicit: String? = nil) -> String? {
        let fm = FileManager.default
        func ok(_ dir: String) -> Bool { fm.fileExists(atPath: dir + "/Templates/pages") }
        var candidates: [String] = []
        if let explicit { candidates.append(explicit) }
        if let env = ProcessInfo.processInfo.environment["MODALLAB_ROOT"] { candidates.append(env) }
        candidates.append(fm.currentDirectoryPath)
        var exe = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
        for _ in 0..<6 {
            exe.deleteLastPathComponent()
            candidates.append(exe.path)
        }
        var src = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { src.deleteLastPathComponent() }
        candidates.append(src.path)
        return candidates.first(where: ok)
    }
}
