import Prototype

/// Where a popover points and where it is drawn (rule popover.regular, popover.not-cover-source,
/// popover.not-fullscreen-size). The engine lays popovers out with it when presenting and after
/// every action, and keeps the result in the stack entry; ``FrameLayout`` and the page draw it
/// as it is. Lengths are in points, rects in the app window's coordinates.
public struct PopoverLayout: Sendable, Hashable {
    /// The control the arrow points at: the declared `source` when it is on screen, else the
    /// control that was tapped to present it; `nil` when neither is on screen (the popover is
    /// then centred in the window, without an arrow).
    public var source: String?
    /// The arrow's direction (`up`: the popover hangs below its source), or `nil` without an arrow.
    public var arrow: ArrowDirection?
    /// Whether the arrow can point at the source without the popover covering it.
    public var arrowPointsAtSource: Bool
    /// The width: `preferredContentSize`'s, else 304 pt for an action sheet, 375 pt for an
    /// activity view and 320 pt for anything else; clamped to the container.
    public var width: Double
    /// The height, clamped to the container; `nil` fits the content, up to `maxHeight`.
    public var height: Double?
    /// The tallest the popover may be: the window less its safe area and a 10 pt margin each side.
    public var maxHeight: Double
    /// Whether `preferredContentSize` had to shrink to fit the container.
    public var clamped: Bool
    /// Whether `preferredContentSize` reaches 90 % of the container's width or height
    /// (rule popover.not-fullscreen-size).
    public var nearlyFullScreen: Bool
    /// Where the source is drawn, as the layout computed it (``FrameLayout``'s screen layout);
    /// `nil` without a source.
    public var sourceRect: Rect?
    /// Where the popover is drawn. When it sizes to its content (`height == nil`) the height is
    /// the layout's estimate of the content's; the page then sets only ``availableHeight`` and
    /// anchors the edge that faces the arrow, so the estimate never moves the arrow.
    public var frame: Rect
    /// How tall the popover may be drawn where it is (the room on its side of the source).
    public var availableHeight: Double
    /// The arrow's offset along the popover's edge: from the left edge (arrow up or down) or
    /// the top edge (left or right) to the start of the arrow's base.
    public var arrowOffset: Double
    /// How far the layout assumed the source's scrolling content to be scrolled: the least that
    /// shows the source whole (0 when it shows unscrolled). The page shifts the popover by the
    /// difference when the content is scrolled elsewhere — the one length the server can't know.
    public var assumedScroll: Double
    /// Whether the source sits in scrolling content (so ``assumedScroll`` applies).
    public var sourceScrolls: Bool
    /// Whether it is drawn over its source, without an arrow, and the source is hidden while it
    /// is up (the Liquid Glass design): a popover or an action sheet from a bar button item
    /// "animates from and replaces the specified item until someone selects an action item or
    /// dismisses the popover" (Apple, "UIPopoverPresentationController.sourceItem", iOS 26), and an
    /// action sheet on iPhone appears over the control that shows it (Apple, "Adopting Liquid
    /// Glass": it "originates from the element that initiates the action").
    public var replacesSource: Bool = false
    /// Whether it is anchored by its bottom edge and grows upward (an arrow pointing down, or a
    /// popover over a toolbar item or over a source near the bottom).
    public var opensUpward: Bool = false

    /// How a popover sits by its source: pointing at it with an arrow (the classic design, and
    /// popovers from views in Liquid Glass), or over it (``replacesSource``).
    enum Placement { case arrow, replace }

    /// Where a control sits, for choosing the arrow.
    enum Region { case leadingBar, trailingBar, bottomBar, content }

    /// UIKit's order of preference for the arrow by the source's region: below a navigation-bar
    /// button (`up`), then sideways away from the bar's edge; above a toolbar button (`down`),
    /// then sideways; around a content control `up`, `down`, `left`, `right`.
    static func preference(_ region: Region) -> [ArrowDirection] {
        switch region {
        case .leadingBar: return [.up, .left, .right, .down]
        case .trailingBar: return [.up, .right, .left, .down]
        case .bottomBar: return [.down, .left, .right, .up]
        case .content: return [.up, .down, .left, .right]
        }
    }

    /// A popover's width: `preferredContentSize`'s, else 304 pt for an action sheet, 375 pt for
    /// an activity view and 320 pt for anything else; at most the window less its safe area and
    /// margins.
    static func width(of m: Modal, env: Environment, metrics: LayoutMetrics) -> Double {
        let defaultWidth: Double =
            m.style == .actionSheet ? SystemContentLayout.actionSheetWidth : m.style == .activity ? 375 : 320
        let safe = env.safeArea
        return min(
            m.preferredContentSize?.width ?? defaultWidth,
            env.windowSize.width - safe.left - safe.right - 2 * metrics.popoverMargin)
    }

    /// Lays out modal `m` pointing at `source`, a control on a layer beneath whose rect is
    /// `sourceRect` (``LayerFrames/sourceRect(of:location:onLayer:)``), in `env`. The popover's
    /// content is `contentHeight` points tall when it has no preferred height.
    ///
    /// The arrow is the first permitted direction, in the order of preference for the source's
    /// region, on whose side the whole popover fits beside its source; else the permitted one
    /// with the most room (at least 88 pt of height, or 120 pt of width), where the popover
    /// shrinks to that room, as UIKit shrinks a popover that doesn't fit. When no permitted side
    /// has that much room, the first permitted direction is used, the popover is kept inside
    /// the window (covering its source) and `arrowPointsAtSource` is false; `[]` draws no arrow
    /// and centres the popover on its source (UIKit's arrowless popover; unverified).
    ///
    /// With `placement` `.replace` the popover is drawn over its source instead, without an
    /// arrow (``replacesSource``): beside a leading bar button its leading edge on the button's,
    /// beside a trailing one its trailing edge; over a toolbar item its bottom edge on the item's;
    /// over a content control centred on it, its top on the control's (its bottom, growing upward,
    /// when there is more room above). `width` overrides the popover's width.
    static func make(
        _ m: Modal, source: (id: String, location: ControlLocation, rect: Rect, scroll: Double)?,
        contentHeight: Double, env: Environment, metrics: LayoutMetrics, placement: Placement = .arrow,
        width override: Double? = nil
    ) -> PopoverLayout {
        let window = env.windowSize
        let safe = env.safeArea
        let margin = metrics.popoverMargin
        let maxW = window.width - safe.left - safe.right - 2 * margin
        let maxH = window.height - safe.top - safe.bottom - 2 * margin
        let want = m.preferredContentSize
        let width = override.map { min($0, maxW) } ?? PopoverLayout.width(of: m, env: env, metrics: metrics)
        let height = want.map { min($0.height, maxH) }
        let clamped = (want?.width ?? 0) > maxW || (want?.height ?? 0) > maxH
        let nearly = want.map { $0.width >= 0.9 * maxW || $0.height >= 0.9 * maxH } ?? false
        let wantedHeight = height ?? min(contentHeight, maxH)

        var layout = PopoverLayout(
            source: nil, arrow: nil, arrowPointsAtSource: false, width: width, height: height, maxHeight: maxH,
            clamped: clamped, nearlyFullScreen: nearly, sourceRect: nil, frame: .zero, availableHeight: maxH,
            arrowOffset: 0, assumedScroll: 0, sourceScrolls: false)
        let left = safe.left + margin
        let top = safe.top + margin
        let right = window.width - safe.right - margin
        let bottom = window.height - safe.bottom - margin
        func clampX(_ x: Double, _ w: Double) -> Double { max(left, min(x, right - w)) }
        func clampY(_ y: Double, _ h: Double) -> Double { max(top, min(y, bottom - h)) }

        guard let source else {
            // Nothing to point at: centred in the window's safe area, without an arrow.
            layout.frame = Rect(
                x: clampX((window.width - width) / 2, width),
                y: clampY(top + (bottom - top - wantedHeight) / 2, wantedHeight),
                width: width, height: wantedHeight)
            layout.availableHeight = bottom - layout.frame.y
            return layout
        }
        let r = source.rect
        layout.source = source.id
        layout.sourceRect = r
        layout.assumedScroll = source.scroll
        layout.sourceScrolls = source.location.isInContent

        let region: Region
        switch source.location.placement {
        case "leading": region = .leadingBar
        case "trailing": region = .trailingBar
        case "toolbar": region = .bottomBar
        default: region = .content
        }
        if placement == .replace {
            layout.replacesSource = true
            layout.arrowPointsAtSource = true
            var x: Double
            switch region {
            case .leadingBar: x = r.minX
            case .trailingBar: x = r.maxX - width
            default: x = r.midX - width / 2
            }
            x = clampX(x, width)
            // Over its source it may reach the source's edges, inside the safe area.
            let top = safe.top
            let bottom = window.height - safe.bottom
            let below = bottom - max(r.minY, top)
            let above = min(r.maxY, bottom) - top
            let upward = region == .bottomBar || (region == .content && below < wantedHeight && above > below)
            let room = max(metrics.popoverMinHeight, upward ? above : below)
            let h = min(wantedHeight, room)
            let y = upward ? min(r.maxY, bottom) - h : max(r.minY, top)
            layout.frame = Rect(x: x, y: y, width: width, height: h)
            layout.availableHeight = room
            layout.opensUpward = upward
            return layout
        }
        let permitted = m.permittedArrowDirections
        let allowed =
            permitted.contains(.any) ? preference(region) : preference(region).filter { permitted.contains($0) }
        let arrowDepth = metrics.popoverArrow
        func room(_ d: ArrowDirection) -> Double {
            switch d {
            case .up: return bottom - r.maxY - arrowDepth  // below the source
            case .down: return r.minY - top - arrowDepth  // above it
            case .left: return right - r.maxX - arrowDepth  // to its right
            default: return r.minX - left - arrowDepth  // to its left
            }
        }
        func vertical(_ d: ArrowDirection) -> Bool { d == .up || d == .down }
        func need(_ d: ArrowDirection) -> Double { vertical(d) ? wantedHeight : width }
        func least(_ d: ArrowDirection) -> Double { vertical(d) ? metrics.popoverMinHeight : metrics.popoverMinWidth }

        var arrow: ArrowDirection? = allowed.first { room($0) >= need($0) }
        var fits = arrow != nil
        if arrow == nil {
            for d in allowed where room(d) >= least(d) && (arrow.map { room(d) > room($0) } ?? true) { arrow = d }
            fits = arrow != nil
            if arrow == nil { arrow = allowed.first }
        }
        layout.arrow = arrow
        layout.arrowPointsAtSource = fits
        layout.opensUpward = arrow == .down

        let base = metrics.popoverArrowBase
        let inset = metrics.popoverArrowInset
        switch arrow {
        case .up?, .down?:
            let d = arrow!
            let h = wantedHeight > room(d) ? max(metrics.popoverMinHeight, room(d)) : wantedHeight
            let x = clampX(r.midX - width / 2, width)
            var y = d == .up ? r.maxY + arrowDepth : r.minY - arrowDepth - h
            if !fits { y = clampY(y, h) }
            layout.frame = Rect(x: x, y: y, width: width, height: h)
            layout.availableHeight = max(h, d == .up ? bottom - y : y + h - top)
            layout.arrowOffset = max(inset, min(width - inset - base, r.midX - x - base / 2))
        case .left?, .right?:
            let d = arrow!
            let w = width > room(d) ? max(metrics.popoverMinWidth, room(d)) : width
            let h = wantedHeight
            let y = clampY(r.midY - h / 2, h)
            var x = d == .left ? r.maxX + arrowDepth : r.minX - arrowDepth - w
            if !fits { x = clampX(x, w) }
            layout.frame = Rect(x: x, y: y, width: w, height: h)
            layout.availableHeight = bottom - y
            layout.arrowOffset = max(inset, min(h - inset - base, r.midY - y - base / 2))
        default:
            // No arrow permitted: centred on the source, inside the window.
            let h = wantedHeight
            layout.frame = Rect(
                x: clampX(r.midX - width / 2, width), y: clampY(r.midY - h / 2, h), width: width, height: h)
            layout.availableHeight = bottom - layout.frame.y
        }
        return layout
    }
}
