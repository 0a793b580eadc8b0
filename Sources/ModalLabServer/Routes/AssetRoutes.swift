import Foundation
import HTTPServer
import JSON
import Prototype

/// The prototypes' assets (docs/api.md, "Assets"): `PUT` and `DELETE` for the owner;
/// `GET` of one asset and of the list for whoever may play the prototype (the owner, and share
/// links of that prototype, participants' among them), since the player draws them.
struct AssetController: Sendable {
    let library: PrototypeLibrary
    let assets: AssetStore
    /// The queue prototype writes take turns on: an asset's limits are checked and its file
    /// written in one turn.
    let editing: PrototypeEditing
    /// Serves the files: strong `ETag`, 304, ranges, containment.
    let files: StaticFiles

    /// Who reads an asset (``ViewerAccess/reader(_:prototype:)``).
    let access: ViewerAccess

    init(library: PrototypeLibrary, assets: AssetStore, editing: PrototypeEditing, access: ViewerAccess) {
        self.access = access
        self.library = library
        self.assets = assets
        self.editing = editing
        var files = StaticFiles(root: assets.root, urlPrefix: "/")
        // A replaced asset is a new file at once (its rename gives a new inode and ETag).
        files.revalidateInterval = 0
        files.cacheControl = "no-cache"
        self.files = files
    }

    func addRoutes(to groups: RouteGroups) {
        groups.viewers.get("/api/prototypes/{id}/assets") { [self] req, viewer in
            let id = try prototypeID(req, viewer)
            let drawn = library.get(id)?.prototype?.assetNames ?? []
            return try await offLoop { [self] in
                let list = assets.list(id)
                // What the prototype draws that its folder doesn't hold (drawn empty).
                let missing = drawn.filter { name in !list.contains { $0.name == name } }
                return HTTPResponse.json(
                    [
                        "prototype": .string(id), "assets": .array(list.map(\.json)),
                        "missing": .array(missing.map { .string($0) }), "limits": limitsJSON,
                    ], headers: ["Cache-Control": "no-store"])
            }
        }
        // One asset: for share links of its prototype, report links among them (their replays,
        // heat maps and watch pages draw image screens); 404 for a link of another prototype.
        groups.anyone.get("/api/prototypes/{id}/assets/{name}") { [self] req in
            guard let viewer = access.reader(req) else { throw Problem.ownerRequired }
            let id = try prototypeID(req, viewer)
            let name = try assetName(req)
            return serve(req, id, name)
        }
        groups.owner.put("/api/prototypes/{id}/assets/{name}", maxBodyBytes: assets.maxFileBytes) { [self] req, _ in
            let id = try prototypeID(req, .owner)
            let name = try assetName(req)
            let info = try check(req.body, name: name)
            let body = req.body
            return try await editing.serially { [self] () throws(Problem) -> HTTPResponse in
                try write(id, name, body, info)
            }
        }
        groups.owner.delete("/api/prototypes/{id}/assets/{name}") { [self] req, _ in
            let id = try prototypeID(req, .owner)
            let name = try assetName(req)
            return try await editing.serially { [self] () throws(Problem) -> HTTPResponse in
                guard assets.delete(id, name) else {
                    throw Problem.notFound("prototype \"\(id)\" has no asset \"\(name)\"")
                }
                return HTTPResponse(status: .noContent)
            }
        }
    }

    /// The limits, as the list gives them.
    var limitsJSON: JSONValue {
        [
            "maxFileBytes": .int(assets.maxFileBytes), "maxPrototypeBytes": .int(assets.maxPrototypeBytes),
            "maxFiles": .int(assets.maxFiles),
        ]
    }

    /// The prototype the path names, if `viewer` may play it (else 404, as for any prototype it
    /// may not see).
    func prototypeID(_ req: HTTPRequest, _ viewer: Viewer) throws(Problem) -> String {
        let id = req.parameters["id"] ?? ""
        guard viewer.canView(id), library.get(id) != nil else { throw Problem.notFound("no prototype \"\(id)\"") }
        return id
    }

    /// The asset name the path names: 400 unless ``Prototype/isAssetName(_:)``.
    func assetName(_ req: HTTPRequest) throws(Problem) -> String {
        let name = req.parameters["name"] ?? ""
        guard AssetStore.isName(name) else {
            throw Problem.badRequest(
                "\(JSONWriter.quoted(name)) is not an asset name: 1–128 of letters, digits, '.', '-', '_' and '@', not starting with '.', ending in .png, .jpg, .jpeg, .webp or .svg (an image) or .woff2, .woff, .ttf or .otf (a font)",
                path: nil)
        }
        return name
    }

    /// The bytes of an upload as the image its name claims: 415 when they are no image or
    /// another format than the name's, 422 for an SVG that could run script.
    func check(_ bytes: [UInt8], name: String) throws(Problem) -> AssetInfo {
        let claimed = AssetFormat.claimed(by: name)!
        switch AssetInfo.read(bytes) {
        case .success(let info) where info.format == claimed:
            return info
        case .success(let info):
            throw unsupported(
                "\(name) is named as a \(claimed.displayName) \(claimed.noun) but its bytes are a \(info.format.displayName) \(info.format.noun); upload it under a name ending in .\(info.format == .jpeg ? "jpg" : info.format.rawValue)",
                found: info.format.mediaType)
        case .failure(.notAnImage(let what)):
            throw unsupported(
                "\(name) is named as a \(claimed.displayName) \(claimed.noun) but its bytes are \(what); assets are PNG, JPEG, WebP or SVG images and WOFF2, WOFF, TrueType or OpenType fonts, checked by their content",
                found: nil)
        case .failure(.malformed(let format, let why)):
            throw unsupported("\(name) is not a valid \(format.displayName) \(format.noun): \(why)", found: nil)
        case .failure(.activeSVG(let why)):
            // 422, not 415: the media type is one the server takes, its content isn't (RFC 9110,
            // section 15.5.21).
            throw Problem(
                .unprocessableContent, title: "SVG could run script",
                detail:
                    "\(name) is refused: \(why). Assets are drawn as pictures only; export the SVG without scripts, event handlers, javascript: URLs or embedded documents, or as PNG",
                extensions: ["name": .string(name)])
        }
    }

    /// A 415 problem (RFC 9110, section 15.5.16), with `Accept` naming the media types taken.
    func unsupported(_ detail: String, found: String?) -> Problem {
        var p = Problem(.unsupportedMediaType, title: "Not the image it claims to be", detail: detail)
        if let found { p.extensions["found"] = .string(found) }
        p.headers["Accept"] = AssetFormat.allCases.map(\.mediaType).joined(separator: ", ")
        return p
    }

    /// Writes the checked upload: 201 with `Location` for a new asset, 200 for a replaced one,
    /// both with the entry (and its `ETag`); 413 past a limit, nothing written.
    func write(_ id: String, _ name: String, _ bytes: [UInt8], _ info: AssetInfo) throws(Problem) -> HTTPResponse {
        let replaced: Bool
        do throws(AssetStore.WriteRefusal) {
            replaced = try assets.write(id, name, bytes)
        } catch {
            switch error {
            case .tooLarge(let limit, let value, let detail):
                throw Problem(
                    .payloadTooLarge, title: "Asset over the limit", detail: detail,
                    extensions: ["limit": .string(limit), "value": .int(value)])
            case .failed(let why):
                throw Problem(.serviceUnavailable, title: "Could not store the asset", detail: why)
            }
        }
        let etag = StaticFiles.entityTag(ofFileAt: assets.path(id, name)) ?? ""
        let entry = AssetStore.Entry(name: name, info: info, size: bytes.count, etag: etag)
        var headers: HTTPHeaders = ["ETag": etag, "Cache-Control": "no-store"]
        if !replaced { headers["Location"] = "/api/prototypes/\(id)/assets/\(name)" }
        var r = HTTPResponse.json(entry.json, headers: headers)
        r.status = replaced ? .ok : .created
        return r
    }

    /// An asset, as static files are served (strong `ETag`, 304, ranges), its type from its
    /// checked extension. An SVG can't run anything even when opened on its own:
    /// `Content-Security-Policy: sandbox` (a unique origin, no scripts) with nothing loaded
    /// but its own inline styles.
    func serve(_ req: HTTPRequest, _ id: String, _ name: String) -> HTTPResponse {
        var inner = req
        inner.parameters["*"] = id + "/" + name
        var r = files.respond(to: inner)
        if AssetFormat.claimed(by: name) == .svg {
            r.headers["Content-Security-Policy"] = "sandbox; default-src 'none'; style-src 'unsafe-inline'"
        }
        r.headers["X-Content-Type-Options"] = "nosniff"
        if r.status == .notFound {
            return Problem.notFound("prototype \"\(id)\" has no asset \"\(name)\"").response
        }
        return r
    }
}
