import EventSchema
import Foundation
import HTTPServer
import InteractionLog
import JSON
import Prototype
import Sharing

/// Comments pinned by reviewers (docs/api.md, “Share links and comments”): added by the owner and
/// `comment` links, listed for a prototype's viewers but participants.
struct CommentController: Sendable {
    let comments: CommentStore
    let library: PrototypeLibrary
    /// The share links, which an owner's preview names.
    let shares: ShareStore
    let log: LogStore
    let eventBudget: EventBudget

    /// Most members a comment's `environment` may have, and the longest name and text value.
    static let commentEnvironmentLimits = (members: 16, name: 32, value: 64)

    /// Registers the routes in the viewers' group.
    func addRoutes(to groups: RouteGroups) {
        groups.viewers.post("/api/comments") { [self] req, viewer in try await addComment(req, viewer) }
        groups.viewers.get("/api/comments") { [self] req, viewer in
            guard let p = req.query("prototype") else {
                throw Problem.badRequest("name the prototype: ?prototype=<id>", path: "prototype")
            }
            // A participant sees the app as its people would: no reviewers' comments.
            guard viewer.canView(p), !viewer.isParticipant else { throw Problem.notFound("no prototype \"\(p)\"") }
            let prototype = library.get(p)?.prototype
            return .json(
                .array(
                    comments.list(prototype: p).map { c in
                        var o = c.json.objectValue ?? JSONObject()
                        o["place"] = CommentController.place(of: c, in: prototype)
                        return .object(o)
                    }))
        }
    }

    /// `POST /api/comments` by a comment-role share or the owner → 201 with the comment:
    /// `{prototype, x, y, text, screen?, modal?, device?, orientation?, environment?, anchor?}`,
    /// where `x`, `y` are points from the device frame's top-left, `environment` what else the
    /// session's state says of where it runs (`{"multitasking": "full", …}`: at most 16 members
    /// named in ASCII letters and digits, each a string of at most 64 characters, a number or a
    /// boolean), and `anchor` `{element, kind: control|modal|screen, dx, dy}` the element it was
    /// dropped on — one of the prototype's ids of that kind — with the point as fractions of
    /// its box (0…1). 400 naming the JSON path of anything else.
    ///
    /// `preview` (the owner's only: the id of an active `comment` link of the prototype) is the
    /// owner trying the link in its preview (`/p/{id}?preview=`): the comment is checked as the
    /// link's would be and answered `200` with `"preview": true`, but neither stored nor logged,
    /// so a preview never adds a comment. A preview of a link that can't comment gets the `403`
    /// that link would get.
    func addComment(_ req: HTTPRequest, _ viewer: Viewer) async throws(Problem) -> HTTPResponse {
        let body = try RequestBody.json(req)
        var c: Comment
        let anchorReader: JSONReader?
        var previewID: String?
        do throws(JSONShapeError) {
            let o = try body.object()
            let text = try o.required("text", "the comment").string()
            // Counted in UTF-16 code units, as the page's text area counts its `maxlength` (HTML's
            // "length" of a value): a count of characters as drawn took one letter with half a
            // million combining marks on it as one.
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                text.utf16.count <= CommentStore.maxLength
            else {
                throw JSONShapeError(
                    path: body.path.appending("text"),
                    message:
                        "expected 1 to \(CommentStore.maxLength) characters (UTF-16 code units), found \(text.utf16.count)"
                )
            }
            // A point of the device frame, as client events' are (``PendingEvent/maxClientCoordinate``).
            func point(_ name: String, _ expected: String) throws(JSONShapeError) -> Double {
                let r = try o.required(name, expected)
                let v = try r.number()
                guard abs(v) <= PendingEvent.maxClientCoordinate else {
                    throw r.fail("expected points within ±\(Int(PendingEvent.maxClientCoordinate)), found \(v)")
                }
                return v
            }
            c = Comment(
                id: RandomID.make(bytes: 9), prototype: try o.required("prototype", "a prototype id").string(),
                share: nil,
                screen: try o.optional("screen")?.string(), modal: try o.optional("modal")?.string(),
                x: try point("x", "points from the frame's left"),
                y: try point("y", "points from the frame's top"), text: text,
                device: try o.optional("device")?.string(),
                orientation: try o.optional("orientation")?.enum(Orientation.self).rawValue,
                environment: try o.optional("environment").map(CommentController.commentEnvironment) ?? JSONObject(),
                createdAt: Date())
            anchorReader = o.optional("anchor")
            c.anchor = try anchorReader.map(CommentController.commentAnchor)
            previewID = try o.optional("preview")?.string()
            try o.finish()
        } catch {
            throw error.problem
        }
        guard viewer.canView(c.prototype) else { throw Problem.notFound("no prototype \"\(c.prototype)\"") }
        // The owner's preview of one of the prototype's links comments as the link would, unsaved.
        var isPreview = false
        if let previewID {
            guard viewer == .owner else {
                throw Problem.badRequest(
                    "\"preview\" is the owner's, to try a share link without saving", path: "$.preview")
            }
            guard let link = shares.link(id: previewID), link.prototype == c.prototype, shares.isActive(id: previewID)
            else {
                throw Problem.badRequest(
                    "no active share link \"\(previewID)\" of \"\(c.prototype)\"", path: "$.preview")
            }
            guard link.role == .comment else { throw Self.notACommentLink }
            c.share = link.id
            isPreview = true
        }
        if let id = viewer.shareID {
            guard viewer.canComment else { throw Self.notACommentLink }
            c.share = id
        }
        guard let loaded = library.get(c.prototype) else { throw Problem.notFound("no prototype \"\(c.prototype)\"") }
        if let d = c.device, DeviceCatalogue.device(d) == nil {
            throw Problem.badRequest(DeviceCatalogue.unknownDeviceMessage(d), path: "$.device")
        }
        if let anchor = c.anchor, let p = loaded.prototype {
            try CommentController.check(anchor, in: p, path: (anchorReader?.path ?? .root).appending("element"))
        }
        // The screen and modal it was dropped on are the prototype's, as a client event's are.
        if let p = loaded.prototype {
            // An id as the message quotes it: its first 64 characters.
            func quoted(_ id: String) -> String { JSONWriter.quoted(id.count > 64 ? String(id.prefix(64)) + "…" : id) }
            if let screen = c.screen, p.screen(screen) == nil {
                let ids = p.screens.map(\.id) + p.modals.flatMap { $0.screens.map(\.id) }
                throw Problem.badRequest(
                    "\(quoted(screen)) names no screen of prototype \"\(p.id)\""
                        + Suggest.hint(screen, in: ids.sorted()), path: "$.screen")
            }
            if let modal = c.modal, p.modal(modal) == nil {
                throw Problem.badRequest(
                    "\(quoted(modal)) names no modal of prototype \"\(p.id)\""
                        + Suggest.hint(modal, in: p.modals.map(\.id).sorted()), path: "$.modal")
            }
        }
        if isPreview {
            var o = c.json.objectValue ?? JSONObject()
            o["place"] = CommentController.place(of: c, in: loaded.prototype)
            o["preview"] = true
            return .json(.object(o))
        }
        try eventBudget.charge(viewer, address: req.remoteHost, count: 1)
        do { try comments.add(c) } catch {
            throw Problem(.serviceUnavailable, title: "Could not save the comment", detail: "\(error)")
        }
        var props: JSONObject = ["comment": .string(c.id), "length": .int(c.text.count)]
        if let a = c.anchor { props["anchor_kind"] = .string(a.kind.rawValue) }
        let event = PendingEvent(
            EventFields(
                type: .comment, prototype: c.prototype, share: c.share, device: c.device, orientation: c.orientation,
                screen: c.screen, modal: c.modal, target: c.anchor?.element, x: c.x, y: c.y, props: props))
        do {
            _ = try await log.append([event])
        } catch {
            throw Problem.logUnavailable("the comment was saved but its log event was not", error)
        }
        var o = c.json.objectValue ?? JSONObject()
        o["place"] = CommentController.place(of: c, in: loaded.prototype)
        return .json(.object(o), status: .created)
    }

    /// The answer to a link (or its preview) that can't pin comments: a `view`, `participant` or
    /// `report` link (only a `comment` link and the owner pin comments).
    static let notACommentLink = Problem(
        .forbidden, title: "Not a comment link",
        detail: "this share link can't pin comments: comments come through a comment link, or from the owner")

    /// The longest id a comment's anchor names, in UTF-16 code units: room for any element id
    /// of the format (docs/format.md, "Limits"), which a longer one can't be.
    static let maxElementLength = 200

    /// A comment's `anchor` member: `{element, kind, dx, dy}`, fractions in 0…1.
    static func commentAnchor(_ r: JSONReader) throws(JSONShapeError) -> CommentAnchor {
        let o = try r.object()
        let element = try o.required("element", "the id of the element the comment is on").string()
        guard (1...maxElementLength).contains(element.utf16.count) else {
            throw JSONShapeError(
                path: r.path.appending("element"), message: "expected an id of 1 to \(maxElementLength) characters")
        }
        let kind = try o.required("kind", "control, modal or screen").enum(CommentAnchor.Kind.self)
        func fraction(_ key: String, _ edge: String) throws(JSONShapeError) -> Double {
            let f = try o.required(key, "a fraction of the element's \(edge) (0 to 1)")
            let v = try f.number()
            guard v >= 0, v <= 1 else {
                throw f.fail(
                    "expected a fraction of the element's \(edge), 0 to 1; found \(JSONReader.describe(f.value))")
            }
            return v
        }
        let anchor = CommentAnchor(
            element: element, kind: kind, dx: try fraction("dx", "width"), dy: try fraction("dy", "height"))
        try o.finish()
        return anchor
    }

    /// A comment's `environment` member, within ``commentEnvironmentLimits``.
    static func commentEnvironment(_ r: JSONReader) throws(JSONShapeError) -> JSONObject {
        let o = try r.object()
        let limits = commentEnvironmentLimits
        guard o.object.count <= limits.members else {
            throw r.fail("expected at most \(limits.members) members; found \(o.object.count)")
        }
        var out = JSONObject()
        for (name, value) in o.object {
            let path = r.path.appending(name)
            let isName =
                (1...limits.name).contains(name.unicodeScalars.count)
                && name.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
                }
                && name.unicodeScalars.first.map { $0.properties.isAlphabetic } == true
            guard isName else {
                throw JSONShapeError(
                    path: path,
                    message: "expected a name of 1 to \(limits.name) ASCII letters and digits, a letter first")
            }
            switch value {
            case .string(let s) where s.count <= limits.value: break
            case .number, .bool: break
            default:
                throw JSONShapeError(
                    path: path,
                    message:
                        "expected a string of at most \(limits.value) characters, a number or a boolean; found \(JSONReader.describe(value))"
                )
            }
            out[name] = value
        }
        return out
    }

    /// Throws unless `anchor` names an element of its kind in `p`, with the nearest id as a hint.
    static func check(_ anchor: CommentAnchor, in p: Prototype, path: JSONPath) throws(Problem) {
        let ids: [String]
        switch anchor.kind {
        case .control:
            if p.control(anchor.element) != nil { return }
            ids = p.controlIDs
        case .modal:
            if p.modal(anchor.element) != nil { return }
            ids = p.modals.map(\.id)
        case .screen:
            if p.screen(anchor.element) != nil { return }
            ids = p.screens.map(\.id) + p.modals.flatMap { [$0.id] + $0.screens.map(\.id) }
        }
        throw Problem.badRequest(
            "\(JSONWriter.quoted(anchor.element)) names no \(anchor.kind.rawValue) of prototype \"\(p.id)\""
                + Suggest.hint(anchor.element, in: ids.sorted()),
            path: path.description)
    }

    /// Where a comment belongs, in the prototype's own words (never translated): `{"element",
    /// "in"}` — the control's name and the title of the screen or modal it is in ("Delete All",
    /// "Inbox"), `element` null for a comment on a modal or screen itself; ids where the
    /// prototype no longer has the element, nulls where nothing is known.
    static func place(of c: Comment, in p: Prototype?) -> JSONValue {
        func container(screen: String?, modal: String?) -> String? {
            if let s = screen, let title = p?.screen(s)?.title { return title }
            if let m = modal { return p?.modal(m)?.title ?? m }
            return screen
        }
        guard let a = c.anchor else {
            return [
                "element": .null, "in": .string(container(screen: c.modal == nil ? c.screen : nil, modal: c.modal)),
            ]
        }
        switch a.kind {
        case .control:
            guard let loc = p?.control(a.element) else {
                return ["element": .string(a.element), "in": .string(container(screen: c.screen, modal: c.modal))]
            }
            return [
                "element": .string(loc.control.displayName),
                "in": .string(container(screen: loc.screen, modal: loc.modal)),
            ]
        case .modal:
            return ["element": .null, "in": .string(container(screen: nil, modal: a.element))]
        case .screen:
            return ["element": .null, "in": .string(container(screen: a.element, modal: nil))]
        }
    }
}
