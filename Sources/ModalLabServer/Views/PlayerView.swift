import JSON
import Presentation
import Prototype

/// Builds the view model of the device frame (``DeviceView``) that
/// `Templates/pages/partials/device.mustache` draws: the window, the app's layer and every
/// presentation, bottom to top.
///
/// Where things are drawn comes from ``FrameLayout`` and nowhere else: this type only puts the
/// layout's numbers (in points; 1 CSS px = 1 pt inside the frame) and the prototype's content
/// into the templates' terms.
struct PlayerView {
    let prototype: Prototype
    let state: PresentationState
    var env: Environment { state.environment }

    /// The device frame.
    func frame() -> DeviceView {
        let layout = FrameLayout(prototype: prototype, state: state)
        let isPhone = env.device.family == .iPhone
        let menu = menuView(layout)
        let safe = layout.safeArea
        let device =
            "--screen-w:\(pt(layout.screen.width))px;--screen-h:\(pt(layout.screen.height))px;"
            + "--radius:\(pt(env.device.cornerRadius))px;--tint:\(prototype.tint ?? (env.appearance == .dark ? "#0A84FF" : "#007AFF"));"
            + layout.metrics.cssVariables
        let window =
            "left:\(pt(layout.window.x))px;top:\(pt(layout.window.y))px;width:\(pt(layout.window.width))px;"
            + "height:\(pt(layout.window.height))px;--safe-top:\(pt(safe.top))px;--safe-bottom:\(pt(safe.bottom))px;"
            + "--safe-left:\(pt(safe.left))px;--safe-right:\(pt(safe.right))px"
        return DeviceView(
            device: env.device.id, family: isPhone ? "phone" : "pad", orientation: env.orientation.rawValue,
            multitasking: env.multitasking.rawValue, appearance: env.appearance.rawValue,
            contentSize: env.contentSize.rawValue, layoutDirection: env.layoutDirection.rawValue,
            targetOS: String(env.systemVersion), design: env.design.rawValue,
            sizeClass: env.sizeClassDescription,
            horizontal: env.horizontalSizeClass.rawValue, vertical: env.verticalSizeClass.rawValue,
            hasHomeButton: layout.hasHomeButton, style: device,
            label: "\(env.device.name), \(env.orientation.rawValue), \(env.sizeClassDescription)",
            otherApp: layout.otherApp.map { other in
                OtherAppView(
                    left: env.multitasking == .slideOver || env.multitasking == .window ? "0" : pt(other.x),
                    isUnderSlideOver: env.multitasking == .slideOver || env.multitasking == .window)
            },
            prototype: prototype.id, windowStyle: window,
            layers: layout.layers.compactMap { l in
                l.index == 0 ? appLayer(l, layout) : layer(state.stack[l.index - 1], l, layout)
            },
            isSlideOver: env.multitasking == .slideOver,
            statusBar: layout.statusBar.map {
                // A Home-button iPhone (the iPhone SE) lays its status bar out as iPhones did before
                // the notch: signal, carrier and Wi-Fi leading, "9:41 AM" centred, the battery and
                // its percentage trailing (Apple's product images and design templates for those
                // iPhones; unverified on a device running iOS 17).
                // An iPad shows the date beside the time as the US English locale writes them
                // ("9:41 AM  Mon Jun 9", Apple's iPad product images).
                StatusBarView(
                    height: pt($0.height), isLight: $0.isLight, isLeadingLight: $0.isLeadingLight,
                    time: layout.hasHomeButton || $0.showsDate ? "9:41 AM" : "9:41",
                    date: $0.showsDate ? "Mon Jun 9" : "", isHomeButton: layout.hasHomeButton)
            },
            island: layout.island.map { IslandView(isSide: $0 == .side) },
            hasHomeIndicator: layout.hasHomeIndicator,
            keyboard: layout.keyboard.map(keyboardView), menu: menu,
            appFont: prototype.font.map(assetURL) ?? "")
    }

    // MARK: The software keyboard

    /// The keyboard as ``FrameLayout`` placed it (screen coordinates) with its parts' heights,
    /// the English QWERTY keys of an iPhone or an iPad (the largest iPad Pro with its row of
    /// numbers), and what Return does for its field.
    func keyboardView(_ k: FrameLayout.Keyboard) -> KeyboardView {
        let p = k.parts
        func keys(_ letters: String) -> [KeyView] {
            letters.map { KeyView(value: String($0), label: String($0), kind: "letter") }
        }
        let shift = KeyView(value: "shift", label: "⇧", kind: "shift")
        let delete = KeyView(value: "delete", label: "⌫", kind: "delete")
        let space = KeyView(value: " ", label: "space", kind: "space")
        let ret = KeyView(value: "return", label: "return", kind: "return")
        var rows: [[KeyView]]
        if p.isPad {
            let numbers = KeyView(value: "numbers", label: ".?123", kind: "numbers")
            rows = [
                keys("qwertyuiop") + [delete], keys("asdfghjkl") + [ret],
                [shift] + keys("zxcvbnm,.") + [shift],
                [
                    numbers, KeyView(value: "globe", label: "Next keyboard", kind: "globe"), space, numbers,
                    KeyView(value: "hide", label: "⌨︎", kind: "hide"),
                ],
            ]
            if p.hasNumberRow {
                rows[0].removeLast()
                rows.insert(keys("1234567890") + [delete], at: 0)
            }
        } else {
            var bottom = [KeyView(value: "numbers", label: "123", kind: "numbers")]
            if p.bottomRow == 0 { bottom.append(KeyView(value: "globe", label: "Next keyboard", kind: "globe")) }
            rows = [
                keys("qwertyuiop"), keys("asdfghjkl"), [shift] + keys("zxcvbnm") + [delete], bottom + [space, ret],
            ]
        }
        let field = k.focus.field
        let returnAction: String
        if field != nil {
            returnAction = "alert"
        } else if prototype.control(k.focus.target)?.control.kind == .textArea {
            returnAction = "newline"
        } else {
            returnAction = "endEditing"
        }
        let style =
            "top:\(pt(k.frame.y))px;height:\(pt(k.frame.height))px;--kb-suggestions:\(pt(p.suggestions))px;"
            + "--kb-keys:\(pt(p.keys))px;--kb-bottom-row:\(pt(p.bottomRow))px;--kb-inset:\(pt(p.inset))px;"
            + "--kb-side:\(pt(k.sideInset))px"
        return KeyboardView(
            target: k.focus.target, field: field.map(String.init) ?? "", returnAction: returnAction, isPad: p.isPad,
            style: style, rows: rows.map { KeyboardRowView(keys: $0) }, hasBottomRow: p.bottomRow > 0)
    }

    /// How far the keyboard reaches up into a layer drawn at `frame` (window coordinates): the
    /// room its content keeps at the bottom so it can scroll above the keyboard.
    func keyboardInset(_ frame: Rect, _ layout: FrameLayout) -> Double {
        guard let k = layout.keyboard, k.windowOverlap > 0 else { return 0 }
        return max(0, frame.maxY - (layout.window.height - k.windowOverlap))
    }

    /// A length in points for HTML; never traps, whatever the number.
    func pt(_ v: Double) -> String { Rect.format(v) }

    // MARK: Layers

    func appLayer(_ l: FrameLayout.Layer, _ layout: FrameLayout) -> LayerView {
        var v = LayerView(isApp: true, index: 0)
        v.isPushedBack = l.pushBack != nil
        v.isCovered = l.isCovered
        v.isCurled = l.isCurled
        v.css = pushBackCSS(l) + keyboardCSS(l, layout)
        if let s = prototype.screen(state.screen) {
            v.screen = screenView(s, navigation: state.appScreens, modal: nil, values: state.appValues)
        }
        v.previousScreen = previousScreenView(navigation: state.appScreens, modal: nil, values: state.appValues)
        return v
    }

    /// The room a layer's content keeps for the keyboard (`--keyboard-inset`, 0 without one).
    func keyboardCSS(_ l: FrameLayout.Layer, _ layout: FrameLayout) -> String {
        "--keyboard-inset:\(pt(keyboardInset(l.frame, layout)))px;"
    }

    /// The custom properties of a layer pushed back behind a card.
    func pushBackCSS(_ l: FrameLayout.Layer) -> String {
        guard let p = l.pushBack else { return "" }
        return "--push-scale:\(pt(p.scale));--push-y:\(pt(p.translateY))px;"
    }

    func layer(_ e: StackEntry, _ l: FrameLayout.Layer, _ layout: FrameLayout) -> LayerView? {
        guard let m = prototype.modal(e.modal) else { return nil }
        let form = e.resolution.form
        var v = LayerView(isApp: false, index: l.index)
        v.modal = m.id
        v.form = form.rawValue
        v.presentationStyle = e.resolution.style.rawValue
        v.requestedStyle = e.requestedStyle.rawValue
        v.transition = e.transition?.rawValue ?? "system"
        v.presentedBy = e.presentedBy ?? ""
        v.isDirty = e.dirty
        v.adaptedBy = e.resolution.adaptedBy?.rawValue ?? ""
        v.isSystem = !m.style.isCustom
        v.isTop = l.index == state.stack.count
        v.isPushedBack = l.pushBack != nil
        v.isCovered = l.isCovered
        v.isCurled = l.isCurled
        v.scrolls = l.scrolls
        v.modalInPresentation = m.modalInPresentation
        v.isOver = e.resolution.style == .overFullScreen || e.resolution.style == .overCurrentContext
        v.context = form == .context ? m.context ?? "" : ""
        v.dimming = l.dimming == .none ? nil : DimmingView(isClear: l.dimming == .clear, isGlass: l.dimming == .glass)
        v.isFloating = l.isFloating
        v.role = form == .alert ? "alertdialog" : "dialog"
        let nonmodalPopover = form == .popover && !m.isModalPopover && e.requestedStyle != .actionSheet
        v.isAriaModal = !(e.isUndimmed(in: env) || nonmodalPopover)
        v.label = label(m)
        if (m.style == .alert || m.style == .actionSheet) && !(m.message ?? "").isEmpty {
            v.describedBy = "message-\(m.id)"
        }
        let f = l.frame
        var css = pushBackCSS(l) + keyboardCSS(l, layout)
        if let o = l.origin {
            v.growsFromSource = true
            css += growCSS(from: o, to: f)
        }
        switch form {
        case .card:
            let detent = l.detents.first { $0.isSelected }
            v.card = CardView(
                detent: detent?.id ?? "",
                detentHeights: l.detents.map { "\($0.id):\(pt($0.height))" }.joined(separator: " "),
                detentIDs: l.detents.map { "\($0.id) " }.joined(), isAtLargest: l.isAtLargestDetent,
                hasGrabber: e.grabberVisible, isResizable: l.detents.count > 1,
                beneathPush: l.presenterPushBack.map { "\(pt($0.scale)) \(pt($0.translateY))" } ?? "")
            css += "--x:\(pt(f.x))px;--w:\(pt(f.width))px;--h:\(pt(f.height))px;"
            // Above the window's bottom when it rides on the keyboard.
            css += "--card-bottom:\(pt(layout.window.height - f.maxY))px;"
        case .centered:
            css += "--x:\(pt(f.x))px;--y:\(pt(f.y))px;--w:\(pt(f.width))px;--h:\(pt(f.height))px;"
        case .popover:
            if let pop = l.popover {
                v.popover = PopoverView(
                    source: pop.source ?? "", sourceRect: pop.sourceRect?.description ?? "",
                    arrow: pop.arrow?.rawValue ?? "none", passthrough: l.passthrough.joined(separator: " "),
                    sourceScrolls: pop.sourceScrolls, replacesSource: pop.replacesSource)
                css += popoverCSS(pop, window: layout.window)
            }
        case .alert:
            // The height the alert may take before it scrolls, and its middle (FrameLayout:
            // above the keyboard when it is up).
            css += "--h:\(pt(f.height))px;--mid-y:\(pt(f.midY))px;"
        case .actionSheet:
            // The height the action sheet may take before it scrolls (FrameLayout).
            css += "--h:\(pt(f.height))px;"
        default:
            break
        }
        // The modal's own accent, inherited by everything inside it (docs/format.md, "tint").
        if let tint = m.tint { css += "--tint:\(tint);" }
        v.css = css
        switch m.style {
        case .alert:
            v.alert = alertView(m)
        case .actionSheet:
            v.actionSheet = actionSheetView(m, inPopover: form == .popover)
        case .activity:
            v.activity = activityView(m, inPopover: form == .popover)
        default:
            if let screenID = e.screen, let screen = prototype.screen(screenID) {
                v.screen = screenView(screen, navigation: e.screens, modal: m, values: e.values)
            }
            v.previousScreen = previousScreenView(navigation: e.screens, modal: m, values: e.values)
        }
        return v
    }

    /// How a layer drawn at `frame` grows out of the control at `origin`, as custom properties:
    /// the move from the control's centre to the layer's (`--grow-dx`, `--grow-dy`) and the scale
    /// from the control's size (`--grow-sx`, `--grow-sy`); the stylesheet's `grow-in` animation
    /// starts there. A zoom keeps the content's proportions instead: one scale, the larger
    /// (`--grow-s`), with the layer clipped to the control's shape (`--grow-clip-x`,
    /// `--grow-clip-y`: the insets, in the layer's unscaled points, that leave the control's
    /// size once scaled), as the zoom transition morphs the control into the presented view
    /// (Apple, "UIViewController.Transition.zoom(options:sourceViewProvider:)"; WWDC24 "Enhance
    /// your UI animations and transitions"; the clip is ModalLab's drawing of it, unverified).
    func growCSS(from origin: Rect, to frame: Rect) -> String {
        let sx = frame.width > 0 ? min(1, origin.width / frame.width) : 1
        let sy = frame.height > 0 ? min(1, origin.height / frame.height) : 1
        let s = max(sx, sy, 0.001)
        let clipX = max(0, (frame.width - origin.width / s) / 2)
        let clipY = max(0, (frame.height - origin.height / s) / 2)
        return "--grow-dx:\(pt(origin.midX - frame.midX))px;--grow-dy:\(pt(origin.midY - frame.midY))px;"
            + "--grow-sx:\(pt(sx));--grow-sy:\(pt(sy));--grow-s:\(pt(s));"
            + "--grow-clip-x:\(pt(clipX))px;--grow-clip-y:\(pt(clipY))px;"
    }

    /// Whether control `id` is hidden because a popover or action sheet drawn over it replaces it.
    func isReplacedSource(_ id: String) -> Bool {
        state.stack.contains { $0.popover?.replacesSource == true && $0.popover?.source == id }
    }

    /// Where a popover is drawn, as custom properties: its left edge and width, the edge that
    /// faces its arrow (the top below its source, the bottom above it, so a content-sized popover
    /// never leaves its arrow), its height when it has one, the room it may grow into, and the
    /// arrow's offset along its edge.
    func popoverCSS(_ pop: PopoverLayout, window: Rect) -> String {
        let f = pop.frame
        var css = "--x:\(pt(f.x))px;--w:\(pt(f.width))px;--max-h:\(pt(pop.availableHeight))px;"
        if pop.opensUpward {
            css += "--bottom:\(pt(window.height - f.maxY))px;"
        } else {
            css += "--top:\(pt(f.y))px;"
        }
        if pop.height != nil { css += "--h:\(pt(f.height))px;" }
        css += "--arrow-offset:\(pt(pop.arrowOffset))px;"
        if pop.sourceScrolls { css += "--assumed-scroll:\(pt(pop.assumedScroll))px;" }
        return css
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

    func screenView(_ s: Screen, navigation: [String], modal: Modal?, values: [String: JSONValue]) -> ScreenView {
        let back = FrameLayout.backTitle(navigation: navigation, modal: modal, in: prototype)
        return ScreenView(
            id: s.id, title: s.title ?? "", backTitle: back ?? "",
            leading: barControls(s.navigationBar?.leading ?? [], values: values),
            trailing: barControls(s.navigationBar?.trailing ?? [], values: values),
            content: s.content.map { control($0, inBar: false, values: values) },
            toolbar: barControls(s.toolbar, spaced: true, values: values), depth: max(1, navigation.count),
            largeTitle: FrameLayout.drawsLargeTitle(s, backTitle: back, metrics: LayoutMetrics(environment: env)),
            image: imageView(s))
    }

    /// The URL an asset of this prototype is served at (docs/api.md, "Assets").
    func assetURL(_ name: String) -> String { "/api/prototypes/\(prototype.id)/assets/\(name)" }

    /// An image screen's picture on this device, in this orientation and appearance (its
    /// variant's, ``ScreenImage/picture(on:_:)``), and its hotspots where the layout puts them
    /// (from the picture's top-left corner, the variant's frames where it gives them).
    func imageView(_ s: Screen) -> ScreenImageView? {
        guard let screenImage = s.image else { return nil }
        let image = screenImage.picture(on: env.device, env.orientation)
        let name = image.asset(dark: env.appearance == .dark)
        let rects = ScreenLayout.hotspots(
            of: s.drawn(on: env.device, env.orientation), frame: Rect(x: 0, y: 0, width: 0, height: 0)
        ).controls
        return ScreenImageView(
            src: assetURL(name),
            scale: name == image.asset ? image.scale : ScreenImage.scale(ofName: name) ?? image.scale,
            hotspots: s.hotspots.compactMap { h in
                guard let r = rects[h.id] else { return nil }
                return HotspotView(
                    id: h.id, name: h.accessibilityLabel ?? h.id,
                    style: "left:\(pt(r.x))px;top:\(pt(r.y))px;width:\(pt(r.width))px;height:\(pt(r.height))px",
                    hasAction: h.action != nil)
            })
    }

    /// The screen beneath the top of `navigation`, as an inert snapshot; `nil` at the root.
    func previousScreenView(navigation: [String], modal: Modal?, values: [String: JSONValue]) -> ScreenView? {
        guard navigation.count > 1, let id = navigation.dropLast().last else { return nil }
        let screen = modal.flatMap { $0.id == id ? $0.rootScreen : nil } ?? prototype.screen(id)
        guard let screen else { return nil }
        var v = screenView(screen, navigation: Array(navigation.dropLast()), modal: modal, values: values)
        v.isSnapshot = true
        return v
    }

    /// A bar's buttons, each with its part of the bar's shared background (``BarGlass``).
    func barControls(_ items: [Control], spaced: Bool = false, values: [String: JSONValue]) -> [ControlView] {
        zip(items, BarGlass.parts(items, spaced: spaced)).map { c, part in
            var v = control(c, inBar: true, values: values)
            v.glass = part.rawValue
            return v
        }
    }

    func control(_ c: Control, inBar: Bool, values: [String: JSONValue]) -> ControlView {
        let value = values[c.id]
        var v = ControlView(id: c.id, kind: c.kind.rawValue, name: c.title ?? c.accessibilityLabel ?? c.label ?? c.id)
        v.title = c.title ?? ""
        v.label = c.label ?? ""
        v.placeholder = c.placeholder ?? ""
        v.isReplaced = isReplacedSource(c.id)
        v.hasMenu = c.menu != nil && c.action == nil
        v.isMenuOpen = state.menu?.control == c.id
        v.longPress = c.contextMenu != nil || (c.menu != nil && c.action != nil)
        v.role = c.role?.rawValue ?? "default"
        v.hasAction = c.action != nil || c.menu != nil
        v.icon = c.systemImage.map(Icons.glyph)
        // Bar buttons with a symbol show the symbol; content buttons show both.
        v.showsTitle = c.systemImage == nil || !inBar
        switch c.kind {
        case .textField, .textArea:
            v.value = value?.stringValue ?? c.value ?? ""
        case .toggle:
            v.isOn = value?.boolValue ?? c.isOn
        case .segmented:
            let selected = c.selectedSegment(for: value)
            v.segments = c.segments.enumerated().map { i, title in
                SegmentView(title: title, isSelected: selected == i)
            }
        case .list:
            v.items = c.items.map { item in
                var chevron = false
                if case .push = item.action { chevron = true }
                return ListItemView(
                    id: item.id, title: item.title, subtitle: item.subtitle ?? "", hasAction: item.action != nil,
                    hasChevron: chevron, icon: item.systemImage.map(Icons.glyph),
                    hasContextMenu: item.contextMenu != nil)
            }
        case .text:
            v.text = c.text ?? ""
            v.tone = c.tone ?? "default"
        case .image:
            v.height = pt(c.height ?? LayoutMetrics(environment: env).imageHeight)
            if let asset = c.asset {
                let name = env.appearance == .dark ? (c.darkAsset ?? asset) : asset
                v.src = assetURL(name)
                v.scale = ScreenImage.scale(ofName: name) ?? 1
            }
            v.width = c.width.map { "width:\(pt($0))px;" } ?? ""
            v.fit = PlayerView.objectFit(c.contentMode ?? .scaleAspectFit)
        case .button, .hotspot:
            break
        }
        return v
    }

    /// CSS for a content mode (Apple, "UIView.ContentMode"): the scaling modes as `object-fit`
    /// (`fill`, `contain`, `cover`), the others unscaled (`none`) at their edge or corner.
    static func objectFit(_ mode: ContentMode) -> String {
        switch mode {
        case .scaleToFill: "object-fit:fill"
        case .scaleAspectFit: "object-fit:contain"
        case .scaleAspectFill: "object-fit:cover"
        case .center: "object-fit:none;object-position:50% 50%"
        case .top: "object-fit:none;object-position:50% 0"
        case .bottom: "object-fit:none;object-position:50% 100%"
        case .left: "object-fit:none;object-position:0 50%"
        case .right: "object-fit:none;object-position:100% 50%"
        case .topLeft: "object-fit:none;object-position:0 0"
        case .topRight: "object-fit:none;object-position:100% 0"
        case .bottomLeft: "object-fit:none;object-position:0 100%"
        case .bottomRight: "object-fit:none;object-position:100% 100%"
        }
    }

    // MARK: System presentations

    /// Two buttons sit side by side with Cancel leading when both titles fit 110 pt at 17 pt
    /// (the bold one in Semibold); otherwise, and always with three or more, they stack with
    /// Cancel at the bottom (rules alert.button-layout, alert.cancel-left). Bold: the preferred
    /// action (the modal's `preferredAction`, else an action marked `preferred: true`), else
    /// Cancel (rule alert.default-button). Order, weight and layout come from ``AlertButtons``,
    /// as the engine's and the linter's do, so the three agree.
    func alertView(_ m: Modal) -> AlertView {
        let preferred = AlertButtons.preferredIndex(m)
        let bold = AlertButtons.boldIndex(m)
        return AlertView(
            modal: m.id, title: m.title ?? "", message: m.message ?? "",
            textFields: m.textFields.enumerated().map { i, f in
                AlertFieldView(
                    index: i, placeholder: f.placeholder ?? "", type: f.secure ? "password" : "text",
                    inputMode: inputMode(f.keyboard))
            },
            layout: AlertButtons.sideBySide(m, contentSize: env.contentSize) ? "side-by-side" : "stacked",
            buttons: AlertButtons.drawn(m, form: .alert, contentSize: env.contentSize).map { i in
                let a = m.actions[i]
                return ActionButtonView(
                    index: i, title: a.title, actionID: a.id ?? "", isCancel: a.role == .cancel,
                    isDestructive: a.role == .destructive, isBold: bold == i, isPreferred: preferred == i)
            })
    }

    /// The people the share sheet suggests: placeholders (a prototype names no contacts), as
    /// many as an iPhone shows across (four).
    static let suggestedPeople: [(name: String, initials: String)] = [
        ("Alex Kim", "AK"), ("Sam Lee", "SL"), ("Family", "F"), ("Jo Park", "JP"),
    ]

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

    /// Actions in declared order; Cancel in its own group at the bottom (rule
    /// actionsheet.cancel-bottom), and not drawn at all in a popover
    /// (actionsheet.cancel-hidden-in-popover). Bold: the preferred action.
    func actionSheetView(_ m: Modal, inPopover: Bool) -> ActionSheetView {
        let preferred = AlertButtons.preferredIndex(m)
        let cancel = m.actions.firstIndex { $0.role == .cancel }
        return ActionSheetView(
            modal: m.id, title: m.title ?? "", message: m.message ?? "",
            actions: m.actions.indices.filter { m.actions[$0].role != .cancel }.map { i in
                ActionButtonView(
                    index: i, title: m.actions[i].title, actionID: m.actions[i].id ?? "",
                    isDestructive: m.actions[i].role == .destructive, isBold: preferred == i)
            },
            cancel: inPopover
                ? nil
                : cancel.map {
                    ActionButtonView(
                        index: $0, title: m.actions[$0].title, actionID: m.actions[$0].id ?? "", isCancel: true)
                }
        )
    }

    /// A header naming what is shared, then suggested people and the share targets as the app
    /// row, then actions: system activities first in the system's order, the app's own last
    /// (rule activity.system-first).
    func activityView(_ m: Modal, inPopover: Bool) -> ActivityView {
        let visible = m.visibleActivities
        func system(_ id: String) -> ActivityItemView {
            ActivityItemView(
                id: id, title: SystemActivity.titles[id] ?? id, icon: Icons.glyph(Icons.activityGlyphs[id] ?? id),
                isSystem: true)
        }
        let people = SystemActivity.peopleActivity(visible).map { activity in
            PlayerView.suggestedPeople.enumerated().map { i, p in
                ActivityPersonView(
                    name: p.name, initials: p.initials, hue: i % 4 + 1, activity: activity,
                    badge: Icons.glyph(Icons.activityGlyphs[activity] ?? activity))
            }
        }
        return ActivityView(
            title: m.title ?? prototype.name, subtitle: m.title == nil ? "" : prototype.name, inPopover: inPopover,
            people: people ?? [],
            apps: visible.filter { SystemActivity.shareTargets.contains($0) }.map(system),
            actions: visible.filter { !SystemActivity.shareTargets.contains($0) }.map(system)
                + m.customActivities.map {
                    ActivityItemView(
                        id: $0.id, title: $0.title, icon: $0.systemImage.map(Icons.glyph) ?? Icons.blank,
                        isSystem: false)
                })
    }
}
