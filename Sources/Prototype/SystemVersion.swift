import JSON

/// The iOS version a prototype runs as: its `targetOS`, or the one a viewing session asks for
/// (``Environment/targetOS``). The engine's adaptation, gestures and refusals and the player's
/// look follow it; each rule of the catalogue says which versions it applies to.
///
/// Versions are major numbers (`17`, `18`, `26`): Apple numbered iOS 18's successor 26, so no
/// 19–25 exists. Two designs are drawn:
/// - ``Design/classic`` through iOS 18: edge-attached sheets with 10 pt top corners, alerts and
///   action sheets on blur materials, popovers with an arrow;
/// - ``Design/liquidGlass`` from iOS 26: "Modal views like sheets and action sheets adopt Liquid
///   Glass. Sheets feature an increased corner radius, and half sheets are inset from the edge of
///   the display … When a half sheet expands to full height, it transitions to a more opaque
///   appearance" (Apple, "Adopting Liquid Glass", Windows and modals).
public enum SystemVersion {
    /// The version a prototype without `targetOS` targets.
    public static let defaultVersion = 18

    /// The versions the player's toolbar offers: iOS 17 and 18 (the classic design), iOS 26 (the
    /// Liquid Glass design) and iOS 27, whose documentation (Apple, "UISheetPresentationController
    /// .preferredPlacement", iOS 27.0) adds an opt-in sheet placement and no change to the default
    /// presentations, so it is drawn and run as iOS 26. A session may ask for any major version
    /// from 7 to 99 (``parse(_:)``); the toolbar also lists the prototype's own.
    public static let offered = [17, 18, 26, 27]

    /// The first version of the Liquid Glass design: iOS 26.
    public static let liquidGlass = 26

    /// The first version with `UIViewController.Transition.zoom(options:sourceViewProvider:)`
    /// (Apple's documentation: iOS 18.0).
    public static let zoomTransition = 18

    /// The first version whose zoom transition can start from a bar button item
    /// (`zoom(options:sourceBarButtonItemProvider:)`, Apple's documentation: iOS 26.0).
    public static let zoomFromBarButton = 26

    /// The first version whose navigation controllers pop from a pan anywhere in their content,
    /// not only from the leading edge: `UINavigationController.interactiveContentPopGestureRecognizer`
    /// ("recognizes a gesture on the entire content area of the navigation controller in cases that
    /// are not covered by interactivePopGestureRecognizer"; Apple's documentation: iOS 26.0).
    public static let contentPopGesture = 26

    /// The first version with `UISheetPresentationController.prefersPageSizing` (Apple's
    /// documentation: iOS 17.0).
    public static let prefersPageSizing = 17

    /// The first version with SwiftUI's `presentationSizing(_:)` (`.form`, `.page`, `.fitted`;
    /// Apple's documentation: iOS 18.0).
    public static let presentationSizing = 18

    /// How a version draws its presentations.
    public enum Design: String, Sendable, CaseIterable {
        /// iOS 17 and 18 (and earlier): the look ModalLab drew before versions were modelled.
        case classic
        /// iOS 26 and later: Liquid Glass.
        case liquidGlass = "liquid-glass"
    }

    /// The design of iOS `version`.
    public static func design(_ version: Int) -> Design { version >= liquidGlass ? .liquidGlass : .classic }

    /// A major version from a JSON value: `26`, `"26"` or `"26.1"`; `nil` unless 7–99.
    public static func parse(_ value: JSONValue) -> Int? {
        if let n = value.numberValue, n >= 7, n < 100, n == n.rounded(.down) { return Int(n) }
        if let s = value.stringValue { return parse(s) }
        return nil
    }

    /// A major version from text: `"26"` or `"26.1"`; `nil` unless 7–99.
    public static func parse(_ text: String) -> Int? {
        let head = text.split(separator: ".", omittingEmptySubsequences: false).first ?? ""
        guard head.count <= 2, let major = Int(head), major >= 7, major < 100 else { return nil }
        return major
    }

    /// The versions the toolbar lists for a prototype targeting `own`: ``offered``, with `own`
    /// among them in order when it is not one of them.
    public static func listed(including own: Int) -> [Int] {
        offered.contains(own) ? offered : (offered + [own]).sorted()
    }

    /// "iOS 26".
    public static func name(_ version: Int) -> String { "iOS \(version)" }
}

extension JSONReader {
    /// The value as an iOS major version (``SystemVersion/parse(_:)``): `26`, `"26"` or `"26.1"`.
    /// - Throws: ``JSONShapeError`` at the value's path, naming what was found, for anything else.
    public func osVersion() throws(JSONShapeError) -> Int {
        guard let v = SystemVersion.parse(value) else {
            throw JSONShapeError(
                path: path,
                message: "expected an iOS version from 7 to 99, such as \"26\"; found \(JSONReader.describe(value))")
        }
        return v
    }
}
