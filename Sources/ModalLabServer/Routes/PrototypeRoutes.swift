import Foundation
import HTTPServer
import JSON
import Presentation
import Prototype
import Sharing

/// The prototypes' API (`/api/prototypes…`, the owner's) and the stream that tells players a
/// prototype's file changed (`/api/stream`, the viewers').
///
/// Validating, linting and re-reading a prototype take time proportional to its size (a
/// document at the limits: a second in a debug build), so those routes run on a worker
/// thread (``offLoop(_:)``), never on an HTTP event loop, which would stall every other
/// request of its connections meanwhile; writes (`PATCH`, `PUT`) run on the write queue of
/// ``PrototypeEditing``, one after another. The editing API (GET's `ETag`, `PATCH`) is in
/// `EditorRoutes.swift`.
struct PrototypeController: Sendable {
    let library: PrototypeLibrary
    /// Tells players a prototype changed (a `PUT`), and streams those changes.
    let reloads: ReloadBroadcaster
    /// Whether a share link is still active when its stream starts.
    let shares: ShareStore
    /// The largest `PUT /api/prototypes/{id}` body, in bytes.
    let maxPrototypeBytes: Int
    let limits: FairLimits
    /// The stable layout prototypes are written in, and the queue their writes take turns on.
    let editing: PrototypeEditing
    /// The versions the API wrote (`/api/prototypes/{id}/versions`).
    let history: PrototypeHistory
    /// The versions sessions ran on (a version the log names, by its hash).
    let versions: VersionStore
    /// The prototypes' assets, whose findings (``AssetFindings``) the editing API and the lint add.
    let assets: AssetStore

    /// Registers the prototypes' API in the owner's group and the stream in the viewers'.
    func addRoutes(to groups: RouteGroups) {
        groups.viewers.get("/api/stream") { [self] req, viewer in try stream(req, viewer) }
        groups.owner.get("/api/prototypes") { [self] _, _ in
            .json(.array(library.all.map { summaryJSON($0) }))
        }
        groups.owner.get("/api/prototypes/{id}") { [self] req, _ in
            try await offLoop { [self] in try getPrototype(req) }
        }
        groups.owner.post("/api/prototypes", maxBodyBytes: 4096) { [self] req, _ in
            try await editing.serially { [self] in try create(req) }
        }
        groups.owner.get("/api/prototypes/{id}/versions") { [self] req, _ in
            try await offLoop { [self] in try versionList(req) }
        }
        groups.owner.get("/api/prototypes/{id}/versions/{version}") { [self] req, _ in
            try await offLoop { [self] in try versionDocument(req) }
        }
        groups.owner.patch("/api/prototypes/{id}", maxBodyBytes: maxPrototypeBytes) { [self] req, _ in
            try await patch(req)
        }
        groups.owner.get("/api/prototypes/{id}/lint") { [self] req, _ in
            let p = try loaded(req)
            return try await offLoop {
                .json([
                    "prototype": .string(p.id),
                    "diagnostics": .array(
                        (p.diagnostics(in: req.messageLanguage)
                            + assetDiagnostics(p, definition: nil, language: req.messageLanguage))
                            .map { $0.json(file: p.file) }),
                ])
            }
        }
        groups.owner.put("/api/prototypes/{id}", maxBodyBytes: maxPrototypeBytes) { [self] req, _ in
            // On the write queue, so that it doesn't land between a PATCH's check and its write.
            try await editing.serially { [self] in try put(req) }
        }
    }

    /// `GET /api/stream[?prototype=]`: Server-Sent Events, `reload` with the id of a prototype
    /// whose file changed (`*`: everything). A share link's viewer must name its prototype; its
    /// streams end when the link is revoked.
    func stream(_ req: HTTPRequest, _ viewer: Viewer) throws(Problem) -> HTTPResponse {
        let filter = req.query("prototype")
        // A participant's page doesn't reload under a study (a reload would start it over).
        if viewer.isParticipant { throw Problem.notFound("no stream for a participant link") }
        if let filter {
            guard viewer.canView(filter) else { throw Problem.notFound("no prototype \"\(filter)\"") }
        } else if viewer != .owner {
            throw Problem.ownerRequired
        }
        // A link's stream ends when the link expires, as when it is revoked.
        let expiry = viewer.shareID.flatMap { shares.link(id: $0)?.expiresAt }
        guard let (id, stream) = reloads.subscribe(share: viewer.shareID, limit: limits.streamsPerShare, until: expiry)
        else {
            throw Problem.tooManyStreams(limit: limits.streamsPerShare)
        }
        // Revoked between the check of its cookie and the subscription: ends at once too.
        if let share = viewer.shareID, !shares.isActive(id: share) {
            reloads.unsubscribe(id)
            throw Problem.ownerRequired
        }
        return HTTPResponse.eventStream(heartbeat: 15) { events in
            for await id in stream where filter == nil || id == "*" || id == filter {
                try await events.send(event: "reload", data: id)
            }
        }
    }

    func loaded(_ req: HTTPRequest) throws(Problem) -> LoadedPrototype {
        let id = req.parameters["id"] ?? ""
        guard let p = library.get(id) else { throw Problem.notFound("no prototype \"\(id)\"") }
        return p
    }

    func summaryJSON(_ p: LoadedPrototype) -> JSONValue {
        [
            "id": .string(p.id), "name": .string(p.name), "file": .string(p.file),
            "version": .string(p.prototype?.version), "playable": .bool(p.prototype != nil),
            "counts": ["error": .int(p.errorCount), "warning": .int(p.warningCount), "info": .int(p.infoCount)],
            "devices": .array((p.prototype?.devices ?? []).map { .string($0) }),
        ]
    }

    /// `PUT /api/prototypes/{id}`: 413 for a body over ``PrototypeLimits/bytes``, 422 with the
    /// diagnostics when the definition has errors (a shape limit is a `format.limit` error), else
    /// written to disk: 201 when new, 200 when replaced.
    func put(_ req: HTTPRequest) throws(Problem) -> HTTPResponse {
        let id = req.parameters["id"] ?? ""
        guard Prototype.isValidID(id) else {
            throw Problem.badRequest("\"\(id)\" is not a valid prototype id (1–64 of a-z, 0-9 and '-')", path: nil)
        }
        // A body over the prototype size limit is refused unread, naming the limit (413, RFC 9110 §15.5.14).
        if let tooLarge = PrototypeLimits.standard.checkSize(req.body.count) {
            throw Problem(
                .payloadTooLarge, title: "Prototype too large", detail: tooLarge.message,
                extensions: ["path": "$", "limit": "bytes", "value": .int(PrototypeLimits.standard.bytes)])
        }
        _ = try RequestBody.json(req)
        let candidate = LoadedPrototype.load(bytes: req.body, file: library.writableDirectory + "/" + id + ".json")
        let language = req.messageLanguage
        var diagnostics = candidate.diagnostics(in: language)
        if let p = candidate.prototype, p.id != id {
            diagnostics.append(
                Diagnostic(
                    format: "format", severity: .error,
                    message: FormatMessage(.idDiffersFromURL, ["id": p.id, "url": id]).text(language), path: "$.id"))
        }
        if diagnostics.contains(where: { $0.severity == .error }) {
            throw Problem(
                .unprocessableContent, title: "Prototype has errors",
                detail: "\(diagnostics.filter { $0.severity == .error }.count) error(s); nothing was saved",
                extensions: ["diagnostics": .array(diagnostics.map { $0.json() })])
        }
        let previous = library.get(id)?.bytes
        do {
            try library.save(id: id, bytes: req.body, loaded: candidate)
        } catch {
            throw Problem(.serviceUnavailable, title: "Could not save", detail: "\(error)")
        }
        try? history.record(id, bytes: req.body, via: "put", previous: previous)
        reloads.broadcast(id)
        let saved = library.get(id) ?? candidate
        var o = summaryJSON(saved).objectValue ?? JSONObject()
        o["diagnostics"] = .array(saved.diagnostics(in: language).map { $0.json() })
        return .json(
            .object(o), status: previous != nil ? .ok : .created, headers: ["Location": "/api/prototypes/\(id)"])
    }
}
