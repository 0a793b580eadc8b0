import JSON
import Prototype

/// One presented modal on the presentation stack.
public struct StackEntry: Sendable, Equatable {
    /// The modal's id.
    public var modal: String
    /// The style the definition asked for.
    public var requestedStyle: PresentationStyle
    /// The current adaptation (recomputed after every action, so rotations and resizes change it live).
    public var resolution: Resolution
    /// The sheet's detents in ascending height for the current window (rule sheet.detents-order).
    /// Empty for alerts and action sheets.
    public var detents: [Detent]
    /// The selected detent's id (`selectedDetentIdentifier`); `nil` without detents.
    public var selectedDetent: String?
    /// Whether user content was edited (`modal.data-loss-confirm`). Only edits of controls
    /// marked `userContent` set it.
    public var dirty: Bool
    /// The navigation stack inside the modal: its root (the modal's id) first. Empty for
    /// alerts, action sheets and activity views.
    public var screens: [String]
    /// The control that presented it, if a tap did (focus returns there on dismiss).
    public var presentedBy: String?
    /// Milliseconds since the session started when it was presented.
    public var presentedAtMs: Int
    /// Whether it was presented as the data-loss confirmation of the entry below.
    public var isDiscardConfirmation: Bool
    /// Edited values of its controls, by control id (and selected list items of a
    /// multiple-selection popover, as `true`).
    public var values: [String: JSONValue]
    /// For current-context styles: the screen or modal whose context it covers, or `nil` when
    /// none was found and it covers the root (rule currentcontext.context-owner).
    public var contextOwner: String? = nil
    /// Where a popover points and how big it is, while the entry is drawn as a popover.
    public var popover: PopoverLayout? = nil
    /// Whether the grabber is drawn: asked for, drawn as a card, and not covered by another
    /// sheet (rule sheet.grabber-auto-hide).
    public var grabberVisible: Bool = false
    /// The keyboard this presentation took from a field beneath it, to bring back when it goes.
    public var restoresKeyboard: KeyboardFocus? = nil
    /// Whether its declared zoom transition does not exist in the session's iOS version (before
    /// iOS 18, or from a bar button item before iOS 26), so it slides up as `coverVertical`
    /// (rule transition.zoom-ios18).
    public var zoomUnavailable: Bool = false
    /// The modal's definition.
    let ref: ModalRef

    /// The current screen inside the modal, or `nil` for system presentations.
    public var screen: String? { screens.last }

    /// The transition it is animated with: the declared one (default `coverVertical`, RULES
    /// transition.default-cover-vertical) for custom presentations, `coverVertical` for a
    /// popover adapted to a sheet; `nil` where the system animates (alerts, action sheets,
    /// activity views, popovers drawn as popovers: rule transition.system-owned).
    public var transition: TransitionStyle? {
        switch requestedStyle {
        case .alert, .actionSheet, .activity: return nil
        case .popover: return resolution.form == .popover ? nil : .coverVertical
        default:
            if ref.modal.transition == .zoom && zoomUnavailable { return .coverVertical }
            return ref.modal.transition ?? .coverVertical
        }
    }

    /// Whether it leaves the views beneath interactive (and undimmed): a card resting at or
    /// below its `largestUndimmedDetent` (rule sheet.undimmed-nonmodal).
    public func isUndimmed(in env: Environment) -> Bool {
        guard resolution.form == .card, let undimmed = ref.modal.largestUndimmedDetent,
            let current = effectiveDetent(in: env),
            let ui = detents.firstIndex(where: { $0.id == undimmed }),
            let ci = detents.firstIndex(where: { $0.id == current })
        else { return false }
        return ci <= ui
    }

    /// The detent the sheet rests at, as reported in the state: `nil` unless drawn as a card.
    /// `medium` is inactive in compact height (rule sheet.medium-compact-height), so the sheet
    /// rests at the next larger declared detent, else the next smaller one; a sheet whose only
    /// detent is `medium` still reports `medium` (the state names declared detents only) and is
    /// drawn at full height (UIKit's fallback when no declared detent is active; unverified).
    public func effectiveDetent(in env: Environment) -> String? {
        StackEntry.effectiveDetent(selected: selectedDetent, detents: detents, form: resolution.form, env: env)
    }

    static func effectiveDetent(selected: String?, detents: [Detent], form: Form, env: Environment) -> String? {
        guard form == .card, let sel = selected else { return nil }
        guard sel == "medium" && env.verticalSizeClass == .compact else { return sel }
        guard let k = detents.firstIndex(of: .medium) else { return sel }
        if k + 1 < detents.count { return detents[k + 1].id }
        if k > 0 { return detents[k - 1].id }
        // Only medium is declared: the state names it (never a detent the sheet lacks), though
        // in compact height the sheet is drawn at full height (see ``FrameLayout``).
        return sel
    }
}
