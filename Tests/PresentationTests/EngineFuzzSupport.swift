import EventSchema
import JSON
import Prototype
import TestSupport

@testable import Presentation

/// Drawing helpers for the generator (the generator itself is in TestSupport).
extension SplitMix64 {
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    mutating func pick<T>(_ xs: [T]) -> T { xs[int(0...(xs.count - 1))] }
}

/// Random valid prototypes (docs/format.md): random styles, sources, nested presents, detents,
/// user-content fields, confirmDiscard, context owners, passthrough, transitions, screens
/// inside modals. Every id is unique, every reference resolves, so the validator accepts it.
struct RandomPrototype {
    var rng: SplitMix64
    var counter = 0
    var modalIDs: [String] = []
    var modalStyles: [String: PresentationStyle] = [:]
    var appScreenIDs: [String] = []
    /// Ids of screen controls and list rows: what `source` and `passthrough` may name.
    var controlIDs: [String] = []
    /// Screens of each modal beyond its root, by modal id.
    var innerScreens: [String: [String]] = [:]

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func id(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)\(counter)"
    }

    static let styles: [PresentationStyle] = [
        .automatic, .pageSheet, .formSheet, .fullScreen, .overFullScreen, .currentContext, .overCurrentContext,
        .popover, .alert, .actionSheet, .activity,
    ]

    /// A prototype as JSON.
    mutating func make() -> JSONValue {
        let nScreens = rng.int(1...3)
        appScreenIDs = (0..<nScreens).map { _ in id("s") }
        let nModals = rng.int(2...9)
        modalIDs = (0..<nModals).map { _ in id("m") }
        for m in modalIDs {
            modalStyles[m] = rng.chance(0.01) ? PresentationStyle.none : rng.pick(Self.styles)
            if modalStyles[m]!.isCustom, rng.chance(0.35) {
                innerScreens[m] = (0..<rng.int(1...3)).map { _ in id("s") }
            }
        }
        // Controls first (their ids are needed for sources and passthrough), then modals.
        var screens: [JSONValue] = []
        for s in appScreenIDs { screens.append(screen(s, owner: nil)) }
        var modalScreens: [String: (root: JSONObject, inner: [JSONValue])] = [:]
        for m in modalIDs where modalStyles[m]!.isCustom {
            let root = screenObject(m, owner: m)
            let inner = (innerScreens[m] ?? []).map { screen($0, owner: m) }
            modalScreens[m] = (root, inner)
        }
        var modals: [JSONValue] = []
        for m in modalIDs { modals.append(modal(m, screens: modalScreens[m])) }
        var o = JSONObject()
        o["format"] = "modallab/1"
        o["id"] = "fuzz"
        o["targetOS"] = .string(rng.pick(["12", "13", "17", "18", "26"]))
        o["devices"] = ["iphone-16", "ipad-pro-11"]
        o["start"] = .string(appScreenIDs[0])
        o["screens"] = .array(screens)
        o["modals"] = .array(modals)
        return .object(o)
    }

    mutating func screen(_ sid: String, owner: String?) -> JSONValue {
        var o = screenObject(sid, owner: owner)
        o["id"] = .string(sid)
        return .object(o)
    }

    /// A screen's members (without `id`, which a modal's root doesn't have).
    mutating func screenObject(_ sid: String, owner: String?) -> JSONObject {
        var o = JSONObject()
        if rng.chance(0.7) { o["title"] = .string("Title \(sid)") }
        var bar = JSONObject()
        var leading: [JSONValue] = []
        var trailing: [JSONValue] = []
        if owner != nil && rng.chance(0.7) {
            leading.append(button(title: "Cancel", role: "cancel", action: rng.chance(0.85) ? "dismiss" : "dismissAll"))
        } else if rng.chance(0.4) {
            leading.append(button(owner: owner))
        }
        if owner != nil && rng.chance(0.6) {
            trailing.append(button(title: "Done", role: "done", action: "dismiss"))
        }
        for _ in 0..<rng.int(0...2) { trailing.append(button(owner: owner)) }
        if !leading.isEmpty { bar["leading"] = .array(leading) }
        if !trailing.isEmpty { bar["trailing"] = .array(trailing) }
        if bar.count > 0 { o["navigationBar"] = .object(bar) }
        var content: [JSONValue] = []
        for _ in 0..<rng.int(1...4) { content.append(control(owner: owner)) }
        o["content"] = .array(content)
        if rng.chance(0.3) { o["toolbar"] = .array((0..<rng.int(1...2)).map { _ in button(owner: owner) }) }
        return o
    }

    mutating func action(owner: String?) -> JSONValue? {
        let pushTargets = owner.map { innerScreens[$0] ?? [] } ?? appScreenIDs
        switch rng.int(0...9) {
        case 0...4: return ["present": .string(rng.pick(modalIDs))]
        case 5: return "dismiss"
        case 6: return rng.chance(0.5) ? "dismissAll" : "none"
        case 7: return pushTargets.isEmpty ? "pop" : ["push": .string(rng.pick(pushTargets))]
        case 8: return "pop"
        default: return nil
        }
    }

    mutating func button(title: String? = nil, role: String? = nil, action: JSONValue? = nil, owner: String? = nil)
        -> JSONValue
    {
        var o = JSONObject()
        let cid = id("c")
        controlIDs.append(cid)
        o["id"] = .string(cid)
        o["title"] = .string(title ?? "Button \(cid)")
        if let role { o["role"] = .string(role) }
        if let a = action ?? self.action(owner: owner) { o["action"] = a }
        return .object(o)
    }

    mutating func control(owner: String?) -> JSONValue {
        switch rng.int(0...9) {
        case 0...3: return button(owner: owner)
        case 4, 5:
            var o = JSONObject()
            let cid = id("c")
            controlIDs.append(cid)
            o["type"] = rng.chance(0.5) ? "textField" : "textArea"
            o["id"] = .string(cid)
            if rng.chance(0.7) { o["userContent"] = true }
            return .object(o)
        case 6:
            var o = JSONObject()
            let cid = id("c")
            controlIDs.append(cid)
            o["type"] = "toggle"
            o["id"] = .string(cid)
            o["label"] = "Toggle"
            if rng.chance(0.5) { o["userContent"] = true }
            if rng.chance(0.2) { o["action"] = action(owner: owner) ?? "none" }
            return .object(o)
        case 7:
            var o = JSONObject()
            let cid = id("c")
            controlIDs.append(cid)
            o["type"] = "list"
            o["id"] = .string(cid)
            var items: [JSONValue] = []
            for _ in 0..<rng.int(1...3) {
                var it = JSONObject()
                let iid = id("i")
                controlIDs.append(iid)
                it["id"] = .string(iid)
                it["title"] = "Item"
                if rng.chance(0.6), let a = action(owner: owner) { it["action"] = a }
                items.append(.object(it))
            }
            o["items"] = .array(items)
            return .object(o)
        case 8:
            var o = JSONObject()
            let cid = id("c")
            controlIDs.append(cid)
            o["type"] = "segmented"
            o["id"] = .string(cid)
            o["segments"] = ["One", "Two"]
            if rng.chance(0.3) { o["userContent"] = true }
            return .object(o)
        default:
            var o = JSONObject()
            let cid = id("c")
            controlIDs.append(cid)
            o["type"] = "text"
            o["id"] = .string(cid)
            o["text"] = "Some text."
            return .object(o)
        }
    }

    mutating func alertActions(cancelRequired: Bool = false) -> JSONValue {
        var actions: [JSONValue] = []
        let n = rng.int(1...4)
        let cancelAt = cancelRequired || rng.chance(0.7) ? rng.int(0...(n - 1)) : -1
        let preferredAt = rng.chance(0.3) ? rng.int(0...(n - 1)) : -1
        for k in 0..<n {
            var a = JSONObject()
            if rng.chance(0.3) {
                a["id"] = .string(id("x"))
            }
            a["title"] = .string(k == cancelAt ? "Cancel" : "Action \(k)")
            if k == cancelAt {
                a["role"] = "cancel"
            } else if rng.chance(0.3) {
                a["role"] = "destructive"
            }
            if k == preferredAt { a["preferred"] = true }
            if rng.chance(0.5), let act = action(owner: nil) { a["action"] = act }
            actions.append(.object(a))
        }
        return .array(actions)
    }

    mutating func modal(_ mid: String, screens: (root: JSONObject, inner: [JSONValue])?) -> JSONValue {
        let style = modalStyles[mid]!
        var o = screens?.root ?? JSONObject()
        o["id"] = .string(mid)
        o["style"] = .string(style.rawValue)
        if let inner = screens?.inner, !inner.isEmpty { o["screens"] = .array(inner) }
        if style.isCustom && rng.chance(0.25) {
            o["transition"] = .string(rng.pick(["coverVertical", "flipHorizontal", "crossDissolve", "partialCurl"]))
        } else if rng.chance(0.03) {
            o["transition"] = "crossDissolve"
        }
        let discardTargets = modalIDs.filter {
            $0 != mid && (modalStyles[$0] == .actionSheet || modalStyles[$0] == .alert)
        }
        if style.isCustom, !discardTargets.isEmpty, rng.chance(0.4) {
            o["confirmDiscard"] = .string(rng.pick(discardTargets))
        }
        let source: JSONValue? = controlIDs.isEmpty || rng.chance(0.1) ? nil : .string(rng.pick(controlIDs))
        switch style {
        case .automatic, .pageSheet, .formSheet:
            var ids: [String] = []
            if rng.chance(0.6) {
                var d: [JSONValue] = []
                if rng.chance(0.6) {
                    d.append("medium")
                    ids.append("medium")
                }
                if rng.chance(0.3) {
                    let did = id("d")
                    d.append(["id": .string(did), "height": .number(Double(rng.int(100...900)))])
                    ids.append(did)
                }
                if d.isEmpty || rng.chance(0.7) {
                    d.append("large")
                    ids.append("large")
                }
                if rng.chance(0.3) { d.reverse() }
                o["detents"] = .array(d)
            }
            if rng.chance(0.5) { o["grabber"] = .bool(rng.chance(0.8)) }
            if !ids.isEmpty && rng.chance(0.3) { o["largestUndimmedDetent"] = .string(rng.pick(ids)) }
            if !ids.isEmpty && rng.chance(0.2) { o["selectedDetent"] = .string(rng.pick(ids)) }
            if rng.chance(0.3) { o["prefersEdgeAttachedInCompactHeight"] = true }
            if rng.chance(0.15) { o["modalInPresentation"] = true }
            if rng.chance(0.2) {
                o["preferredContentSize"] = ["width": .number(Double(rng.int(200...900))), "height": 400]
            }
        case .popover:
            if let source { o["source"] = source }
            if rng.chance(0.4) {
                let dirs = ["up", "down", "left", "right", "any"]
                o["permittedArrowDirections"] = .array(
                    (0..<rng.int(0...2)).map { _ in .string(rng.pick(dirs)) })
            }
            if rng.chance(0.3) {
                o["preferredContentSize"] = [
                    "width": .number(Double(rng.int(200...1400))), "height": .number(Double(rng.int(200...1400))),
                ]
            }
            if rng.chance(0.15) { o["modal"] = true }
            if rng.chance(0.4) { o["selection"] = .string(rng.pick(["single", "multiple", "none"])) }
            if rng.chance(0.3), !controlIDs.isEmpty {
                o["passthrough"] = .array((0..<rng.int(1...3)).map { _ in .string(rng.pick(controlIDs)) })
            }
            if rng.chance(0.1) {
                o["adaptivePresentationStyle"] = .string(rng.pick(["none", "fullScreen", "formSheet"]))
            }
            if rng.chance(0.2) { o["prefersEdgeAttachedInCompactHeight"] = true }
        case .currentContext, .overCurrentContext:
            if rng.chance(0.8) { o["context"] = .string(rng.pick(appScreenIDs + modalIDs.filter { $0 != mid })) }
            if rng.chance(0.5) { o["compactAdaptation"] = .string(rng.pick(["fullScreen", "sheet"])) }
            if rng.chance(0.1) { o["modalInPresentation"] = true }
        case .fullScreen, .overFullScreen:
            if rng.chance(0.1) { o["modalInPresentation"] = true }
        case .alert:
            o["title"] = .string("Alert \(mid)?")
            if rng.chance(0.5) { o["message"] = "Something happened." }
            o["actions"] = alertActions()
            if rng.chance(0.2) { o["textFields"] = [["placeholder": "Name"]] }
        case .actionSheet:
            if let source { o["source"] = source }
            if rng.chance(0.4) { o["title"] = "Choose" }
            o["actions"] = alertActions()
        case .activity:
            if let source { o["source"] = source }
            o["activities"] = ["airdrop", "messages", "mail", "copy"]
            if rng.chance(0.3) { o["excludedActivities"] = ["copy"] }
            if rng.chance(0.5) {
                o["customActivities"] = [["id": .string(id("a")), "title": "Pin It"]]
            }
        case .none:
            break
        }
        return .object(o)
    }
}

/// Random actions against a state: mostly taps and edits on what is showing, and now and then
/// something that isn't (a covered control, a missing button, an unknown id).
struct RandomActions {
    static let devices = DeviceCatalogue.all.map(\.id)

    static func visibleControls(_ p: Prototype, _ s: PresentationState, topOnly: Bool = false) -> [String] {
        var screens = topOnly && !s.stack.isEmpty ? [] : [s.screen]
        for e in topOnly ? Array(s.stack.suffix(1)) : s.stack { if let sc = e.screen { screens.append(sc) } }
        var ids: [String] = []
        for sid in screens {
            guard let screen = p.screen(sid) else { continue }
            for c in screen.allControls {
                ids.append(c.id)
                ids.append(contentsOf: c.items.map(\.id))
            }
        }
        return ids
    }

    static func make(_ p: Prototype, _ s: PresentationState, _ rng: inout SplitMix64) -> EngineAction {
        let visible = visibleControls(p, s)
        let all = p.controlIDs.sorted()
        let top = s.top.flatMap { p.modal($0.modal) }
        switch rng.int(0...99) {
        case 0..<38:
            let onTop = visibleControls(p, s, topOnly: true)
            let target =
                !onTop.isEmpty && rng.chance(0.6)
                ? rng.pick(onTop) : !visible.isEmpty && rng.chance(0.7) ? rng.pick(visible) : rng.pick(all)
            return .tap(target: target, choice: nil, x: nil, y: nil)
        case 38..<50:
            if let top, top.style.isSystem {
                let n =
                    top.style == .activity
                    ? top.visibleActivities.count + top.customActivities.count : top.actions.count
                let choice: ActionChoice
                if rng.chance(0.5) {
                    choice = .index(rng.int(-1...max(n, 0)))
                } else if top.style == .activity {
                    choice = .title(rng.pick(["Close", "Mail", "airdrop", "Pin It", "Fax"]))
                } else {
                    choice = .title(rng.chance(0.9) && !top.actions.isEmpty ? rng.pick(top.actions).title : "Nope")
                }
                return .tap(target: top.id, choice: choice, x: nil, y: nil)
            }
            let m = rng.pick(p.modals)
            return .tap(target: m.id, choice: .index(rng.int(0...2)), x: nil, y: nil)
        case 50..<57:
            return .swipeDown(target: rng.chance(0.7) ? nil : rng.chance(0.5) ? s.top?.modal : rng.pick(p.modals).id)
        case 57..<64:
            return .tapOutside(x: 1, y: 1)
        case 64..<66:
            return .home
        case 66..<70:
            return .rotate(rng.chance(0.5) ? .portrait : .landscape)
        case 70..<75:
            let device: String? = rng.chance(0.5) ? rng.pick(devices) : nil
            let mt: Multitasking? = rng.chance(0.8) ? rng.pick(Multitasking.allCases) : (device == nil ? .full : nil)
            // Now and then the session switches iOS version too (the toolbar's iOS menu).
            let os: Int? = rng.chance(0.15) ? rng.pick([17, 18, 26]) : nil
            return .resize(device: device, multitasking: mt, targetOS: os)
        case 75..<86:
            let editable = (rng.chance(0.85) ? visible : all).filter {
                guard let k = p.control($0)?.control.kind else { return false }
                return k == .textField || k == .textArea || k == .toggle || k == .segmented
            }
            guard let target = editable.isEmpty ? nil : rng.pick(editable) else { return .back() }
            if let top, top.style == .alert, !top.textFields.isEmpty, rng.chance(0.3) {
                return .focus(target: top.id, field: rng.int(-1...top.textFields.count))
            }
            switch p.control(target)!.control.kind {
            case .textField where rng.chance(0.35), .textArea where rng.chance(0.35): return .focus(target: target)
            case .toggle: return .edit(target: target, value: .bool(rng.chance(0.5)))
            case .segmented: return .edit(target: target, value: .number(Double(rng.int(0...1))))
            default: return .edit(target: target, value: .string(rng.chance(0.1) ? "" : "text \(rng.int(0...99))"))
            }
        case 86..<91:
            let target = s.top?.modal ?? rng.pick(p.modals).id
            let ids = (s.top?.detents.map(\.id) ?? []) + ["medium", "large"]
            return .detent(target: target, detent: rng.pick(ids))
        case 91..<94:
            // A touch and hold now and then (a control without a menu: nothing opens).
            if rng.chance(0.2), !visible.isEmpty { return .longPress(target: rng.pick(visible)) }
            return .back()
        case 94..<97:
            return .present(modal: rng.pick(p.modals).id)
        default:
            if rng.chance(0.3) { return .endEditing }
            return .key(rng.pick(["Escape", "Return", "Escape", "Enter"]))
        }
    }
}

/// The invariants every step must keep. Returns what broke, in words.
enum EngineInvariants {
    static let stateKeys = [
        "prototype", "device", "orientation", "multitasking", "appearance", "contentSize", "layoutDirection",
        "targetOS", "sizeClass", "window", "keyboard", "screen", "stack", "menu", "seq", "task",
    ]
    static let entryKeys = ["modal", "requestedStyle", "style", "form", "adaptedBy", "detent", "dirty", "screen"]

    static func check(
        prototype p: Prototype, before: PresentationState, action: EngineAction, outcome o: Outcome
    ) -> [String] {
        var problems: [String] = []
        func fail(_ s: String) { problems.append(s) }
        let after = o.state

        // Refusals: a catalogue error rule, the state unchanged, one refused event.
        if let r = o.refusal {
            if let id = r.ruleID {
                let rule = RuleCatalogue.rule(id)
                if rule.severity != .error { fail("refused under \(r.rule), whose severity is \(rule.severity)") }
            } else {
                fail("refused under \(r.rule), which is not a rule of the catalogue")
            }
            if r.severity != .error { fail("refusal diagnostic has severity \(r.severity)") }
            if after != before { fail("refused under \(r.rule) but the state changed") }
            if o.events.filter({ $0.type == .refused }).count != 1 || o.events.last?.type != .refused {
                fail("a refusal logs exactly one refused event, last: \(o.events.map(\.type))")
            }
            if o.diagnostics.count != 1 { fail("a refusal carries only itself as diagnostic") }
        } else {
            if o.events.contains(where: { $0.type == .refused }) { fail("refused event without a refusal") }
            for d in o.diagnostics where d.severity == .error {
                fail("diagnostic \(d.rule) has severity error but nothing was refused")
            }
            let presents = o.events.filter { $0.type == .present }.count
            let dismisses = o.events.filter { $0.type == .dismiss }.count
            if presents - dismisses != after.stack.count - before.stack.count {
                fail(
                    "\(presents) present and \(dismisses) dismiss events, but the stack went \(before.stack.count) → \(after.stack.count)"
                )
            }
        }
        for d in o.diagnostics where d.ruleID == nil { fail("diagnostic \(d.rule) is no rule of the catalogue") }

        // Events are well formed.
        for e in o.events {
            if !LogEventType.engineTypes.contains(e.type) { fail("event type \(e.type.rawValue)") }
            switch e.type {
            case .dismiss:
                if e.how.flatMap(DismissHow.init(rawValue:)) == nil {
                    fail("dismiss without a valid how: \(e.how ?? "nil")")
                }
                if (e.durationMs ?? -1) < 0 { fail("dismiss with duration_ms \(String(describing: e.durationMs))") }
                if e.modal == nil { fail("dismiss without modal") }
            case .refused, .adapted, .diagnostic:
                if e.rule.flatMap({ try? RuleID(parsing: $0) }) == nil {
                    fail("\(e.type.rawValue) event with rule \(e.rule ?? "nil")")
                }
            case .present:
                if e.modal == nil || e.style == nil || e.requestedStyle == nil { fail("present without modal/style") }
            default: break
            }
        }

        // The keyboard is up only for a field on screen: an alert's on top, or a text control
        // on a screen that is showing.
        if let k = after.keyboard {
            if k.field != nil {
                if after.top?.modal != k.target { fail("keyboard up for \(k.target)'s field, which is not on top") }
            } else if let loc = p.control(k.target) {
                if loc.control.kind != .textField && loc.control.kind != .textArea {
                    fail("keyboard up for the \(loc.control.kind.rawValue) \(k.target)")
                }
                let shown =
                    loc.modal == nil
                    ? loc.screen == after.screen
                    : after.stack.contains { $0.modal == loc.modal && $0.screen == loc.screen }
                if !shown { fail("keyboard up for \(k.target), which is not on screen") }
            } else {
                fail("keyboard up for \(k.target), which is no control")
            }
        }

        // The state serialises to docs/api.md — its exact key set.
        let json = after.json
        if json.objectValue?.keys != stateKeys { fail("state keys \(json.objectValue?.keys ?? [])") }
        if json["sizeClass"]?.objectValue?.keys != ["horizontal", "vertical"] { fail("sizeClass keys") }
        for entry in json["stack"]?.arrayValue ?? [] where entry.objectValue?.keys != entryKeys {
            fail("entry keys \(entry.objectValue?.keys ?? [])")
        }
        // The direct writer the server answers with gives the same bytes as the tree.
        var direct: [UInt8] = []
        after.appendJSON(into: &direct)
        if direct != JSONWriter().bytes(json) {
            fail("appendJSON wrote \(String(decoding: direct, as: UTF8.self)), the tree \(JSONWriter().string(json))")
        }

        // The stack.
        let stack = after.stack
        if Set(stack.map(\.modal)).count != stack.count { fail("duplicate entries \(stack.map(\.modal))") }
        let popovers = stack.indices.filter { stack[$0].resolution.form == .popover }
        if popovers.count > 1 { fail("\(popovers.count) popovers: \(stack.map(\.modal))") }
        if stack.filter({ $0.requestedStyle == .alert }).count > 1 { fail("two alerts") }
        if let pi = popovers.first {
            for j in (pi + 1)..<stack.count where stack[j].resolution.form != .alert {
                if !(stack[j].resolution.form == .context && inside(stack, j, pi)) {
                    fail("\(stack[j].modal) (\(stack[j].resolution.form)) above the popover \(stack[pi].modal)")
                }
            }
        }
        for (i, e) in stack.enumerated() {
            let m = p.modal(e.modal)
            if m == nil { fail("entry \(e.modal) is no modal") }
            if e.requestedStyle != m?.style { fail("requestedStyle differs from the definition") }
            if (e.resolution.form == .card) != (e.effectiveDetent(in: after.environment) != nil) {
                fail(
                    "\(e.modal): form \(e.resolution.form) with detent \(String(describing: e.effectiveDetent(in: after.environment)))"
                )
            }
            if e.requestedStyle.isCustom != (e.screen != nil) {
                fail("\(e.modal): screen \(String(describing: e.screen))")
            }
            if (e.resolution.form == .popover) != (e.popover != nil) { fail("\(e.modal): popover layout mismatch") }
            if e.resolution.form == .popover && ![.popover, .actionSheet, .activity].contains(e.requestedStyle) {
                fail("\(e.modal): a \(e.requestedStyle) drawn as a popover")
            }
            // The grabber shows exactly when asked for (never on an activity view, which iOS
            // draws without one) on a card that no sheet above covers (RULES
            // sheet.grabber-auto-hide).
            let wanted =
                e.resolution.form == .card && e.requestedStyle != .activity && m?.grabber == true
            let coveredBySheet = stack[(i + 1)...].contains { $0.resolution.isSheet }
            if e.grabberVisible != (wanted && !coveredBySheet) {
                fail(
                    "\(e.modal): grabber \(e.grabberVisible ? "visible" : "hidden") (wanted \(wanted), covered by a sheet \(coveredBySheet))"
                )
            }
            // Dirty only via user-content edits.
            let was = before.stack.first { $0.modal == e.modal }
            if e.dirty && !(was?.dirty ?? false) && !editsUserContent(p, action, of: e.modal) {
                fail("\(e.modal) became dirty by \(action)")
            }
            if e.dirty && was == nil { fail("\(e.modal) presented dirty") }
        }
        return problems
    }

    static func inside(_ stack: [StackEntry], _ j: Int, _ pi: Int) -> Bool {
        var k = j
        while k > pi {
            guard stack[k].resolution.form == .context || k == j, let owner = stack[k].contextOwner,
                let l = (0..<k).last(where: { stack[$0].modal == owner || stack[$0].screen == owner })
            else { return false }
            if l == pi { return true }
            k = l
        }
        return false
    }

    static func editsUserContent(_ p: Prototype, _ a: EngineAction, of modal: String) -> Bool {
        let target: String
        switch a {
        case .edit(let t, _, _, _, _): target = t
        case .tap(let t, nil, _, _): target = t
        default: return false
        }
        guard let loc = p.control(target) else { return false }
        return loc.modal == modal && loc.control.userContent && loc.control.kind != .button
    }
}
