import Foundation
import HTTPServer
import InteractionLog
import JSON
import Presentation
import Prototype
import Sharing

extension ModalLabApp {
    /// The routes of SPEC §6.
    func buildRoutes() {
        router.use(metrics)
        router.use(SecurityHeaders())
        let files = StaticFiles(root: resourceRoot + "/Public", urlPrefix: "/public/")
        router.get("/public/*", files.handler)
        router.get("/healthz") { _ in
            HTTPResponse.json(["status": "ok"])
        }
        router.get("/metrics") { [self] req in
            guarded { () throws(Problem) in
                try requireOwner(req)
                var r = HTTPResponse.text(metrics.prometheusText() + sessionMetrics())
                r.headers["Content-Type"] = "text/plain; version=0.0.4; charset=utf-8"
                return r
            }
        }
        router.get("/schema/prototype.json") { [self] _ in
            guard let data = FileManager.default.contents(atPath: resourceRoot + "/Schema/prototype.schema.json") else {
                return Problem.notFound("the schema file Schema/prototype.schema.json is missing").response
            }
            var r = HTTPResponse(status: .ok, body: .bytes([UInt8](data)))
            r.headers["Content-Type"] = "application/schema+json"
            return r
        }
        router.get("/api/devices") { _ in
            HTTPResponse.json(.array(DeviceCatalogue.all.map(ModalLabApp.deviceJSON)))
        }
        router.get("/api/rules") { req in
            HTTPResponse.json(RuleCatalogue.json(language: req.query("lang") == "zh-Hans" ? .zhHans : .en))
        }
        router.get("/rules") { [self] req in guarded { () throws(Problem) in try renderPage("rules", rulesContext()) } }

        addPageRoutes()
        addPrototypeRoutes()
        addSessionRoutes()
        addLogRoutes()
        addShareRoutes()
        addInsightsRoutes()
    }

    /// Runs a handler body, turning a thrown ``Problem`` into its response.
    func guarded(_ body: () throws(Problem) -> HTTPResponse) -> HTTPResponse {
        do { return try body() } catch { return error.response }
    }

    /// Async variant of ``guarded(_:)``.
    func guardedAsync(_ body: () async throws(Problem) -> HTTPResponse) async -> HTTPResponse {
        do { return try await body() } catch { return error.response }
    }

    // MARK: Access

    /// Who the request comes from.
    func viewer(_ req: HTTPRequest) -> Viewer {
        if owner.isOwner(req) { return .owner }
        if let token = req.cookie(ModalLabApp.shareCookie) {
            // A cookie that names no working link counts as a failed guess, as on /s/ (SPEC §8).
            if let link = shares.resolve(token: token) {
                return .share(id: link.id, prototype: link.prototype, canComment: link.role == .comment)
            }
            shareFailures.fail(ModalLabApp.clientAddress(req))
        }
        return .anonymous
    }

    /// The client's address without its port ("203.0.113.7:51234" → "203.0.113.7").
    static func clientAddress(_ req: HTTPRequest) -> String {
        let a = req.remoteAddress
        if let colon = a.lastIndex(of: ":"), !a.hasSuffix("]") { return String(a[..<colon]) }
        return a
    }

    /// Throws 401 unless the owner asks.
    func requireOwner(_ req: HTTPRequest) throws(Problem) {
        guard owner.isOwner(req) else {
            throw Problem(
                .unauthorized, title: "Owner token required",
                detail:
                    "open the URL `modallab serve` printed (http://…/?token=…), or send Authorization: Bearer <token>",
                headers: ["WWW-Authenticate": "Bearer realm=\"modallab\""])
        }
    }

    /// The viewer, if it may see `prototype`; else 401/404 (a share link for another prototype
    /// learns nothing about this one).
    func requireViewer(_ req: HTTPRequest, prototype: String, known: Viewer? = nil) throws(Problem) -> Viewer {
        let v = known ?? viewer(req)
        if v == .anonymous { try requireOwner(req) }
        guard v.canView(prototype) else { throw Problem.notFound("no prototype \"\(prototype)\"") }
        return v
    }

    /// The engine options this server runs with (`--on-popover-conflict`).
    var engineOptions: EngineOptions { EngineOptions(popoverConflict: configuration.popoverConflict) }

    /// A device of the catalogue by id; a 400 naming `path`, with a suggestion, for any other.
    func device(_ id: String, path: String) throws(Problem) -> Device {
        if let d = DeviceCatalogue.device(id) { return d }
        throw Problem.badRequest(DeviceCatalogue.unknownDeviceMessage(id), path: path)
    }

    func sessionMetrics() -> String {
        "# HELP modallab_sessions Live viewing sessions.\n# TYPE modallab_sessions gauge\nmodallab_sessions \(sessions.count)\n"
            + "# HELP modallab_prototypes Prototypes loaded.\n# TYPE modallab_prototypes gauge\nmodallab_prototypes \(library.all.count)\n"
    }

    static func deviceJSON(_ d: Device) -> JSONValue {
        [
            "id": .string(d.id), "name": .string(d.name), "family": .string(d.family.rawValue),
            "width": .number(d.width), "height": .number(d.height),
            "safeArea": ["top": .number(d.safeTop), "bottom": .number(d.safeBottom)],
            "sizeClasses": [
                "portrait": ["horizontal": "compact", "vertical": "regular"],
                "landscape": [
                    "horizontal": .string(d.family == .iPad ? "regular" : d.landscapeHorizontal.rawValue),
                    "vertical": .string(d.family == .iPad ? "regular" : "compact"),
                ],
            ],
        ]
    }
}

/// Headers every response carries: no referrer (share tokens never leak, SPEC §8), no sniffing,
/// no framing by other sites.
struct SecurityHeaders: HTTPMiddleware {
    func didHandle(_ request: HTTPRequest, response: inout HTTPResponse, duration: Double) {
        // Added unless the handler chose its own (a lookup is cheaper than replacing).
        if !response.headers.contains("Referrer-Policy") {
            response.headers.add(name: "Referrer-Policy", value: "no-referrer")
        }
        if !response.headers.contains("X-Content-Type-Options") {
            response.headers.add(name: "X-Content-Type-Options", value: "nosniff")
        }
        if !response.headers.contains("X-Frame-Options") {
            response.headers.add(name: "X-Frame-Options", value: "SAMEORIGIN")
        }
    }
}
