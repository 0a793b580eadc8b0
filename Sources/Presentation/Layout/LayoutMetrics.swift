import Prototype

/// The lengths that place things in the device frame, in points: one set that both
/// ``FrameLayout`` and the stylesheet use. The stylesheet (`Public/modallab.css`) reads the ones
/// it needs from the CSS custom properties ``cssVariables`` writes on the device element, so a
/// bar height or an inset is changed here and nowhere else.
///
/// The environment chooses the set (``init(environment:)``): the text size sets the alert's
/// type sizes, the iOS version the design (the classic look through iOS 18, Liquid Glass from
/// iOS 26) and the lengths that differ by design (sheet insets and corner radii).
///
/// Sources: 44 pt bars and 44 × 44 pt hit targets are Apple's (Human Interface Guidelines,
/// "Layout" and "Buttons": "a hit region of at least 44x44 pt"); the 17 pt body text with a
/// 22 pt line is Apple's Dynamic Type table at the Large size ("Typography", body 17/22; the
/// stylesheet's 1.29 line-height gives 21.93 pt). The other lengths are ModalLab's drawing of
/// iOS 17 as the stylesheet had it, measured from simulator screenshots and not confirmed by
/// any Apple document (unverified): 56 pt bars inside sheets, 49 pt toolbars, 8 pt bar insets
/// with 6 pt between bar buttons, 16 pt content insets, 12 pt between content rows, 10 pt row
/// padding, a 13 pt popover arrow on a 26 pt base kept 8 pt from the popover's corners.
public struct LayoutMetrics: Sendable, Hashable {
    /// A navigation bar's height below the status bar, in an app screen or a full-screen modal.
    public var barHeight: Double = 44
    /// A navigation bar's height inside a sheet, a popover or a current-context presentation.
    public var sheetBarHeight: Double = 56
    /// A toolbar's height above the bottom safe area.
    public var toolbarHeight: Double = 49
    /// The inset of a navigation bar's first and last bar buttons from the bar's edges
    /// (plus the horizontal safe area).
    public var barInset: Double = 8
    /// The space between two bar buttons.
    public var barGap: Double = 6
    /// The extra inset of a titled (text) bar button at either end of a navigation bar.
    public var barTitleInset: Double = 8
    /// The minimum height of a tappable row, button or field, and the minimum width of an icon
    /// bar button.
    public var hitTarget: Double = 44
    /// Content insets: above the first control, below the last, and on either side (plus the
    /// horizontal safe area).
    public var contentTop: Double = 12
    /// (Below the last control.)
    public var contentBottom: Double = 16
    /// (On either side.)
    public var contentInset: Double = 16
    /// The space between two controls of a screen's content.
    public var contentGap: Double = 12
    /// Body text: size and line height (a control's title, a list row's title, a text control).
    public var bodySize: Double = 17
    /// (The line height: the stylesheet's 1.29.)
    public var bodyLine: Double = 17 * 1.29
    /// A list row's subtitle line (15 pt text).
    public var subtitleLine: Double = 15 * 1.29
    /// The padding above and below a list row's text.
    public var rowPadding: Double = 10
    /// The horizontal inset of a list row's content and a field's.
    public var rowInset: Double = 16
    /// A list row's icon (22 pt) and its gap to the text (12 pt); a disclosure chevron (8 pt)
    /// and its gap.
    public var rowIcon: Double = 22 + 12
    /// (The chevron and its gap.)
    public var rowChevron: Double = 8 + 12
    /// A segmented control: 28 pt segments in a 2 pt track.
    public var segmentedHeight: Double = 32
    /// A text area: its minimum editing height, and the padding and gap around its label.
    public var textAreaHeight: Double = 120
    /// (The padding above and below.)
    public var textAreaPadding: Double = 10
    /// (Between the label and the text.)
    public var textAreaGap: Double = 4
    /// An image placeholder's height when the prototype gives none.
    public var imageHeight: Double = 200
    /// A hairline border (a bar's bottom edge, a toolbar's top edge, a separator).
    public var hairline: Double = 0.5
    /// A bar button's glyph (22 pt) and a back button's chevron (12 pt less 2 pt of overlap)
    /// with its 5 pt gap to the title.
    public var backChevron: Double = 10 + 5

    /// A popover's arrow: how far it reaches out from the popover, its base, and how close to a
    /// corner it may sit.
    public var popoverArrow: Double = 13
    /// (The arrow's base.)
    public var popoverArrowBase: Double = 26
    /// (The closest the arrow comes to a corner.)
    public var popoverArrowInset: Double = 8
    /// How far a popover keeps from the window's safe area.
    public var popoverMargin: Double = 10
    /// The smallest a popover is made to fit beside its source: height (up or down) and width
    /// (left or right).
    public var popoverMinHeight: Double = 88
    /// (The narrowest, beside a source.)
    public var popoverMinWidth: Double = 120
    /// A popover's rows when it shows an action sheet (50 pt, 17 pt text), its header's insets
    /// (13 pt above, 14 pt below, 16 pt each side) and its 13/18 pt title and message lines with
    /// 2 pt between them.
    public var popoverActionRow: Double = 50
    /// (Above the header's text.)
    public var actionSheetHeaderTop: Double = 13
    /// (Below it.)
    public var actionSheetHeaderBottom: Double = 14
    /// (Either side of it.)
    public var actionSheetHeaderInset: Double = 16
    /// (A title or message line.)
    public var actionSheetTextLine: Double = 18
    /// (Between the title and the message.)
    public var actionSheetTextGap: Double = 2
    /// An activity view: its header (14 + 44 + 12 pt), its row of share targets (16 + 60 + 6 +
    /// 13 + 14 pt), and its list of actions (14 pt margins, 48 pt rows).
    public var activityHeader: Double = 14 + 44 + 12
    /// (The row of share targets.)
    public var activityApps: Double = 16 + 60 + 6 + 13 + 14
    /// (Above and below the list of actions.)
    public var activityListMargin: Double = 14
    /// (One action.)
    public var activityRow: Double = 48

    /// The gap a sheet at its large detent leaves below the top safe area.
    public var largeDetentGap: Double = 10
    /// How much a presenting view shrinks behind a card at its tallest detent (iOS 13's page
    /// sheets scale it to about 0.92; unverified), and how far a presenting card moves up as it
    /// does.
    public var pushBackScale: Double = 0.92
    /// (How far a pushed-back card moves up.)
    public var pushBackLift: Double = 10
    /// The margin a centred sheet keeps inside the window (each side, safe area excluded).
    public var centeredMargin: Double = 20
    /// An iPad page sheet's width: about a page, 704 pt (unverified).
    public var pageSheetWidth: Double = 704
    /// A form sheet's size without `preferredContentSize`: 540 × 620 pt (UIKit's long-standing
    /// default for `UIModalPresentationStyle.formSheet`; unverified for iOS 17).
    public var formSheetSize = Size(width: 540, height: 620)
    /// Split View's divider, and where Slide Over floats: 10 pt from the trailing edge, 20 pt
    /// from the top (unverified).
    public var splitDivider: Double = 10
    /// (Slide Over's distance from the trailing edge.)
    public var slideOverInset: Double = 10
    /// (And from the top.)
    public var slideOverTop: Double = 20
    /// The iPad status bar's height (an iPhone's is its top safe area).
    public var padStatusBar: Double = 24

    /// The metrics for `environment`. One set today; the place where text size, OS version and
    /// appearance will choose theirs.
    /// The text size the layout measures with (the environment's `contentSize`).
    public var contentSize: ContentSizeCategory = .large
    /// Body and Headline point size at ``contentSize`` (HIG "Typography", Dynamic Type sizes):
    /// an alert's title and buttons. (Screen content keeps ``bodySize`` for now.)
    public var alertTextSize: Double = 17
    /// Footnote point size at ``contentSize``: alert messages, action sheet headers.
    public var footnoteSize: Double = 13

    /// The design drawn (``SystemVersion/Design``): the classic one through iOS 18, Liquid Glass
    /// from iOS 26. The lengths below differ by design; every other length is the same.
    public var design: SystemVersion.Design = .classic
    /// How far a card at a partial detent floats from the window's sides and bottom edge: 0 in
    /// the classic design (edge-attached), 8 pt in Liquid Glass. Apple documents that "half sheets
    /// are inset from the edge of the display" ("Adopting Liquid Glass") but gives no length: 8 pt
    /// is ModalLab's choice (unverified).
    public var sheetInset: Double = 0
    /// A card's top corner radius: 10 pt in the classic design (SPEC §10); in Liquid Glass
    /// concentric with the display's corners (the display's radius less ``sheetInset``, at least
    /// 24 pt on a display with square corners), Apple's "increased corner radius" ("Adopting
    /// Liquid Glass"; the lengths are ModalLab's, unverified).
    public var sheetCornerRadius: Double = 10
    /// A centred page or form sheet's corner radius: 12 pt classic, 28 pt Liquid Glass (unverified).
    public var centeredCornerRadius: Double = 12
    /// A popover's corner radius: 13 pt classic, 26 pt Liquid Glass (unverified).
    public var popoverCornerRadius: Double = 13
    /// An alert's corner radius: 14 pt classic, 32 pt Liquid Glass (unverified).
    public var alertCornerRadius: Double = 14
    /// An action sheet group's corner radius: 14 pt classic, 26 pt Liquid Glass (unverified).
    public var actionSheetCornerRadius: Double = 14
    /// A menu (UIMenu): 250 pt wide, 44 pt rows, a 32 pt title row, 8 pt from its control and
    /// from the window's edges; a context menu's preview at most 360 pt on a side. UIKit
    /// publishes none of these: they are ModalLab's reading of iOS's menus (unverified).
    public var menuWidth: Double = 250
    /// (One item.)
    public var menuRow: Double = 44
    /// (Its title, or an open submenu's header.)
    public var menuTitleRow: Double = 32
    /// (From its control, and from the window's safe area.)
    public var menuGap: Double = 8
    /// (A context menu's preview, at most.)
    public var menuPreviewMax: Double = 360
    /// A menu's corner radius: 13 pt classic, 26 pt Liquid Glass (unverified).
    public var menuCornerRadius: Double = 13
    /// The width of an action sheet shown inline at its source on iPhone in Liquid Glass
    /// (ModalLab's choice, unverified): 270 pt, an alert's width, at most the window less margins.
    public var inlineActionSheetWidth: Double = 270

    /// The metrics for `environment`: its text size sets ``alertTextSize`` and ``footnoteSize``;
    /// its iOS version sets the design and the lengths that differ by design.
    public init(environment: Environment) {
        contentSize = environment.contentSize
        alertTextSize = environment.contentSize.bodyPointSize
        footnoteSize = environment.contentSize.footnotePointSize
        design = environment.design
        if design == .liquidGlass {
            sheetInset = 8
            sheetCornerRadius = max(environment.device.cornerRadius - sheetInset, 24)
            centeredCornerRadius = 28
            popoverCornerRadius = 26
            alertCornerRadius = 32
            actionSheetCornerRadius = 26
            menuCornerRadius = 26
        }
    }

    /// The line height of an alert's title (Headline): 22 pt at 17 pt (HIG "Typography"), in
    /// proportion at other sizes (unverified beyond Large).
    public var alertTitleLine: Double { (alertTextSize * 22 / 17).rounded() }
    /// The line height of Footnote text: 18 pt at 13 pt, in proportion (as ``alertTitleLine``).
    public var footnoteLine: Double { (footnoteSize * 18 / 13).rounded() }
    /// The height of one alert button row: 44 pt, or the Body line plus 22 pt when that is
    /// taller (larger text sizes; unverified on a device).
    public var alertButtonRow: Double { max(hitTarget, alertTitleLine + 22) }

    /// The custom properties the stylesheet reads, for a `style` attribute: `--bar-height:44px;…`.
    public var cssVariables: String {
        let pairs: [(String, Double)] = [
            ("bar-height", barHeight), ("sheet-bar-height", sheetBarHeight), ("toolbar-height", toolbarHeight),
            ("bar-inset", barInset), ("bar-gap", barGap), ("bar-title-inset", barTitleInset),
            ("hit-target", hitTarget), ("alert-text-size", alertTextSize), ("alert-title-line", alertTitleLine),
            ("footnote-size", footnoteSize), ("footnote-line", footnoteLine), ("alert-button-row", alertButtonRow),
            ("content-top", contentTop), ("content-bottom", contentBottom),
            ("content-inset", contentInset), ("content-gap", contentGap), ("row-padding", rowPadding),
            ("row-inset", rowInset), ("segmented-height", segmentedHeight), ("text-area-height", textAreaHeight),
            ("popover-arrow", popoverArrow), ("popover-arrow-base", popoverArrowBase),
            ("sheet-inset", sheetInset), ("sheet-radius", sheetCornerRadius), ("centered-radius", centeredCornerRadius),
            ("popover-radius", popoverCornerRadius), ("alert-radius", alertCornerRadius),
            ("action-sheet-radius", actionSheetCornerRadius), ("menu-radius", menuCornerRadius),
            ("menu-row", menuRow),
        ]
        return pairs.map { "--\($0.0):\(Rect.format($0.1))px" }.joined(separator: ";")
    }
}
