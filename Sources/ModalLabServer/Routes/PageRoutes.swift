import Foundation
import HTTPServer
import JSON
import Mustache
import Presentation
import Prototype
import Sharing

/// The designer's and reviewers' pages: the gallery (`/`), a prototype's player (`/p/{id}`)
/// in the environment its address asks for, its review board (`/p/{id}/board`) and, for the
/// owner, its editor (`/p/{id}/edit`).
struct PageController: Sendable {
    let library: PrototypeLibrary
    /// A participant link's tasks, which its player plays.
    let shares: ShareStore
    let pages: PageRenderer
    /// Player pages drawn before (``PageCache``).
    let playerPages: PageCache

    /// Registers the gallery in its group and the prototype's pages in theirs.
    func addRoutes(to groups: RouteGroups) {
        // `?token=` is traded by the gallery group's middleware (TokenExchange).
        groups.gallery.get("/") { [self] req, _ in
            let locale = PageLocale(req)
            return try pages.render("gallery", GalleryView(library: library, locale.strings), locale: locale)
        }
        groups.prototypePages.get("/p/{id}") { [self] req, viewer in
            let loaded = try library.playable(req.parameters["id"] ?? "")
            // The owner's preview of an active link of this prototype: the page its viewers get
            // (`POST /api/sessions`'s `preview` keeps its session out of the log).
            var previewed: ShareLink?
            if viewer == .owner, let id = req.query("preview") {
                guard let l = shares.link(id: id), l.prototype == loaded.1.id, shares.isActive(id: id) else {
                    throw Problem.badRequest("no active share link \"\(id)\" of \"\(loaded.1.id)\"", path: "preview")
                }
                previewed = l
            }
            let seenAs = previewed.map { Viewer.share(id: $0.id, prototype: $0.prototype, role: $0.role) } ?? viewer
            // A participant link plays its tasks, one after the other.
            let link = seenAs.isParticipant ? seenAs.shareID.flatMap { shares.link(id: $0) } : nil
            let key = PageCache.Key(
                prototype: loaded.0.id, target: req.rawTarget, language: LanguageNegotiation.language(for: req),
                viewer: previewed.map { "preview " + $0.id } ?? Self.cacheViewer(viewer, tasks: link?.tasks))
            return try playerPages.page(key, of: loaded.0) { () throws(Problem) in
                try playerPage(loaded, req, viewer: seenAs, link: link, preview: previewed, owner: viewer == .owner)
            }
        }
        groups.prototypePages.get("/p/{id}/board") { [self] req, viewer in
            // The board shows every screen: a participant's tasks would be given away.
            if viewer.isParticipant { throw Problem.notFound("no board for a participant link") }
            let loaded = try library.playable(req.parameters["id"] ?? "")
            let locale = PageLocale(req)
            let env = try Self.environment(from: req, for: loaded.1)
            let compared = try Self.versions(req.query("versions"))
            return try pages.render(
                "board", BoardView(loaded.1, viewer: viewer, traits: env, versions: compared, locale.strings),
                locale: locale)
        }

        // The editor (issue 25): the owner's alone. A prototype whose file has errors opens too,
        // since the editor is where they are mended; its script reads and changes the document
        // through GET and PATCH /api/prototypes/{id} (docs/api.md, "Editing prototypes").
        groups.ownerPages.get("/p/{id}/edit") { [self] req, _ in
            let id = req.parameters["id"] ?? ""
            guard let loaded = library.get(id) else {
                throw Problem.notFound("no prototype \"\(id)\"" + Suggest.hint(id, in: library.all.map(\.id)))
            }
            let locale = PageLocale(req)
            return try pages.render("editor", EditorPageView(loaded, locale.strings), locale: locale)
        }
    }

    /// The player page of `loaded` as `req` asks for it, for `viewer`; `link` is a participant's
    /// share link, whose tasks the page plays one after the other.
    func playerPage(
        _ loaded: (LoadedPrototype, Prototype), _ req: HTTPRequest, viewer: Viewer, link: ShareLink?,
        preview: ShareLink? = nil, owner: Bool = false
    ) throws(Problem) -> HTTPResponse {
        let locale = PageLocale(req)
        var page = try Self.playerContext(loaded, req, viewer: viewer, locale: locale)
        // A preview says so; the owner's own player has the share links' dialog.
        if let preview {
            page.preview = (preview.id, preview.label ?? locale.strings[.shareNoLabel])
        } else if owner && !page.isEmbedded {
            page.shares = ShareManagerView(loaded.1, locale.strings)
        }
        if let link {
            let tasks = link.tasks.compactMap { loaded.1.task($0) }
            page.studyTasks = JSONWriter().string(
                .array(
                    tasks.map {
                        [
                            "id": .string($0.id), "prompt": .string($0.prompt),
                            "timeLimitSeconds": $0.timeLimitSeconds.map { .number($0) } ?? .null,
                        ]
                    }))
            if loaded.1.questions.any {
                page.studyQuestions = StudyQuestionsView(loaded.1.questions, strings: locale.strings)
            }
            // Asked for before the study starts, unless the address gave it (`?pid=`).
            page.asksPid = link.askPid && !(req.query("pid").map(SessionController.isParticipantID) ?? false)
        }
        return try pages.render("player", page, locale: locale)
    }

    /// Who reads a player page, as its cache key says (``PageCache/Key/viewer``): what the page
    /// differs by — the owner, a link's role, and a participant link's own tasks.
    static func cacheViewer(_ viewer: Viewer, tasks: [String]?) -> String {
        switch viewer {
        case .owner: return "owner"
        case .share(let id, _, let role):
            guard role == .participant else { return role.rawValue }
            // Task ids are ids of the prototype (no space): the list is read back unambiguously.
            return "participant " + id + " " + (tasks ?? []).joined(separator: " ")
        }
    }

    // MARK: Views

    /// The environment a page asks for: `?device=&orientation=&multitasking=&appearance=
    /// &contentSize=&layoutDirection=&window=&targetOS=` (``EnvironmentRequest/init(query:keys:)``),
    /// the prototype's defaults for the others (``EnvironmentRequest/resolved(for:)``).
    /// `window=800x600` is an iPad's resizable window of that size in points. Unknown values are
    /// 400s naming the parameter and listing the accepted values; so is a multitasking share
    /// iPadOS does not offer there, or a window that doesn't fit.
    static func environment(from req: HTTPRequest, for p: Prototype) throws(Problem) -> Environment {
        let asked = try Self.environmentRequest(req)
        do { return try asked.resolved(for: p) } catch { throw error.queryProblem }
    }

    /// What a page's query asks of the environment (``EnvironmentRequest/init(query:keys:)``);
    /// a 400 naming the parameter.
    static func environmentRequest(_ req: HTTPRequest) throws(Problem) -> EnvironmentRequest {
        do { return try EnvironmentRequest(query: { req.query($0) }) } catch { throw error.queryProblem }
    }

    /// An iOS version of a query (`26`, `26.1`): `nil` when absent; a 400 naming `path` when it
    /// is no major version from 7 to 99.
    static func version(_ text: String?, path: String) throws(Problem) -> Int? {
        guard let text else { return nil }
        guard let v = SystemVersion.parse(text) else {
            throw Problem.badRequest(
                "\(path) is an iOS version from 7 to 99, such as 26; not \(JSONWriter.quoted(text))", path: path)
        }
        return v
    }

    /// The iOS versions a board compares (`?versions=18,26`): `nil` when absent; a 400 for a
    /// list that names no version, a bad one, or more than four.
    static func versions(_ text: String?) throws(Problem) -> [Int]? {
        guard let text else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var out: [Int] = []
        for part in parts {
            guard let v = try Self.version(part, path: "versions") else { continue }
            if !out.contains(v) { out.append(v) }
        }
        guard !out.isEmpty, out.count <= 4 else {
            throw Problem.badRequest("versions lists one to four iOS versions, such as 18,26", path: "versions")
        }
        return out
    }

    /// The player page of `lp` in the environment the request asks for, in `locale`'s language.
    static func playerContext(
        _ lp: (LoadedPrototype, Prototype), _ req: HTTPRequest, viewer: Viewer, locale: PageLocale
    ) throws(Problem) -> PlayerPageView {
        let embedded = req.query("embed") == "1"
        let asked = try Self.environmentRequest(req)
        try DesignerOptions.check(viewer, embedded: embedded, targetOS: asked.targetOS, ownTargetOS: lp.1.targetOS) {
            $0
        }
        let env: Environment
        do { env = try asked.resolved(for: lp.1) } catch { throw error.queryProblem }
        return PlayerPageView(lp.0, lp.1, environment: env, viewer: viewer, embedded: embedded, strings: locale.strings)
    }
}

extension ModalLabApp {
    /// A file's path as a person reads it: relative to the working folder when inside it, with
    /// doubled slashes removed.
    static func displayPath(_ path: String) -> String {
        let clean = URL(fileURLWithPath: path).standardizedFileURL.path
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path + "/"
        return clean.hasPrefix(cwd) ? String(clean.dropFirst(cwd.count)) : clean
    }
}
