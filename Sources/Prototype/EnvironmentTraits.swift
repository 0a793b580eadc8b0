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

    /// The point size of the Body text style at this size, from the HIG's Dynamic Type sizes table
    /// for iOS (HIG "Typography", "Specifications: Dynamic Type sizes"): 14, 15, 16, 17 (Large,
    /// the default), 19, 21, 23, then the larger accessibility sizes 28, 33, 40, 47, 53.
    public var bodyPointSize: Double {
        switch self {
        case .extraSmall: return 14
        case .small: return 15
        case .medium: return 16
        case .large: return 17
        case .extraLarge: return 19
        case .extraExtraLarge: return 21
        case .extraExtraExtraLarge: return 23
        case .accessibilityMedium: return 28
        case .accessibilityLarge: return 33
        case .accessibilityExtraLarge: return 40
        case .accessibilityExtraExtraLarge: return 47
        case .accessibilityExtraExtraExtraLarge: return 53
        }
    }

    /// The point size of the Footnote text style at this size (HIG "Typography", iOS Dynamic
    /// Type sizes): 12, 12, 12, 13 (Large), 15, 17, 19, then 23, 27, 33, 38, 44.
    public var footnotePointSize: Double {
        switch self {
        case .extraSmall, .small, .medium: return 12
        case .large: return 13
        case .extraLarge: return 15
        case .extraExtraLarge: return 17
        case .extraExtraExtraLarge: return 19
        case .accessibilityMedium: return 23
        case .accessibilityLarge: return 27
        case .accessibilityExtraLarge: return 33
        case .accessibilityExtraExtraLarge: return 38
        case .accessibilityExtraExtraExtraLarge: return 44
        }
    }

    /// The point size of the Title 3 text style at this size: 17, 18, 19, 20 (Large), 22, 24, 26,
    /// then 31, 37, 43, 49, 55 — the row titles of an action sheet, 20 pt at Large. Values of
    /// the HIG's Dynamic Type sizes table (HIG "Typography") as we read it; unverified against a
    /// device, as is UIKit's use of this style for `UIAlertController` action sheet rows.
    public var title3PointSize: Double {
        switch self {
        case .extraSmall: return 17
        case .small: return 18
        case .medium: return 19
        case .large: return 20
        case .extraLarge: return 22
        case .extraExtraLarge: return 24
        case .extraExtraExtraLarge: return 26
        case .accessibilityMedium: return 31
        case .accessibilityLarge: return 37
        case .accessibilityExtraLarge: return 43
        case .accessibilityExtraExtraLarge: return 49
        case .accessibilityExtraExtraExtraLarge: return 55
        }
    }

    /// How much larger than at `large` the Body style is at this size (1 at `large`): the factor
    /// the player scales text by and the linter measures text with.
    public var scale: Double { bodyPointSize / 17 }

    /// Every accepted name, comma-separated, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
