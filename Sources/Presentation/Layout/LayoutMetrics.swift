import Prototype

/// The lengths that place things in the device frame, in points: one set that both
/// ``FrameLayout`` and the stylesheet use. The stylesheet (`Public/modallab.css`) reads the ones
/// it needs from the CSS custom properties ``cssVariables`` writes on the device element, so a
/// bar height or an inset is changed here and nowhere else.
///
/// ``init(environment:)`` chooses the set for an environment: the text size, compact bars on an
/// iPhone in landscape, and the iOS version's design (the classic look through iOS 18, Liquid
/// Glass from iOS 26) with the lengths that differ by design (sheet insets and corner radii).
///
/// Sources: 44 pt bars and 44 × 44 pt hit targets are Apple's (Human Interface Guidelines,
/// "Layout" and "Buttons": "a hit region of at least 44x44 pt"); text sizes and line heights
/// come from the Dynamic Type table (``DynamicType``, HIG "Typography") at the environment's
/// text size, except the bars' text, which stays at the Large size (``barTextSize``). The
/// other lengths are ModalLab's drawing of iOS 17 as the stylesheet had it, measured from
/// simulator screenshots and not confirmed by any Apple document (unverified): 56 pt bars
/// inside sheets, 49 pt toolbars, 8 pt bar insets with 6 pt between bar buttons, 16 pt content
/// insets, 12 pt between content rows, 10 pt row padding, a 13 pt popover arrow on a 26 pt base
/// kept 8 pt from the popover's corners.
public struct LayoutMetrics: Sendable, Hashable {
    /// A navigation bar's height below the status bar, in an app screen or a full-screen modal:
    /// 44 pt, 32 pt on an iPhone in landscape (a compact-height bar, UIKit's `compactAppearance`;
    /// the height measured, unverified), 50 pt on iPad (see ``init(environment:)``).
    public var barHeight: Double = 44
    /// A navigation bar's height inside a sheet, a popover or a current-context presentation.
    public var sheetBarHeight: Double = 56
    /// A toolbar's height above the bottom safe area (32 pt in compact height, as bars; 50 pt on
    /// iPad; 44 pt on an iPhone with a Home button).
    public var toolbarHeight: Double = 49
    /// A large title's band at the top of the content (a 96 pt bar less the 44 pt one at Large;
    /// measured, unverified), and its text: the Large Title style (34/41 pt at Large), bold as
    /// navigation bars draw it. Large titles follow Dynamic Type, as UIKit's do (unverified on a
    /// device: the band grows by as much as the style's leading, ModalLab's choice). No large
    /// titles in compact height (0).
    public var largeTitleHeight: Double = 52
    /// (The large title's text size.)
    public var largeTitleSize: Double { contentSize.font(.largeTitle).size }
    /// (The large title's line height.)
    public var largeTitleLine: Double { contentSize.font(.largeTitle).leading }
    /// The text of navigation bars (inline titles, bar buttons, the back button), toolbars and
    /// tab bars: 17 pt at every text size. iOS keeps its bars' text at the Large size and shows
    /// the Large Content Viewer instead when someone touches and holds a bar item at an
    /// accessibility size (WWDC19 "Large Content Viewer: Ensuring Readability for Everyone":
    /// "shown by default in standard UIKit bars — navigation bars, tab bars, toolbars, status
    /// bar"; Apple, "UILargeContentViewerInteraction": "buttons in a tab bar remain small to
    /// leave more room for the main app content").
    public var barTextSize: Double = 17
    /// The push and pop parallax: how far the screen beneath moves, as a fraction of the width
    /// (UINavigationController moves it about a third of the way; unverified).
    public var navigationParallax: Double = 0.3
    /// How far from the leading edge a drag starts an interactive pop (unverified); the player's
    /// edge zone also takes the drawn bezel beside the screen's edge, where a finger sliding in
    /// from a device's edge starts.
    public var edgeSwipeWidth: Double = 24
    /// Whether a horizontal pan that starts anywhere in a screen's content, leading to trailing,
    /// pops it too: from iOS 26 (``SystemVersion/contentPopGesture``,
    /// `UINavigationController.interactiveContentPopGestureRecognizer`: it "interactively pop[s]
    /// the topmost view controller off the navigation stack when a person initially pans
    /// horizontally in a leading to trailing direction in the view"). The stylesheet gets it as
    /// `--content-pop` (1 or 0).
    public var contentPopGesture = false
    /// The inset of a navigation bar's first and last bar buttons from the bar's edges
    /// (plus the horizontal safe area).
    public var barInset: Double = 8
    /// The space between two bar buttons.
    public var barGap: Double = 6
    /// The extra inset of a titled (text) bar button at either end of a navigation bar.
    public var barTitleInset: Double = 8
    /// How far a titled bar button's Liquid Glass background (``BarGlass``, iOS 26) reaches
    /// beyond its title towards the bar's edge: the titled button's extra inset, so that a
    /// title's capsule at either end of a bar lines up with a symbol's circle (its hit target) at
    /// the bar's inset. Apple publishes no size: ModalLab's choice (unverified), drawn outside the
    /// button, moving nothing.
    public var barGlassPadding: Double { barTitleInset }
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
    /// Body text at ``contentSize``: size and line height (a content button's title, a list
    /// row's title, text, a field's text and label): 17/22 pt at Large.
    public var bodySize: Double { contentSize.font(.body).size }
    /// (The line height.)
    public var bodyLine: Double { contentSize.font(.body).leading }
    /// A list row's subtitle: the Subheadline style, 15/20 pt at Large.
    public var subtitleSize: Double { contentSize.font(.subheadline).size }
    /// (Its line height.)
    public var subtitleLine: Double { contentSize.font(.subheadline).leading }
    /// The padding above and below a list row's text.
    public var rowPadding: Double = 10
    /// The horizontal inset of a list row's content and a field's.
    public var rowInset: Double = 16
    /// An SF Symbol beside Body text in content and in menus (a list row's, a content button's, a
    /// menu item's): a 22 pt box at Large, growing with Body (22/17 of ``bodySize``, whole
    /// points: 18 pt at xSmall, 69 pt at AX5). Symbols scale with the text style they sit in:
    /// "Like it does for the text, UIKit scales the image to match the current Dynamic Type
    /// setting" (Apple, "UIImage.SymbolConfiguration", `init(textStyle:)`). The 22/17 ratio is
    /// ModalLab's drawing at Large kept at every size (unverified). Bar buttons' symbols stay
    /// 22 pt, as bars keep their text size (``barTextSize``).
    public var symbolSize: Double { (bodySize * 22 / 17).rounded() }
    /// A list row's disclosure chevron: 8 × 14 pt at Large, scaled as Body is (``bodySize`` / 17;
    /// about 25 × 44 pt at AX5). UIKit's disclosure indicator grows with the text size; the
    /// proportion is ModalLab's (unverified).
    public var chevronWidth: Double { 8 * bodySize / 17 }
    /// (Its height.)
    public var chevronHeight: Double { 14 * bodySize / 17 }
    /// A list row's icon (``symbolSize``) and its 12 pt gap to the text.
    public var rowIcon: Double { symbolSize + 12 }
    /// (The chevron, ``chevronWidth``, and its 12 pt gap.)
    public var rowChevron: Double { chevronWidth + 12 }
    /// The gap between a content button's symbol and its title.
    public var buttonSymbolGap: Double = 6
    /// A segmented control: 28 pt segments in a 2 pt track, its 13 pt titles at every text size.
    /// `UISegmentedControl` draws its titles in a fixed 13 pt system font unless the app sets
    /// `titleTextAttributes` (Apple, "UISegmentedControl", "setTitleTextAttributes(_:for:)");
    /// that it doesn't follow Dynamic Type by default is our reading, unverified.
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
    /// (13 pt above, 14 pt below, 16 pt each side) and its title and message lines (Footnote:
    /// 13/18 pt at Large, ``footnoteLine`` at other sizes) with 2 pt between them.
    public var popoverActionRow: Double = 50
    /// (Above the header's text.)
    public var actionSheetHeaderTop: Double = 13
    /// (Below it.)
    public var actionSheetHeaderBottom: Double = 14
    /// (Either side of it.)
    public var actionSheetHeaderInset: Double = 16
    /// (Between the title and the message.)
    public var actionSheetTextGap: Double = 2
    /// An activity view as iOS 17 and 18 draw the share sheet (measured from their screenshots;
    /// unverified by any Apple document): its header (12 pt, a 56 pt column of title, subtitle
    /// and "Options ›", 12 pt), its row of people (14 + 60 + 6 + two 13 pt name lines + 12 pt),
    /// its row of apps (16 + 60 + 6 + 13 + 14 pt), and its list of actions (14 pt margins,
    /// 48 pt rows, the last "Edit Actions…").
    public var activityHeader: Double = 12 + 56 + 12
    /// (The row of people.)
    public var activityPeople: Double = 14 + 60 + 6 + 26 + 12
    /// (The row of apps.)
    public var activityApps: Double = 16 + 60 + 6 + 13 + 14
    /// (Above and below the list of actions.)
    public var activityListMargin: Double = 14
    /// (One action.)
    public var activityRow: Double = 48

    /// The room a bottom action sheet leaves above it, below the top safe area, before it
    /// scrolls (unverified).
    public var actionSheetTopMargin: Double = 10
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

    /// The text size the layout measures with (the environment's `contentSize`).
    public var contentSize: ContentSizeCategory = .large
    /// Body and Headline point size at ``contentSize`` (HIG "Typography", Dynamic Type sizes):
    /// an alert's title and buttons.
    public var alertTextSize: Double { bodySize }
    /// Footnote point size at ``contentSize``: alert messages, action sheet headers.
    public var footnoteSize: Double { contentSize.font(.footnote).size }

    /// The design drawn (``SystemVersion/Design``): the classic one through iOS 18, Liquid Glass
    /// from iOS 26. The lengths below differ by design; every other length is the same.
    public var design: SystemVersion.Design = .classic
    /// How far a card at a partial detent floats from the window's sides and bottom edge: 0 in
    /// the classic design (edge-attached), 8 pt in Liquid Glass. Apple documents that "half sheets
    /// are inset from the edge of the display" ("Adopting Liquid Glass") but gives no length: 8 pt
    /// is ModalLab's choice (unverified).
    public var sheetInset: Double = 0
    /// A card's top corner radius: 10 pt in the classic design (docs/fidelity.md, “iOS versions”); in Liquid Glass
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
    /// An alert's insets around its text (title and message), in points: 19 above and below and
    /// 20 at the sides in the classic design (230 pt of text in 270); 22 above, 14 below and 24
    /// at the sides in Liquid Glass, with its text leading-aligned (ModalLab's reading of iOS
    /// 26's alerts; unverified).
    public var alertTextTop: Double = 19
    /// (See ``alertTextTop``.)
    public var alertTextBottom: Double = 19
    /// (See ``alertTextTop``.)
    public var alertTextSide: Double = 20
    /// An alert's text fields' insets: 16 pt at the sides and below classic, 20 and 14 in Liquid
    /// Glass (unverified).
    public var alertFieldsSide: Double = 16
    /// (See ``alertFieldsSide``.)
    public var alertFieldsBottom: Double = 16
    /// The space between an alert's buttons and around them: none classic (hairlines divide the
    /// 44 pt rows, and a hairline tops them); in Liquid Glass, capsules 8 pt apart, 16 pt from
    /// the sides and the bottom, with no hairline (unverified).
    public var alertButtonGap: Double = 0
    /// (See ``alertButtonGap``.)
    public var alertButtonsInset: Double = 0
    /// A menu (UIMenu): 250 pt wide, 44 pt rows, a 32 pt title row, 8 pt from its control and
    /// from the window's edges; a context menu's preview at most 360 pt on a side. UIKit
    /// publishes none of these: they are ModalLab's reading of iOS's menus (unverified).
    ///
    /// Menus follow Dynamic Type, as iOS's do: an item's title is Body at ``contentSize`` (17 pt
    /// at Large, 53 pt at AX5), its row the Body line plus 22 pt (44 pt at Large, 84 pt at AX5);
    /// the title row's text is Footnote and a submenu's header Subheadline, the row their line
    /// plus 14 and 12 pt (32 pt at Large). Up to the largest size that is not an accessibility
    /// one a menu is 250 pt wide and a title too long for a line ends in an ellipsis; at the
    /// accessibility sizes (``menuTitlesWrap``) iOS's menus widen and their titles wrap instead
    /// of truncating to a letter or two: 250 pt grown as Body grows (250 × Body / 17), at most
    /// the window less its margins, each row as tall as its lines (the proportion is ModalLab's
    /// reading of iOS, unverified).
    public var menuWidth: Double = 250
    /// (One item.)
    public var menuRow: Double { max(hitTarget, bodyLine + 22) }
    /// (Its title, or an open submenu's header.)
    public var menuTitleRow: Double {
        max(32, contentSize.font(.footnote).leading + 14, contentSize.font(.subheadline).leading + 12)
    }
    /// (From its control, and from the window's safe area.)
    public var menuGap: Double = 8
    /// (A context menu's preview, at most.)
    public var menuPreviewMax: Double = 360
    /// (Whether titles wrap: at the accessibility sizes.)
    public var menuTitlesWrap: Bool { contentSize.isAccessibilityCategory }
    /// (The checkmark column's width: 16/22 of ``symbolSize``, as the stylesheet draws it.)
    public var menuCheckWidth: Double { symbolSize * 16 / 22 }
    /// A menu's corner radius: 13 pt classic, 26 pt Liquid Glass (unverified).
    public var menuCornerRadius: Double = 13
    /// The width of an action sheet shown inline at its source on iPhone in Liquid Glass
    /// (ModalLab's choice, unverified): 270 pt, an alert's width, at most the window less margins.
    public var inlineActionSheetWidth: Double = 270

    /// Title 3 point size at ``contentSize``: the titles of a bottom action sheet's rows (20 pt
    /// at Large).
    public var actionSheetTextSize: Double { contentSize.font(.title3).size }

    /// The metrics for `environment`: its text size sets the text of content and system
    /// content (``bodySize``, ``subtitleSize``, the large title, ``alertTextSize``,
    /// ``footnoteSize``, ``actionSheetTextSize`` and their lines), never the bars'
    /// (``barTextSize``); an iPhone in landscape has compact bars and no large titles; its iOS
    /// version sets the design and the lengths that differ by design.
    public init(environment: Environment) {
        contentSize = environment.contentSize
        largeTitleHeight += largeTitleLine - 41
        if menuTitlesWrap { menuWidth = (250 * bodySize / 17).rounded() }
        design = environment.design
        contentPopGesture = environment.systemVersion >= SystemVersion.contentPopGesture
        if design == .liquidGlass {
            sheetInset = 8
            sheetCornerRadius = max(environment.device.cornerRadius - sheetInset, 24)
            centeredCornerRadius = 28
            popoverCornerRadius = 26
            alertCornerRadius = 32
            (alertTextTop, alertTextBottom, alertTextSide) = (22, 14, 24)
            (alertFieldsSide, alertFieldsBottom) = (20, 14)
            (alertButtonGap, alertButtonsInset) = (8, 16)
            actionSheetCornerRadius = 26
            menuCornerRadius = 26
        }
        if environment.device.family == .iPhone && environment.verticalSizeClass == .compact {
            barHeight = 32
            toolbarHeight = 32
            largeTitleHeight = 0
        }
        if environment.device.family == .iPad {
            // Since iOS 12 an iPad's navigation bars and toolbars are 50 pt (Geoff Hackworth,
            // "iPad Navigation Bar and Toolbar Height Changes in iOS 12", measured on devices;
            // Apple publishes no height: unverified by Apple).
            barHeight = 50
            toolbarHeight = 50
        } else if environment.device.safeBottom == 0 {
            // iPhones with a Home button keep the 44 pt toolbar (and tab bar 49); only iPhones
            // with a home indicator draw 49 pt toolbars (measured, unverified).
            toolbarHeight = min(toolbarHeight, 44)
        }
    }

    /// The height of a bar's row of buttons in a bar `height` tall: a hit target, or the bar's
    /// height when that is less (a compact bar).
    public func barRow(_ height: Double) -> Double { min(hitTarget, height) }

    /// The line height of a bottom action sheet's row title: Title 3's leading at
    /// ``contentSize`` (25 pt at 20 pt; ``DynamicType``).
    public var actionSheetRowLine: Double { contentSize.font(.title3).leading }

    /// The padding above and below a row title of an action sheet: 16 pt, which with a 25 pt
    /// line makes the 57 pt rows at the bottom of the screen and, with a 22 pt Body line less
    /// 2 × 2 pt, the 50 pt rows in a popover (the row heights are docs/rules.md's; the split into
    /// line and padding is ours, unverified).
    public var actionSheetRowPadding: Double = 16

    /// A bottom action sheet's row of `lines` title lines: 57 pt at Large for one line, taller
    /// with Dynamic Type.
    public func actionSheetRow(lines: Int = 1) -> Double {
        max(57, actionSheetRowLine * Double(max(1, lines)) + 2 * actionSheetRowPadding)
    }

    /// An action sheet's row in a popover, of `lines` lines of Body text: 50 pt at Large.
    public func popoverActionRow(lines: Int = 1) -> Double {
        max(popoverActionRow, alertTitleLine * Double(max(1, lines)) + 2 * (actionSheetRowPadding - 2))
    }

    /// Whether an action sheet's row titles wrap (at the accessibility sizes) instead of staying
    /// on one line (unverified: iOS's threshold is not documented).
    public var actionSheetTitlesWrap: Bool { contentSize.isAccessibilityCategory }

    /// The line height of an alert's title (Headline): its leading at ``contentSize`` (22 pt at
    /// 17 pt; ``DynamicType``).
    public var alertTitleLine: Double { contentSize.font(.headline).leading }
    /// The line height of Footnote text: its leading at ``contentSize`` (18 pt at 13 pt).
    public var footnoteLine: Double { contentSize.font(.footnote).leading }
    /// The height of one alert button row: 44 pt, or the Body line plus 22 pt when that is
    /// taller (larger text sizes; unverified on a device).
    public var alertButtonRow: Double { max(hitTarget, alertTitleLine + 22) }

    /// The custom properties the stylesheet reads, for a `style` attribute: `--bar-height:44px;…`.
    public var cssVariables: String {
        let pairs: [(String, Double)] = [
            ("bar-height", barHeight), ("sheet-bar-height", sheetBarHeight), ("toolbar-height", toolbarHeight),
            ("bar-row", barRow(barHeight)), ("toolbar-row", barRow(toolbarHeight)),
            ("large-title-height", largeTitleHeight), ("bar-text-size", barTextSize),
            ("edge-swipe-width", edgeSwipeWidth),
            ("bar-inset", barInset), ("bar-gap", barGap), ("bar-title-inset", barTitleInset),
            ("bar-glass-pad", barGlassPadding),
            ("hit-target", hitTarget), ("alert-text-size", alertTextSize), ("alert-title-line", alertTitleLine),
            ("alert-button-row", alertButtonRow),
            ("content-top", contentTop), ("content-bottom", contentBottom),
            ("content-inset", contentInset), ("content-gap", contentGap), ("row-padding", rowPadding),
            ("row-inset", rowInset), ("segmented-height", segmentedHeight), ("text-area-height", textAreaHeight),
            ("popover-arrow", popoverArrow), ("popover-arrow-base", popoverArrowBase),
            ("sheet-inset", sheetInset), ("sheet-radius", sheetCornerRadius), ("centered-radius", centeredCornerRadius),
            ("popover-radius", popoverCornerRadius), ("alert-radius", alertCornerRadius),
            ("alert-text-top", alertTextTop), ("alert-text-bottom", alertTextBottom),
            ("alert-text-side", alertTextSide),
            ("alert-fields-side", alertFieldsSide), ("alert-fields-bottom", alertFieldsBottom),
            ("alert-button-gap", alertButtonGap), ("alert-buttons-inset", alertButtonsInset),
            ("action-sheet-radius", actionSheetCornerRadius), ("menu-radius", menuCornerRadius),
            ("menu-row", menuRow), ("menu-title-row", menuTitleRow),
            ("symbol-size", symbolSize), ("chevron-width", chevronWidth), ("chevron-height", chevronHeight),
            ("action-sheet-text-size", actionSheetTextSize), ("action-sheet-row-line", actionSheetRowLine),
            ("action-sheet-row", actionSheetRow()), ("popover-action-row", popoverActionRow()),
            ("action-sheet-row-padding", actionSheetRowPadding),
        ]
        return (pairs + textStyleVariables + trackingVariables).map { "--\($0.0):\(Rect.format($0.1))px" }.joined(
            separator: ";")
            + ";--action-sheet-white-space:\(actionSheetTitlesWrap ? "normal" : "nowrap")"
            + ";--navigation-parallax:\(Rect.format(navigationParallax * 100))%"
            + ";--content-pop:\(contentPopGesture ? 1 : 0)"
    }

    /// Every Dynamic Type text style at ``contentSize`` (``DynamicType``), as custom properties:
    /// `--body-size` and `--body-line`, `--subheadline-size`, `--footnote-size`,
    /// `--large-title-size`, … for each ``TextStyle`` (its ``TextStyle/cssName``). The
    /// stylesheet draws screen content and system content with them; bars use ``barTextSize``.
    public var textStyleVariables: [(String, Double)] {
        TextStyle.allCases.flatMap { style -> [(String, Double)] in
            let f = contentSize.font(style)
            return [("\(style.cssName)-size", f.size), ("\(style.cssName)-line", f.leading)]
        }
    }

    /// The text sizes the stylesheet draws at a fixed size (caption, footnote, subheadline,
    /// body, an action sheet's rows), in points.
    public static let trackedSizes: [Double] = [11, 12, 13, 15, 17, 20]

    /// SF Pro's tracking at each text size the stylesheet draws (``FontMetrics/tracking(size:)``,
    /// Apple's typography tables), as custom properties for `letter-spacing`: `tracking-17`
    /// (−0.43 pt) and the others of ``trackedSizes``, and `alert-text-tracking` and
    /// `footnote-tracking` at the Dynamic Type sizes. With them the player draws text as wide as
    /// ``TextMeasure`` measures it for the linter and the layout.
    public var trackingVariables: [(String, Double)] {
        LayoutMetrics.trackedSizes.map { ("tracking-\(Rect.format($0))", FontMetrics.tracking(size: $0)) } + [
            ("alert-text-tracking", FontMetrics.tracking(size: alertTextSize)),
            ("footnote-tracking", FontMetrics.tracking(size: footnoteSize)),
            ("action-sheet-tracking", FontMetrics.tracking(size: actionSheetTextSize)),
            ("body-tracking", FontMetrics.tracking(size: bodySize)),
            ("subheadline-tracking", FontMetrics.tracking(size: subtitleSize)),
        ]
    }
}
