import Foundation
import HTTPServer
import JSON
import Presentation
import Prototype

/// The API the editor page (and scripts) change prototypes through: docs/api.md. Conditional
/// requests as RFC 9110 has them (`ETag`, `If-Match`, `If-None-Match`, section 13), changes as
/// JSON Patch (RFC 6902), files written atomically in the stable layout (``PrototypeEditing``).
extension PrototypeController {
    /// The media type of a JSON Patch document (RFC 6902, section 6).
    static let jsonPatchMediaType = "application/json-patch+json"

    /// `GET /api/prototypes/{id}`: the summary, `etag`, `definition` and `diagnostics` (each
    /// with `path` and `pointer`, messages in the requester's language), with the `ETag`
    /// header; 304 when `If-None-Match` names it.
    func getPrototype(_ req: HTTPRequest) throws(Problem) -> HTTPResponse {
        let p = try loaded(req)
        let tag = PrototypeEditing.entityTag(p.bytes)
        if let inm = req.headers["If-None-Match"], EntityTags.field(inm, matches: tag, weak: true) {
            return HTTPResponse(status: .notModified, headers: ["ETag": tag, "Cache-Control": "no-store"])
        }
        let definition = (try? JSONParser.parse(p.bytes)) ?? .null
        return prototypeAnswer(
            p, definition: definition, diagnostics: p.diagnostics(in: req.messageLanguage),
            language: req.messageLanguage)
    }

    /// The body of a prototype's GET and PATCH answers, with its `ETag`: the summary, `etag`,
    /// `definition` and `diagnostics` (each with `pointer`) — the assets' findings after the
    /// document's (``AssetFindings``, in `language`) —, then `extra`'s members; `tag` is the
    /// entity tag answered (by default that of `p`'s bytes).
    func prototypeAnswer(
        _ p: LoadedPrototype, definition: JSONValue, diagnostics: [Diagnostic], tag: String? = nil,
        extra: JSONObject = [:], language: Language = .en
    ) -> HTTPResponse {
        let tag = tag ?? PrototypeEditing.entityTag(p.bytes)
        var o = summaryJSON(p).objectValue ?? JSONObject()
        o["etag"] = .string(tag)
        o["definition"] = definition
        let all = diagnostics + assetDiagnostics(p, definition: definition, language: language)
        o["diagnostics"] = .array(all.map { $0.editorJSON() })
        for (k, v) in extra { o[k] = v }
        var r = HTTPResponse.json(.object(o), headers: ["ETag": tag])
        // The owner's edits are private: never stored by a cache (RFC 9111, section 5.2.2.5).
        r.headers["Cache-Control"] = "no-store"
        return r
    }

    /// `PATCH /api/prototypes/{id}` (`application/json-patch+json`, `If-Match` required): applies
    /// the patch to the current document and writes the result in the stable layout. 200 with
    /// the new `ETag`; 412 when `If-Match` names another version than the file's; 428 without
    /// `If-Match`; 415 for another media type; 400 for a body that is no JSON; 422 with
    /// `{index, op, path, detail}` for an operation that doesn't apply, or with `diagnostics`
    /// when the result has format errors (nothing saved). Rule findings, errors included, are
    /// saved and answered: a work in progress may break a rule. `?dryRun=1` answers the result
    /// and its new refusals without writing; `Prefer: handling=strict` refuses (422, nothing
    /// written) a result that makes a new flow UIKit refuses (``PatchHandling``,
    /// ``PatchRefusals``). The check of `If-Match` and the write run on the write queue
    /// (``PrototypeEditing/serially(_:)``), one patch at a time.
    func patch(_ req: HTTPRequest) async throws -> HTTPResponse {
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
            // RFC 9110, section 15.5.16: say which media types the resource takes.
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
            throw Problem.badRequest("the body is not valid JSON: \(e)", path: e.path.description)
        } catch let e as JSONPatchError {
            throw Self.patchProblem(e)
        } catch {
            throw Problem.badRequest("\(error)", path: "$")
        }
        let language = req.messageLanguage
        let handling = try PatchHandling(req)
        return try await editing.serially { [self] () throws(Problem) -> HTTPResponse in
            try apply(operations, to: id, condition: condition, language: language, handling: handling)
        }
    }

    /// The write step of ``patch(_:)``, on the write queue: checks `If-Match` against the file
    /// as it is on disk now (even if the library has not seen it change yet), applies, lints in
    /// `language`, saves; with `handling`, answers without saving (a dry run) or refuses a
    /// result with a new refusal (strict: ``PatchRefusals``).
    private func apply(
        _ operations: JSONPatch, to id: String, condition: String, language: Language, handling: PatchHandling
    ) throws(Problem) -> HTTPResponse {
        guard let current = library.get(id) else { throw Problem.notFound("no prototype \"\(id)\"") }
        let onDisk = FileManager.default.contents(atPath: current.file).map { [UInt8]($0) } ?? current.bytes
        let tag = PrototypeEditing.entityTag(onDisk)
        guard EntityTags.field(condition, matches: tag, weak: false) else {
            throw Problem(
                .preconditionFailed, title: "Precondition failed",
                detail:
                    "the prototype changed since the version \(condition) (it is \(tag) now); GET it again and redo the change",
                extensions: ["etag": .string(tag)], headers: ["ETag": tag])
        }
        let document: JSONValue
        if let kept = editing.parsed.document(id, tag: tag) {
            document = kept
        } else {
            do { document = try JSONParser.parse(onDisk) } catch {
                throw Problem(
                    .unprocessableContent, title: "Prototype is not JSON",
                    detail:
                        "the file is not JSON (\(error)), so there is nothing to patch; PUT a whole document instead",
                    extensions: ["path": "$", "pointer": ""])
            }
        }
        let patched: JSONValue
        // Within the format's depth and size limits as it applies, so that a short patch of
        // copies can neither double the document until memory runs out nor nest it deeper
        // than the layout's walk can go.
        let limits = PrototypeLimits.standard
        do throws(JSONPatchError) {
            patched = try operations.apply(to: document, within: .init(depth: limits.depth, bytes: limits.bytes))
        } catch {
            throw Self.patchProblem(error)
        }
        // Ordered once, for the file and the answer.
        let (ordered, bytes) = editing.laidOut(patched)
        // Linted once, in the requester's language, from the document (not parsed again); the
        // library keeps English diagnostics, so it is handed this lint only when that is English.
        let candidate = LoadedPrototype.load(
            document: ordered, bytes: bytes, file: library.writableDirectory + "/" + id + ".json", language: language)
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
        // What the result would make UIKit refuse that the file did not: for a dry run's answer,
        // and to refuse a strict patch before anything is written.
        var refusals: [Diagnostic] = []
        if handling.dryRun || handling.strict {
            let before =
                onDisk == current.bytes
                ? current.diagnostics : LoadedPrototype.load(bytes: onDisk, file: current.file).diagnostics
            refusals = PatchRefusals.new(in: candidate.diagnostics, comparedWith: before)
        }
        let refusalsJSON = JSONValue.array(refusals.map { PatchRefusals.json($0, language: language) })
        if handling.dryRun {
            // The file's tag stays the one to send: nothing was written.
            return prototypeAnswer(
                candidate, definition: ordered, diagnostics: candidate.diagnostics,
                tag: tag, extra: ["dryRun": true, "changed": .bool(bytes != onDisk), "refusals": refusalsJSON],
                language: language)
        }
        if handling.strict && !refusals.isEmpty {
            throw Problem(
                .unprocessableContent, title: "Patch makes a flow UIKit refuses",
                detail:
                    "the patched document has \(refusals.count) finding(s) of a rule that refuses the flow it makes, which the file did not have (\(refusals.map(\.rule).joined(separator: ", "))); nothing was saved. Send the patch without Prefer: handling=strict to save it anyway",
                extensions: ["refusals": refusalsJSON, "diagnostics": refusalsJSON],
                headers: ["Preference-Applied": "handling=strict"])
        }
        // Unchanged bytes (a test-only patch, a value set to what it was): nothing written.
        if bytes != onDisk {
            do {
                try library.save(id: id, bytes: bytes, loaded: language == .en ? candidate : nil)
            } catch {
                throw Problem(.serviceUnavailable, title: "Could not save", detail: "\(error)")
            }
            // Saved whatever the history says: a history that can't be written loses a version
            // from the list, never the change.
            try? history.record(
                id, bytes: bytes, via: "patch", paths: operations.operations.map(\.path.description), previous: onDisk)
            reloads.broadcast(id)
        }
        // The new bytes' tag, hashed once for the kept document and the answer.
        let savedTag = PrototypeEditing.entityTag(bytes)
        editing.parsed.keep(id, tag: savedTag, document: ordered)
        let saved = library.get(id) ?? candidate
        var answer = prototypeAnswer(
            saved, definition: ordered, diagnostics: candidate.diagnostics,
            tag: saved.bytes == bytes ? savedTag : nil, language: language)
        if handling.strict { answer.headers["Preference-Applied"] = "handling=strict" }
        return answer
    }

    /// `POST /api/prototypes` `{id, name, from?}`: a new prototype in the writable folder, in
    /// the stable layout: blank (``PrototypeEditing/blank(id:name:)``, one screen), or a copy of
    /// the loaded prototype `from` with its `id` and `name` replaced. 201 with `Location` and
    /// the GET body (`ETag` included); 400 with `path` for a body that isn't that shape, a bad
    /// id or a `from` that names no prototype; 409 when the id is taken (loaded, or a file of
    /// that name in the writable folder), or the server serves one file. Runs on the write
    /// queue, so of two creations of one id exactly one succeeds.
    func create(_ req: HTTPRequest) throws(Problem) -> HTTPResponse {
        let body = try RequestBody.json(req)
        let id: String
        let name: String
        let from: String?
        do throws(JSONShapeError) {
            let o = try body.object()
            id = try o.required("id", "a prototype id (1–64 of a-z, 0-9 and '-')").string()
            name = try o.required("name", "the prototype's name").string()
            from = try o.optional("from")?.string()
            try o.finish()
        } catch {
            throw error.problem
        }
        guard Prototype.isValidID(id) else {
            throw Problem.badRequest("\"\(id)\" is not a valid prototype id (1–64 of a-z, 0-9 and '-')", path: "$.id")
        }
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw Problem.badRequest("the name is empty; give the prototype a name", path: "$.name")
        }
        let file = library.writableDirectory + "/" + id + ".json"
        if library.get(id) != nil || (library.file == nil && FileManager.default.fileExists(atPath: file)) {
            throw Problem(
                .conflict, title: "Prototype exists",
                detail:
                    "a prototype \"\(id)\" exists; choose another id, or change it with PATCH /api/prototypes/\(id)",
                extensions: ["path": "$.id"], headers: ["Location": "/api/prototypes/\(id)"])
        }
        var document: JSONValue
        if let from {
            guard let source = library.get(from) else {
                throw Problem.badRequest(
                    "no prototype \"\(from)\" to copy" + Suggest.hint(from, in: library.all.map(\.id)), path: "$.from")
            }
            guard case .object(var o)? = try? JSONParser.parse(source.bytes) else {
                throw Problem.badRequest(
                    "\"\(from)\"'s file is not a JSON object, so it can't be copied", path: "$.from")
            }
            o["id"] = .string(id)
            o["name"] = .string(name)
            document = .object(o)
        } else {
            document = PrototypeEditing.blank(id: id, name: name)
        }
        let language = req.messageLanguage
        let bytes = editing.bytes(document)
        let candidate = LoadedPrototype.load(bytes: bytes, file: file, language: language)
        do {
            try library.save(id: id, bytes: bytes, loaded: language == .en ? candidate : nil)
        } catch let e as PrototypeSourceError {
            throw Problem(.conflict, title: "Can't add a prototype", detail: e.description)
        } catch {
            throw Problem(.serviceUnavailable, title: "Could not save", detail: "\(error)")
        }
        try? history.record(id, bytes: bytes, via: "post")
        reloads.broadcast(id)
        document = editing.layout?.ordered(document) ?? document
        var r = prototypeAnswer(library.get(id) ?? candidate, definition: document, diagnostics: candidate.diagnostics)
        r.status = .created
        r.headers["Location"] = "/api/prototypes/\(id)"
        return r
    }

    /// `GET /api/prototypes/{id}/versions`: the versions the API wrote, newest first
    /// (``PrototypeHistory``: `version`, `time`, `size`, `via`, a PATCH's `paths`), with `limit`
    /// (how many are kept) and `current` (the file's version now). 404 for a prototype neither
    /// loaded nor with versions kept.
    func versionList(_ req: HTTPRequest) throws(Problem) -> HTTPResponse {
        let id = req.parameters["id"] ?? ""
        let kept = history.entries(id)
        let current = library.get(id)
        guard current != nil || !kept.isEmpty else { throw Problem.notFound("no prototype \"\(id)\"") }
        return .json([
            "prototype": .string(id), "limit": .int(history.limit),
            "current": current.map { .string(Prototype.versionHash($0.bytes)) } ?? .null,
            "versions": .array(kept.reversed().map(\.json)),
        ])
    }

    /// `GET /api/prototypes/{id}/versions/{version}`: that version's document, as its bytes were
    /// written, with its `ETag`: one the API wrote (``PrototypeHistory``) or one a session ran on
    /// (``VersionStore``, the version the log names). 404 when neither kept it.
    func versionDocument(_ req: HTTPRequest) throws(Problem) -> HTTPResponse {
        let id = req.parameters["id"] ?? ""
        let version = (req.parameters["version"] ?? "").lowercased()
        let sessions =
            Prototype.isValidID(id) && version.count == 16 && version.allSatisfy(\.isHexDigit)
            ? FileManager.default.contents(atPath: versions.path(id, version)).map { [UInt8]($0) } : nil
        guard let bytes = history.bytes(id, version: version) ?? sessions else {
            throw Problem.notFound("no version \"\(version)\" of prototype \"\(id)\" is kept")
        }
        var r = HTTPResponse(status: .ok, body: .bytes(bytes))
        r.headers["Content-Type"] = "application/json; charset=utf-8"
        r.headers["ETag"] = "\"" + version + "\""
        r.headers["Cache-Control"] = "no-store"
        return r
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
