import EventSchema
import Foundation
import HTTPServer
import InteractionLog
import JSON
import Mustache
import Platform
import Presentation
import Prototype
import Sharing

/// The application: prototypes, sessions, the interaction log and the HTTP routes of docs/api.md,
/// wired over the `HTTPServer` module.
///
/// Create it with a configuration, ``start()`` it, and ``shutdown(completion:)`` it; tests make
/// their own with `port = 0` and a temporary data folder.
public final class ModalLabApp: @unchecked Sendable {
    public let configuration: AppConfiguration
    /// Folder holding `Templates/` and `Public/`.
    public let resourceRoot: String
    /// Prototypes shown.
    public let library: PrototypeLibrary
    /// Live viewing sessions, timed by ``AppConfiguration/clock``.
    public let sessions: SessionStore
    /// The durable interaction log.
    public let log: LogStore
    /// Owner token and sessions.
    public let owner: OwnerAccess
    /// The origin check of state-changing requests: trusts the bound address (once known) and
    /// ``AppConfiguration/origins``.
    let origins = CrossOriginProtection()
    /// Share links (docs/security.md, “Share links”).
    public let shares: ShareStore
    /// Comments pinned by reviewers.
    public let comments: CommentStore
    /// Failed share-link attempts per address (429 above the limit).
    let shareFailures = FailureLimiter()
    /// Requests from one client address that named a session they can't have
    /// (``FairLimits/sessionMissesPerAddress`` a minute; the owner not counted).
    let sessionMisses: FailureLimiter
    /// The rebuilds of sessions under way (after a restart), one per session.
    let rebuilds = SessionRebuilds()
    /// The log events share links' viewers may still write (``FairLimits``).
    let eventBudget: EventBudget
    /// One engine per prototype version, shared by its sessions.
    let engines = EngineCache()
    /// Page templates.
    let templates: MustacheLibrary
    /// Counters and latency histograms (`GET /metrics`).
    let metrics = Metrics()
    let router = Router()
    private(set) var server: HTTPServer?
    private let watcher = DispatchQueue(label: "modallab.watch")
    private var watchTimer: DispatchSourceTimer?
    /// Ends sessions idle past ``FairLimits/sessionIdleTimeout``; on `watcher`.
    private var sessionSweep: DispatchSourceTimer?
    let reloads = ReloadBroadcaster()
    let summaries = SummaryCache()
    let frames = FrameCache()
    /// Player pages drawn before, by prototype file, address, language and viewer.
    let playerPages = PageCache()
    /// Every prototype version a session started on, by content hash (replays, restarts).
    let versions: VersionStore
    /// The stable layout prototypes are written in, and the queue their writes take turns on.
    let editing: PrototypeEditing
    /// The versions of each prototype the API wrote (`<data>/history`, the last 100 each).
    let history: PrototypeHistory
    /// The prototypes' assets (`<writable folder>/assets/<id>/`).
    let assets: AssetStore
    /// The task order of participant links' sessions (a prototype's `taskOrder`).
    let taskOrdering = TaskOrdering()
    /// Who follows which session live (`/p/{id}/sessions/{sid}/watch`).
    let watchers = SessionWatchers()
    /// Digests of the addresses participants' sessions start from (the key in the data folder).
    let participantAddresses: ParticipantAddresses
    /// One spelling and one JSON type per `props` key across the log, and a bound on the keys
    /// share links bring, so DuckDB's `read_json_auto` always reads it: the server's keys, then
    /// those the log's client events hold (read on open).
    let propsKeys: PropsKeyTypes
    /// The temporary files of interrupted atomic writes removed at start (``InterruptedWrites``).
    let removedTemporaryFiles: [String]

    /// Loads templates, prototypes, the owner token and the log (recovering a torn tail).
    /// - Throws: when `Templates/` can't be found or compiled, the data folder can't be used, or
    ///   `--prototypes` names neither a folder nor a `.json` file (``PrototypeSourceError``).
    public init(configuration: AppConfiguration) throws {
        self.configuration = configuration
        sessions = SessionStore(clock: configuration.clock)
        eventBudget = EventBudget(configuration.limits)
        sessionMisses = FailureLimiter(limit: configuration.limits.sessionMissesPerAddress, window: 60)
        guard let root = ResourceLocator.root(explicit: configuration.resourceRoot) else {
            throw AppError(ResourceLocator.notFoundMessage(explicit: configuration.resourceRoot))
        }
        resourceRoot = root
        templates = try MustacheLibrary(directory: root + "/Templates/pages", strict: configuration.strictTemplates)
        let data = configuration.dataDirectory
        // Private to its user (drwx------) when made here: the log holds what participants did,
        // and the folder holds the owner token. A folder that exists keeps its permissions.
        try FileManager.default.createDirectory(
            atPath: data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        library = try PrototypeLibrary.served(prototypes: configuration.prototypesDirectory, root: root, data: data)
        owner = try OwnerAccess.load(
            dataDirectory: data, explicit: configuration.ownerToken, port: configuration.port)
        for origin in configuration.origins {
            do { try origins.addTrustedOrigin(origin) } catch {
                throw AppError("--origin \(origin): expected http://host[:port] or https://host[:port], without a path")
            }
        }
        do {
            shares = try ShareStore(file: data + "/shares.json")
        } catch {
            throw AppError("\(error)")
        }
        comments = CommentStore(file: data + "/comments.ndjson")
        versions = VersionStore(directory: data + "/versions")
        participantAddresses = ParticipantAddresses(dataDirectory: data)
        editing = PrototypeEditing(schemaFile: root + "/Schema/prototype.schema.json")
        history = PrototypeHistory(directory: data + "/history")
        assets = AssetStore(
            root: library.writableDirectory + "/assets", maxFileBytes: configuration.maxAssetBytes,
            maxPrototypeBytes: configuration.maxPrototypeAssetBytes, maxFiles: configuration.maxAssetsPerPrototype)
        // The spellings client events already gave their props keys (a server that accepted
        // them before any of today's rules still has them): later events must agree. They are
        // taken from the read that rebuilds the log's state on open.
        let keys = PropsKeyTypes()
        propsKeys = keys
        do {
            log = try LogStore(directory: LogStore.directory(inData: data), visiting: LogEventType.clientTypes) { e in
                keys.hold(e.fields.props, prototype: e.prototype, byOwner: e.share == nil)
            }
        } catch {
            throw AppError("can't open the interaction log in \(data)/logs: \(error)")
        }
        // Reading the log waits on the disk: never on an event loop (docs/architecture.md).
        log.setReadCheck {
            assert(!HTTPServer.isOnEventLoop, "the interaction log is read on an event loop; use offLoop")
        }
        // The log's lock is held: no other server writes into this data folder, so what an
        // interrupted atomic write left behind is nobody's.
        removedTemporaryFiles = InterruptedWrites.removeTemporaryFiles(
            in: InterruptedWrites.folders(
                data: data, prototypes: library.writableDirectory,
                perPrototype: [versions.directory, history.directory, assets.root]))
        buildRoutes()
    }

    /// What recovery did on open, one line per repaired file: the log's torn tails, and the
    /// temporary files of interrupted writes that were removed.
    public var recoveryNotes: [String] {
        log.recovery.map(\.description)
            + removedTemporaryFiles.map { "removed \($0), the temporary file of an interrupted write" }
    }

    /// Binds and starts serving; returns the bound port. `socket`, bound already to the
    /// configuration's address (``ListeningSocket/init(host:port:)``), is served instead:
    /// `serve` binds before it makes the data folder, so a port in use leaves nothing behind.
    /// - Throws: ``HTTPServerError`` when the address can't be bound.
    @discardableResult
    public func start(on socket: ListeningSocket? = nil) throws -> Int {
        var c = ServerConfiguration()
        c.host = configuration.host
        c.port = configuration.port
        c.maxBodyBytes = configuration.maxBodyBytes
        c.maxConnections = configuration.maxConnections
        c.eventLoops = configuration.eventLoops
        // One address can't hold every connection; the owner's requests get through an
        // address that another client (behind the same proxy, say) fills, and the owner's
        // connections are the last to close for room at the connection cap.
        c.maxConnectionsPerAddress = configuration.limits.connectionsPerAddress
        c.exemptFromAddressLimit = { [owner] request in owner.isOwner(request) }
        let server = HTTPServer(configuration: c, responder: router)
        let port = try server.start(on: socket)
        owner.port = port
        if let own = ownOrigin(port: port) { try? origins.addTrustedOrigin(own) }
        metrics.track(server)
        self.server = server
        startWatching()
        startSessionSweep()
        return port
    }

    /// The owner URL printed as the first line of `serve`: `http://HOST:PORT/?token=…`.
    public func ownerURL(port: Int) -> String {
        "http://\(urlHost):\(port)/?token=\(owner.token)"
    }

    /// The bound host as a URL writes it (`[::1]` for IPv6).
    private var urlHost: String {
        configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    }

    /// Whether the server listens on a wildcard address (`0.0.0.0`, `::`), which no browser
    /// addresses.
    var bindsWildcard: Bool { ["0.0.0.0", "::", "", "[::]"].contains(configuration.host) }

    /// The bound host as an address a link can name: ``urlHost``, or `127.0.0.1` for a
    /// wildcard address.
    var reachableHost: String { bindsWildcard ? "127.0.0.1" : urlHost }

    /// `http://HOST:PORT` for the bound address, which pages served from it send as their
    /// `Origin`; nil for a wildcard address, which no browser addresses — there, `--origin`
    /// names what they use.
    func ownOrigin(port: Int) -> String? { bindsWildcard ? nil : "http://\(urlHost):\(port)" }

    /// Stops accepting, finishes in-flight requests (at most `gracePeriod` seconds), ends the
    /// sessions still open — each logs `session_end` with `how: "shutdown"` —, then flushes
    /// and closes the log.
    public func shutdown(gracePeriod: Double = 5, completion: @escaping @Sendable () -> Void) {
        watchTimer?.cancel()
        sessionSweep?.cancel()
        reloads.closeAll()
        watchers.closeAll()
        let finish: @Sendable () -> Void = { [self] in
            ender.endAll(sessions.removeAll(), how: .shutdown) {
                self.log.close()
                completion()
            }
        }
        guard let server else { return finish() }
        server.shutdown(gracePeriod: gracePeriod, completion: finish)
    }

    /// Every so often (a quarter of the timeout, between 50 ms and 5 s), ends the sessions
    /// idle past ``FairLimits/sessionIdleTimeout`` (``endIdleSessions()``).
    private func startSessionSweep() {
        let timeout = configuration.limits.sessionIdleTimeout
        guard timeout > 0 else { return }
        let every = min(5, max(0.05, timeout / 4))
        let timer = DispatchSource.makeTimerSource(queue: watcher)
        timer.schedule(deadline: .now() + every, repeating: every, leeway: .milliseconds(Int(every * 100)))
        timer.setEventHandler { [weak self] in self?.endIdleSessions {} }
        timer.resume()
        sessionSweep = timer
    }

    /// Ends the sessions that have had no request for ``FairLimits/sessionIdleTimeout`` seconds
    /// of ``SessionStore/clock``: `session_end` with `how: "timeout"`; `completion` runs once
    /// every end is logged. What the idle sweep runs; a test with its own clock calls it after
    /// moving the clock on.
    func endIdleSessions(completion: @escaping @Sendable () -> Void) {
        let timeout = configuration.limits.sessionIdleTimeout
        guard timeout > 0 else { return completion() }
        let idle = sessions.removeIdle(since: sessions.clock.now() - .milliseconds(Int64(timeout * 1000)))
        guard !idle.isEmpty else { return completion() }
        ender.endAll(idle, how: .timeout) {
            // What they held goes back to the system, not only to the allocator.
            Sys.releaseFreeMemory()
            completion()
        }
    }

    /// ``endIdleSessions(completion:)``, awaited.
    func endIdleSessions() async {
        await withCheckedContinuation { k in endIdleSessions { k.resume() } }
    }

    /// Polls the prototype folders (and, with `--dev`, the templates) twice a second; a change
    /// reloads them and tells players over Server-Sent Events.
    private func startWatching() {
        let timer = DispatchSource.makeTimerSource(queue: watcher)
        timer.schedule(deadline: .now() + 0.5, repeating: 0.5)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            let changed = self.library.reloadIfChanged()
            var templatesChanged = false
            if self.configuration.dev { templatesChanged = (try? self.templates.reloadIfChanged()) ?? false }
            if templatesChanged {
                self.frames.removeAll()
                self.playerPages.removeAll()
                self.reloads.broadcast("*")
            }
            for id in changed { self.reloads.broadcast(id) }
        }
        timer.resume()
        watchTimer = timer
    }
}

/// An error starting the application, with a message for the terminal.
public struct AppError: Error, CustomStringConvertible {
    public var description: String
    init(_ d: String) { description = d }
}
