import Foundation
import HTTPServer
import JSON
import Mustache
import Presentation
import Prototype

/// Renders the app's pages, partials and device frames from its template library
/// (`Templates/pages`), in a reader's language: what every controller that answers with HTML,
/// or with a frame inside JSON, holds instead of the app.
struct PageRenderer: Sendable {
    /// Page templates.
    let templates: MustacheLibrary
    /// Device frames drawn before, by what they draw.
    let frames: FrameCache
    /// The prototypes, for the page of one whose file is broken (``errorPage(_:prototype:locale:)``).
    let library: PrototypeLibrary

    /// Renders a page template in `locale`'s language (`Content-Language` says which); HTML
    /// responses are never cached (they carry live state and follow the reader's language).
    /// - Throws: ``Problem`` 500 when the template can't be rendered.
    func render(
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

    /// A partial rendered on its own (a fragment the player inserts: diagnostics, a refusal), in
    /// `locale`'s language.
    /// - Throws: ``Problem`` 500 when the template can't be rendered.
    func fragment(_ name: String, _ view: some MustacheContext, locale: PageLocale) throws(Problem) -> String {
        do {
            return try templates.render(name, LocalizedPage(locale: locale, view: view))
        } catch {
            throw Problem(.internalServerError, title: "Template error", detail: "\(error)")
        }
    }

    /// An error as an HTML page (for browsers) with the problem's status, in `locale`'s
    /// language; for a prototype's page (`prototype` set) it reloads itself when the prototype's
    /// file changes, so fixing the file brings the player back.
    /// `reader` says who reads it (``ErrorPageReader``): a share link's holder gets no link to
    /// the gallery, which only the owner can open, and the holder of a link that no longer works
    /// a neutral page that says so.
    func errorPage(
        _ p: Problem, prototype: String? = nil, locale: PageLocale, reader: ErrorPageReader = .anyone
    ) -> HTTPResponse {
        // A prototype whose file has errors (``PrototypeLibrary/playable(_:)``'s 409) gets a page of its own.
        let broken = p.status == .conflict ? prototype.flatMap { library.get($0) } : nil
        var context =
            if reader == .endedLink {
                ErrorPageView(linkEnded: p.status, strings: locale.strings)
            } else if case .shareHolder = reader, p.status == .unauthorized, p.title == Problem.ownerRequired.title {
                // An owner's page (the gallery, the insights): the owner's instructions are not
                // the holder's, who is shown back to their prototype instead (a wrong `?token=`
                // keeps its own page: whoever typed it is signing in).
                ErrorPageView(ownersPage: p.status, strings: locale.strings)
            } else if let broken, broken.prototype == nil {
                ErrorPageView(broken: broken, strings: locale.strings)
            } else {
                ErrorPageView(p, prototype: prototype, strings: locale.strings)
            }
        context.showsGallery = reader == .anyone || reader == .owner
        if case .shareHolder(let opens) = reader { context.sharedLink = opens }
        var r = (try? render("error", context, locale: locale, status: p.status)) ?? p.response
        for (n, v) in p.headers { r.headers.add(name: n, value: v) }
        return r
    }

    /// The device frame of `state`, as a JSON string literal, from the frame cache when this
    /// state was drawn before (a live answer, a replay's step, a watcher's frame).
    /// - Throws: ``Problem`` 500 when the template can't be rendered.
    func deviceFrame(_ p: Prototype, _ state: PresentationState) throws(Problem) -> [UInt8] {
        do {
            return try frames.quotedHTML(FrameKey(p, state)) {
                try templates.render("partials/device", PlayerView(prototype: p, state: state).frame())
            }
        } catch {
            throw Problem(.internalServerError, title: "Template error", detail: "\(error)")
        }
    }

    /// A JSON object response ending in `"html"`: the device frame of `state`
    /// (``deviceFrame(_:_:)``). `members` writes the opening brace and the members before it,
    /// each followed by a comma.
    /// - Throws: ``Problem`` 500 when the template can't be rendered.
    func frameResponse(
        prototype p: Prototype, state: PresentationState, status: HTTPStatus = .ok, headers: HTTPHeaders = [:],
        members: (inout [UInt8]) -> Void
    ) throws(Problem) -> HTTPResponse {
        let html = try deviceFrame(p, state)
        var body: [UInt8] = []
        body.reserveCapacity(html.count + 1024)
        members(&body)
        body.append(contentsOf: #""html":"#.utf8)
        body.append(contentsOf: html)
        body.append(UInt8(ascii: "}"))
        // The usual answer (an action's, a state's) adds no headers of its own: its fields are
        // built once, not sanitised again on every answer (~1,600 instructions each).
        if headers.isEmpty { return HTTPResponse(status: status, headers: Self.frameHeaders, body: .bytes(body)) }
        var h = headers
        h.addMissing(Self.frameHeaders)
        return HTTPResponse(status: status, headers: h, body: .bytes(body))
    }

    /// The header fields ``frameResponse(prototype:state:status:headers:members:)`` adds: JSON,
    /// never stored; then the fields every response carries (``SecurityHeaders/everyResponse``),
    /// at the end where that middleware finds them in one comparison, so an answer's fields are
    /// not copied to append them (~1,000 instructions an action; callgrind).
    static let frameHeaders: HTTPHeaders = {
        var fields: HTTPHeaders = ["Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store"]
        fields.addMissing(SecurityHeaders.everyResponse)
        return fields
    }()
}

extension PrototypeLibrary {
    /// The prototype `id`, if it exists and has no errors (else 404, or 409 naming the errors:
    /// the detail in English, and in Simplified Chinese for an error page in that language,
    /// with the first error's message linted in it).
    func playable(_ id: String) throws(Problem) -> (LoadedPrototype, Prototype) {
        guard let loaded = get(id) else {
            throw Problem.notFound("no prototype \"\(id)\"" + Suggest.hint(id, in: all.map(\.id)))
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
}
