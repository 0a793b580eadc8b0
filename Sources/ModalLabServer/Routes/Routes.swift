import Foundation
import HTTPServer
import InteractionLog
import JSON
import Presentation
import Prototype
import Sharing

/// The route groups of the app, by who may use them (as Hummingbird's `RouterGroup`s): each
/// route is registered in the one that says who may reach it, and the group's middleware or
/// context refuses everyone else before the handler runs.
struct RouteGroups {
    /// Anyone (`/healthz`, `/public/*`, the catalogues): the router itself.
    let anyone: Router
    /// Pages for anyone (`/rules`, `/s/{token}`): errors are HTML error pages.
    let pages: RouterGroup<Void>
    /// `/` alone: `?token=` is traded for an owner session here and nowhere else; else owner-only.
    let gallery: RouterGroup<Void>
    /// The owner's API (`/api/prototypes`, `/api/logs…`, `/api/shares`, `/metrics`): 401
    /// problem for anyone else.
    let owner: RouterGroup<Void>
    /// The owner's pages (insights): 401 as an HTML page.
    let ownerPages: RouterGroup<Void>
    /// The owner or a working share link (sessions, comments, the stream): handlers get the
    /// ``Viewer``; 401 problem for anyone else. What the viewer may reach (its prototype, its
    /// sessions) each handler checks on the resource it names.
    let viewers: RouterGroup<Viewer>
    /// Pages of the prototype the path names (`/p/{id}`, `/p/{id}/board`): the viewer, who may see
    /// it (a share link for another prototype gets 404, learning nothing about this one).
    let prototypePages: RouterGroup<Viewer>
}

extension ModalLabApp {
    /// The routes of docs/api.md.
    func buildRoutes() {
        router.use(metrics)
        router.use(SecurityHeaders())
        router.use(origins)
        let access = access
        let pages = pages
        let errorPages = ErrorPages { problem, request in
            pages.errorPage(
                problem, prototype: request.parameters["id"], locale: PageLocale(request),
                reader: access.errorPageReader(request))
        }
        // `?lang=` on a page remembers the reader's language (a cookie), error pages included.
        let pageGroup = router.group(LanguageCookie(secure: secureCookies), errorPages)
        let groups = RouteGroups(
            anyone: router,
            pages: pageGroup,
            gallery: pageGroup.group(TokenExchange(access: owner, secure: secureCookies), RequireOwner(access: owner)),
            owner: router.group(RequireOwner(access: owner)),
            ownerPages: pageGroup.group(RequireOwner(access: owner)),
            viewers: router.group(ViewerCredentials(access: access)).group(context: { request, _ in
                try access.requireViewer(request)
            }),
            prototypePages: pageGroup.group(context: { request, _ in
                let viewer = try access.requireViewer(request)
                let id = request.parameters["id"] ?? ""
                guard viewer.canView(id) else { throw Problem.notFound("no prototype \"\(id)\"") }
                return viewer
            }))

        var files = StaticFiles(root: resourceRoot + "/Public", urlPrefix: "/public/")
        // Built into each file's cached header block: SecurityHeaders then finds them there and
        // copies no header block per request.
        files.headers = SecurityHeaders.everyResponse
        groups.anyone.get("/public/*", files.handler)
        // The same answer every time: built once, its bytes shared by every response, with the
        // security headers already in (so SecurityHeaders copies nothing).
        var healthy = HTTPResponse.json(["status": "ok"])
        healthy.headers.addMissing(SecurityHeaders.everyResponse)
        groups.anyone.get("/healthz") { [healthy] _ in healthy }
        groups.anyone.get("/schema/prototype.json") { [self] _ in
            guard let data = FileManager.default.contents(atPath: resourceRoot + "/Schema/prototype.schema.json") else {
                return Problem.notFound("the schema file Schema/prototype.schema.json is missing").response
            }
            var r = HTTPResponse(status: .ok, body: .bytes([UInt8](data)))
            r.headers["Content-Type"] = "application/schema+json"
            return r
        }
        // What each member of the format does, from docs/format.md (FormatDocLines): the editor's
        // doc lines. Installed with the resources (Scripts/install); 404 where it isn't.
        groups.anyone.get("/schema/format-docs.json") { [self] _ in
            guard let data = FileManager.default.contents(atPath: resourceRoot + "/docs/format.md") else {
                return Problem.notFound("docs/format.md is not installed beside the resources").response
            }
            return HTTPResponse.json(FormatDocLines.json(String(decoding: data, as: UTF8.self)))
        }
        groups.anyone.get("/api/devices") { _ in
            HTTPResponse.json(.array(DeviceCatalogue.all.map(ModalLabApp.deviceJSON)))
        }
        groups.anyone.get("/api/rules") { req in
            HTTPResponse.json(RuleCatalogue.json(language: req.messageLanguage))
        }
        groups.pages.get("/rules") { req, _ in
            let locale = PageLocale(req)
            return try pages.render("rules", RulesView(locale.strings), locale: locale)
        }
        groups.owner.get("/metrics") { [self] _, _ in
            var r = HTTPResponse.text(metrics.prometheusText() + sessionMetrics())
            r.headers["Content-Type"] = "text/plain; version=0.0.4; charset=utf-8"
            return r
        }

        PageController(library: library, shares: shares, pages: pages, playerPages: playerPages).addRoutes(to: groups)
        PrototypeController(
            library: library, reloads: reloads, shares: shares, maxPrototypeBytes: configuration.maxPrototypeBytes,
            limits: configuration.limits, editing: editing, history: history, versions: versions, assets: assets
        ).addRoutes(to: groups)
        AssetController(library: library, assets: assets, editing: editing, access: access).addRoutes(to: groups)
        SessionController(
            sessions: sessions, library: library, shares: shares, log: log, versions: versions, engines: engines,
            engineOptions: engineOptions, audience: audience, ender: ender, watchers: watchers,
            eventBudget: eventBudget, propsKeys: propsKeys, pages: pages, limits: configuration.limits,
            taskOrdering: taskOrdering, participantAddresses: participantAddresses
        ).addRoutes(to: groups)
        LogController(log: log, summaries: summaries, library: library).addRoutes(to: groups)
        ShareController(
            access: access, library: library, log: log, sessions: sessions, ender: ender, reloads: reloads,
            watchers: watchers, eventBudget: eventBudget, pages: pages,
            origin: configuration.origins.first.flatMap(CrossOriginProtection.normalized),
            boundHost: reachableHost
        ).addRoutes(to: groups)
        CommentController(comments: comments, library: library, shares: shares, log: log, eventBudget: eventBudget)
            .addRoutes(to: groups)
        InsightsController(
            access: access, library: library, log: log, summaries: summaries, sessions: sessions, pages: pages
        ).addRoutes(to: groups)
        StudyController(
            access: access, log: log, library: library, sessions: sessions, restorer: restorer, audience: audience,
            watchers: watchers,
            engines: engines, engineOptions: engineOptions, pages: pages, limits: configuration.limits
        ).addRoutes(to: groups)
    }

    // MARK: What the controllers hold

    /// Who a request comes from (the route groups' contexts, the report's audience).
    var access: ViewerAccess { ViewerAccess(owner: owner, shares: shares, failures: shareFailures) }

    /// The pages, partials and device frames, rendered.
    var pages: PageRenderer { PageRenderer(templates: templates, frames: frames, library: library) }

    /// Ends sessions, logging their `session_end`.
    var ender: SessionEnder { SessionEnder(log: log, watchers: watchers) }

    /// Finds the session a request names, if its credentials may have it, before any work.
    var audience: SessionAccess {
        SessionAccess(
            sessions: sessions, log: log, restorer: restorer, access: access, misses: sessionMisses,
            rebuilds: rebuilds)
    }

    /// Replays sessions from the log and rebuilds those this server doesn't hold.
    var restorer: SessionRestorer {
        SessionRestorer(
            log: log, versions: versions, engines: engines, engineOptions: engineOptions, sessions: sessions)
    }

    /// Whether cookies are `Secure`: browsers reach the server over HTTPS (an `https://` `--origin`).
    var secureCookies: Bool { configuration.origins.contains { $0.lowercased().hasPrefix("https://") } }

    /// The engine options this server runs with (`--on-popover-conflict`).
    var engineOptions: EngineOptions { EngineOptions(popoverConflict: configuration.popoverConflict) }

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

/// Headers every response carries: no referrer (share tokens never leak, docs/security.md, “Share links”), no sniffing,
/// no framing by other sites; and on HTML pages a Content-Security-Policy (``contentSecurityPolicy``).
struct SecurityHeaders: HTTPMiddleware {
    /// Pages run only the product's own scripts (`Public/*.js`, as modules) and stylesheets:
    /// no inline `<script>`, no `<style>` elements, no event-handler attributes, no `eval`, no
    /// plug-ins; they connect only to this server (fetch, EventSource); only pages of this
    /// origin may frame them (the board embeds players in iframes). Images may be `data:` URIs.
    ///
    /// Inline `style="…"` *attributes* are allowed: the templates carry the device frame's
    /// geometry in them (`Templates/pages/partials/device.mustache`, `layer.mustache`), and the
    /// player inserts server-rendered frames as HTML. `style-src-attr 'unsafe-inline'` allows
    /// just those (CSP Level 3); `style-src-elem 'self'` still refuses `<style>` elements; browsers
    /// without the Level 3 directives fall back to `style-src`, which must then allow both.
    /// Moving the geometry into CSS custom properties set from the stylesheet (or from script
    /// through CSSOM, which CSP does not restrict) would let `'unsafe-inline'` go.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; style-src-elem 'self'; "
        + "style-src-attr 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'self'"

    /// The fields every response carries, built once (each is added unless the handler chose its own).
    static let everyResponse: HTTPHeaders = [
        "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff", "X-Frame-Options": "SAMEORIGIN",
    ]
    /// The field HTML pages carry too.
    static let htmlPages: HTTPHeaders = ["Content-Security-Policy": contentSecurityPolicy]

    func didHandle(_ request: HTTPRequest, response: inout HTTPResponse, duration: Double) {
        response.headers.addMissing(Self.everyResponse)
        if response.headers.value(of: "Content-Type", hasPrefix: "text/html") {
            response.headers.addMissing(Self.htmlPages)
        }
    }
}

/// Renders errors as HTML error pages for a group of pages (browsers show the page, not a
/// problem document); the page keeps the problem's status and header fields.
struct ErrorPages: HTTPMiddleware {
    let render: @Sendable (Problem, HTTPRequest) -> HTTPResponse

    func response(for error: any Error, to request: HTTPRequest) -> HTTPResponse? {
        guard let problem = error as? Problem else { return nil }
        return render(problem, request)
    }
}
