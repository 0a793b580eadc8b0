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
        let layout = FrameLayout(prototype: prototype, state: state)
        let isPhone = env.device.family == .iPhone
        let layers = layout.layers.compactMap { l -> [String: Any]? in
            l.index == 0 ? appLayer(l) : layer(state.stack[l.index - 1], l)
        }
        return [
            "device": env.device.id,
            "deviceName": env.device.name,
            "family": isPhone ? "phone" : "pad",
            "orientation": env.orientation.rawValue,
            "multitasking": env.multitasking.rawValue,
            "isSplit": layout.otherApp != nil,
            "isSlideOver": env.multitasking == .slideOver,
            "hasHomeButton": layout.hasHomeButton,
            "sizeClass": env.sizeClassDescription,
            "horizontal": env.horizontalSizeClass.rawValue,
            "vertical": env.verticalSizeClass.rawValue,
            "screenWidth": pt(layout.screen.width), "screenHeight": pt(layout.screen.height),
            "windowWidth": pt(layout.window.width), "windowHeight": pt(layout.window.height),
            "windowLeft": pt(layout.window.x), "windowTop": pt(layout.window.y),
            "otherLeft": pt(env.multitasking == .slideOver ? 0 : layout.otherApp?.x ?? 0),
            "cornerRadius": pt(env.device.cornerRadius),
            "safeTop": pt(layout.safeArea.top), "safeBottom": pt(layout.safeArea.bottom),
            "safeLeft": pt(layout.safeArea.left), "safeRight": pt(layout.safeArea.right),
            "hasStatusBar": layout.statusBar != nil,
            "statusHeight": pt(layout.statusBar?.height ?? 0),
            "statusTime": "9:41",
            "statusDate": layout.statusBar?.showsDate == true ? "Mon 9 Jun" : "",
            "hasStatusDate": layout.statusBar?.showsDate == true,
            "statusLight": layout.statusBar?.isLight == true,
            "hasIsland": layout.island == .top,
            "hasIslandSide": layout.island == .side,
            "hasHomeIndicator": layout.hasHomeIndicator,
            "tint": prototype.tint ?? "#007AFF",
            "prototype": prototype.id,
            "layers": layers,
        ]
    }

    /// A length in points for a style attribute; never traps, whatever the number.
    func pt(_ v: Double) -> String { Rect.format(v) }

    // MARK: Layers

    func appLayer(_ l: FrameLayout.Layer) -> [String: Any] {
        var app: [String: Any] = [
            "isApp": true, "layer": 0, "behindCard": l.pushBack != nil, "covered": l.isCovered, "curled": l.isCurled,
        ]
        if let s = prototype.screen(state.screen) {
            app["screen"] = screenModel(s, navigation: state.appScreens, modal: nil, values: state.appValues)
        }
        return app
    }

    func layer(_ e: StackEntry, _ fl: FrameLayout.Layer) -> [String: Any]? {
        guard let m = prototype.modal(e.modal) else { return nil }
        let index = fl.index - 1
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
            "behindCard": fl.pushBack != nil, "covered": fl.isCovered, "curled": fl.isCurled,
        ]
        let undimmed = e.isUndimmed(in: env)
        let nonmodalPopover = form == .popover && !m.isModalPopover && e.requestedStyle != .actionSheet
        l["ariaModal"] = !(undimmed || nonmodalPopover)
        l["dimmed"] = fl.dimming != .none
        l["lightDim"] = fl.dimming == .clear
        l["isOverFullScreen"] = e.resolution.style == .overFullScreen || e.resolution.style == .overCurrentContext
        // Geometry.
        switch form {
        case .card:
            let detent = fl.detents.first { $0.isSelected }
            l["height"] = pt(fl.frame.height)
            l["detent"] = detent?.id ?? ""
            l["detents"] = fl.detents.map { ["id": $0.id, "selected": $0.isSelected] }
            l["detentHeights"] = fl.detents.map { "\($0.id):\(pt($0.height))" }.joined(separator: " ")
            l["resizable"] = fl.detents.count > 1
            l["atLargest"] = fl.isAtLargestDetent
            // Hidden while another sheet covers this one (RULES sheet.grabber-auto-hide).
            l["grabber"] = e.grabberVisible
        case .centered:
            l["width"] = pt(fl.frame.width)
            l["height"] = pt(fl.frame.height)
        case .popover:
            // The engine's layout: the size it notes is the size drawn, and the arrow points
            // where it says (the tapped control when the declared source is off screen; none,
            // centred, when neither is on screen).
            if let pop = fl.popover {
                l["width"] = pt(pop.width)
                l["maxHeight"] = pt(pop.maxHeight)
                l["height"] = pt(pop.height ?? 0)
                l["hasHeight"] = (pop.height ?? 0) > 0
                l["source"] = pop.source ?? ""
            }
            l["arrows"] = m.permittedArrowDirections.map(\.rawValue).joined(separator: " ")
            l["passthrough"] = fl.passthrough.joined(separator: " ")
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

    // MARK: Screens and controls

    func screenModel(_ s: Screen, navigation: [String], modal: Modal?, values: [String: JSONValue]) -> [String: Any] {
        let backTitle = FrameLayout.backTitle(navigation: navigation, modal: modal, in: prototype) ?? ""
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
        let apps = visible.filter { SystemActivity.shareTargets.contains($0) }
        let actions = visible.filter { !SystemActivity.shareTargets.contains($0) }
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
