import JSON

/// A rule's id: one case per rule of the catalogue, named after it (`popover.no-modal-over` is
/// ``popoverNoModalOver``), so code names a rule by symbol and a misspelt id does not compile,
/// as SwiftLint names a rule by its type's identifier. The raw value is the id as the JSON, the
/// log, lint lines and docs/rules.md write it; `"\(id)"` writes it too.
///
/// The cases are grouped by the file of their ``RuleUnit``s (`Rules+<Family>.swift`), in the
/// catalogue's order; a new rule is a case here and a unit there (a test checks that every case
/// has exactly one unit). An id that arrives as text (a prototype's `lint` settings, an event's
/// `rule`) becomes a `RuleID` only through ``init(parsing:)``.
public enum RuleID: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    // Rules+Stack.swift
    case stackPresentFromTop = "stack.present-from-top"
    case stackAlreadyPresented = "stack.already-presented"
    case stackTransitionInProgress = "stack.transition-in-progress"
    case stackPresenterVisible = "stack.presenter-visible"
    case modalOneAtATime = "modal.one-at-a-time"
    case sheetOneAtATime = "sheet.one-at-a-time"
    case alertOverAnything = "alert.over-anything"
    case alertOneAtATime = "alert.one-at-a-time"
    case popoverNoModalOver = "popover.no-modal-over"
    case popoverCloseThenPresent = "popover.close-then-present"
    case popoverCardInsideOK = "popover.card-inside-ok"
    case popoverOneAtATime = "popover.one-at-a-time"
    case popoverSingleTapSwitch = "popover.single-tap-switch"
    case activityNoModalOverExtension = "activity.no-modal-over-extension"
    case actionSheetUserInitiated = "actionsheet.user-initiated"
    case alertNotAtLaunch = "alert.not-at-launch"

    // Rules+Adapt.swift
    case modalAutomaticResolves = "modal.automatic-resolves"
    case popoverCompactAdapts = "popover.compact-adapts"
    case popoverRegular = "popover.regular"
    case actionSheetRegularAsPopover = "actionsheet.regular-as-popover"
    case activityAdapt = "activity.adapt"
    case sheetRegular = "sheet.regular"
    case sheetCompactWidthCard = "sheet.compact-width-card"
    case sheetCompactHeightFullScreen = "sheet.compact-height-fullscreen"
    case sheetMediumCompactHeight = "sheet.medium-compact-height"
    case sheetGrabberAutoHide = "sheet.grabber-auto-hide"
    case currentContextCompactAdapts = "currentcontext.compact-adapts"
    case currentContextContextOwner = "currentcontext.context-owner"
    case fullScreenPresenterWalk = "fullscreen.presenter-walk"
    case overFullScreenKeepsUnderlying = "overfullscreen.keeps-underlying"
    case alertFixedAppearance = "alert.fixed-appearance"
    case actionSheetCancelHiddenInPopover = "actionsheet.cancel-hidden-in-popover"

    // Rules+Modal.swift
    case modalDismissButtonRequired = "modal.dismiss-button-required"
    case fullScreenButtonDismissOnly = "fullscreen.button-dismiss-only"
    case modalDataLossConfirm = "modal.data-loss-confirm"
    case modalTitle = "modal.title"
    case modalSinglePath = "modal.single-path"
    case modalDoneOnlyCompletes = "modal.done-only-completes"
    case sheetDoneNeedsAlternative = "sheet.done-needs-alternative"
    case sheetButtonPlacement = "sheet.button-placement"
    case modalAppearanceConsistent = "modal.appearance-consistent"
    case modalTransitionConsistent = "modal.transition-consistent"
    case modalStyleFit = "modal.style-fit"
    case modalIPadPreferSheets = "modal.ipad-prefer-sheets"
    case modalStyleNone = "modal.style-none"
    case modalWhenBeneficial = "modal.when-beneficial"
    case currentContextDeclareCompact = "currentcontext.declare-compact"

    // Rules+Sheet.swift
    case sheetSwipeDismiss = "sheet.swipe-dismiss"
    case sheetSwipeSupported = "sheet.swipe-supported"
    case sheetScrimDismiss = "sheet.scrim-dismiss"
    case sheetUndimmedNonmodal = "sheet.undimmed-nonmodal"
    case sheetDetentsNonempty = "sheet.detents-nonempty"
    case sheetDetentsOrder = "sheet.detents-order"
    case sheetDetentIDs = "sheet.detent-ids"
    case sheetGrabberWhenResizable = "sheet.grabber-when-resizable"
    case sheetGrabberBehaviour = "sheet.grabber-behaviour"
    case sheetMediumForIPhone = "sheet.medium-for-iphone"

    // Rules+Popover.swift
    case popoverAnchorRequired = "popover.anchor-required"
    case popoverAvoidCompact = "popover.avoid-compact"
    case popoverCompactDismissButton = "popover.compact-dismiss-button"
    case popoverModalNeedsButton = "popover.modal-needs-button"
    case popoverTapOutsideDismiss = "popover.tap-outside-dismiss"
    case popoverSaveOnAutoDismiss = "popover.save-on-auto-dismiss"
    case popoverCloseButtonPurpose = "popover.close-button-purpose"
    case popoverNotCoverSource = "popover.not-cover-source"
    case popoverNotFullScreenSize = "popover.not-fullscreen-size"
    case popoverContentFits = "popover.content-fits"
    case popoverNoWarnings = "popover.no-warnings"
    case popoverResizeAnimated = "popover.resize-animated"
    case popoverLooksLikePopover = "popover.looks-like-popover"

    // Rules+Alert.swift
    case alertTitleRequired = "alert.title-required"
    case alertTitleInformative = "alert.title-informative"
    case alertTitleOneLine = "alert.title-one-line"
    case alertTitleMaxTwoLines = "alert.title-max-two-lines"
    case alertTitleCasePunct = "alert.title-case-punct"
    case alertMessageSentence = "alert.message-sentence"
    case alertMessageLength = "alert.message-length"
    case alertMessageOnlyIfNeeded = "alert.message-only-if-needed"
    case alertNoScroll = "alert.no-scroll"
    case alertButtonCount = "alert.button-count"
    case alertButtonLayout = "alert.button-layout"
    case alertCancelLeft = "alert.cancel-left"
    case alertOneCancel = "alert.one-cancel"
    case alertCancelLabel = "alert.cancel-label"
    case alertDestructiveCancel = "alert.destructive-cancel"
    case alertDestructiveStyle = "alert.destructive-style"
    case alertDefaultButton = "alert.default-button"
    case alertPreferredActionMember = "alert.preferred-action-member"
    case alertButtonTitleWords = "alert.button-title-words"
    case alertAvoidYesNo = "alert.avoid-yes-no"
    case alertOKInformationalOnly = "alert.ok-informational-only"
    case alertAvoidExplainingButtons = "alert.avoid-explaining-buttons"
    case alertAvoidPronouns = "alert.avoid-pronouns"
    case alertTone = "alert.tone"
    case alertTextFieldIfNeeded = "alert.textfield-if-needed"
    case alertNotInformationalOnly = "alert.not-informational-only"
    case alertNotForUndoable = "alert.not-for-undoable"
    case alertVsActionSheet = "alert.vs-actionsheet"
    case alertHomeCancels = "alert.home-cancels"
    case alertNoTapOutside = "alert.no-tap-outside"

    // Rules+ActionSheet.swift
    case actionSheetAnchorRequired = "actionsheet.anchor-required"
    case actionSheetNoTextField = "actionsheet.no-textfield"
    case actionSheetOneCancel = "actionsheet.one-cancel"
    case actionSheetCancelBottom = "actionsheet.cancel-bottom"
    case actionSheetCancelWhenDestructive = "actionsheet.cancel-when-destructive"
    case actionSheetDestructiveTop = "actionsheet.destructive-top"
    case actionSheetDestructiveStyle = "actionsheet.destructive-style"
    case actionSheetNoScroll = "actionsheet.no-scroll"
    case actionSheetTitleOneLine = "actionsheet.title-one-line"
    case actionSheetMessageIfNecessary = "actionsheet.message-if-necessary"
    case actionSheetMinChoices = "actionsheet.min-choices"
    case actionSheetNotMenu = "actionsheet.not-menu"

    // Rules+Activity.swift
    case activityAnchorRequired = "activity.anchor-required"
    case activityTemplateSize = "activity.template-size"
    case activityTitleSuccinct = "activity.title-succinct"
    case activityNoDuplicateSystem = "activity.no-duplicate-system"
    case activitySystemFirst = "activity.system-first"
    case activityTriggerShareButton = "activity.trigger-share-button"

    // Rules+Transition.swift
    case transitionDefaultCoverVertical = "transition.default-cover-vertical"
    case transitionPartialCurlFullScreenOnly = "transition.partialcurl-fullscreen-only"
    case transitionPartialCurlTerminal = "transition.partialcurl-terminal"
    case transitionPopoverContextCoverVertical = "transition.popover-context-cover-vertical"
    case transitionSheetCoverVertical = "transition.sheet-cover-vertical"
    case transitionSystemOwned = "transition.system-owned"
    case transitionNonDefaultJustified = "transition.non-default-justified"
    case transitionZoomIOS18 = "transition.zoom-ios18"

    // Rules+Button.swift
    case buttonTitleCase = "button.title-case"
    case buttonVerb = "button.verb"
    case textControlCharacter = "text.control-character"
    case textDirectionOverride = "text.direction-override"
    case symbolUnknown = "symbol.unknown"

    // Rules+Versions.swift
    case sheetSizing = "sheet.sizing"
    case actionSheetInlineAtSource = "actionsheet.inline-at-source"
    case popoverReplacesSource = "popover.replaces-source"
    case sheetFloatingPartial = "sheet.floating-partial"
    case sheetFormGlassLayer = "sheet.form-glass-layer"
    case presentationGrowsFromSource = "presentation.grows-from-source"

    // Rules+Menu.swift
    case menuDismiss = "menu.dismiss"
    case menuContextPreview = "menu.context-preview"

    // Rules+Task.swift
    case taskReferences = "task.references"
    case taskStart = "task.start"
    case taskSuccessReachable = "task.success-reachable"

    /// The id as written: `popover.no-modal-over`.
    public var description: String { rawValue }

    /// Ids sort as their text does.
    public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue < b.rawValue }

    /// The rule whose id is `text`: the one way from text to a rule id, for ids that come from
    /// outside the code (a prototype's `lint` settings) or back from the wire (an event's `rule`).
    ///
    /// - Throws: ``UnknownRuleID`` when no rule has that id, with the nearest id as a suggestion.
    public init(parsing text: String) throws(UnknownRuleID) {
        guard let id = RuleID(rawValue: text) else {
            throw UnknownRuleID(
                text: text, suggestion: Suggest.nearest(text, in: RuleID.texts).flatMap { RuleID(rawValue: $0) })
        }
        self = id
    }

    /// The rule whose id is `text`, which the code itself wrote (an engine event's `rule`): an
    /// unknown id is a bug, so it traps in a debug build and is `nil` in a release build.
    static func written(_ text: String) -> RuleID? {
        do throws(UnknownRuleID) {
            return try RuleID(parsing: text)
        } catch {
            assertionFailure("the code wrote an unknown rule id: \(error)")
            return nil
        }
    }

    /// Every id as text, in the catalogue's order, for suggestions.
    static let texts: [String] = allCases.map(\.rawValue)
}

/// Text that names no rule (``RuleID/init(parsing:)``): what was given, and the nearest id.
public struct UnknownRuleID: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text given.
    public var text: String
    /// The id `text` most likely stands for (a typo of it), if any is near.
    public var suggestion: RuleID?

    /// `"alert.tones" is not a rule id; did you mean "alert.tone"?`
    public var description: String {
        "\(JSONWriter.quoted(text)) is not a rule id"
            + (suggestion.map { "; did you mean \(JSONWriter.quoted($0.rawValue))?" } ?? "")
    }
}
