import JSON
import Prototype

/// Where the open menu (``OpenMenu``) is drawn: its panel, the items it shows, and a context
/// menu's preview, in the app window's points. ``FrameLayout`` computes it; the page only draws it.
///
/// A pull-down menu hangs below its control (above it when there is more room there), its
/// leading edge on the control's leading edge (its trailing edge on the control's when the
/// control is in the window's trailing half); a context menu lifts its preview (the control
/// itself, or the `preview` screen) and shows its items below it (above when there is no room).
/// The lengths are ``LayoutMetrics``' menu lengths. With the software keyboard up the menu stays
/// above it, so every item drawn can be touched (unverified: ModalLab's choice; UIKit documents no
/// menu placement against the keyboard).
public struct MenuLayout: Sendable, Hashable {
    /// The control (or list row) whose menu it is.
    public var control: String
    /// Whether it is a context menu.
    public var isContext: Bool
    /// The submenus opened, outermost first.
    public var submenus: [String]
    /// Where the control is drawn.
    public var sourceRect: Rect
    /// The menu's panel.
    public var frame: Rect
    /// A context menu's preview, or `nil`.
    public var preview: Rect?
    /// The screen a context menu's preview shows, or `nil` for the control itself.
    public var previewScreen: String?
    /// Whether the panel is above its control (or preview).
    public var opensUpward: Bool
    /// Whether the panel starts with a title row (the menu's title, or the open submenu's header).
    public var hasTitleRow: Bool
    /// How many items the panel shows.
    public var itemCount: Int
    /// The items shown that draw a checkmark (their `checked`, or the state's value once chosen).
    public var checked: Set<String> = []
    /// Whether the items keep a column for a checkmark at their leading edge: when one of them
    /// draws a checkmark. UIKit documents where the checkmark goes (`UIMenuElement.State.on`) but
    /// not the indentation; that a menu with no item checked keeps none is our reading of iOS's
    /// menus (unverified).
    public var hasCheckColumn: Bool { !checked.isEmpty }
    /// Whether titles wrap onto more lines instead of ending in an ellipsis
    /// (``LayoutMetrics/menuTitlesWrap``).
    public var wraps: Bool = false
    /// The title row's height (0 without one) and each item's, in order.
    public var titleRowHeight: Double = 0
    /// (Each item's height.)
    public var itemHeights: [Double] = []

    /// Lays out `open` (whose menu is `menu`) with the control at `source`, in `env`, above the
    /// keyboard's top (window points) when one is up.
    static func make(
        _ open: OpenMenu, menu: Menu, source: Rect, env: Environment, metrics m: LayoutMetrics,
        keyboardTop: Double? = nil, values: [String: JSONValue] = [:]
    ) -> MenuLayout {
        let window = env.windowSize
        let safe = env.safeArea
        let items = menu.items(after: open.submenus) ?? menu.children
        let header = open.submenus.last.flatMap { id in menu.allElements.first { $0.element.id == id }?.element }
        let titleText = header?.title ?? menu.title ?? ""
        let hasTitle = !open.submenus.isEmpty || !titleText.isEmpty
        let left = safe.left + m.menuGap
        let right = window.width - safe.right - m.menuGap
        let top = safe.top + m.menuGap
        let bottom = min(window.height - safe.bottom, keyboardTop ?? .infinity) - m.menuGap
        let width = min(m.menuWidth, right - left)
        let checked = Set(
            items.filter { e in
                !e.isSubmenu && (menu.singleSelection || e.checked != nil)
                    && (values[e.id]?.boolValue ?? e.checked ?? false)
            }.map(\.id))
        // Row heights: one line each, or at the accessibility sizes as many lines as the title
        // takes in the row's text width (the stylesheet's paddings: 16 pt trailing, and leading
        // 16 pt, or 10 pt and the check column and 8 pt; 8 pt before a trailing symbol or chevron).
        var titleRow = hasTitle ? m.menuTitleRow : 0
        var heights = Array(repeating: m.menuRow, count: items.count)
        if m.menuTitlesWrap {
            let check = checked.isEmpty ? 6 : m.menuCheckWidth + 8
            for (i, e) in items.enumerated() {
                let trailing = e.isSubmenu ? m.chevronWidth * 7 / 8 + 8 : (e.systemImage == nil ? 0 : m.symbolSize + 8)
                let lines = TextMeasure.lines(e.title, width: width - 26 - check - trailing, size: m.bodySize)
                heights[i] = max(m.menuRow, Double(max(1, lines)) * m.bodyLine + 22)
            }
            if hasTitle {
                let size = header == nil ? m.footnoteSize : m.subtitleSize
                let line = header == nil ? m.footnoteLine : m.subtitleLine
                let lines = TextMeasure.lines(
                    titleText, width: width - 32 - (header == nil ? 0 : 16), size: size,
                    weight: header == nil ? .regular : .semibold)
                titleRow = max(m.menuTitleRow, Double(max(1, lines)) * line + 14)
            }
        }
        let natural = titleRow + heights.reduce(0, +)
        var anchor = source
        var preview: Rect?
        if open.isContext {
            // The preview: the control, lifted where it is, or the preview screen's card, at most
            // menuPreviewMax on a side and half the window's height.
            let maxSide = min(m.menuPreviewMax, right - left)
            var p: Rect
            if menu.preview != nil {
                let w = maxSide
                let h = min(m.menuPreviewMax, (bottom - top) / 2)
                p = Rect(
                    x: (window.width - w) / 2, y: max(top, min(source.y, bottom - h - natural - m.menuGap)), width: w,
                    height: h)
            } else {
                let w = min(source.width, maxSide)
                let h = min(source.height, (bottom - top) / 2)
                p = Rect(
                    x: max(left, min(source.x, right - w)), y: max(top, min(source.y, bottom - h)), width: w, height: h)
            }
            // Room below the preview for the menu: else the preview moves up to make some.
            if p.maxY + m.menuGap + natural > bottom && p.minY - m.menuGap - natural < top {
                p.y = max(top, bottom - natural - m.menuGap - p.height)
            }
            preview = p
            anchor = p
        }
        let below = bottom - (anchor.maxY + m.menuGap)
        let above = anchor.minY - m.menuGap - top
        let upward = below < natural && above > below
        let height = min(natural, max(m.menuRow, upward ? above : below))
        let trailing = anchor.midX > window.width / 2
        let x = max(left, min(trailing ? anchor.maxX - width : anchor.minX, right - width))
        let y = upward ? anchor.minY - m.menuGap - height : anchor.maxY + m.menuGap
        return MenuLayout(
            control: open.control, isContext: open.isContext, submenus: open.submenus, sourceRect: source,
            frame: Rect(x: x, y: y, width: width, height: height), preview: preview,
            previewScreen: open.isContext ? menu.preview : nil, opensUpward: upward, hasTitleRow: hasTitle,
            itemCount: items.count, checked: checked, wraps: m.menuTitlesWrap, titleRowHeight: titleRow,
            itemHeights: heights)
    }
}

extension LayerFrames {
    /// The open menu's layout, or `nil` when no menu is open (or its control is not drawn).
    func menu() -> MenuLayout? {
        guard let open = state.menu, let loc = prototype.control(open.control),
            let menu = loc.control.menu(context: open.isContext),
            let placed = sourceRect(of: open.control, location: loc, onLayer: open.layer)
        else { return nil }
        let values = open.layer == 0 ? state.appValues : state.stack[open.layer - 1].values
        return MenuLayout.make(
            open, menu: menu, source: placed.rect, env: env, metrics: metrics, keyboardTop: keyboardTop,
            values: values)
    }
}
