import Prototype

/// Where a popover points and how big it is (RULES popover.regular, popover.not-cover-source,
/// popover.not-fullscreen-size). Sizes are in points.
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
    /// (RULES popover.not-fullscreen-size).
    public var nearlyFullScreen: Bool

    /// Where a control sits, for choosing the arrow.
    enum Region { case topBar, bottomBar, content }

    /// Lays out modal `m` pointing at `anchor` (where the source control is) in `env`.
    ///
    /// The arrow is the first permitted direction, in UIKit's order of preference for the
    /// source's region, that lets the popover sit beside its source: below a navigation-bar
    /// button (`up`, or sideways), above a toolbar button (`down`, or sideways), anywhere around
    /// a content control (`up`, `down`, `left`, `right`). When no permitted direction fits, the
    /// first permitted one is used and `arrowPointsAtSource` is false; `[]` draws no arrow.
    static func make(_ m: Modal, source: String?, anchor: ControlLocation?, env: Environment) -> PopoverLayout {
        let window = env.windowSize
        let safe = env.safeArea
        let maxW = window.width - safe.left - safe.right - 20
        let maxH = window.height - safe.top - safe.bottom - 20
        // Without `preferredContentSize`: an action sheet is 304 pt wide, an activity view
        // 375 pt, anything else 320 pt.
        let defaultWidth: Double = m.style == .actionSheet ? 304 : m.style == .activity ? 375 : 320
        let want = m.preferredContentSize
        let width = min(want?.width ?? defaultWidth, maxW)
        let height = want.map { min($0.height, maxH) }
        let clamped = (want?.width ?? 0) > maxW || (want?.height ?? 0) > maxH
        let nearly = want.map { $0.width >= 0.9 * maxW || $0.height >= 0.9 * maxH } ?? false

        var arrow: ArrowDirection?
        var fits = false
        if let anchor {
            let region: Region
            switch anchor.placement {
            case "leading", "trailing": region = .topBar
            case "toolbar": region = .bottomBar
            default: region = .content
            }
            let preference: [ArrowDirection]
            let feasible: Set<ArrowDirection>
            switch region {
            case .topBar:
                // A leading button's popover opens to its right (arrow on the left edge), a
                // trailing button's to its left; above a navigation bar there is no room.
                let leading = anchor.placement == "leading"
                preference = leading ? [.up, .left, .right, .down] : [.up, .right, .left, .down]
                feasible = leading ? [.up, .left] : [.up, .right]
            case .bottomBar:
                preference = [.down, .left, .right, .up]
                feasible = [.down, .left, .right]
            case .content:
                preference = [.up, .down, .left, .right]
                feasible = [.up, .down, .left, .right]
            }
            let permitted = m.permittedArrowDirections
            let allowed = permitted.contains(.any) ? preference : preference.filter { permitted.contains($0) }
            if let best = allowed.first(where: { feasible.contains($0) }) {
                arrow = best
                fits = true
            } else {
                arrow = allowed.first
            }
        }
        return PopoverLayout(
            source: anchor == nil ? nil : source, arrow: arrow, arrowPointsAtSource: fits, width: width,
            height: height, maxHeight: maxH, clamped: clamped, nearlyFullScreen: nearly)
    }
}
