import Prototype

/// The software keyboard's size for an environment: one place for the numbers the state
/// reports (`keyboard.height`), the frame draws (``FrameLayout/Keyboard``), the engine hit-tests
/// and the linter's `alert.no-scroll` subtracts.
///
/// Apple publishes no keyboard heights (its guidance is to read the keyboard's frame at run
/// time: Apple, "Adjusting your layout with keyboard layout guide"; WWDC21 "Your guide to
/// keyboard layout"). The keyboard is drawn as iOS 17 and 18 draw the English QWERTY keyboard
/// with the QuickType (suggestions) bar on, from these parts, **all unverified** on a device:
/// - the keys: 216 pt in portrait and 162 pt in landscape on iPhone (150 pt in landscape on
///   iPhones without a Home button, whose keyboard leaves the home indicator's inset beneath),
///   264 pt and 352 pt on iPad (the sizes developers have measured since iOS 3, the layout
///   unchanged since); on the largest iPad Pro, which adds a row of numbers, 323 pt and 416 pt;
/// - the suggestions bar: 44 pt in portrait and 38 pt in landscape on iPhone, 55 pt on iPad
///   (its shortcut bar);
/// - on iPhones without a Home button, the row of the emoji/globe and dictation keys below the
///   keys in portrait (42 pt), and the home indicator's inset beneath (the window's bottom
///   safe area: 34 pt in portrait, 21 pt in landscape).
///
/// So an iPhone 16 shows a 336 pt keyboard in portrait and 209 pt in landscape, an iPhone SE
/// 260 pt and 200 pt, an iPad Pro 11-inch 319 pt and 407 pt, an iPad Pro 13-inch 378 pt and
/// 471 pt.
///
/// The keyboard belongs to the screen, not the window: in Split View, Slide Over or a resized
/// iPad window it is docked along the screen's bottom edge at full screen width, and covers
/// only the part of the window that lies over it (WWDC23 "Keep up with the keyboard": the
/// keyboard "transcend[s] the bounds of the app"; which window's share it takes is unverified).
public struct SoftwareKeyboard: Sendable, Hashable {
    /// The suggestions (QuickType) bar at the top.
    public var suggestions: Double
    /// The rows of keys.
    public var keys: Double
    /// The row below the keys with the globe and dictation keys (iPhones without a Home
    /// button, portrait), else 0.
    public var bottomRow: Double
    /// The home indicator's inset beneath, else 0.
    public var inset: Double
    /// Whether it is the iPad's keyboard (bigger keys, a hide-keyboard key).
    public var isPad: Bool
    /// Whether it has the largest iPad Pro's row of numbers.
    public var hasNumberRow: Bool

    /// Its whole height in points.
    public var height: Double { suggestions + keys + bottomRow + inset }

    /// Its height without the suggestions bar, in points: the keyboard of a field that turns
    /// autocorrection off, as many alert fields do (the linter's `alert.no-scroll` measures
    /// against it, so that only alerts that can't fit are flagged).
    public var heightWithoutSuggestions: Double { keys + bottomRow + inset }

    /// The keyboard iOS shows in `environment` (see the type's comment for the numbers).
    public init(environment e: Environment) {
        let portrait = e.orientation == .portrait
        switch e.device.family {
        case .iPhone:
            let hasHomeButton = e.device.safeBottom == 0
            suggestions = portrait ? 44 : 38
            keys = portrait ? 216 : (hasHomeButton ? 162 : 150)
            bottomRow = portrait && !hasHomeButton ? 42 : 0
            inset = hasHomeButton ? 0 : (portrait ? e.device.safeBottom : 21)
            isPad = false
            hasNumberRow = false
        case .iPad:
            let largest = max(e.device.width, e.device.height) >= 1300
            suggestions = 55
            keys = largest ? (portrait ? 323 : 416) : (portrait ? 264 : 352)
            bottomRow = 0
            inset = 0
            isPad = true
            hasNumberRow = largest
        }
    }

    /// The keyboard's height in `environment`, in points.
    public static func height(in environment: Environment) -> Double {
        SoftwareKeyboard(environment: environment).height
    }
}
