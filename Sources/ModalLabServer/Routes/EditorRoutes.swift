import Foundation
import HTTPServer
import JSON
import Presentation
import Prototype

/// The API the editor page (and scripts) change prototypes through: docs/api.md. Conditional
/// requests as RFC 9110 §13 has them (`ETag`, `If-Match`, `If-None-Match`), changes as JSON
/// Patch (RFC 6902), files written atomically in the stable layout (``PrototypeEditing``).
extension ModalLabApp {
    /// The media type of a JSON Patch document (RFC 6902 §6).
    static let jsonPatchMediaType = "application/json-patch+json"

    func addEditorRoutes(_ groups: RouteGroups) {
        groups.owner.patch("/api/prototypes/{id}", maxBodyBytes: configuration.maxPrototypeBytes) { [self] req, _ in
            try await offLoop { [self] in try patch(req) }
        }
    }

    /// `GET /api/prototypes/{id}`: the summary, `etag`, `definition` and `diagnostics` (each
    /// with `path` and `pointer`), with the `ETag` header; 304 when `If-None-Match` names it.
    func getPrototype(_ req: HTTPRequest) throws(Problem) -> HTTPResponse {
        let p = try loaded(req)
        let tag = PrototypeEditing.entityTag(p.bytes)
        if let inm = req.headers["If-None-Match"], PrototypeEditing.ifNoneMatch(inm, matches: tag) {
            return HTTPResponse(status: .notModified, headers: ["ETag": tag, "Cache-Control": "no-cache"])
        }
        let definition = (try? JSONParser.parse(p.bytes)) ?? .null
        return prototypeAnswer(p, definition: definition, language: messageLanguage(req))
    }

    /// The body of a prototype's GET and PATCH answers, with its `ETag`.
    func prototypeAnswer(
        _ p: LoadedPrototype, definition: JSONValue, language: Language, status: HTTPStatus = .ok,
        headers: HTTPHeaders = [:]
    ) -> HTTPResponse {
        let tag = PrototypeEditing.entityTag(p.bytes)
        var o = summaryJSON(p).objectValue ?? JSONObject()
        o["etag"] = .string(tag)
        o["definition"] = definition
        o["diagnostics"] = .array(p.diagnostics(in: language).map { $0.editorJSON() })
        var h = headers
        h["ETag"] = tag
        var r = HTTPResponse.json(.object(o), status: status, headers: h)
        // The owner's edits are private: revalidate every time (RFC 9111 §5.2.2.4), never store.
        r.headers["Cache-Control"] = "no-store"
        return r
    }

    /// `PATCH /api/prototypes/{id}` (`application/json-patch+json`, `If-Match` required): applies
    /// the patch to the current document and writes the result in the stable layout. 200 with
    /// the new `ETag`; 412 when `If-Match` names another version than the file's; 428 without
    /// `If-Match`; 415 for another media type; 400 for a body that is no JSON; 422 with
    /// `{index, op, path, detail}` for an operation that doesn't apply, or with `diagnostics`
    /// when the result has format errors (nothing saved). Rule findings, errors included, are
    /// saved and answered: a work in progress may break a rule.
    func patch(_ req: HTTPRequest) throws -> HTTPResponse {
        let id = req.parameters["id"] ?? ""
        guard library.get(id) != nil else {
            throw Problem.notFound("no prototype \"\(id)\"" + Suggest.hint(id, in: library.all.map(\.id)))
        }
        let type = req.headers["Content-Type"]?.lowercased() ?? ""
        guard type.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) == Self.jsonPatchMediaType else {
            var problem = Problem(
                .unsupportedMediaType, title: "Unsupported media type",
                detail:
                    "send a JSON Patch (RFC 6902) as \(Self.jsonPatchMediaType); "
                    + (type.isEmpty ? "the request has no Content-Type" : "got \(type)"))
            // RFC 9110 §15.5.16: say which media types the resource takes.
            problem.headers["Accept-Patch"] = Self.jsonPatchMediaType
            throw problem
        }
        guard let condition = req.headers["If-Match"] else {
            throw Problem(
                .preconditionRequired, title: "Precondition required",
                detail:
                    "send If-Match with the ETag of the version this patch was made against (GET /api/prototypes/\(id) gives it), so a change made meanwhile is not overwritten"
            )
        }
        let operations: JSONPatch
        do {
            operations = try JSONPatch(try JSONParser.parse(req.body))
        } catch let e as JSONSyntaxError {
            throw Problem.badRequest("the body is not valid JSON: \(e)", path: "$")
        } catch let e as JSONPatchError {
            throw Self.patchProblem(e)
        } catch {
            throw Problem.badRequest("\(error)", path: "$")
        }
        let language = messageLanguage(req)
        return try editing.writeLock.withLock { () throws(Problem) -> HTTPResponse in
            // The file as it is now, even if the library has not seen it change yet.
            guard let current = library.get(id) else { throw Problem.notFound("no prototype \"\(id)\"") }
            let onDisk = FileManager.default.contents(atPath: current.file).map { [UInt8]($0) } ?? current.bytes
            let tag = PrototypeEditing.entityTag(onDisk)
            guard PrototypeEditing.ifMatch(condition, matches: tag) else {
                throw Problem(
                    .preconditionFailed, title: "Precondition failed",
                    detail:
                        "the prototype changed since the version \(condition) (it is \(tag) now); GET it again and redo the change",
                    extensions: ["etag": .string(tag)], headers: ["ETag": tag])
            }
            let document: JSONValue
            do { document = try JSONParser.parse(onDisk) } catch {
                throw Problem(
                    .unprocessableContent, title: "Prototype is not JSON",
                    detail:
                        "the file is not JSON (\(error)), so there is nothing to patch; PUT a whole document instead",
                    extensions: ["path": "$", "pointer": ""])
            }
            let patched: JSONValue
            do throws(JSONPatchError) { patched = try operations.apply(to: document) } catch {
                throw Self.patchProblem(error)
            }
            let bytes = editing.bytes(patched)
            let candidate = LoadedPrototype.load(
                bytes: bytes, file: library.writableDirectory + "/" + id + ".json", language: language)
            var formatErrors = candidate.diagnostics.filter { $0.ruleID == nil && $0.severity == .error }
            if candidate.id != id && formatErrors.isEmpty {
                formatErrors.append(
                    Diagnostic(
                        format: "format", severity: .error,
                        message: FormatMessage(.idDiffersFromURL, ["id": candidate.id, "url": id]).text(language),
                        path: "$.id"))
            }
            guard formatErrors.isEmpty else {
                throw Problem(
                    .unprocessableContent, title: "Patch breaks the format",
                    detail:
                        "the patched document is not a valid \(Prototype.formatName) document: \(formatErrors.count) format error(s); nothing was saved",
                    extensions: ["diagnostics": .array(formatErrors.map { $0.editorJSON() })])
            }
            // Unchanged bytes (a test-only patch, a value set to what it was): nothing written.
            if bytes != onDisk {
                do {
                    try library.save(id: id, bytes: bytes, loaded: language == .en ? candidate : nil)
                } catch {
                    throw Problem(.serviceUnavailable, title: "Could not save", detail: "\(error)")
                }
                prototypeSaved(id, bytes: bytes)
            }
            let saved = library.get(id) ?? candidate
            return prototypeAnswer(saved, definition: editing.layout?.ordered(patched) ?? patched, language: language)
        }
    }

    /// What follows a prototype's new version however it was written (PATCH, PUT): players
    /// are told to reload.
    func prototypeSaved(_ id: String, bytes: [UInt8]) {
        reloads.broadcast(id)
    }

    /// A JSON Patch that can't be read or doesn't apply, as a 422 problem with the operation's
    /// `index`, `op` and `path` (nothing was saved).
    static func patchProblem(_ e: JSONPatchError) -> Problem {
        var ext = JSONObject()
        if let index = e.index { ext["index"] = .int(index) }
        if let op = e.op { ext["op"] = .string(op) }
        if let path = e.path { ext["path"] = .string(path) }
        return Problem(
            .unprocessableContent, title: "Patch does not apply", detail: e.detail + "; nothing was saved",
            extensions: ext)
    }
}
