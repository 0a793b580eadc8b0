import JSON

extension Prototype {
    /// Fills the id lookups. Called by the decoder; call again after editing a prototype in code.
    public mutating func buildIndexes() {
        // Sized for their entries up front (a 1,000-modal prototype would rehash each a dozen
        // times), and the modals read in place, not copied one by one.
        modalIndex = Dictionary(minimumCapacity: modals.count)
        screenIndex = Dictionary(minimumCapacity: screens.count + modals.count)
        controlIndex = [:]
        for i in modals.indices where modalIndex[modals[i].id] == nil { modalIndex[modals[i].id] = i }
        for (i, s) in screens.enumerated() where screenIndex[s.id] == nil {
            screenIndex[s.id] = ScreenLocation(owner: nil, index: i)
        }
        for k in modals.indices where modals[k].style.isCustom {
            let id = modals[k].id
            if screenIndex[id] == nil { screenIndex[id] = ScreenLocation(owner: id, index: -1) }
            for (i, s) in modals[k].screens.enumerated() where screenIndex[s.id] == nil {
                screenIndex[s.id] = ScreenLocation(owner: id, index: i)
            }
        }
        func add(_ s: Screen, modal: String?) {
            for (placement, controls) in s.placedControls {
                for c in controls {
                    if controlIndex[c.id] == nil {
                        controlIndex[c.id] = ControlLocation(
                            control: c, screen: s.id, modal: modal, placement: placement, list: nil)
                    }
                    for item in c.items where controlIndex[item.id] == nil {
                        var b = Control(
                            kind: .button, id: item.id, title: item.title, systemImage: item.systemImage,
                            action: item.action, label: item.subtitle)
                        b.contextMenu = item.contextMenu
                        controlIndex[item.id] = ControlLocation(
                            control: b, screen: s.id, modal: modal, placement: placement, list: c.id)
                    }
                }
            }
        }
        for s in screens { add(s, modal: nil) }
        for m in modals where m.style.isCustom {
            for s in m.allScreens { add(s, modal: m.id) }
        }
        buildMenuIndex()
    }

    /// The screens a control's `push` may reach from `screen`: the same owner's screens.
    func pushTargets(from owner: String?) -> [String] {
        if let owner, let m = modal(owner) { return m.screens.map(\.id) }
        return screens.map(\.id)
    }
}

/// Cross-checks a decoded prototype: id syntax and uniqueness, and every reference.
///
/// A reference to an id that is written inside a part the decoder did not read (an unknown
/// member such as `navBar`, a member with no effect) is reported as a consequence of that part
/// — a warning that points at it — not as an error of its own: the id is in the file, and
/// fixing the part resolves it.
final class Validator {
    let prototype: Prototype
    let skipped: [SkippedPart]
    var issues: [FormatIssue] = []
    var seen: [String: JSONPath] = [:]

    init(prototype: Prototype, skipped: [SkippedPart] = []) {
        self.prototype = prototype
        self.skipped = skipped
    }

    static func isValidID(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard let first = u.first, u.count <= 64 else { return false }
        func ok(_ b: UInt8) -> Bool { (b >= 97 && b <= 122) || (b >= 48 && b <= 57) }
        return ok(first) && u.dropFirst().allSatisfy { ok($0) || $0 == UInt8(ascii: "-") }
    }

    /// How many more did-you-mean hints may be computed: each costs up to a pass over the
    /// candidates, and a hostile document may have thousands of dangling references.
    var hintsLeft = 100

    /// ``Suggest/nearest(_:in:preferring:synonyms:)`` while ``hintsLeft`` lasts, then nothing;
    /// the candidates are built only when a suggestion is computed.
    func suggestion(
        _ word: String, in candidates: @autoclosure () -> [String],
        preferring preferred: @autoclosure () -> Set<String> = []
    ) -> String? {
        guard hintsLeft > 0 else { return nil }
        hintsLeft -= 1
        return Suggest.nearest(word, in: candidates(), preferring: preferred())
    }

    func error(_ path: JSONPath, _ text: FormatMessage, code: String = "format.reference") {
        issues.append(FormatIssue(path: path, text, code: code))
    }

    /// Ids of screens and modals share one namespace (a modal's root screen has the modal's
    /// id); controls, list items and actions another. docs/format.md asks for one namespace, but its
    /// own example names a bar button and the sheet it presents both "compose", so a control
    /// may share an id with a modal: a tap resolves to the control unless it names a button.
    var seenControls: [String: JSONPath] = [:]

    /// Records `id` at `path` in a namespace, reporting a malformed or repeated id.
    func record(_ id: String, _ path: JSONPath, in namespace: inout [String: JSONPath]) {
        if !Validator.isValidID(id) {
            error(path, FormatMessage(.invalidID, ["id": JSONWriter.quoted(id)]), code: "format.id")
        } else if let first = namespace[id] {
            error(path, FormatMessage(.duplicateID, ["id": id, "path": first.description]), code: "format.id")
        } else {
            namespace[id] = path
        }
    }

    /// What kind of element `id` names, when it names one.
    func kind(of id: String) -> FormatMessage.Phrase? {
        if prototype.modal(id) != nil { return .modal }
        if prototype.screen(id) != nil { return .screen }
        if prototype.control(id) != nil { return .control }
        return nil
    }

    /// Reports that `member` at `path` names no `kind` but `id`: as a consequence when `id` is
    /// written inside a skipped part; as the id of another kind of element when it is one
    /// (and `other` allows it); else with the nearest of `candidates` (preferring `preferred`).
    func unresolved(
        _ member: String, _ id: String, at path: JSONPath, kind: LocalizedText,
        candidates: @autoclosure () -> [String], preferring preferred: @autoclosure () -> Set<String> = [],
        other: FormatMessage.Phrase? = nil
    ) {
        if let part = skipped.first(where: { $0.ids.contains(id) }) {
            var text = FormatMessage(
                .namesNo,
                phrases: [
                    "member": .init(verbatim: member), "kind": kind, "id": .init(verbatim: JSONWriter.quoted(id)),
                ])
            text.consequenceOf = (part.path, part.suggestion)
            issues.append(FormatIssue(path: path, text, severity: .warning, code: "format.reference"))
            return
        }
        if let other {
            error(
                path,
                FormatMessage(
                    .namesOtherKind,
                    phrases: [
                        "member": .init(verbatim: member), "id": .init(verbatim: JSONWriter.quoted(id)),
                        "actual": other.text, "kind": kind,
                    ]))
            return
        }
        error(
            path,
            FormatMessage(
                .namesNo,
                phrases: [
                    "member": .init(verbatim: member), "kind": kind, "id": .init(verbatim: JSONWriter.quoted(id)),
                ],
                suggestion: suggestion(id, in: candidates(), preferring: preferred())))
    }

    func validate() -> [FormatIssue] {
        let root = JSONPath.root
        func claim(_ id: String, _ path: JSONPath) { record(id, path, in: &seen) }
        func claimControl(_ id: String, _ path: JSONPath) { record(id, path, in: &seenControls) }
        if !Validator.isValidID(prototype.id) {
            error(
                root.appending("id"), FormatMessage(.invalidID, ["id": JSONWriter.quoted(prototype.id)]),
                code: "format.id")
        }
        // Claim ids and check references screen by screen.
        for (i, s) in prototype.screens.enumerated() {
            let sp = root.appending("screens").appending(i)
            claim(s.id, sp.appending("id"))
            checkControls(of: s, at: sp, owner: nil, claim: claimControl)
        }
        for (i, m) in prototype.modals.enumerated() {
            let mp = root.appending("modals").appending(i)
            claim(m.id, mp.appending("id"))
            checkControls(of: m.rootScreen, at: mp, owner: m.id, claim: claimControl)
            for (j, s) in m.screens.enumerated() {
                let sp = mp.appending("screens").appending(j)
                claim(s.id, sp.appending("id"))
                checkControls(of: s, at: sp, owner: m.id, claim: claimControl)
            }
            for (j, a) in m.actions.enumerated() {
                let ap = mp.appending("actions").appending(j)
                if let id = a.id { claimControl(id, ap.appending("id")) }
                // A button's action runs in the context of what presented the alert or action
                // sheet: its push and pop navigate the presenter's screens.
                if let act = a.action { checkAction(act, at: ap.appending("action"), owners: presenters(of: m.id)) }
            }
            checkModalReferences(m, at: mp)
        }
        if prototype.screens.first(where: { $0.id == prototype.start }) == nil {
            unresolved(
                "start", prototype.start, at: root.appending("start"), kind: FormatMessage.Phrase.appScreen.text,
                candidates: prototype.screens.map(\.id))
        }
        // Task ids: their own namespace (what the `task` column and `taskStart` name).
        var seenTasks: [String: JSONPath] = [:]
        for (i, t) in prototype.tasks.enumerated() {
            record(t.id, root.appending("tasks").appending(i).appending("id"), in: &seenTasks)
        }
        for (i, d) in prototype.devices.enumerated() where DeviceCatalogue.device(d) == nil {
            let known = DeviceCatalogue.all.map(\.id)
            error(
                root.appending("devices").appending(i),
                FormatMessage(
                    .unknownDevice, ["id": JSONWriter.quoted(d), "known": known.joined(separator: ", ")],
                    suggestion: suggestion(d, in: known)))
        }
        return issues
    }

    func checkControls(of s: Screen, at path: JSONPath, owner: String?, claim: (String, JSONPath) -> Void) {
        for (placement, controls) in s.placedControls {
            // The bar's placements are members of `navigationBar`.
            let p =
                placement == "leading" || placement == "trailing"
                ? path.appending("navigationBar").appending(placement) : path.appending(placement)
            for (i, c) in controls.enumerated() {
                let cp = p.appending(i)
                claim(c.id, cp.appending("id"))
                if let a = c.action { checkAction(a, at: cp.appending("action"), owner: owner) }
                if let m = c.menu { checkMenu(m, at: cp.appending("menu"), owner: owner, claim: claim) }
                if let m = c.contextMenu {
                    checkMenu(m, at: cp.appending("contextMenu"), owner: owner, claim: claim)
                }
                for (j, item) in c.items.enumerated() {
                    let ip = cp.appending("items").appending(j)
                    claim(item.id, ip.appending("id"))
                    if let a = item.action { checkAction(a, at: ip.appending("action"), owner: owner) }
                    if let m = item.contextMenu {
                        checkMenu(m, at: ip.appending("contextMenu"), owner: owner, claim: claim)
                    }
                }
            }
        }
    }

    /// Claims a menu's element ids (among the controls') and checks their actions and its
    /// preview screen, depth first.
    func checkMenu(_ m: Menu, at path: JSONPath, owner: String?, claim: (String, JSONPath) -> Void) {
        func walk(_ items: [MenuElement], _ p: JSONPath) {
            for (i, e) in items.enumerated() {
                let ep = p.appending(i)
                claim(e.id, ep.appending("id"))
                if let a = e.action { checkAction(a, at: ep.appending("action"), owner: owner) }
                if let children = e.children { walk(children, ep.appending("children")) }
            }
        }
        walk(m.children, path.appending("children"))
        if let preview = m.preview, prototype.screen(preview) == nil {
            unresolved(
                "preview", preview, at: path.appending("preview"), kind: FormatMessage.Phrase.screen.text,
                candidates: Array(prototype.screenIndex.keys), other: kind(of: preview))
        }
    }

    func checkAction(_ a: Action, at path: JSONPath, owner: String?) {
        checkAction(a, at: path, owners: [owner])
    }

    /// Checks an action that runs in the context of any of `owners` (`nil`: the app): a push
    /// may name a screen of any of them.
    func checkAction(_ a: Action, at path: JSONPath, owners: [String?]) {
        let owner = owners.count == 1 ? owners[0] : nil
        switch a {
        case .present(let id):
            if prototype.modal(id) == nil {
                unresolved(
                    "present", id, at: path.appending("present"), kind: FormatMessage.Phrase.modal.text,
                    candidates: prototype.modals.map(\.id), other: kind(of: id))
            }
        case .push(let id):
            if !owners.contains(where: { pushTargets(from: $0).contains(id) }) {
                let screens =
                    owners.count > 1
                    ? LocalizedText(
                        "screen of the app or of a modal that presents it",
                        "应用或呈现它的模态视图的屏幕")
                    : owner.map { LocalizedText("screen of modal \"\($0)\"", "模态视图 \"\($0)\" 的屏幕") }
                        ?? FormatMessage.Phrase.appScreen.text
                // A modal's id, or a screen of another owner, is a screen the push cannot reach.
                unresolved(
                    "push", id, at: path.appending("push"), kind: screens,
                    candidates: owners.flatMap { prototype.pushTargets(from: $0) },
                    other: prototype.modal(id) != nil ? .modal : nil)
            }
        default: break
        }
    }

    /// Where the modals that present others are, computed once: modal id → the owners (`nil`: the
    /// app) of the screens whose controls, list rows or menu items present it.
    lazy var presentersByModal: [String: Set<String?>] = {
        var direct: [String: Set<String?>] = [:]
        for loc in prototype.controlIndex.values {
            if case .present(let id)? = loc.control.action { direct[id, default: []].insert(loc.modal) }
        }
        for loc in prototype.menuElementIndex.values {
            if case .present(let id)? = loc.element.action {
                direct[id, default: []].insert(prototype.control(loc.control)?.modal)
            }
        }
        // A modal's confirmDiscard is presented over that modal, in its context.
        for m in prototype.modals {
            if let c = m.confirmDiscard { direct[c, default: []].insert(m.id) }
        }
        // An alert's or action sheet's button presents in its presenter's context: until nothing
        // changes, each such modal passes its presenters on (a chain is at most as long as the
        // modals are many).
        var changed = true
        while changed {
            changed = false
            for m in prototype.modals {
                let from = direct[m.id] ?? [nil]
                for a in m.actions {
                    guard case .present(let id)? = a.action else { continue }
                    let before = direct[id]?.count ?? 0
                    direct[id, default: []].formUnion(from)
                    if direct[id]!.count != before { changed = true }
                }
            }
        }
        return direct
    }()

    /// The owners whose screens a button of modal `id` may push onto: the app's (the engine
    /// pushes an app screen onto the app beneath whatever is presented) and those of the modals
    /// that present it (``presentersByModal``).
    func presenters(of id: String) -> [String?] {
        [nil] + (presentersByModal[id] ?? []).compactMap { $0 }.sorted()
    }

    /// The screens a `push` from `owner`'s screens may name, as a set, computed once per owner.
    var pushTargetSets: [String: Set<String>] = [:]

    func pushTargets(from owner: String?) -> Set<String> {
        let key = owner.map { "m:" + $0 } ?? "app"
        if let s = pushTargetSets[key] { return s }
        let s = Set(prototype.pushTargets(from: owner))
        pushTargetSets[key] = s
        return s
    }

    func checkModalReferences(_ m: Modal, at mp: JSONPath) {
        if let src = m.source, prototype.control(src) == nil {
            // The control that opens the modal is the likeliest source.
            unresolved(
                "source", src, at: mp.appending("source"), kind: FormatMessage.Phrase.control.text,
                candidates: prototype.controlIDs,
                preferring: Set(
                    prototype.controlIDs.filter { id in
                        if case .present(m.id)? = prototype.control(id)?.control.action { return true }
                        return false
                    }), other: kind(of: src))
        }
        for (i, p) in m.passthrough.enumerated() where prototype.control(p) == nil {
            unresolved(
                "passthrough", p, at: mp.appending("passthrough").appending(i), kind: FormatMessage.Phrase.control.text,
                candidates: prototype.controlIDs, other: kind(of: p))
        }
        if let c = m.confirmDiscard {
            if let target = prototype.modal(c) {
                if target.style != .actionSheet && target.style != .alert {
                    error(
                        mp.appending("confirmDiscard"),
                        FormatMessage(.confirmDiscardStyle, ["id": c, "style": target.style.rawValue]))
                }
            } else {
                unresolved(
                    "confirmDiscard", c, at: mp.appending("confirmDiscard"), kind: FormatMessage.Phrase.modal.text,
                    candidates: prototype.modals.map(\.id), other: kind(of: c))
            }
        }
        if let ctx = m.context, prototype.screen(ctx) == nil, prototype.modal(ctx) == nil {
            unresolved(
                "context", ctx, at: mp.appending("context"), kind: FormatMessage.Phrase.screenOrModal.text,
                candidates: prototype.modals.map(\.id) + Array(prototype.screenIndex.keys), other: kind(of: ctx))
        }
        if m.actions.filter(\.preferred).count > 1 {
            error(mp.appending("actions"), FormatMessage(.onePreferred), code: "format")
        }
        if let d = m.detents, Set(d.map(\.id)).count != d.count,
            d.allSatisfy({ if case .custom = $0 { return false } else { return true } })
        {
            error(mp.appending("detents"), FormatMessage(.detentTwice), code: "format")
        }
    }
}

extension Prototype {
    /// Whether `s` is a valid id: `[a-z0-9][a-z0-9-]{0,63}` (docs/format.md).
    public static func isValidID(_ s: String) -> Bool { Validator.isValidID(s) }
}
