/// UIKit's `UIModalPresentationStyle` names, plus the system presentations a prototype can
/// declare as a style (`alert`, `actionSheet`, `activity`). docs/format.md.
///
/// `none` decodes so that the linter can report `modal.style-none` (UIKit: "Do not use this
/// style to present a view controller") instead of a format error.
public enum PresentationStyle: String, Sendable, CaseIterable, Codable {
    case automatic, pageSheet, formSheet, fullScreen, overFullScreen, currentContext, overCurrentContext
    case popover, alert, actionSheet, activity, none

    /// `automatic`, `pageSheet` and `formSheet`: the styles UIKit draws as sheets.
    public var isSheet: Bool { self == .automatic || self == .pageSheet || self == .formSheet }
    /// `currentContext` and `overCurrentContext`.
    public var isCurrentContext: Bool { self == .currentContext || self == .overCurrentContext }
    /// Alerts, action sheets and activity views: the system draws them, not the prototype.
    public var isSystem: Bool { self == .alert || self == .actionSheet || self == .activity }
    /// Styles whose modal has its own screens and controls (sheets, full screen, context, popover).
    public var isCustom: Bool { !isSystem && self != .none }
}

/// How a presentation animates: UIKit's `UIModalTransitionStyle` (`coverVertical`,
/// `flipHorizontal`, `crossDissolve`, `partialCurl`), or `zoom`, UIKit's
/// `UIViewController.Transition.zoom(options:sourceViewProvider:)` (iOS 18 and later; from a bar
/// button item, `zoom(options:sourceBarButtonItemProvider:)`, iOS 26 and later), set as the
/// presented view controller's `preferredTransition`: the presentation zooms out of its `source`
/// and back into it on dismissal.
public enum TransitionStyle: String, Sendable, CaseIterable, Codable {
    case coverVertical, flipHorizontal, crossDissolve, partialCurl, zoom
}

/// A sheet detent (`UISheetPresentationController.Detent`): `medium`, `large`, or a custom one
/// with an identifier and a height in points.
public enum Detent: Sendable, Hashable {
    case medium
    case large
    case custom(id: String, height: Double)

    /// The detent's identifier: "medium", "large", or the custom id.
    public var id: String {
        switch self {
        case .medium: return "medium"
        case .large: return "large"
        case .custom(let id, _): return id
        }
    }

    /// The resting height in points for a container `containerHeight` points tall (safe area
    /// excluded): medium is about half, large the full height less the top inset UIKit keeps.
    public func height(in containerHeight: Double) -> Double {
        switch self {
        case .medium: return (containerHeight * 0.5).rounded()
        case .large: return containerHeight
        case .custom(_, let h): return min(h, containerHeight)
        }
    }
}

/// `UIPopoverArrowDirection`.
public enum ArrowDirection: String, Sendable, CaseIterable, Codable {
    case up, down, left, right, any
}

/// Role of a button or an alert action (`UIAlertAction.Style`, and bar-button roles).
public enum ButtonRole: String, Sendable, CaseIterable, Codable {
    case `default`, cancel, done, destructive
}

/// Role of an alert or action sheet action: UIAlertAction.Style.
public enum ActionRole: String, Sendable, CaseIterable, Codable {
    case `default`, cancel, destructive
}

/// What a control or an alert action does. docs/format.md:
/// `{ "present": id } | "dismiss" | "dismissAll" | { "push": id } | "pop" | "none"`.
public enum Action: Sendable, Hashable {
    case present(String)
    case dismiss
    case dismissAll
    case push(String)
    case pop
    case none
}

/// The compact-width adaptation a current-context presentation declares. docs/format.md.
public enum CompactAdaptation: String, Sendable, CaseIterable, Codable {
    case fullScreen, sheet
}

/// Popover item selection: a single-selection popover closes on a choice. rule popover.tap-outside-dismiss.
public enum SelectionMode: String, Sendable, CaseIterable, Codable {
    case single, multiple, none
}

/// How a modal's task is characterised, for `modal.style-fit` (docs/rules.md).
public enum TaskKind: String, Sendable, CaseIterable, Codable {
    case simple, immersive, multistep
}

/// What a nonmodal popover does with its edits on an outside tap (`popover.save-on-auto-dismiss`).
public enum OutsideTapBehaviour: String, Sendable, CaseIterable, Codable {
    case commit, discard
}

/// How a centred sheet (wR/hR) is sized: SwiftUI's `PresentationSizing` (iOS 18: `.form`,
/// `.page`, `.fitted`), and UIKit's `prefersPageSizing` (iOS 17) for `form` and `page`.
/// Sources: Apple, "presentationSizing(_:)", "PagePresentationSizing" ("roughly the size of a page
/// of paper"), "FormPresentationSizing", "FittedPresentationSizing" (the content's size),
/// "UISheetPresentationController.prefersPageSizing".
public enum PresentationSizing: String, Sendable, CaseIterable, Codable {
    case form, page, fitted
}
