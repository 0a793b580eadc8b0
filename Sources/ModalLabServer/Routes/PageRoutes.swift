import Foundation
import HTTPServer
import JSON
import Mustache
import Presentation
import Prototype
import Sharing

extension ModalLabApp {
    func addPageRoutes(_ groups: RouteGroups) {
        // `?token=` is traded by the gallery group's middleware (TokenExchange).
        groups.gallery.get("/") { [self] req, _ in
            let locale = PageLocale(req)
            return try renderPage("gallery", GalleryView(library: library, locale.strings), locale: locale)
        }
        groups.prototypePages.get("/p/{id}") { [self] req, viewer in
            let loaded = try playable(req.parameters["id"] ?? "")
            let locale = PageLocale(req)
            var page = try playerContext(loaded, req, viewer: viewer, locale: locale)
            // A participant link plays its tasks, one after the other.
            if viewer.isParticipant, let share = viewer.shareID, let link = shares.link(id: share) {
                let tasks = link.tasks.compactMap { loaded.1.task($0) }
                page.studyTasks = JSONWriter().string(
                    .array(
                        tasks.map {
                            [
                                "id": .string($0.id), "prompt": .string($0.prompt),
                                "timeLimitSeconds": $0.timeLimitSeconds.map { .number($0) } ?? .null,
                            ]
                        }))
            }
            return try renderPage("player", page, locale: locale)
        }
        groups.prototypePages.get("/p/{id}/board") { [self] req, viewer in
            // The board shows every screen: a participant's tasks would be given away.
            if viewer.isParticipant { throw Problem.notFound("no board for a participant link") }
            let loaded = try playable(req.parameters["id"] ?? "")
            let locale = PageLocale(req)
            let env = try environment(from: req, for: loaded.1)
            let compared = try versions(req.query("versions"))
            return try renderPage(
                "board", BoardView(loaded.1, viewer: viewer, traits: env, versions: compared, locale.strings),
                locale: locale)
        }
    }

    /// The prototype, if it exists and has no errors (else 404, or 409 naming the errors: the
    /// detail in English, and in Simplified Chinese for an error page in that language, with the
    /// first error's message linted in it).
    func playable(_ id: String) throws(Problem) -> (LoadedPrototype, Prototype) {
        guard let loaded = library.get(id) else {
            throw Problem.notFound("no prototype \"\(id)\"" + Suggest.hint(id, in: library.all.map(\.id)))
        }
        guard let p = loaded.prototype else {
            let file = ModalLabApp.displayPath(loaded.file)
            func first(_ language: Language) -> String {
                loaded.diagnostics(in: language).first { $0.severity == .error }?.description ?? ""
            }
            let n = loaded.errorCount
            var problem = Problem(
                .conflict, title: "Prototype has errors",
                detail: "\(file) has \(n == 1 ? "an error" : "\(n) errors"); the first: \(first(.en))")
            problem.localizedDetail = LocalizedText(
                problem.detail ?? "", "\(file) 有 \(n) 个错误；第一个：\(first(.zhHans))")
            throw problem
        }
        return (loaded, p)
    }

    /// Renders a page template in `locale`'s language (`Content-Language` says which); HTML
    /// responses are never cached (they carry live state and follow the reader's language).
    func renderPage(
        _ name: String, _ context: some MustacheContext, locale: PageLocale, status: HTTPStatus = .ok
    ) throws(Problem) -> HTTPResponse {
        do {
            var body: [UInt8] = []
            body.reserveCapacity(32 << 10)
            try templates.render(name, LocalizedPage(locale: locale, view: context), appendingTo: &body)
            var h: HTTPHeaders = [:]
            h["Content-Type"] = "text/html; charset=utf-8"
            h["Content-Language"] = locale.strings.htmlLang
            h["Cache-Control"] = "no-store"
            return HTTPResponse(status: status, headers: h, body: .bytes(body))
        } catch {
            throw Problem(.internalServerError, title: "Template error", detail: "\(error)")
        }
    }

    /// An error as an HTML page (for browsers) with the problem's status, in `locale`'s
    /// language; for a prototype's page (`prototype` set) it reloads itself when the prototype's
    /// file changes, so fixing the file brings the player back.
    func errorPage(_ p: Problem, prototype: String? = nil, locale: PageLocale) -> HTTPResponse {
        // A prototype whose file has errors (``playable(_:)``'s 409) gets a page of its own.
        let broken = p.status == .conflict ? prototype.flatMap { library.get($0) } : nil
        let context =
            if let broken, broken.prototype == nil {
                ErrorPageView(broken: broken, strings: locale.strings)
            } else {
                ErrorPageView(p, prototype: prototype, strings: locale.strings)
            }
        var r = (try? renderPage("error", context, locale: locale, status: p.status)) ?? p.response
        for (n, v) in p.headers { r.headers.add(name: n, value: v) }
        return r
    }

    // MARK: Views

    /// The environment a page asks for: `?device=&orientation=&multitasking=&appearance=
    /// &contentSize=&layoutDirection=&window=&targetOS=` (``EnvironmentRequest/init(query:keys:)``),
    /// the prototype's defaults for the others (``EnvironmentRequest/resolved(for:)``).
    /// `window=800x600` is an iPad's resizable window of that size in points. Unknown values are
    /// 400s naming the parameter and listing the accepted values; so is a multitasking share
    /// iPadOS does not offer there, or a window that doesn't fit.
    func environment(from req: HTTPRequest, for p: Prototype) throws(Problem) -> Environment {
        let asked = try environmentRequest(req)
        do { return try asked.resolved(for: p) } catch { throw error.queryProblem }
    }

    /// What a page's query asks of the environment (``EnvironmentRequest/init(query:keys:)``);
    /// a 400 naming the parameter.
    func environmentRequest(_ req: HTTPRequest) throws(Problem) -> EnvironmentRequest {
        do { return try EnvironmentRequest(query: { req.query($0) }) } catch { throw error.queryProblem }
    }

    /// An iOS version of a query (`26`, `26.1`): `nil` when absent; a 400 naming `path` when it
    /// is no major version from 7 to 99.
    func version(_ text: String?, path: String) throws(Problem) -> Int? {
        guard let text else { return nil }
        guard let v = SystemVersion.parse(text) else {
            throw Problem.badRequest(
                "\(path) is an iOS version from 7 to 99, such as 26; not \(JSONWriter.quoted(text))", path: path)
        }
        return v
    }

    /// The iOS versions a board compares (`?versions=18,26`): `nil` when absent; a 400 for a
    /// list that names no version, a bad one, or more than four.
    func versions(_ text: String?) throws(Problem) -> [Int]? {
        guard let text else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var out: [Int] = []
        for part in parts {
            guard let v = try version(part, path: "versions") else { continue }
            if !out.contains(v) { out.append(v) }
        }
        guard !out.isEmpty, out.count <= 4 else {
            throw Problem.badRequest("versions lists one to four iOS versions, such as 18,26", path: "versions")
        }
        return out
    }

    /// The player page of `lp` in the environment the request asks for, in `locale`'s language.
    func playerContext(
        _ lp: (LoadedPrototype, Prototype), _ req: HTTPRequest, viewer: Viewer, locale: PageLocale
    ) throws(Problem) -> PlayerPageView {
        let embedded = req.query("embed") == "1"
        let asked = try environmentRequest(req)
        try DesignerOptions.check(viewer, embedded: embedded, targetOS: asked.targetOS, ownTargetOS: lp.1.targetOS) {
            $0
        }
        let env: Environment
        do { env = try asked.resolved(for: lp.1) } catch { throw error.queryProblem }
        return PlayerPageView(lp.0, lp.1, environment: env, viewer: viewer, embedded: embedded, strings: locale.strings)
    }

    /// A file's path as a person reads it: relative to the working folder when inside it, with
    /// doubled slashes removed.
    static func displayPath(_ path: String) -> String {
        let clean = URL(fileURLWithPath: path).standardizedFileURL.path
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path + "/"
        return clean.hasPrefix(cwd) ? String(clean.dropFirst(cwd.count)) : clean
    }
}
