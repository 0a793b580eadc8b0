/// A code used in the rules' sources (`S0:L85`, `H-Sheets`, `U-MPS.popover`, …) and what it names.
public struct SourceCode: Sendable {
    /// The code as the sources write it, e.g. `S0`, `H-Sheets`, `U-MPS.…`.
    public var code: String
    /// What it names: a document's title, an Apple page with its URL, a kind of evidence.
    public var meaning: String
}

/// A question on which the sources disagree, and the answer ModalLab's rules take.
public struct SourceConflict: Sendable {
    /// `C1` … `C18`.
    public var id: String
    /// What the sources disagree about.
    public var topic: String
    /// What each source says, briefly.
    public var sources: String
    /// What ModalLab does, and why.
    public var resolution: String
    /// The rules that carry the resolution.
    public var rules: [RuleID]
}

extension RuleCatalogue {
    /// The key to the codes in the rules' sources, printed by `modallab rules` (text and
    /// Markdown) above the rules, and so at the top of `docs/rules.md`.
    public static let sourceKey: [SourceCode] = [
        SourceCode(
            code: "S0",
            meaning:
                "Apple's Human Interface Guidelines of the iOS 13 era: Modality, with Action Sheets, Activity Views, Alerts and Popovers (developer.apple.com/design/human-interface-guidelines/ios/app-architecture/modality/), in English with a Chinese translation by 泽泽先生."
        ),
        SourceCode(
            code: "S1",
            meaning:
                "The Modality page of Apple's iOS Human Interface Guidelines for iOS 8–12, English and Chinese interleaved (its list of modal styles survives only in Chinese)."
        ),
        SourceCode(
            code: "S2",
            meaning:
                "“iOS7人机界面指南-UI元素(下)”: the iOS 7 Human Interface Guidelines, UI Elements (part 2), in ISUX's Chinese translation of Apple's text of 20 October 2013."
        ),
        SourceCode(
            code: "S3",
            meaning:
                "A Chinese digest of the iOS 13 Human Interface Guidelines on views: Modality, Sheet, Fullscreen, Alerts, Action Sheets, Activity Views and Popovers."
        ),
        SourceCode(
            code: "S0:L85",
            meaning:
                "Line 85 of guideline document S0 (likewise S1–S3). The documents are not shipped with ModalLab: each rule quotes the sentence it rests on, and a Chinese quote is followed by an English gloss."
        ),
        SourceCode(
            code: "H-Modality, H-Sheets, H-Alerts, H-ActionSheets, H-Popovers, H-Activity, H-Typography",
            meaning:
                "The current pages of Apple's Human Interface Guidelines: https://developer.apple.com/design/human-interface-guidelines/modality, …/sheets, …/alerts, …/action-sheets, …/popovers, …/activity-views and …/typography. “H-Alerts (2024)” names the page's revision of that year."
        ),
        SourceCode(
            code: "H-Alerts-2021, H-Alerts-2022",
            meaning: "Earlier revisions of the Alerts page of the Human Interface Guidelines."
        ),
        SourceCode(
            code: "U-…",
            meaning:
                "Apple's UIKit reference, https://developer.apple.com/documentation/uikit/…: U-MPS.popover is UIModalPresentationStyle.popover (…/uimodalpresentationstyle/popover), U-MTS.partialCurl is UIModalTransitionStyle.partialCurl, U-Sheet.detents is UISheetPresentationController's detents (U-Sheet.Detent.medium its Detent.medium), U-isModalInPresentation is UIViewController's isModalInPresentation, U-didAttemptToDismiss is UIAdaptivePresentationControllerDelegate's presentationControllerDidAttemptToDismiss(_:)."
        ),
        SourceCode(
            code: "VCPG",
            meaning:
                "Apple's View Controller Programming Guide for iOS, “Presenting a View Controller” (documentation archive, 2015): https://developer.apple.com/library/archive/featuredarticles/ViewControllerPGforiPhoneOS/PresentingaViewController.html"
        ),
        SourceCode(
            code: "X",
            meaning:
                "UIKit's own runtime messages (exceptions and console warnings), quoted from crash reports in the public GitHub issues and pull requests named after each quote. “Decompiled” names a method of UIKit's UIAlertController as read from its decompiled code."
        ),
        SourceCode(
            code: "T-…",
            meaning:
                "Third-party corroboration: T-Flutter is Flutter's replica of UIKit's alerts and action sheets (flutter/lib/src/cupertino/dialog.dart), T-Chromium the Chromium iOS alert replica; T-WWDC19-224 and T-WWDC23-10161 are Apple's WWDC sessions (developer.apple.com/videos/play/wwdc2019/224/, …/wwdc2023/10161/), quoted from transcripts others collected."
        ),
        SourceCode(
            code: "C1–C18",
            meaning:
                "Questions on which the sources disagree, and the answer ModalLab takes: listed below the key, each with the rules that carry it."
        ),
    ]

    /// Where the sources disagree and what ModalLab's rules do about it.
    public static let conflicts: [SourceConflict] = [
        SourceConflict(
            id: "C1", topic: "Which side Cancel takes in a two-button alert",
            sources:
                "The iOS 7 guidelines (S2) put Cancel on the right when the other button is destructive; the iOS 13 guidelines (S0, S3) say Cancel always goes on the left; the current H-Alerts puts the likely button on the trailing side and Cancel on the leading side.",
            resolution:
                "Cancel leading, the other button trailing, whatever it does: the current guidelines, and what UIAlertController draws since iOS 8. The destructive button keeps its red style on the trailing side.",
            rules: [.alertCancelLeft]),
        SourceConflict(
            id: "C2", topic: "Whether Cancel is the bold default button",
            sources:
                "S0: make Cancel bold by marking it as the default button. H-Alerts-2021 and -2022: consider making Cancel the default. H-Alerts (2024): don't make Cancel the default, and avoid making any button the default.",
            resolution:
                "Draw what UIKit draws: Cancel bold unless a preferred action is set; warn only when the preferred action is destructive. A preferred Cancel is not required.",
            rules: [.alertDefaultButton]),
        SourceConflict(
            id: "C3", topic: "When to use the destructive style",
            sources:
                "S0: every destructive button gets the destructive style. H-Alerts (2024): only actions people didn't deliberately choose (its Empty Trash confirmation is deliberately not red).",
            resolution:
                "Warn when a destructive verb lacks the style, except in an alert marked confirmsDeliberateAction, so a prototype can express either reading.",
            rules: [.alertDestructiveStyle]),
        SourceConflict(
            id: "C4", topic: "How many buttons an alert may have",
            sources:
                "S2: avoid more than two. S0: generally two; with three or more, consider an action sheet. H-Alerts: up to three. UIKit accepts any number and scrolls.",
            resolution:
                "One button is info, two is fine, three is a warning, four or more an error: beyond the documented maximum, and likely to scroll.",
            rules: [.alertButtonCount]),
        SourceConflict(
            id: "C5", topic: "How long an alert title may be",
            sources:
                "S2: one line, fragments preferred. S0: a single line whenever possible. H-Alerts (2024): avoid titles that wrap to more than two lines.",
            resolution: "More than one line is a warning, three or more lines a second warning; neither is an error.",
            rules: [.alertTitleOneLine, .alertTitleMaxTwoLines]),
        SourceConflict(
            id: "C6", topic: "The verb for referring to a button",
            sources:
                "S0 and S2: “tap” (S2 rules out “choose” and “click”). H-Alerts from 2022: “a term like choose”, whatever the input device.",
            resolution:
                "Accept “tap” and “choose”; flag “click”, “touch”, “press” and a quoted button title.",
            rules: [.alertAvoidExplainingButtons]),
        SourceConflict(
            id: "C7", topic: "Pronouns in alerts",
            sources: "S0 and S2: avoid you, your, me and my. The current guidelines have dropped the rule.",
            resolution: "Info only.",
            rules: [.alertAvoidPronouns]),
        SourceConflict(
            id: "C8", topic: "What a popover becomes on iPhone",
            sources:
                "S0: a full-screen modal view. VCPG (iOS 8): overFullScreen. UIKit through iOS 12: fullScreen; from iOS 13: formSheet, a sheet in compact width and full screen in compact height. H-Popovers: “a full-screen modal view like a sheet”.",
            resolution:
                "The iOS 13 and later mapping, which is what UIKit does today; the older one only for a targetOS of 12 or lower.",
            rules: [.popoverCompactAdapts]),
        SourceConflict(
            id: "C9", topic: "Stacking sheets",
            sources:
                "S0 describes stacked cards, and UIKit allows them. H-Sheets: display only one sheet at a time from the main interface. H-Modality: let people dismiss a modal view before presenting another.",
            resolution:
                "A warning, not an error, since UIKit allows the stack and the guidelines' wording is advisory. Alerts are exempt, and so is the data-loss action sheet the guidelines prescribe over a sheet.",
            rules: [.sheetOneAtATime, .modalOneAtATime]),
        SourceConflict(
            id: "C10", topic: "Whether an action sheet needs Cancel",
            sources:
                "S0 says both “provide a Cancel button if it adds clarity” and “Cancel buttons should always be included”. S3: not required. H-ActionSheets: if necessary, a Cancel that lets people reject an action that might destroy data. In a popover UIKit hides Cancel.",
            resolution:
                "A warning only when the action sheet has a destructive action, info otherwise. In a popover Cancel is not drawn and a tap outside runs it.",
            rules: [.actionSheetCancelWhenDestructive, .actionSheetCancelHiddenInPopover]),
        SourceConflict(
            id: "C11", topic: "Activity views",
            sources:
                "S0: opened from the Action button; a black-and-white template image of about 70×70 px; a long title shrinks, then truncates. H-Activity: the Share button; prefer an SF Symbol; a custom icon of about 70×70 px; a long title wraps and may truncate.",
            resolution: "Follow the current page; the 70×70 px size is the same in both.",
            rules: [.activityTriggerShareButton, .activityTemplateSize, .activityTitleSuccinct]),
        SourceConflict(
            id: "C12", topic: "The list of modal styles",
            sources:
                "S1 (iOS 8–12) lists full screen, page sheet, form sheet and current context, with pre-iOS 13 drawings; S2 says a modal view fills the screen; S0 names only Sheet and Fullscreen. UIKit 13 and later draws page and form sheets as cards in compact width, and automatic resolves to pageSheet (formSheet from iOS 18).",
            resolution:
                "Model every UIKit presentation style as UIKit draws it today; the older descriptions do not drive the server.",
            rules: [.modalAutomaticResolves, .sheetCompactWidthCard]),
        SourceConflict(
            id: "C13", topic: "The Done button",
            sources:
                "S0: always include a button that dismisses the modal view, Done or Cancel. H-Sheets (2026): Done paired with Cancel or Back, never all three, Cancel leading and Done trailing.",
            resolution: "The 2026 rules, which refine S0 without contradicting it.",
            rules: [.sheetDoneNeedsAlternative, .sheetButtonPlacement]),
        SourceConflict(
            id: "C14", topic: "Transitions",
            sources:
                "S1 and S2 list only Cover Vertical and Flip; UIKit also has crossDissolve and partialCurl; S0 asks only for consistency.",
            resolution:
                "All four, within UIKit's constraints; a non-default transition needs a rationale, and consistency is checked.",
            rules: [
                .transitionNonDefaultJustified, .modalTransitionConsistent,
                .transitionPartialCurlFullScreenOnly,
            ]),
        SourceConflict(
            id: "C15", topic: "What title-style capitalization leaves lowercase",
            sources:
                "S2: prepositions of fewer than four letters. Apple's English iOS 7 guidelines: prepositions of four or fewer letters.",
            resolution: "Apple's English wording, four or fewer letters (“from”, “with”); S2 mistranslates it.",
            rules: [.buttonTitleCase, .alertTitleCasePunct]),
        SourceConflict(
            id: "C16", topic: "A typo in S0 about the area around a card",
            sources:
                "S0 says the sheet “dissmiss[es] all uncovered areas”; its translator rendered it as “dims”, and UIKit's documentation describes a dimming view.",
            resolution:
                "Read as “dims all uncovered areas”: UIKit's documentation confirms a dimming view. A tap on that dimmed area is an interactive dismissal, as the documentation of isModalInPresentation implies.",
            rules: [.sheetScrimDismiss]),
        SourceConflict(
            id: "C17", topic: "Going Home while an alert is up",
            sources:
                "S2 and S0: Home acts like Cancel. Since multitasking iOS keeps the alert when the app returns (from experience, unverified on a device); S0 and H-Alerts ask the app to cancel the alert when people leave it.",
            resolution: "The server cancels the alert when the prototype goes Home.",
            rules: [.alertHomeCancels]),
        SourceConflict(
            id: "C18", topic: "Alert width at accessibility text sizes",
            sources: "Third-party replicas disagree: Flutter widens the alert to 310 pt, Chromium to 402 pt.",
            resolution: "Unverified: 270 pt at the default text size; larger sizes are not measured.",
            rules: [.alertFixedAppearance, .alertNoScroll]),
    ]
}
