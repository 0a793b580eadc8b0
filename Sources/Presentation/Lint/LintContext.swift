import JSON
import Prototype

/// A finding before it is rendered: the rule, where, and the facts its message needs.
struct Finding {
    var rule: RuleID
    var path: JSONPath
    /// A message variant of the rule's description (`nil`: the main message).
    var variant: String?
    var args: [String: String]
    /// A severity of this finding when the rule's varies (`alert.button-count`).
    var severity: Severity?
}

/// Where a control sits.
enum Placement: String {
    case leading, trailing, content, toolbar
    /// A hotspot of an image screen.
    case hotspots
}

/// A control of some screen, with its JSON path. A class, made once per lint: the checks walk
/// the controls many times, and a walk then retains one reference per control instead of
/// copying each ``Control``'s members.
final class ControlRef {
    let control: Control
    let path: JSONPath
    let placement: Placement
    /// The screen's id.
    let screen: String
    /// The index of the modal holding the screen (`nil`: an app screen).
    let modalIndex: Int?
    /// Whether it is a row of a list (a synthesised button with the row's title and action).
    let isListItem: Bool

    init(control: Control, path: JSONPath, placement: Placement, screen: String, modalIndex: Int?, isListItem: Bool) {
        self.control = control
        self.path = path
        self.placement = placement
        self.screen = screen
        self.modalIndex = modalIndex
        self.isListItem = isListItem
    }
}

/// A screen, with its JSON path and controls (a class for the reason ``ControlRef`` is one).
final class ScreenRef {
    let screen: Screen
    let path: JSONPath
    /// Whether it is a modal's own (root) screen.
    let isRoot: Bool
    let controls: [ControlRef]

    init(screen: Screen, path: JSONPath, isRoot: Bool, controls: [ControlRef]) {
        self.screen = screen
        self.path = path
        self.isRoot = isRoot
        self.controls = controls
    }
}

/// A modal of the prototype with its index and JSON path, made once per lint: a class, so
/// that the checks' lists of modals (``LintContext/modals(where:)``) and their walks retain one
/// reference per modal instead of copying each ``Modal``'s members.
final class ModalEntry {
    let index: Int
    let modal: Modal
    /// `$.modals[index]`.
    let path: JSONPath

    init(index: Int, modal: Modal, path: JSONPath) {
        self.index = index
        self.modal = modal
        self.path = path
    }
}

/// Something that presents a modal: a control (or list row) or an alert action.
struct PresenterRef {
    var path: JSONPath
    var title: String?
    var systemImage: String?
    var id: String?
    /// The modal holding the presenter (`nil`: an app screen).
    var modalIndex: Int?
}

/// Everything the checks need, computed once per lint: the prototype, its windows, paths, and
/// who presents what.
final class LintContext {
    let prototype: Prototype
    let target: LintTarget
    let language: Language
    /// Screens of each modal, root first (empty for system styles).
    var modalScreens: [[ScreenRef]] = []
    /// Every modal, in the document's order, with its index and path.
    var allModals: [ModalEntry] = []
    /// The app's own screens.
    var appScreens: [ScreenRef] = []
    /// Modal id → what presents it.
    var presenters: [String: [PresenterRef]] = [:]
    /// Ids of modals named by some `confirmDiscard`.
    var confirmDiscardTargets: Set<String> = []
    /// Words that keep their capitals in sentence style.
    let properNouns: Set<String>
    /// Company, product and app names (`activity.title-succinct`).
    let productNames: [String]
    var findings: [Finding] = []
    /// Facts several rules' checks read, computed once per lint (``memo(_:_:)``).
    private var memos: [String: Any] = [:]
    /// The capitalization checks' answers per text, for this lint (``titleCaseViolations(_:)``,
    /// ``sentences(_:)``, ``sentenceCaseViolations(_:)``).
    private var titleCaseMemo: [String: [String]] = [:]
    private var sentencesMemo: [String: [String]] = [:]
    private var sentenceCaseMemo: [String: [String]] = [:]

    init(prototype p: Prototype, target: LintTarget, language: Language) {
        prototype = p
        self.target = target
        self.language = language
        var names = p.lint.productNames
        if p.name != p.id && !p.name.isEmpty { names.append(p.name) }
        productNames = names
        var nouns = Set<String>()
        for n in names { for w in n.split(whereSeparator: TextScalars.separatesWords) { nouns.insert(String(w)) } }
        properNouns = nouns

        let root = JSONPath.root
        for (i, s) in p.screens.enumerated() {
            appScreens.append(screenRef(s, path: root.appending("screens").appending(i), isRoot: false, modal: nil))
        }
        modalScreens.reserveCapacity(p.modals.count)
        allModals.reserveCapacity(p.modals.count)
        for i in p.modals.indices {
            let mp = root.appending("modals").appending(i)
            let entry = ModalEntry(index: i, modal: p.modals[i], path: mp)
            allModals.append(entry)
            let m = entry.modal
            var refs: [ScreenRef] = []
            if m.style.isCustom {
                refs.append(screenRef(m.rootScreen, path: mp, isRoot: true, modal: i))
                for (k, s) in m.screens.enumerated() {
                    refs.append(screenRef(s, path: mp.appending("screens").appending(k), isRoot: false, modal: i))
                }
            }
            modalScreens.append(refs)
            if let c = m.confirmDiscard { confirmDiscardTargets.insert(c) }
            for (j, a) in m.actions.enumerated() {
                if case .present(let target)? = a.action {
                    presenters[target, default: []].append(
                        PresenterRef(
                            path: mp.appending("actions").appending(j), title: a.title, systemImage: nil, id: a.id,
                            modalIndex: i))
                }
            }
        }
        for s in appScreens + modalScreens.joined() {
            for c in s.controls {
                if case .present(let target)? = c.control.action {
                    presenters[target, default: []].append(
                        PresenterRef(
                            path: c.path, title: c.control.title, systemImage: c.control.systemImage, id: c.control.id,
                            modalIndex: c.modalIndex))
                }
                // The items of its menus present too (a row's context menu is the row's).
                for (member, menu) in [("menu", c.control.menu), ("contextMenu", c.control.contextMenu)] {
                    guard let menu else { continue }
                    func walk(_ items: [MenuElement], _ path: JSONPath) {
                        for (i, e) in items.enumerated() {
                            let ep = path.appending(i)
                            if case .present(let target)? = e.action {
                                presenters[target, default: []].append(
                                    PresenterRef(
                                        path: ep, title: e.title, systemImage: e.systemImage, id: e.id,
                                        modalIndex: c.modalIndex))
                            }
                            if let children = e.children { walk(children, ep.appending("children")) }
                        }
                    }
                    walk(menu.children, c.path.appending(member).appending("children"))
                }
            }
        }
    }

    private func screenRef(_ s: Screen, path: JSONPath, isRoot: Bool, modal: Int?) -> ScreenRef {
        var controls: [ControlRef] = []
        let placed: [(Placement, JSONPath, [Control])] = [
            (.leading, path.appending("navigationBar").appending("leading"), s.navigationBar?.leading ?? []),
            (.trailing, path.appending("navigationBar").appending("trailing"), s.navigationBar?.trailing ?? []),
            (.content, path.appending("content"), s.content),
            (.toolbar, path.appending("toolbar"), s.toolbar),
            (.hotspots, path.appending("hotspots"), s.hotspots),
        ]
        for (placement, base, list) in placed {
            for (j, c) in list.enumerated() {
                let cp = base.appending(j)
                controls.append(
                    ControlRef(
                        control: c, path: cp, placement: placement, screen: s.id, modalIndex: modal, isListItem: false))
                for (k, item) in c.items.enumerated() {
                    var b = c
                    b.kind = .button
                    b.id = item.id
                    b.title = item.title
                    b.systemImage = item.systemImage
                    b.action = item.action
                    b.role = nil
                    b.items = []
                    b.accessibilityLabel = nil
                    b.menu = nil
                    b.contextMenu = item.contextMenu
                    controls.append(
                        ControlRef(
                            control: b, path: cp.appending("items").appending(k), placement: placement, screen: s.id,
                            modalIndex: modal, isListItem: true))
                }
            }
        }
        return ScreenRef(screen: s, path: path, isRoot: isRoot, controls: controls)
    }

    /// The value `make` computes, computed once per lint and kept under `key`: facts that
    /// several rules' checks share (an alert's measured lines, a popover's exits).
    func memo<T>(_ key: String, _ make: () -> T) -> T {
        if let v = memos[key] as? T { return v }
        let v = make()
        memos[key] = v
        return v
    }

    /// ``Capitalization/titleCaseViolations(_:)`` of `text`, worked out once per text in a lint:
    /// a prototype repeats its titles ("Cancel", "Done", "Delete") across its modals.
    func titleCaseViolations(_ text: String) -> [String] {
        if let known = titleCaseMemo[text] { return known }
        let found = Capitalization.titleCaseViolations(text)
        titleCaseMemo[text] = found
        return found
    }

    /// ``Capitalization/sentences(_:)`` of `text`, worked out once per text in a lint.
    func sentences(_ text: String) -> [String] {
        if let known = sentencesMemo[text] { return known }
        let found = Capitalization.sentences(text)
        sentencesMemo[text] = found
        return found
    }

    /// ``Capitalization/sentenceCaseViolations(_:properNouns:)`` of `sentence` with the
    /// prototype's proper nouns, worked out once per sentence in a lint.
    func sentenceCaseViolations(_ sentence: String) -> [String] {
        if let known = sentenceCaseMemo[sentence] { return known }
        let found = Capitalization.sentenceCaseViolations(sentence, properNouns: properNouns)
        sentenceCaseMemo[sentence] = found
        return found
    }

    /// The modals of the prototype that satisfy `include`, with their index and path.
    func modals(where include: (Modal) -> Bool) -> [ModalEntry] {
        allModals.filter { include($0.modal) }
    }

    /// The path of modal `i`.
    func path(_ i: Int) -> JSONPath { JSONPath.root.appending("modals").appending(i) }

    /// Records a finding of `rule` at `path`.
    func report(
        _ rule: RuleID, _ path: JSONPath, _ variant: String? = nil, _ args: [String: String] = [:],
        severity: Severity? = nil
    ) {
        findings.append(Finding(rule: rule, path: path, variant: variant, args: args, severity: severity))
    }

    /// A title quoted for a message: invisible characters escaped, long text cut
    /// (``TextScalars/visible(_:limit:)``).
    func q(_ s: String) -> String { "“\(TextScalars.visible(s))”" }

    /// A window's name in the context's language.
    func label(_ e: Environment) -> String { language == .en ? e.label : e.labelZh }
}
