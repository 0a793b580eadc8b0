/// The interface style the system gives the app: `UIUserInterfaceStyle`'s `.light` and `.dark`.
/// Source: Apple, "UIUserInterfaceStyle" and HIG "Dark Mode".
public enum Appearance: String, Sendable, CaseIterable, Codable { case light, dark }

/// The layout direction: `UITraitEnvironmentLayoutDirection`'s `.leftToRight` and `.rightToLeft`.
/// Right to left mirrors leading and trailing, as iOS does for Arabic and Hebrew (HIG "Right to left").
public enum LayoutDirection: String, Sendable, CaseIterable, Codable { case ltr, rtl }

/// The preferred text size: `UIContentSizeCategory`, by the names UIKit gives its constants
/// (`extraSmall` … `large`, the default, … `accessibilityExtraExtraExtraLarge`), smallest first.
/// Source: Apple, "UIContentSizeCategory".
public enum ContentSizeCategory: String, Sendable, CaseIterable, Codable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// `UIContentSizeCategory.isAccessibilityCategory`: the five accessibility sizes.
    public var isAccessibilityCategory: Bool { rawValue.hasPrefix("accessibility") }

    /// The Body text style at this size (17 pt at Large; 14 … 53 pt): list row titles, text,
    /// buttons and fields in content, an alert's buttons. From ``DynamicType/table``.
    public var bodyPointSize: Double { font(.body).size }

    /// The Footnote text style's size (13 pt at Large): alert messages, action sheet headers.
    public var footnotePointSize: Double { font(.footnote).size }

    /// The Title 3 text style's size (20 pt at Large): the row titles of a bottom action sheet
    /// (UIKit's use of this style for `UIAlertController` action sheet rows is unverified).
    public var title3PointSize: Double { font(.title3).size }

    /// `style`'s size and leading at this size, from ``DynamicType/table``.
    public func font(_ style: TextStyle) -> DynamicType.Metrics {
        DynamicType.table[style.index][ContentSizeCategory.allCases.firstIndex(of: self) ?? 3]
    }

    /// Every accepted name, comma-separated, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// A Dynamic Type text style: UIKit's `UIFont.TextStyle` (Apple, "UIFont.TextStyle"), the
/// styles the Human Interface Guidelines' "Typography" page lists for iOS, largest first.
public enum TextStyle: String, Sendable, CaseIterable, Codable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The style's row of ``DynamicType/table``.
    var index: Int { TextStyle.allCases.firstIndex(of: self) ?? 0 }

    /// The style's name in the stylesheet's custom properties: `large-title`, `title3`, `body`, …
    public var cssName: String { self == .largeTitle ? "large-title" : rawValue }
}

/// The Dynamic Type sizes of iOS: every text style's point size and leading at every
/// ``ContentSizeCategory``. The one table ModalLab reads text sizes from — alerts, action
/// sheets, screen content, the linter's measurements.
///
/// Source: Apple, Human Interface Guidelines, "Typography" → "Specifications" → "Dynamic Type
/// sizes" (iOS, iPadOS), the tables for xSmall … xxxLarge and AX1 … AX5, as ModalLab transcribed
/// them. The point sizes agree with what `UIFont.preferredFont(forTextStyle:compatibleWith:)`
/// returns for every style and size (measured in the iOS 13.3 simulator by the project
/// temoki/UIKit_DynamicType, its README's table), except Caption 2 at AX5, where the
/// measurement's 41 pt is kept over our reading of the guidelines' 40 pt (unverified). The
/// Large column's sizes and leadings are the guidelines' defaults (Large Title 34/41, Title 1
/// 28/34, Title 2 22/28, Title 3 20/25, Headline 17/22, Body 17/22, Callout 16/21, Subheadline
/// 15/20, Footnote 13/18, Caption 1 12/16, Caption 2 11/13). The leadings of the other columns
/// are our transcription of the guidelines' tables, not confirmed against a retrieved copy or a
/// device (unverified).
public enum DynamicType {
    /// A text style's point size and leading (line height), in points.
    public struct Metrics: Sendable, Hashable {
        /// The point size.
        public var size: Double
        /// The leading: the height of one line.
        public var leading: Double
    }

    /// One row per ``TextStyle`` (in its order), one column per ``ContentSizeCategory`` (xSmall,
    /// Small, Medium, Large, xLarge, xxLarge, xxxLarge, AX1 … AX5); each entry size/leading.
    public static let table: [[Metrics]] = [
        // Large Title
        row(
            [31, 38], [32, 39], [33, 40], [34, 41], [36, 43], [38, 46], [40, 48], [44, 52], [48, 57], [52, 61],
            [56, 66], [60, 70]),
        // Title 1
        row(
            [25, 31], [26, 32], [27, 33], [28, 34], [30, 37], [32, 39], [34, 41], [38, 46], [43, 51], [48, 57],
            [53, 64], [58, 70]),
        // Title 2
        row(
            [19, 24], [20, 25], [21, 26], [22, 28], [24, 30], [26, 32], [28, 34], [34, 41], [39, 47], [44, 53],
            [50, 61], [56, 67]),
        // Title 3
        row(
            [17, 22], [18, 23], [19, 24], [20, 25], [22, 28], [24, 30], [26, 32], [31, 38], [37, 44], [43, 51],
            [49, 59], [55, 66]),
        // Headline (Semibold)
        row(
            [14, 19], [15, 20], [16, 21], [17, 22], [19, 24], [21, 26], [23, 29], [28, 34], [33, 40], [40, 48],
            [47, 56], [53, 62]),
        // Body
        row(
            [14, 19], [15, 20], [16, 21], [17, 22], [19, 24], [21, 26], [23, 29], [28, 34], [33, 40], [40, 48],
            [47, 56], [53, 62]),
        // Callout
        row(
            [13, 18], [14, 19], [15, 20], [16, 21], [18, 23], [20, 25], [22, 28], [26, 32], [32, 39], [38, 46],
            [44, 52], [51, 60]),
        // Subheadline
        row(
            [12, 16], [13, 18], [14, 19], [15, 20], [17, 22], [19, 24], [21, 28], [25, 31], [30, 37], [36, 43],
            [42, 50], [49, 58]),
        // Footnote
        row(
            [12, 16], [12, 16], [12, 16], [13, 18], [15, 20], [17, 22], [19, 24], [23, 29], [27, 33], [33, 40],
            [38, 46], [44, 52]),
        // Caption 1
        row(
            [11, 13], [11, 13], [11, 13], [12, 16], [14, 19], [16, 21], [18, 23], [22, 28], [26, 32], [32, 39],
            [37, 44], [43, 51]),
        // Caption 2
        row(
            [11, 13], [11, 13], [11, 13], [11, 13], [13, 18], [15, 20], [17, 22], [20, 25], [24, 30], [29, 35],
            [34, 41], [41, 49]),
    ]

    private static func row(_ columns: [Double]...) -> [Metrics] {
        columns.map { Metrics(size: $0[0], leading: $0[1]) }
    }
}
