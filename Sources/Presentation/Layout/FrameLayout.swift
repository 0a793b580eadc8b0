import Prototype

/// What is drawn where in the device frame: one pure computation from the prototype, the state
/// (device, orientation, multitasking, the presentation stack) and the ``LayoutMetrics`` of the
/// environment. The player's view model (`Sources/ModalLabServer/Views/PlayerView.swift`) and
/// the page's script only read it; the engine lays out popovers with the same code
/// (``PopoverLayout``).
///
/// The software keyboard comes with the state (``PresentationState/keyboard``): it is drawn
/// along the screen's bottom edge (``keyboard``), and what avoids it moves (see
/// ``LayerFrames/frame(ofLayer:)``). The text size, the OS version and the appearance come with
/// the environment, which chooses the ``LayoutMetrics``.
///
/// Coordinates: ``screen`` and ``window`` are in the device screen's points (origin at its
/// top-left corner); everything else — layer frames, control rects, popover frames — is in the
/// app window's points, before any push-back transform (``Layer/pushBack`` says how to apply it).
public struct FrameLayout: Sendable {
    /// The environment laid out.
    public var environment: Environment
    /// The lengths used.
    public var metrics: LayoutMetrics
    /// The device's screen (origin 0, 0), in the current orientation.
    public var screen: Rect
    /// The app's window on the screen: the screen itself, a Split View share, or Slide Over's
    /// floating window.
    public var window: Rect
    /// The other app of a Split View, or the full-screen app beneath Slide Over (screen
    /// coordinates); `nil` at full screen.
    public var otherApp: Rect?
    /// The window's safe-area insets.
    public var safeArea: EdgeInsets
    /// The status bar across the top of the screen (iPhones hide it in landscape).
    public var statusBar: StatusBar?
    /// Where the Dynamic Island sits on iPhones that have one.
    public var island: Island?
    /// Whether the device has a Home button (no home indicator, a thicker bezel).
    public var hasHomeButton: Bool
    /// Whether a home indicator is drawn (a bottom safe area).
    public var hasHomeIndicator: Bool
    /// The app's layer, then one per presented modal, bottom to top.
    public var layers: [Layer]
    /// The open menu, over every layer (``MenuLayout``), or `nil`.
    public var menu: MenuLayout?
    /// The software keyboard, when it is up.
    public var keyboard: Keyboard?

    /// The software keyboard: where it is on the screen, its parts (``SoftwareKeyboard``), what
    /// it is up for, and how much of the app's window it covers.
    public struct Keyboard: Sendable, Hashable {
        /// Its frame in screen coordinates: the screen's full width along its bottom edge.
        public var frame: Rect
        /// Its parts, top to bottom.
        public var parts: SoftwareKeyboard
        /// The field it is up for.
        public var focus: KeyboardFocus
        /// How much of the window's bottom it covers, in points (0 when the window ends above it).
        public var windowOverlap: Double
        /// How far its keys and suggestions stay from each side of the screen, in points: an
        /// iPhone's side safe-area inset in landscape (clear of the Dynamic Island and the
        /// display's corners, the keyboard's background still edge to edge), else 0. The inset
        /// is the screen's, whatever share of it the window has (unverified on a device: where
        /// iOS puts the globe and dictation keys in those margins is not drawn).
        public var sideInset: Double = 0
    }

    /// The status bar: its height, and whether its text is light (over a dark background, when
    /// the app is pushed back behind a card).
    public struct StatusBar: Sendable, Hashable {
        /// Its height in points.
        public var height: Double
        /// Whether its text is light: the app has the whole screen and is pushed back.
        public var isLight: Bool
        /// Whether its leading items (the time and date) are light while the trailing ones are
        /// not: in Split View the app's window is the leading share, under the time, and the other
        /// app is under the status icons; the app pushed back behind a card turns the part over it
        /// black. iPadOS draws each part of the status bar over the app beneath it (as devices
        /// show; unverified by an Apple document).
        public var isLeadingLight: Bool = false
        /// iPads show the date beside the time.
        public var showsDate: Bool
    }

    /// The Dynamic Island: at the top in portrait, at the leading side in landscape.
    public enum Island: String, Sendable, Hashable { case top, side }

    /// What dims the layers beneath a presentation.
    public enum Dimming: String, Sendable, Hashable {
        /// Nothing: the layer beneath stays live (full screen, current context, an undimmed sheet).
        case none
        /// The system's dimming view: black at 20 % (light) or 48 % (dark) behind an alert or an
        /// action sheet (Flutter's `kCupertinoModalBarrierColor`, taken from Apple's design
        /// resources), 40 % behind a sheet (ModalLab's, unverified); `Public/modallab.css`.
        case dark
        /// A clear view that still takes taps outside (a popover's).
        case clear
        /// A layer with a Liquid Glass effect over the content beneath: what a form sheet sits
        /// on in wR/hR from iOS 26 (U-MPS.formSheet: "the system adds a layer with a Liquid Glass
        /// effect over the background content").
        case glass
    }

    /// How a layer pushed back behind a card is drawn: scaled by `scale` about the middle of its
    /// top edge, then moved down by `translateY` (up when negative).
    public struct PushBack: Sendable, Hashable {
        /// The scale (1 is none).
        public var scale: Double
        /// The move after scaling, in points (down when positive).
        public var translateY: Double

        /// `rect` (window coordinates, inside a layer whose frame is `frame`) as drawn.
        public func apply(_ rect: Rect, in frame: Rect) -> Rect {
            let ox = frame.midX
            let oy = frame.minY
            return Rect(
                x: ox + (rect.x - ox) * scale, y: oy + (rect.y - oy) * scale + translateY, width: rect.width * scale,
                height: rect.height * scale)
        }
    }

    /// A card's detent: its id, its height in this window, and whether it is the one it rests at.
    public struct DetentFrame: Sendable, Hashable {
        /// The detent's id: `medium`, `large` or a custom id.
        public var id: String
        /// The card's height at this detent, in points.
        public var height: Double
        /// Whether the card rests at it.
        public var isSelected: Bool
    }

    /// One layer: the app (index 0) or a presented modal (index i + 1 for `stack[i]`).
    public struct Layer: Sendable {
        /// 0 for the app, i + 1 for `stack[i]`.
        public var index: Int
        /// The modal's id; `nil` for the app.
        public var modal: String?
        /// What is drawn; `nil` for the app.
        public var form: Form?
        /// Where it is drawn (window coordinates). For alerts and bottom action sheets, whose
        /// height follows their text, the height is the layout's estimate and the stylesheet
        /// sizes the element to its content.
        public var frame: Rect
        /// Where its screen is drawn and how (``ScreenLayout``); `nil` for system content.
        public var screenFrame: Rect?
        /// The dimming beneath it.
        public var dimming: Dimming
        /// Set when it is pushed back behind a card at its tallest detent.
        public var pushBack: PushBack?
        /// A card's: how the layer beneath it is pushed back when the card rests at its tallest
        /// detent (`nil` where it isn't: regular width, compact height). While the card is
        /// dragged between its two tallest detents the player moves the layer beneath between
        /// no push-back and this one in proportion to the card's height, as iOS scales the
        /// presenting view back with the sheet's drag (observed on iOS 15–18; the linear
        /// interpolation is ours, unverified).
        public var presenterPushBack: PushBack? = nil
        /// Hidden by a full-screen presentation above it.
        public var isCovered: Bool
        /// Curled up over a partial-curl presentation above it (and still tappable: a tap on it
        /// dismisses the curl).
        public var isCurled: Bool
        /// A card's detents, smallest first.
        public var detents: [DetentFrame]
        /// Whether a card rests at its tallest detent (and so pushes the layer beneath back).
        public var isAtLargestDetent: Bool
        /// A popover's layout: frame, arrow, source.
        public var popover: PopoverLayout?
        /// Whether an alert's or a bottom action sheet's content is taller than its frame, so it
        /// scrolls (the frame is as tall as the window allows).
        public var scrolls: Bool = false
        /// The controls of the layers beneath that a tap reaches through a nonmodal popover.
        public var passthrough: [String]
        /// Whether a card floats inset from the window's sides and bottom (Liquid Glass, at a
        /// partial detent; ``LayoutMetrics/sheetInset``), rather than being edge-attached.
        public var isFloating: Bool = false
        /// The control the layer grows out of as it appears, where it is drawn (window
        /// coordinates): the presenting control of a popover, an alert, an action sheet or a menu
        /// in the Liquid Glass design, and the source of a zoom transition. `nil`: it slides or
        /// fades in as its transition says.
        public var origin: Rect?
    }

    /// Lays out `state` of `prototype`.
    public init(prototype: Prototype, state: PresentationState) {
        let env = state.environment
        let m = LayoutMetrics(environment: env)
        environment = env
        metrics = m
        screen = Rect(size: env.screenSize)
        safeArea = env.safeArea
        (window, otherApp) = FrameLayout.window(env, metrics: m)
        let isPhone = env.device.family == .iPhone
        let landscape = env.orientation == .landscape
        hasHomeButton = isPhone && env.device.safeBottom == 0
        hasHomeIndicator = safeArea.bottom > 0
        island = isPhone && env.device.safeTop >= 59 ? (landscape ? .side : .top) : nil
        layers = FrameLayout.layers(prototype: prototype, state: state, metrics: m)
        menu = LayerFrames(state: state, prototype: prototype, metrics: m).menu()
        if let focus = state.keyboard {
            let parts = SoftwareKeyboard(environment: env)
            let frame = Rect(x: 0, y: screen.height - parts.height, width: screen.width, height: parts.height)
            keyboard = Keyboard(
                frame: frame, parts: parts, focus: focus, windowOverlap: max(0, window.maxY - frame.y),
                sideInset: isPhone && landscape ? env.safeArea.left : 0)
        }
        let pushedBack = layers.contains { $0.pushBack != nil }
        let split = [.twoThirds, .half, .third].contains(env.multitasking)
        statusBar =
            isPhone && landscape
            ? nil
            : StatusBar(
                height: isPhone ? env.device.safeTop : m.padStatusBar, isLight: pushedBack && env.multitasking == .full,
                isLeadingLight: pushedBack && split, showsDate: !isPhone)
    }

    /// The app's window on the screen (screen coordinates) and the other app beside or beneath
    /// it: the screen itself at full screen; a Split View share on the leading side with the
    /// other app beyond the divider; Slide Over's window floating near the trailing edge over
    /// the full-screen app; a resizable window where ``Environment/windowOrigin`` puts it.
    static func window(_ env: Environment, metrics m: LayoutMetrics) -> (window: Rect, otherApp: Rect?) {
        let screen = Rect(size: env.screenSize)
        let w = env.windowSize
        switch env.multitasking {
        case .slideOver:
            return (
                Rect(x: screen.width - w.width - m.slideOverInset, y: m.slideOverTop, width: w.width, height: w.height),
                screen
            )
        case .twoThirds, .half, .third:
            let left = w.width + m.splitDivider
            return (Rect(size: w), Rect(x: left, y: 0, width: screen.width - left, height: screen.height))
        case .full:
            return (Rect(size: w), nil)
        case .window:
            // A resizable window floats over the app beneath it, where the environment puts it.
            let o = env.windowOrigin
            return (Rect(x: o.x, y: o.y, width: w.width, height: w.height), screen)
        }
    }

    // MARK: Layers

    static func layers(prototype: Prototype, state: PresentationState, metrics m: LayoutMetrics) -> [Layer] {
        let env = state.environment
        let frames = LayerFrames(state: state, prototype: prototype, metrics: m)
        var out = [
            Layer(
                index: 0, modal: nil, form: nil, frame: frames.window, screenFrame: frames.window, dimming: .none,
                pushBack: nil, isCovered: false, isCurled: false, detents: [], isAtLargestDetent: false, popover: nil,
                passthrough: [])
        ]
        for (i, e) in state.stack.enumerated() {
            let form = e.resolution.form
            let m = e.ref.modal
            let undimmed = e.isUndimmed(in: env)
            let placed = frames.placed(i + 1)
            var layer = Layer(
                index: i + 1, modal: e.modal, form: form, frame: placed.frame,
                screenFrame: m.style.isCustom ? frames.screenFrame(ofLayer: i + 1) : nil,
                dimming: [.fullScreen, .context].contains(form) || undimmed ? .none : form == .popover ? .clear : .dark,
                pushBack: nil, isCovered: false, isCurled: false, detents: [], isAtLargestDetent: false,
                popover: form == .popover ? e.popover : nil,
                passthrough: state.passthrough(ofEntry: i, in: prototype))
            if let natural = placed.natural { layer.scrolls = natural > layer.frame.height + 0.5 }
            if form == .card {
                let detent = e.effectiveDetent(in: env)
                layer.detents = e.detents.map {
                    DetentFrame(
                        id: $0.id, height: frames.drawnCardHeight(e, detent: $0.id), isSelected: $0.id == detent)
                }
                layer.isAtLargestDetent = frames.isAtLargestDetent(e)
                layer.isFloating = frames.isFloating(e)
            }
            if form == .centered && e.resolution.style == .formSheet && env.design == .liquidGlass
                && layer.dimming == .dark
            {
                layer.dimming = .glass
            }
            layer.origin = frames.origin(ofEntry: i)
            out.append(layer)
        }
        // A card at its tallest detent pushes the layer below back; at a smaller detent the
        // layer below only dims.
        for i in out.indices {
            out[i].pushBack = frames.pushBack(ofLayer: i)
            if i > 0 && out[i].form == .card {
                out[i].presenterPushBack = frames.pushBack(ofLayer: i - 1, assumingLargest: true)
            }
        }
        // Full screen (not "over") removes the views beneath (rule overfullscreen.keeps-underlying);
        // a partial curl keeps the presenting view, curled up over the top of the new one.
        if let last = state.stack.lastIndex(where: {
            $0.resolution.form == .fullScreen && !$0.resolution.keepsUnderlying
        }) {
            let layer = last + 1
            for i in 0..<layer { out[i].isCovered = true }
            if state.stack[last].transition == .partialCurl {
                out[layer - 1].isCovered = false
                out[layer - 1].isCurled = true
            }
        }
        return out
    }
}

/// The frames of a state's layers, without laying out their content: what ``FrameLayout`` and
/// the engine's popover layout both start from.
struct LayerFrames {
    let state: PresentationState
    let prototype: Prototype
    let metrics: LayoutMetrics
    let window: Rect
    /// Where the software keyboard starts, in window coordinates, when it is up and covers part
    /// of the window; `nil` otherwise.
    let keyboardTop: Double?

    init(state: PresentationState, prototype: Prototype, metrics: LayoutMetrics) {
        self.state = state
        self.prototype = prototype
        self.metrics = metrics
        window = Rect(size: state.environment.windowSize)
        if state.keyboard != nil {
            let env = state.environment
            let onScreen = FrameLayout.window(env, metrics: metrics).window
            let top = env.screenSize.height - SoftwareKeyboard.height(in: env) - onScreen.y
            keyboardTop = top < window.height ? top : nil
        } else {
            keyboardTop = nil
        }
    }

    var env: Environment { state.environment }

    /// Where layer `layer` (0 = the app) is drawn.
    func frame(ofLayer layer: Int) -> Rect { placed(layer).frame }

    /// Where layer `layer` is drawn, and for an alert or a bottom action sheet the height of its
    /// content, which scrolls when it is taller than the frame (`nil` for other forms).
    func placed(_ layer: Int) -> (frame: Rect, natural: Double?) {
        guard layer > 0 else { return (window, nil) }
        let e = state.stack[layer - 1]
        let m = e.ref.modal
        let safe = env.safeArea
        switch e.resolution.form {
        case .card:
            var h = cardHeight(e, detent: e.effectiveDetent(in: env))
            var bottom = window.height
            if let kb = keyboardTop, h < cardHeight(e, detent: nil) {
                // A card below its full height rides on the keyboard (its own content is first
                // responder, or its largest detent is not large), keeping at least the large
                // detent's gap below the top safe area: Apple is silent on this, ModalLab's choice.
                bottom = kb
                h = min(h, kb - safe.top - metrics.largeDetentGap)
            }
            if env.verticalSizeClass == .compact {
                // In compact height a card keeps 10 % of the window (or the safe area) each side.
                let left = max(safe.left, window.width * 0.1)
                let right = max(safe.right, window.width * 0.1)
                return (Rect(x: left, y: bottom - h, width: window.width - left - right, height: h), nil)
            }
            if isFloating(e) {
                // Liquid Glass: inset from the sides and the bottom (the keyboard's top when it
                // rides on it), its top where it would be.
                let inset = metrics.sheetInset
                return (Rect(x: inset, y: bottom - h, width: window.width - 2 * inset, height: h - inset), nil)
            }
            return (Rect(x: 0, y: bottom - h, width: window.width, height: h), nil)
        case .centered:
            var size = centeredSize(e)
            var y = (window.height - size.height) / 2
            if let kb = keyboardTop, y + size.height > kb - metrics.centeredMargin {
                // A form sheet "may be repositioned if a keyboard appears" (S1:L51): it moves up to
                // end above the keyboard, no higher than the safe area and margin, and is shortened
                // when it still doesn't fit (how far, and the shortening: unverified).
                let top = safe.top + metrics.centeredMargin
                y = max(top, kb - metrics.centeredMargin - size.height)
                size.height = min(size.height, max(0, kb - metrics.centeredMargin - y))
            }
            return (Rect(x: (window.width - size.width) / 2, y: y, width: size.width, height: size.height), nil)
        case .fullScreen:
            return (window, nil)
        case .popover:
            if let frame = e.popover?.frame { return (frame, nil) }
            return (window, nil)
        case .alert:
            // An alert taller than the window less its safe area and 16 pt margins scrolls
            // inside that height (UIAlertController scrolls its content; margins unverified).
            // With the keyboard up it is centred in what the keyboard leaves above it, so it
            // stays above the keyboard (as UIAlertController moves; unverified in points).
            let bottom = keyboardTop.map { min($0, window.height - safe.bottom) } ?? (window.height - safe.bottom)
            let fits = max(0, bottom - safe.top - 32)
            let natural = SystemContentLayout.alertHeight(m, metrics: metrics)
            let h = min(natural, fits)
            let w = SystemContentLayout.alertWidth
            let mid = keyboardTop == nil ? window.height / 2 : (safe.top + bottom) / 2
            return (Rect(x: (window.width - w) / 2, y: mid - h / 2, width: w, height: h), natural)
        case .actionSheet:
            // Its natural height, at most the window less the safe area, 10 pt above and the
            // bottom margin: an action sheet taller than that scrolls its actions (Cancel stays),
            // as UIAlertController's does (HIG "Action sheets": "Avoid letting an action sheet
            // scroll"; the 10 pt margin is ours, unverified).
            let bottom = max(safe.bottom, 8)
            let w = SystemContentLayout.bottomActionSheetWidth(in: env)
            let x = env.verticalSizeClass == .compact ? (window.width - w) / 2 : 8 + safe.left
            let natural = SystemContentLayout.actionSheetHeight(m, inPopover: false, width: w, metrics: metrics)
            let h = min(natural, window.height - safe.top - metrics.actionSheetTopMargin - bottom)
            return (Rect(x: x, y: window.height - bottom - h, width: w, height: h), natural)
        case .context:
            return (contextFrame(ofLayer: layer), nil)
        }
    }

    /// A current-context presentation covers its context: the body of the modal it names, or
    /// the window for an app screen (or when no context was found).
    func contextFrame(ofLayer layer: Int) -> Rect {
        let e = state.stack[layer - 1]
        guard let owner = e.contextOwner else { return window }
        var k = layer - 2
        while k >= 0 {
            if state.stack[k].modal == owner || state.stack[k].screen == owner { return frame(ofLayer: k + 1) }
            k -= 1
        }
        return window
    }

    /// Where layer `layer`'s screen is drawn: the layer's frame, except under a partial curl,
    /// where the new view's screen sits in the part the curl reveals (from 72 % of the height).
    func screenFrame(ofLayer layer: Int) -> Rect {
        let f = frame(ofLayer: layer)
        guard layer > 0, state.stack[layer - 1].transition == .partialCurl,
            state.stack[layer - 1].resolution.form == .fullScreen
        else { return f }
        return Rect(x: f.x, y: f.y + f.height * 0.72, width: f.width, height: f.height * 0.28)
    }

    /// The chrome a screen on layer `layer` is drawn with.
    func chrome(ofLayer layer: Int) -> ScreenChrome {
        let safe = env.safeArea
        let rtl = env.layoutDirection == .rtl
        if layer == 0 {
            return ScreenChrome(
                frame: window, barHeight: metrics.barHeight, barTop: safe.top, safeArea: safe, rightToLeft: rtl,
                device: env.device, orientation: env.orientation)
        }
        let e = state.stack[layer - 1]
        let frame = screenFrame(ofLayer: layer)
        if e.resolution.form == .fullScreen {
            // Full screen draws its bar below the status bar, except under a partial curl.
            let curl = e.transition == .partialCurl
            return ScreenChrome(
                frame: frame, barHeight: metrics.barHeight, barTop: curl ? 0 : safe.top, safeArea: safe,
                rightToLeft: rtl, device: env.device, orientation: env.orientation)
        }
        return ScreenChrome(
            frame: frame, barHeight: metrics.sheetBarHeight, barTop: 0, safeArea: safe, rightToLeft: rtl,
            device: env.device, orientation: env.orientation)
    }

    /// A card's height at `detent`: large reaches 10 pt below the top safe area; medium is
    /// half the window (large in compact height, where medium is inactive); a custom detent is
    /// its height plus the bottom safe area, at most large.
    func cardHeight(_ e: StackEntry, detent: String?) -> Double {
        let safe = env.safeArea
        let large = window.height - safe.top - metrics.largeDetentGap
        guard let id = detent, let d = e.detents.first(where: { $0.id == id }) else { return large }
        switch d {
        case .large: return large
        case .medium: return env.verticalSizeClass == .compact ? large : (window.height / 2).rounded()
        case .custom(_, let h): return min(large, h + safe.bottom)
        }
    }

    /// Whether card `e` floats inset (``LayoutMetrics/sheetInset``): in the Liquid Glass design,
    /// in regular height, resting below the height of the large detent ("half sheets are inset
    /// from the edge of the display. When a half sheet expands to full height, it transitions to
    /// a more opaque appearance": Apple, "Adopting Liquid Glass").
    func isFloating(_ e: StackEntry) -> Bool {
        e.resolution.form == .card && floats(e, height: cardHeight(e, detent: e.effectiveDetent(in: env)))
    }

    /// Whether a card `height` tall floats: Liquid Glass insets it in regular height when it is
    /// below its full height.
    private func floats(_ e: StackEntry, height: Double) -> Bool {
        metrics.sheetInset > 0 && env.verticalSizeClass == .regular && height < cardHeight(e, detent: nil)
    }

    /// A card's drawn height at `detent`: ``cardHeight(_:detent:)``, less the bottom inset where it
    /// floats there (the drag gesture moves between these heights).
    func drawnCardHeight(_ e: StackEntry, detent: String) -> Double {
        let h = cardHeight(e, detent: detent)
        return floats(e, height: h) ? h - metrics.sheetInset : h
    }

    /// Where the control `id` is drawn, on the topmost layer below `layer` that shows it (window
    /// coordinates, pushed back with its layer), or `nil` when no layer below shows it.
    func controlRect(_ id: String, below layer: Int) -> Rect? {
        guard let loc = prototype.control(id) else { return nil }
        var k = layer - 1
        while k >= 0 {
            let shows =
                k == 0
                ? loc.modal == nil && state.screen == loc.screen
                : state.stack[k - 1].modal == loc.modal && state.stack[k - 1].screen == loc.screen
            if shows { return sourceRect(of: id, location: loc, onLayer: k)?.rect }
            k -= 1
        }
        return nil
    }

    /// The control `stack[i]` grows out of (``FrameLayout/Layer/origin``): with a zoom
    /// transition, its declared source (else the control that presented it); in the Liquid Glass
    /// design, the control that presented a popover, an alert, an action sheet or a menu ("dialogs
    /// also automatically morph out of the buttons that present them": WWDC25 "Build a SwiftUI
    /// app with the new design"; a popover "animates from and replaces" its bar button item:
    /// Apple, "UIPopoverPresentationController.sourceItem"). Cards and full-screen modals without
    /// a zoom transition slide up as before.
    func origin(ofEntry i: Int) -> Rect? {
        let e = state.stack[i]
        if e.transition == .zoom {
            for id in [e.ref.modal.source, e.presentedBy].compactMap({ $0 }) {
                if let r = controlRect(id, below: i + 1) { return r }
            }
            return nil
        }
        guard metrics.design == .liquidGlass else { return nil }
        switch e.resolution.form {
        case .popover:
            return e.popover?.sourceRect ?? e.presentedBy.flatMap { controlRect($0, below: i + 1) }
        case .alert, .actionSheet:
            return e.presentedBy.flatMap { controlRect($0, below: i + 1) }
        default:
            return nil
        }
    }

    /// How centred sheet `e` is sized (``sizing(of:)``), in the session's iOS version: by its
    /// style (a page sheet as a page, a form sheet by `preferredContentSize`), unless
    /// `prefersPageSizing` says otherwise (iOS 17 and later) or `sizing` does (iOS 18 and later).
    /// Earlier versions lack those APIs, so they size by the style (rule sheet.sizing-version).
    func sizing(of e: StackEntry) -> PresentationSizing {
        let m = e.ref.modal
        let os = env.systemVersion
        if os >= SystemVersion.presentationSizing, let s = m.sizing { return s }
        if os >= SystemVersion.prefersPageSizing, let page = m.prefersPageSizing { return page ? .page : .form }
        return e.resolution.style == .formSheet ? .form : .page
    }

    /// An iPad page sheet is about a page (704 pt wide, nearly the window's height); a form
    /// sheet honours `preferredContentSize` (default 540 × 620 pt); a fitted one is as wide as
    /// `preferredContentSize` (else a form sheet) and as tall as its content; all fit the window.
    func centeredSize(_ e: StackEntry) -> Size {
        let safe = env.safeArea
        let margin = metrics.centeredMargin
        let maxW = window.width - 2 * margin
        let maxH = window.height - safe.top - safe.bottom - 2 * margin
        switch sizing(of: e) {
        case .form:
            let want = e.ref.modal.preferredContentSize ?? metrics.formSheetSize
            return Size(width: min(want.width, maxW), height: min(want.height, maxH))
        case .page:
            return Size(width: min(metrics.pageSheetWidth, maxW), height: maxH)
        case .fitted:
            let m = e.ref.modal
            let width = min(m.preferredContentSize?.width ?? metrics.formSheetSize.width, maxW)
            let screen = e.screen.flatMap { prototype.screen($0) } ?? m.rootScreen
            let chrome = ScreenChrome(
                frame: Rect(x: 0, y: 0, width: width, height: 0), barHeight: metrics.sheetBarHeight, barTop: 0,
                safeArea: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0), device: env.device,
                orientation: env.orientation)
            let back = FrameLayout.backTitle(navigation: e.screens, modal: m, in: prototype)
            let content = ScreenLayout(screen, backTitle: back, chrome: chrome, metrics: metrics).intrinsicHeight
            return Size(width: width, height: min(max(content, metrics.hitTarget * 2), maxH))
        }
    }
}
