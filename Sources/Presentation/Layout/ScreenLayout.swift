import Prototype

/// How a screen is framed on its layer: where its view is, how tall its navigation bar's row
/// is, how far the bar starts below the top (the status bar's safe area, in an app screen or a
/// full-screen modal), the window's safe area, which the stylesheet applies to every layer's
/// bars and content, and whether the layout runs right to left.
struct ScreenChrome {
    var frame: Rect
    var barHeight: Double
    var barTop: Double
    var safeArea: EdgeInsets
    /// Right to left (`layoutDirection: rtl`): leading is the right side.
    var rightToLeft: Bool = false
    /// The device and orientation, which choose an image screen's picture and its hotspots'
    /// frames (``ScreenImage/variantIndex(on:_:)``); without a device, the screen's own picture
    /// (the linter's checks that run on no device).
    var device: Device?
    var orientation: Orientation = .portrait
}

/// Where a screen's bars and controls are drawn: the same arithmetic as the stylesheet's
/// flexbox layout of `Templates/pages/partials/screen.mustache`, from ``LayoutMetrics``.
///
/// Exact where the lengths are fixed (bars, icon bar buttons, buttons and rows of one line,
/// fields, images, segmented controls); estimated where text decides (a titled bar button's
/// width, a wrapped title's or text's height), with the system font's widths of ``TextMeasure``
/// — the browser's font may differ by a few points.
public struct ScreenLayout {
    /// The navigation bar, if drawn.
    var bar: Rect?
    /// The toolbar, if drawn.
    var toolbar: Rect?
    /// The scrolling content's visible area.
    var content: Rect
    /// The content's full height (what it scrolls through), insets included.
    var contentHeight: Double
    /// Every control's and list row's rect, with the content unscrolled.
    var controls: [String: Rect]
    /// The large title's band at the top of the content (0 without one).
    var largeTitle: Double = 0

    /// The screen's height when nothing constrains it (a popover sized to its content).
    var intrinsicHeight: Double { (bar?.height ?? 0) + contentHeight + (toolbar?.height ?? 0) }

    /// Lays out `screen` in `chrome`. `backTitle` is the back button's title when the screen was
    /// pushed (the bar then shows a back button first).
    init(_ screen: Screen, backTitle: String?, chrome: ScreenChrome, metrics m: LayoutMetrics) {
        let f = chrome.frame
        if screen.image != nil {
            (bar, toolbar, content) = (nil, nil, f)
            let drawn = chrome.device.map { screen.drawn(on: $0, chrome.orientation) } ?? screen
            (controls, contentHeight) = ScreenLayout.hotspots(of: drawn, frame: f)
            return
        }
        let safe = chrome.safeArea
        var controls: [String: Rect] = [:]
        let leading = screen.navigationBar?.leading ?? []
        let trailing = screen.navigationBar?.trailing ?? []
        let hasBar = !(screen.title ?? "").isEmpty || !leading.isEmpty || !trailing.isEmpty || backTitle != nil
        var top = f.y
        let row = m.barRow(chrome.barHeight)
        if hasBar {
            // The bar is at least its row and hairline tall; its buttons are centred in it (a
            // compact bar's row is the bar's height).
            let height = max(chrome.barHeight, row + m.hairline)
            let rowTop = f.y + chrome.barTop + (height - m.hairline - row) / 2
            let bar = Rect(x: f.x, y: f.y, width: f.width, height: chrome.barTop + height)
            self.bar = bar
            // Leading items from the left edge, trailing ones from the right; a titled button at
            // either end keeps an extra inset.
            var x = f.x + m.barInset + safe.left
            if let backTitle {
                let w = m.backChevron + TextMeasure.width(backTitle, size: m.barTextSize)
                x += w + m.barGap
            }
            for (k, c) in leading.enumerated() {
                let w = ScreenLayout.barButtonWidth(c, metrics: m)
                if k == 0 && backTitle == nil && ScreenLayout.showsTitle(c, inBar: true) { x += m.barTitleInset }
                controls[c.id] = Rect(x: x, y: rowTop, width: w, height: row)
                x += w + m.barGap
            }
            var right = f.maxX - m.barInset - safe.right
            for (k, c) in trailing.enumerated().reversed() {
                let w = ScreenLayout.barButtonWidth(c, metrics: m)
                if k == trailing.count - 1 && ScreenLayout.showsTitle(c, inBar: true) { right -= m.barTitleInset }
                controls[c.id] = Rect(x: right - w, y: rowTop, width: w, height: row)
                right -= w + m.barGap
            }
            top = bar.maxY
        } else {
            bar = nil
        }
        var bottom = f.maxY
        if !screen.toolbar.isEmpty {
            let h = m.toolbarHeight + safe.bottom
            let bar = Rect(x: f.x, y: f.maxY - h, width: f.width, height: h)
            toolbar = bar
            // `justify-content: space-around`: the free width shared equally around each item.
            let widths = screen.toolbar.map { ScreenLayout.barButtonWidth($0, metrics: m) }
            let free = f.width - widths.reduce(0, +)
            let share = free / Double(widths.count)
            var x = f.x + share / 2
            let toolbarRow = m.barRow(m.toolbarHeight)
            let rowTop = bar.y + m.hairline + (m.toolbarHeight - m.hairline - toolbarRow) / 2
            for (c, w) in zip(screen.toolbar, widths) {
                controls[c.id] = Rect(x: x, y: rowTop, width: w, height: toolbarRow)
                x += w + share
            }
            bottom = bar.y
        } else {
            toolbar = nil
        }
        content = Rect(x: f.x, y: top, width: f.width, height: max(0, bottom - top))
        // Content: a column of controls between the insets.
        let x = f.x + m.contentInset + safe.left
        let width = f.width - 2 * m.contentInset - safe.left - safe.right
        // A large title's band is the content's first part, scrolling with it.
        largeTitle = ScreenLayout.hasLargeTitle(screen, hasBar: hasBar, metrics: m) ? m.largeTitleHeight : 0
        var y = top + largeTitle + m.contentTop
        for (k, c) in screen.content.enumerated() {
            if k > 0 { y += m.contentGap }
            let h = ScreenLayout.contentHeight(
                c, width: width, metrics: m,
                rows: { rows in
                    var ry = y
                    for (item, rh) in rows {
                        controls[item] = Rect(x: x, y: ry, width: width, height: rh)
                        ry += rh
                    }
                })
            controls[c.id] =
                c.kind == .text
                ? Rect(x: x + 4, y: y, width: width - 8, height: h)
                : Rect(x: x, y: y, width: c.kind == .image ? min(width, c.width ?? width) : width, height: h)
            y += h
        }
        contentHeight = y + m.contentBottom - top
        // Right to left mirrors leading and trailing, as UIKit does for Arabic and Hebrew (HIG
        // "Right to left": "System-provided UI frameworks support right-to-left (RTL) by default,
        // allowing system-provided UI components to flip automatically in the RTL context"): the
        // leading bar items and the back button on the right, the trailing ones on the left,
        // the toolbar reversed. The stylesheet draws it with `direction: rtl`; here each rect is
        // mirrored within the screen's frame (the window's horizontal safe areas are the same
        // on both sides).
        if chrome.rightToLeft {
            for (id, r) in controls {
                controls[id] = Rect(x: f.x + f.maxX - r.maxX, y: r.y, width: r.width, height: r.height)
            }
        }
        self.controls = controls
    }

    /// An image screen (``Screen/image``): the image from the frame's top-left corner, at its
    /// size in points, with no bars of its own (an exported frame draws its own status and
    /// navigation bars), scrolling when taller than the frame; each hotspot at its `frame` from
    /// that corner, in points, the same in both layout directions (the picture doesn't mirror).
    /// The layout doesn't read the image's pixels, so the height it scrolls through is known
    /// only as far as the hotspots reach: at least the frame's, at most the lowest hotspot's
    /// bottom.
    /// The rect of each hotspot of an image screen drawn in `f`, and the height it scrolls
    /// through as far as the layout knows it (the frame's, or the lowest hotspot's bottom).
    /// `screen` is as drawn on the device (``Screen/drawn(on:_:)``: its variant's frames).
    public static func hotspots(of screen: Screen, frame f: Rect) -> (controls: [String: Rect], height: Double) {
        var controls: [String: Rect] = [:]
        var bottom = f.height
        for h in screen.hotspots {
            guard let r = h.frame else { continue }
            controls[h.id] = Rect(x: f.x + r.x, y: f.y + r.y, width: r.width, height: r.height)
            bottom = max(bottom, r.y + r.height)
        }
        return (controls, bottom)
    }

    /// Whether `screen` draws a large title: it asks for one, has a title and a bar, and the
    /// metrics have room for it (none in compact height).
    static func hasLargeTitle(_ screen: Screen, hasBar: Bool, metrics m: LayoutMetrics) -> Bool {
        screen.largeTitle && !(screen.title ?? "").isEmpty && hasBar && m.largeTitleHeight > 0
    }

    /// Whether a control shows its title: always in content; in a bar only without a symbol.
    static func showsTitle(_ c: Control, inBar: Bool) -> Bool { c.systemImage == nil || !inBar }

    /// A bar button's width: 44 pt for a symbol, else its title's width (Semibold for Done) at
    /// the bars' fixed text size.
    static func barButtonWidth(_ c: Control, metrics m: LayoutMetrics) -> Double {
        guard showsTitle(c, inBar: true) else { return m.hitTarget }
        let weight: FontWeight = c.role == .done ? .semibold : .regular
        return TextMeasure.width(c.title ?? "", size: m.barTextSize, weight: weight)
    }

    /// A content control's height at `width`, its text at the Dynamic Type size of `m` (Body;
    /// a row's subtitle Subheadline); for a list, `rows` receives each row's id and height.
    /// Rows, fields and toggles are at least a hit target tall and grow with their text, and a
    /// row or button with a symbol (``LayoutMetrics/symbolSize``, which grows with Body) is at
    /// least as tall as its symbol. A row's subtitle wraps in the title's width, as
    /// `UIListContentConfiguration`'s secondary text does by default (Apple,
    /// "UIListContentConfiguration.TextProperties", `numberOfLines`: "A value of 0 indicates
    /// that the number of lines is limitless", 0 being the default).
    static func contentHeight(
        _ c: Control, width: Double, metrics m: LayoutMetrics, rows: ([(String, Double)]) -> Void = { _ in }
    ) -> Double {
        func lines(_ text: String?, _ w: Double) -> Double {
            Double(max(1, TextMeasure.lines(text ?? "", width: w, size: m.bodySize)))
        }
        switch c.kind {
        case .button:
            let symbol = c.systemImage == nil ? 0 : m.symbolSize
            let textWidth = width - 2 * m.rowInset - (c.systemImage == nil ? 0 : symbol + m.buttonSymbolGap)
            return max(m.hitTarget, 2 * m.rowPadding + max(symbol, lines(c.title, textWidth) * m.bodyLine))
        case .textField:
            return max(m.hitTarget, 2 * m.rowPadding + m.bodyLine)
        case .toggle:
            // The label beside a 51 pt switch (UISwitch keeps its size) and a 12 pt gap.
            return max(m.hitTarget, 2 * m.rowPadding + lines(c.label, width - 2 * m.rowInset - 51 - 12) * m.bodyLine)
        case .textArea:
            let label = (c.label ?? "").isEmpty ? 0 : lines(c.label, width - 2 * m.rowInset) * m.bodyLine
            return 2 * m.textAreaPadding + label + m.textAreaGap + m.textAreaHeight
        case .list:
            let measured = c.items.map { item -> (String, Double) in
                var textWidth = width - 2 * m.rowInset
                var beside = 0.0
                if item.systemImage != nil {
                    textWidth -= m.rowIcon
                    beside = m.symbolSize
                }
                if case .push = item.action { textWidth -= m.rowChevron }
                if case .push = item.action { beside = max(beside, m.chevronHeight) }
                var text = lines(item.title, textWidth) * m.bodyLine
                if let subtitle = item.subtitle {
                    let n = max(1, TextMeasure.lines(subtitle, width: textWidth, size: m.subtitleSize))
                    text += Double(n) * m.subtitleLine
                }
                return (item.id, max(m.hitTarget, 2 * m.rowPadding + max(beside, text)))
            }
            rows(measured)
            return measured.reduce(0) { $0 + $1.1 }
        case .text:
            let t = c.text ?? ""
            return t.isEmpty ? 0 : Double(TextMeasure.lines(t, width: width - 8, size: m.bodySize)) * m.bodyLine
        case .image:
            return c.height ?? m.imageHeight
        case .segmented:
            return m.segmentedHeight
        case .hotspot:
            return c.frame?.height ?? 0
        }
    }
}

/// The heights of system content — alerts, action sheets, activity views — as the stylesheet
/// draws them, for the frames ``FrameLayout`` reports and for popovers that size to their
/// content. Text heights are estimates (``TextMeasure``).
enum SystemContentLayout {
    /// An alert's width (270 pt: Human Interface Guidelines, Alerts; the stylesheet's `.form-alert`).
    static let alertWidth: Double = 270
    /// A bottom action sheet's width in compact height, and a popover's default for one.
    static let actionSheetWidth: Double = 304

    /// A bottom action sheet's width in `env`: the window's width less 8 pt each side and the
    /// horizontal safe area; in compact height at most ``actionSheetWidth``, centred.
    static func bottomActionSheetWidth(in env: Environment) -> Double {
        let w = env.windowSize.width
        if env.verticalSizeClass == .compact { return min(actionSheetWidth, w - 16) }
        return w - 16 - env.safeArea.left - env.safeArea.right
    }

    /// An alert: its text between the metrics' text insets (22 pt title lines, 2 pt, 18 pt
    /// message lines at Large, in 230 pt classic), its fields (26 pt each, the fields' bottom
    /// inset below, 4 pt overlap) and its buttons (44 pt rows: one side by side, else one per
    /// button; classic below a hairline, Liquid Glass capsules with their gaps and insets).
    /// Text is measured at the metrics' Dynamic Type sizes (Headline title, Footnote message,
    /// Body buttons), so at larger sizes the alert grows and its buttons may stack.
    static func alertHeight(_ m: Modal, metrics: LayoutMetrics) -> Double {
        let textWidth = alertWidth - 2 * metrics.alertTextSide
        var h = metrics.alertTextTop + metrics.alertTextBottom
        if let t = m.title, !t.isEmpty {
            h +=
                metrics.alertTitleLine
                * Double(TextMeasure.lines(t, width: textWidth, size: metrics.alertTextSize, weight: .semibold))
        }
        if let msg = m.message, !msg.isEmpty {
            h += 2 + metrics.footnoteLine * Double(TextMeasure.lines(msg, width: textWidth, size: metrics.footnoteSize))
        }
        if !m.textFields.isEmpty { h += 26 * Double(m.textFields.count) + metrics.alertFieldsBottom - 4 }
        let size = metrics.contentSize
        let rows =
            AlertButtons.sideBySide(m, contentSize: size)
            ? 1 : AlertButtons.drawn(m, form: .alert, contentSize: size).count
        let buttons =
            metrics.alertButtonRow * Double(rows) + metrics.alertButtonGap * Double(max(0, rows - 1))
            + metrics.alertButtonsInset
        return h + (metrics.alertButtonGap > 0 ? 0 : metrics.hairline) + buttons
    }

    /// An action sheet `width` points wide: its header (title and message in Footnote lines,
    /// 13/18 pt at Large), its rows (``rowHeight(_:inPopover:width:bold:metrics:)``: 57 pt at the
    /// bottom of the screen, 50 pt in a popover, taller with Dynamic Type), and at the bottom of
    /// the screen a Cancel group 8 pt below. Its natural height: ``FrameLayout`` limits it to
    /// the window, and what doesn't fit scrolls.
    static func actionSheetHeight(_ m: Modal, inPopover: Bool, width: Double = actionSheetWidth, metrics: LayoutMetrics)
        -> Double
    {
        let textWidth = width - 2 * metrics.actionSheetHeaderInset
        var header = 0.0
        let line = metrics.footnoteLine
        let size = metrics.footnoteSize
        if let t = m.title, !t.isEmpty {
            header += line * Double(TextMeasure.lines(t, width: textWidth, size: size, weight: .semibold, upTo: 100))
        }
        if let msg = m.message, !msg.isEmpty {
            header +=
                metrics.actionSheetTextGap + line
                * Double(TextMeasure.lines(msg, width: textWidth, size: size, upTo: 100))
        }
        if header > 0 {
            header += metrics.actionSheetHeaderTop + metrics.actionSheetHeaderBottom + metrics.hairline
        }
        let preferred = AlertButtons.preferredIndex(m)
        var rows = 0.0
        var cancel = 0.0
        for (i, a) in m.actions.enumerated() {
            let isCancel = a.role == .cancel
            let h = rowHeight(
                a.title, inPopover: inPopover, width: width, bold: isCancel || i == preferred, metrics: metrics)
            if !isCancel {
                rows += h
            } else if !inPopover && cancel == 0 {
                cancel = 8 + h
            }
        }
        return header + rows + cancel
    }

    /// The height of an action sheet's row titled `title` in a sheet `width` points wide: one
    /// line at the standard text sizes (57 pt, or 50 pt in a popover, at Large); at the
    /// accessibility sizes the title wraps and the row grows with its lines
    /// (``LayoutMetrics/actionSheetRow(lines:)``).
    static func rowHeight(_ title: String, inPopover: Bool, width: Double, bold: Bool, metrics: LayoutMetrics) -> Double
    {
        var lines = 1
        if metrics.actionSheetTitlesWrap {
            let size = inPopover ? metrics.alertTextSize : metrics.actionSheetTextSize
            lines = max(
                1,
                TextMeasure.lines(
                    title, width: width - 2 * metrics.actionSheetHeaderInset, size: size,
                    weight: bold ? .semibold : .regular, upTo: 100))
        }
        return inPopover ? metrics.popoverActionRow(lines: lines) : metrics.actionSheetRow(lines: lines)
    }

    /// An activity view: its header, its row of people and its row of apps (when it shares to
    /// AirDrop, Messages or Mail: ``SystemActivity/peopleActivity(_:)``), its list of actions
    /// and "Edit Actions…".
    static func activityHeight(_ m: Modal, metrics: LayoutMetrics) -> Double {
        let visible = m.visibleActivities
        let apps = visible.filter { SystemActivity.shareTargets.contains($0) }.count
        let actions = visible.count - apps + m.customActivities.count
        var h = metrics.activityHeader + metrics.hairline
        if apps > 0 { h += metrics.activityPeople + metrics.activityApps }
        return h + 2 * metrics.activityListMargin + metrics.activityRow * Double(actions + 1)
    }
}

extension SystemActivity {
    /// The activities drawn as share targets, in the row of app icons above the list of
    /// actions (AirDrop, Messages, Mail); the others are actions.
    public static let shareTargets: Set<String> = ["airdrop", "messages", "mail"]

    /// The activity a person in the share sheet's row of people stands for: Messages when it is
    /// offered, else AirDrop, else Mail (iOS suggests people from its conversations); `nil` when
    /// none is offered, and the share sheet then shows no people.
    public static func peopleActivity(_ visible: [String]) -> String? {
        ["messages", "airdrop", "mail"].first { visible.contains($0) }
    }
}
