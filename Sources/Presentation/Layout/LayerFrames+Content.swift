import Prototype

extension LayerFrames {
    /// How layer `layer` is pushed back: when the card right above it rests at its tallest
    /// detent in compact width and regular height, scaled about its top edge and moved down
    /// below the status bar (the app) or up by 10 pt (a card beneath another card), as iOS draws
    /// the presenting view behind a page sheet. `nil` otherwise, and for the top layer.
    /// `assumingLargest` asks how it would be pushed back if the card above rested at its
    /// tallest detent (what a drag toward that detent moves it toward).
    func pushBack(ofLayer layer: Int, assumingLargest: Bool = false) -> FrameLayout.PushBack? {
        guard layer < state.stack.count, env.horizontalSizeClass == .compact, env.verticalSizeClass == .regular,
            state.stack[layer].resolution.form == .card,
            assumingLargest || isAtLargestDetent(state.stack[layer])
        else { return nil }
        return FrameLayout.PushBack(
            scale: metrics.pushBackScale,
            translateY: layer == 0 ? max(env.safeArea.top, metrics.largeDetentGap) : -metrics.pushBackLift)
    }

    /// Whether `e` is a card resting at its tallest detent (or at the height of large).
    func isAtLargestDetent(_ e: StackEntry) -> Bool {
        guard e.resolution.form == .card else { return false }
        let detent = e.effectiveDetent(in: env)
        return detent == nil || detent == e.detents.last?.id
            || cardHeight(e, detent: detent) >= cardHeight(e, detent: nil)
    }

    /// The screen shown on layer `layer` and its back button's title (when it was pushed).
    func shownScreen(ofLayer layer: Int) -> (screen: Screen, backTitle: String?)? {
        let navigation = layer == 0 ? state.appScreens : state.stack[layer - 1].screens
        guard let id = navigation.last, let screen = prototype.screen(id) else { return nil }
        let modal = layer == 0 ? nil : state.stack[layer - 1].ref.modal
        return (screen, FrameLayout.backTitle(navigation: navigation, modal: modal, in: prototype))
    }

    /// The layout of layer `layer`'s screen, or `nil` for system content.
    func screenLayout(ofLayer layer: Int) -> ScreenLayout? {
        guard let (screen, back) = shownScreen(ofLayer: layer) else { return nil }
        return ScreenLayout(screen, backTitle: back, chrome: chrome(ofLayer: layer), metrics: metrics)
    }

    /// Where control (or list row) `id` at `location` is drawn on layer `layer`, as a person
    /// sees it: pushed back with its layer, and in scrolling content scrolled just enough to
    /// show it whole (how far is `scroll`: the least scrolling that does, as
    /// `UIScrollView.scrollRectToVisible(_:animated:)` and the browser's
    /// `scrollIntoView({block: "nearest"})` scroll). `nil` when it isn't on that layer's screen.
    func sourceRect(of id: String, location: ControlLocation, onLayer layer: Int) -> (rect: Rect, scroll: Double)? {
        guard let layout = screenLayout(ofLayer: layer), var r = layout.controls[id] else { return nil }
        var scroll = 0.0
        if location.isInContent && r.maxY > layout.content.maxY {
            scroll = min(r.maxY - layout.content.maxY, max(0, layout.contentHeight - layout.content.height))
            r = r.offsetBy(dx: 0, dy: -scroll)
        }
        if let push = pushBack(ofLayer: layer) { r = push.apply(r, in: frame(ofLayer: layer)) }
        return (r, scroll)
    }

    /// How tall modal `m`'s content is in a popover `width` points wide, showing `screen` (its
    /// current screen; the root when `nil`) after the navigation `screens`.
    func popoverContentHeight(_ m: Modal, screens: [String], width: Double) -> Double {
        switch m.style {
        case .actionSheet:
            return SystemContentLayout.actionSheetHeight(m, inPopover: true, width: width, metrics: metrics)
        case .activity: return SystemContentLayout.activityHeight(m, metrics: metrics)
        default:
            let screen = screens.last.flatMap { prototype.screen($0) } ?? m.rootScreen
            let back = FrameLayout.backTitle(navigation: screens, modal: m, in: prototype)
            return LayerFrames.popoverScreenHeight(
                screen, backTitle: back, width: width, safeArea: env.safeArea, metrics: metrics, device: env.device,
                orientation: env.orientation)
        }
    }

    /// How tall `screen` is in a popover `width` points wide with nothing constraining it: its
    /// bar (a sheet's), its content and its toolbar (``ScreenLayout/intrinsicHeight``); an
    /// image screen's hotspots as drawn on `device` in `orientation` (its own without a device).
    static func popoverScreenHeight(
        _ screen: Screen, backTitle: String?, width: Double, safeArea: EdgeInsets, metrics: LayoutMetrics,
        device: Device? = nil, orientation: Orientation = .portrait
    ) -> Double {
        let chrome = ScreenChrome(
            frame: Rect(x: 0, y: 0, width: width, height: 0), barHeight: metrics.sheetBarHeight, barTop: 0,
            safeArea: safeArea, device: device, orientation: orientation)
        return ScreenLayout(screen, backTitle: backTitle, chrome: chrome, metrics: metrics).intrinsicHeight
    }

    /// Lays out modal `m` as a popover over the layers of this state, pointing at `target` (a
    /// control on layer `layer`), or at nothing.
    ///
    /// In the Liquid Glass design a popover (or an action sheet drawn as one) from a bar button
    /// item replaces its source, and an action sheet on iPhone (wC or hC) is drawn inline over its
    /// source, ``LayoutMetrics/inlineActionSheetWidth`` wide (``PopoverLayout/replacesSource``).
    func popover(
        _ m: Modal, screens: [String], target: (id: String, location: ControlLocation, layer: Int)?
    ) -> PopoverLayout {
        let glass = metrics.design == .liquidGlass
        // Where an action sheet is not a popover (a compact width or height: every iPhone, a large
        // one in landscape too) it is drawn inline (Adaptation's `actionsheet.inline-at-source`).
        let inline =
            glass && m.style == .actionSheet
            && (env.horizontalSizeClass == .compact || env.verticalSizeClass == .compact)
        let fromBar = target.map { !$0.location.isInContent } ?? false
        let placement: PopoverLayout.Placement = glass && (inline || fromBar) ? .replace : .arrow
        let override = inline ? metrics.inlineActionSheetWidth : nil
        let width =
            override.map { min($0, env.windowSize.width - 2 * metrics.popoverMargin) }
            ?? PopoverLayout.width(of: m, env: env, metrics: metrics)
        let content = m.preferredContentSize == nil ? popoverContentHeight(m, screens: screens, width: width) : 0
        var source: (id: String, location: ControlLocation, rect: Rect, scroll: Double)?
        if let target, let placed = sourceRect(of: target.id, location: target.location, onLayer: target.layer) {
            source = (target.id, target.location, placed.rect, placed.scroll)
        }
        return PopoverLayout.make(
            m, source: source, contentHeight: content, env: env, metrics: metrics, placement: placement,
            width: override)
    }
}

extension FrameLayout {
    /// Whether `screen` is drawn with a large title (`backTitle`: its back button's title when
    /// it was pushed): it asks for one, has a title, and the environment's metrics have room (no
    /// large titles in compact height).
    public static func drawsLargeTitle(_ screen: Screen, backTitle: String?, metrics: LayoutMetrics) -> Bool {
        let bar = screen.navigationBar
        let hasBar =
            !(screen.title ?? "").isEmpty || !(bar?.leading ?? []).isEmpty || !(bar?.trailing ?? []).isEmpty
            || backTitle != nil
        return ScreenLayout.hasLargeTitle(screen, hasBar: hasBar, metrics: metrics)
    }

    /// The title of a screen's back button: the previous screen's title (a modal's root screen
    /// has the modal's title), else "Back"; `nil` at the root of a navigation stack.
    public static func backTitle(navigation: [String], modal: Modal?, in prototype: Prototype) -> String? {
        guard navigation.count > 1, let previous = navigation.dropLast().last else { return nil }
        let title = prototype.screen(previous)?.title ?? (previous == modal?.id ? (modal?.title ?? "Back") : "Back")
        return title.isEmpty ? nil : title
    }
}
