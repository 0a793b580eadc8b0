import Foundation
import HTTPServer
import JSON
import Presentation
import Prototype

extension ModalLabApp {
    /// Validating, linting and re-reading a prototype take time proportional to its size (a
    /// document at the limits: a second in a debug build), so those routes run on a worker
    /// thread (``offLoop(_:)``), never on an HTTP event loop, which would stall every other
    /// request of its connections meanwhile.
    func addPrototypeRoutes(_ groups: RouteGroups) {
        groups.owner.get("/api/prototypes") { [self] _, _ in
            .json(.array(library.all.map { summaryJSON($0) }))
        }
        groups.owner.get("/api/prototypes/{id}") { [self] req, _ in
            let p = try loaded(req)
            return try await offLoop { [self] in
                var o = summaryJSON(p).objectValue ?? JSONObject()
                o["definition"] = (try? JSONParser.parse(p.bytes)) ?? .null
                o["diagnostics"] = .array(p.diagnostics(in: messageLanguage(req)).map { $0.json() })
                return .json(.object(o))
            }
        }
        groups.owner.get("/api/prototypes/{id}/lint") { [self] req, _ in
            let p = try loaded(req)
            return try await offLoop { [self] in
                .json([
                    "prototype": .string(p.id),
                    "diagnostics": .array(p.diagnostics(in: messageLanguage(req)).map { $0.json(file: p.file) }),
                ])
            }
        }
        groups.owner.put("/api/prototypes/{id}", maxBodyBytes: configuration.maxPrototypeBytes) { [self] req, _ in
            try await offLoop { [self] in try put(req) }
        }
    }

    /// The language of the messages an API answer carries (rule findings, format errors and
    /// hints): `?lang=zh-Hans`, else English. The prototype's own text is never translated.
    func messageLanguage(_ req: HTTPRequest) -> Language {
        req.query("lang").flatMap(Language.init(rawValue:)) ?? .en
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
        let language = messageLanguage(req)
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
        let existed = library.get(id) != nil
        do {
            try library.save(id: id, bytes: req.body, loaded: candidate)
        } catch {
            throw Problem(.serviceUnavailable, title: "Could not save", detail: "\(error)")
        }
        reloads.broadcast(id)
        let saved = library.get(id) ?? candidate
        var o = summaryJSON(saved).objectValue ?? JSONObject()
        o["diagnostics"] = .array(saved.diagnostics(in: language).map { $0.json() })
        return .json(.object(o), status: existed ? .ok : .created, headers: ["Location": "/api/prototypes/\(id)"])
    }
}
