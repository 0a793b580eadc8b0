import JSON
import Presentation
import Prototype

/// Builds the view model of the device frame and its layers (the app screen and every
/// presentation, bottom to top) that `Templates/pages/partials/device.mustache` draws.
///
/// All geometry is in points (1 CSS px = 1 pt inside the frame, SPEC §4 and §10); the browser
/// only positions popovers against their source, which needs the laid-out page.
struct PlayerView {
    let prototype: Prototype
    let state: PresentationState
    var env: Environment { state.environment }

    /// The device frame's context.
    func frame() -> [String: Any] {
        let screen = env.screenSize
        let window = env.windowSize
        let safe = env.safeArea
        let isPhone = env.device.family == .iPhone
        var windowLeft = 0.0
        var windowTop = 0.0
        if env.multitasking == .slideOver {
            // Slide Over floats over the full-screen app, 10 pt from the trailing edge, below the status bar.
            windowLeft = screen.width - window.width - 10
            windowTop = 20
        }
        // Split View: the other app sits beyond a 10 pt divider.
        let otherLeft = env.multitasking == .half || env.multitasking == .third ? window.width + 10 : 0
        let landscape = env.orientation == .landscape
        // iPhones hide the status bar in landscape; notched iPhones draw the Dynamic Island.
        let hasStatusBar = !(isPhone && landscape)
        let hasIsland = isPhone && env.device.safeTop >= 59
        let layers = layers()
        return [
            "device": env.device.id,
            "deviceName": env.device.name,
            "family": isPhone ? "phone" : "pad",
            "orientation": env.orientation.rawValue,
            "multitasking": env.multitasking.rawValue,
            "isSplit": env.multitasking != .full,
            "isSlideOver": env.multitasking == .slideOver,
            "hasHomeButton": isPhone && env.device.safeBottom == 0,
            "sizeClass": env.sizeClassDescription,
            "horizontal": env.horizontalSizeClass.rawValue,
            "vertical": env.verticalSizeClass.rawValue,
            "screenWidth": pt(screen.width), "screenHeight": pt(screen.height),
            "windowWidth": pt(window.width), "windowHeight": pt(window.height),
            "windowLeft": pt(windowLeft), "windowTop": pt(windowTop),
            "otherLeft": pt(otherLeft),
            "cornerRadius": pt(env.device.cornerRadius),
            "safeTop": pt(safe.top), "safeBottom": pt(safe.bottom), "safeLeft": pt(safe.left),
            "safeRight": pt(safe.right),
            "hasStatusBar": hasStatusBar,
            "statusHeight": pt(isPhone ? env.device.safeTop : 24),
            "statusTime": "9:41",
            "statusDate": isPhone ? "" : "Mon 9 Jun",
            "hasStatusDate": !isPhone,
            "statusLight": statusBarIsLight(layers),
            "hasIsland": hasIsland && !landscape,
            "hasIslandSide": hasIsland && landscape,
            "hasHomeIndicator": safe.bottom > 0,
            "tint": prototype.tint ?? "#007AFF",
            "prototype": prototype.id,
            "layers": layers,
        ]
    }

    /// Light status-bar text when a layer is pushed back behind a card (black shows above it).
    func statusBarIsLight(_ layers: [[String: Any]]) -> Bool {
        env.multitasking == .full && layers.contains { ($0["behindCard"] as? Bool) == true }
    }

    /// A length in points for a style attribute; never traps, whatever the number.
    func pt(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let c = min(max(v, -1_000_000), 1_000_000)
        return c == c.rounded() ? String(Int(c)) : format2(c)
    }

    func format2(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return "\(r)"
    }

    // MARK: Layers

    func layers() -> [[String: Any]] {
        var out: [[String: Any]] = []
        let appScreenID = state.screen
        var app: [String: Any] = ["isApp": true, "layer": 0]
        if let s = prototype.screen(appScreenID) {
            app["screen"] = screenModel(s, navigation: state.appScreens, modal: nil, values: state.appValues)
        }
        out.append(app)
        for (i, e) in state.stack.enumerated() {
            guard let m = prototype.modal(e.modal) else { continue }
            out.append(layer(e, m, index: i))
        }
        // A card at its tallest detent pushes the layer below back (SPEC §10: scaled to about 0.92,
        // its top edge visible above the card); at a smaller detent the layer below only dims.
        let pushesBack = env.horizontalSizeClass == .compact && env.verticalSizeClass == .regular
        for i in out.indices.dropFirst() where pushesBack && (out[i]["atLargest"] as? Bool) == true {
            out[i - 1]["behindCard"] = true
        }
        // Full screen (not "over") removes the views beneath (RULES overfullscreen.keeps-underlying);
        // a partial curl keeps the presenting view, curled up over the top of the new one.
        if let lastFull = out.lastIndex(where: { ($0["removesBeneath"] as? Bool) == true }) {
            for i in 0..<lastFull { out[i]["covered"] = true }
            if (out[lastFull]["transition"] as? String) == TransitionStyle.partialCurl.rawValue {
                out[lastFull - 1]["covered"] = false
                out[lastFull - 1]["curled"] = true
            }
        }
        for i in out.indices {
            for key in ["behindCard", "covered", "curled"] where out[i][key] == nil { out[i][key] = false }
        }
        return out
    }

    func layer(_ e: StackEntry, _ m: Modal, index: Int) -> [String: Any] {
        let form = e.resolution.form
        let isTop = index == state.stack.count - 1
        var l: [String: Any] = [
            "isApp": false, "layer": index + 1, "modal": m.id, "form": form.rawValue,
            "style": e.resolution.style.rawValue,
            "requestedStyle": e.requestedStyle.rawValue, "isTop": isTop, "dirty": e.dirty,
            "transition": e.transition?.rawValue ?? "system",
            "presentedBy": e.presentedBy ?? "",
            "isCard": form == .card, "isCentered": form == .centered, "isFullScreen": form == .fullScreen,
            "isPopover": form == .popover, "isAlert": form == .alert, "isActionSheet": form == .actionSheet,
            "isContext": form == .context, "context": m.context ?? "",
            "role": form == .alert ? "alertdialog" : "dialog",
            "label": label(m),
            "hasMessage": (m.style == .alert || m.style == .actionSheet) && !(m.message ?? "").isEmpty,
            "isSystem": !m.style.isCustom,
            "adaptedBy": e.resolution.adaptedBy ?? "",
            "modalInPresentation": m.modalInPresentation,
        ]
        let undimmed = e.isUndimmed(in: env)
        let nonmodalPopover = form == .popover && !m.isModalPopover && e.requestedStyle != .actionSheet
        l["ariaModal"] = !(undimmed || nonmodalPopover)
        l["dimmed"] = ![.fullScreen, .context].contains(form) && !undimmed
        l["lightDim"] = form == .popover
        l["removesBeneath"] = form == .fullScreen && !e.resolution.keepsUnderlying
        l["isOverFullScreen"] = e.resolution.style == .overFullScreen || e.resolution.style == .overCurrentContext
        // Geometry.
        switch form {
        case .card:
            let detent = e.effectiveDetent(in: env)
            let h = cardHeight(e, detent: detent)
            l["height"] = pt(h)
            l["detent"] = detent ?? ""
            l["detents"] = e.detents.map { ["id": $0.id, "selected": $0.id == detent] }
            l["detentHeights"] = e.detents.map { "\($0.id):\(pt(cardHeight(e, detent: $0.id)))" }.joined(separator: " ")
            l["resizable"] = e.detents.count > 1
            l["atLargest"] = detent == nil || detent == e.detents.last?.id || h >= cardHeight(e, detent: nil)
            // Hidden while another sheet covers this one (RULES sheet.grabber-auto-hide).
            l["grabber"] = e.grabberVisible
        case .centered:
            let size = centeredSize(e, m)
            l["width"] = pt(size.width)
            l["height"] = pt(size.height)
        case .popover:
            // The engine's layout: the size it notes is the size drawn, and the arrow points
            // where it says (the tapped control when the declared source is off screen; none,
            // centred, when neither is on screen).
            if let pop = e.popover {
                l["width"] = pt(pop.width)
                l["maxHeight"] = pt(pop.maxHeight)
                l["height"] = pt(pop.height ?? 0)
                l["hasHeight"] = (pop.height ?? 0) > 0
                l["source"] = pop.source ?? ""
            }
            l["arrows"] = m.permittedArrowDirections.map(\.rawValue).joined(separator: " ")
            l["passthrough"] = state.passthrough(ofEntry: index, in: prototype).joined(separator: " ")
        default: break
        }
        // Content.
        switch m.style {
        case .alert:
            l["alert"] = alertModel(m)
        case .actionSheet:
            l["actionSheet"] = actionSheetModel(m, inPopover: form == .popover)
        case .activity:
            l["activity"] = activityModel(m, inPopover: form == .popover)
        default:
            if let screenID = e.screen, let screen = prototype.screen(screenID) {
                l["screen"] = screenModel(screen, navigation: e.screens, modal: m, values: e.values)
            }
        }
        return l
    }

    func label(_ m: Modal) -> String {
        if let t = m.title, !t.isEmpty { return t }
        switch m.style {
        case .actionSheet: return "Actions"
        case .activity: return "Share"
        default: return m.id
        }
    }

    /// A card's height: large reaches 10 pt below the top safe area; medium is half the window;
    /// a custom detent is its height plus the bottom safe area.
    func cardHeight(_ e: StackEntry, detent: String?) -> Double {
        let window = env.windowSize
        let safe = env.safeArea
        let large = window.height - safe.top - 10
        guard let id = detent, let d = e.detents.first(where: { $0.id == id }) else { return large }
        switch d {
        case .large: return large
        case .medium: return env.verticalSizeClass == .compact ? large : (window.height / 2).rounded()
        case .custom(_, let h): return min(large, h + safe.bottom)
        }
    }

    /// An iPad page sheet is about a page (704 pt wide, nearly the window's height); a form
    /// sheet honours `preferredContentSize` (default 540 × 620 pt); both fit the window.
    func centeredSize(_ e: StackEntry, _ m: Modal) -> Size {
        let window = env.windowSize
        let safe = env.safeArea
        let maxW = window.width - 40
        let maxH = window.height - safe.top - safe.bottom - 40
        if e.resolution.style == .formSheet {
            let want = m.preferredContentSize ?? Size(width: 540, height: 620)
            return Size(width: min(want.width, maxW), height: min(want.height, maxH))
        }
        return Size(width: min(704, maxW), height: maxH)
    }

    // MARK: Screens and controls

    func screenModel(_ s: Screen, navigation: [String], modal: Modal?, values: [String: JSONValue]) -> [String: Any] {
        var backTitle = ""
        if navigation.count > 1, let prevID = navigation.dropLast().last {
            backTitle = prototype.screen(prevID)?.title ?? (prevID == modal?.id ? (modal?.title ?? "Back") : "Back")
        }
        let leading = (s.navigationBar?.leading ?? []).map { control($0, placement: "bar", values: values) }
        let trailing = (s.navigationBar?.trailing ?? []).map { control($0, placement: "bar", values: values) }
        let title = s.title ?? ""
        return [
            "id": s.id, "title": title, "hasTitle": !title.isEmpty,
            "hasNavigationBar": !title.isEmpty || !leading.isEmpty || !trailing.isEmpty || !backTitle.isEmpty,
            "hasBack": !backTitle.isEmpty, "backTitle": backTitle,
            "leading": leading, "trailing": trailing,
            "content": s.content.map { control($0, placement: "content", values: values) },
            "toolbar": s.toolbar.map { control($0, placement: "bar", values: values) },
            "hasToolbar": !s.toolbar.isEmpty,
        ]
    }

    func control(_ c: Control, placement: String, values: [String: JSONValue]) -> [String: Any] {
        let value = values[c.id]
        var v: [String: Any] = [
            "id": c.id, "kind": c.kind.rawValue,
            "isButton": c.kind == .button, "isTextField": c.kind == .textField, "isTextArea": c.kind == .textArea,
            "isToggle": c.kind == .toggle, "isList": c.kind == .list, "isText": c.kind == .text,
            "isImage": c.kind == .image, "isSegmented": c.kind == .segmented,
            "title": c.title ?? "", "label": c.label ?? "", "placeholder": c.placeholder ?? "",
            "name": c.title ?? c.accessibilityLabel ?? c.label ?? c.id,
            "role": c.role?.rawValue ?? "default",
            "isDestructive": c.role == .destructive, "isDone": c.role == .done, "isCancel": c.role == .cancel,
            "hasAction": c.action != nil, "userContent": c.userContent, "hasIcon": false, "icon": "",
        ]
        if let img = c.systemImage {
            v["icon"] = Icons.glyph(img)
            v["hasIcon"] = true
        }
        // Bar buttons with a symbol show the symbol; content buttons show both.
        v["showTitle"] = c.systemImage == nil || placement == "content"
        switch c.kind {
        case .textField, .textArea:
            v["value"] = value?.stringValue ?? c.value ?? ""
        case .toggle:
            v["isOn"] = value?.boolValue ?? c.isOn
        case .segmented:
            let selected = value?.stringValue ?? value?.intValue.map(String.init) ?? c.value
            v["segments"] = c.segments.enumerated().map { i, title in
                ["title": title, "index": i, "selected": selected == String(i) || selected == title ? "true" : "false"]
                    as [String: Any]
            }
        case .list:
            v["items"] = c.items.map { item -> [String: Any] in
                var iv: [String: Any] = [
                    "id": item.id, "title": item.title, "subtitle": item.subtitle ?? "",
                    "hasSubtitle": item.subtitle != nil, "hasAction": item.action != nil,
                    "chevron": { if case .push = item.action { return true } else { return false } }(),
                    "hasIcon": false, "icon": "",
                ]
                if let img = item.systemImage {
                    iv["icon"] = Icons.glyph(img)
                    iv["hasIcon"] = true
                }
                return iv
            }
        case .text:
            v["text"] = c.text ?? ""
            v["tone"] = c.tone ?? "default"
        case .image:
            v["height"] = pt(c.height ?? 200)
        case .button:
            break
        }
        return v
    }

    // MARK: System presentations

    /// Two buttons sit side by side with Cancel leading when both titles fit 110 pt at 17 pt
    /// (the bold one in Semibold); otherwise, and always with three or more, they stack with
    /// Cancel at the bottom (RULES alert.button-layout, alert.cancel-left). Bold: the preferred
    /// action (the modal's `preferredAction`, else an action marked `preferred: true`), else
    /// Cancel (RULES alert.default-button, conflict C2). Order, weight and layout come from
    /// ``AlertButtons``, as the engine's and the linter's do, so the three agree.
    func alertModel(_ m: Modal) -> [String: Any] {
        let preferred = AlertButtons.preferredIndex(m)
        let bold = AlertButtons.boldIndex(m)
        return [
            "modal": m.id,
            "title": m.title ?? "", "hasTitle": !(m.title ?? "").isEmpty,
            "message": m.message ?? "", "hasMessage": !(m.message ?? "").isEmpty,
            "textFields": m.textFields.enumerated().map { i, f in
                [
                    "index": i, "placeholder": f.placeholder ?? "", "secure": f.secure,
                    "inputMode": inputMode(f.keyboard), "first": i == 0,
                ] as [String: Any]
            },
            "hasTextFields": !m.textFields.isEmpty,
            "sideBySide": AlertButtons.sideBySide(m),
            "buttons": AlertButtons.drawn(m, form: .alert).map { i in
                let a = m.actions[i]
                return [
                    "index": i, "title": a.title, "actionID": a.id ?? "", "hasActionID": a.id != nil,
                    "isCancel": a.role == .cancel, "isDestructive": a.role == .destructive, "isBold": bold == i,
                    "isPreferred": preferred == i,
                ] as [String: Any]
            },
        ]
    }

    /// The HTML `inputmode` for a UIKit keyboard type name.
    func inputMode(_ keyboard: String?) -> String {
        switch keyboard {
        case "emailAddress": return "email"
        case "numberPad", "asciiCapableNumberPad": return "numeric"
        case "decimalPad": return "decimal"
        case "phonePad": return "tel"
        case "URL", "webSearch": return "url"
        default: return "text"
        }
    }

    /// Actions in declared order; Cancel in its own group at the bottom (RULES
    /// actionsheet.cancel-bottom), and not drawn at all in a popover
    /// (actionsheet.cancel-hidden-in-popover). Bold: the preferred action.
    func actionSheetModel(_ m: Modal, inPopover: Bool) -> [String: Any] {
        let preferred = AlertButtons.preferredIndex(m)
        func button(_ i: Int) -> [String: Any] {
            let a = m.actions[i]
            return [
                "index": i, "title": a.title, "actionID": a.id ?? "", "hasActionID": a.id != nil,
                "isDestructive": a.role == .destructive, "isBold": preferred == i,
            ]
        }
        let cancel = m.actions.firstIndex { $0.role == .cancel }
        return [
            "modal": m.id,
            "title": m.title ?? "", "hasTitle": !(m.title ?? "").isEmpty,
            "message": m.message ?? "", "hasMessage": !(m.message ?? "").isEmpty,
            "hasHeader": !(m.title ?? "").isEmpty || !(m.message ?? "").isEmpty,
            "actions": m.actions.indices.filter { m.actions[$0].role != .cancel }.map(button),
            "hasCancel": cancel != nil && !inPopover,
            "cancel": cancel.map(button) ?? [:],
        ]
    }

    /// A header naming what is shared, then share targets as the app row, then actions: system
    /// activities first in the system's order, the app's own last (RULES activity.system-first).
    func activityModel(_ m: Modal, inPopover: Bool) -> [String: Any] {
        let visible = m.visibleActivities
        let apps = visible.filter { Icons.shareTargets.contains($0) }
        let actions = visible.filter { !Icons.shareTargets.contains($0) }
        func item(_ id: String, _ title: String, _ glyph: String, system: Bool) -> [String: Any] {
            ["id": id, "title": title, "icon": Icons.glyph(glyph), "isSystem": system]
        }
        let title = m.title ?? prototype.name
        return [
            "modal": m.id,
            "title": title, "subtitle": m.title == nil ? "" : prototype.name, "hasSubtitle": m.title != nil,
            "inPopover": inPopover,
            "hasApps": !apps.isEmpty,
            "apps": apps.map {
                item($0, SystemActivity.titles[$0] ?? $0, Icons.activityGlyphs[$0] ?? $0, system: true)
            },
            "actions": actions.map {
                item($0, SystemActivity.titles[$0] ?? $0, Icons.activityGlyphs[$0] ?? $0, system: true)
            }
                + m.customActivities.map { item($0.id, $0.title, $0.systemImage ?? "", system: false) },
        ]
    }
}
