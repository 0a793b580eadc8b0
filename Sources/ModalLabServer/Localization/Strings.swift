import Foundation
import JSON
import Mustache
import Presentation
import Prototype

/// A string of ModalLab's own pages: a key of the tables in `Strings+English.swift` and
/// `Strings+SimplifiedChinese.swift`. Templates name it as `{{t.<rawValue>}}`; view models
/// through ``Strings``; the player's script through the page's `data-strings` (``Strings/clientJSON``).
///
/// `{name}` in a string is a placeholder the view model fills (``Strings/format(_:_:)``).
/// The prototype's own text (titles, labels, messages) is never a key: it is never translated.
enum UIString: String, CaseIterable, Sendable {
    // The toggle to the other language (each table names the *other* language, in itself).
    case languageToggle, languageToggleTitle
    // Shared
    case navRules, navPlayer, navBoard, navInsights, navGallery
    case severityError, severityWarning, severityInfo
    case errorsOne, errorsOther, warningsOne, warningsOther, notesOne, notesOther
    case portrait, landscape
    // The editor's assets and hotspots (issue 26); what its script shows is ``Strings/assetClientKeys``
    case assetsHeading, assetsHint, assetsUpload, drawHotspot, assetSize, assetUse, assetUseDark, assetUseFont,
        assetReplace,
        assetDelete, assetListFailed, assetMissing, assetNotAnImageName, assetTooLarge, assetUploading, assetRefused,
        assetUploaded, assetReplaced, assetDeleted, assetSelectScreen, assetNeedsLightFirst, hotspotNoScreen,
        hotspotAdded, hotspotDrawHint, hotspotOnPicture, hotspotTooSmall
    // Gallery
    case galleryTagline, navLogCSV, navLogNDJSON, navSchema, play, fixErrorsToPlay, diagnosticsHeading, noPrototypes
    // Player: the toolbar
    case device, orientation, multitasking, multitaskingFull, multitaskingHalf, multitaskingThird,
        multitaskingSlideOver, multitaskingTwoThirds, multitaskingWindow, appearance, appearanceLight, appearanceDark,
        textSize,
        layoutDirection, layoutLTR, layoutRTL
    // The text sizes by name (``Strings/contentSize(_:)``)
    case textSizeExtraSmall, textSizeSmall, textSizeMedium, textSizeLarge, textSizeExtraLarge, textSizeExtraExtraLarge,
        textSizeExtraExtraExtraLarge, textSizeAccessibilityMedium, textSizeAccessibilityLarge,
        textSizeAccessibilityExtraLarge, textSizeAccessibilityExtraExtraLarge, textSizeAccessibilityExtraExtraExtraLarge
    case home, homeTitle, comment, commentTitle, restart, devicePreview
    // Versions: the toolbar's iOS version and the board's comparison of versions
    case iosVersion, iosVersionTitle, boardCompareVersions, boardCompareVersionsTitle
    // Player: the rule panel
    case rulePanel, lastAction, tapToStart, thisPrototype, comments, commentHint, state
    // Player: comments
    case noComments, commentPlaceholder, post, cancel
    // Findings and refusals
    case source, sourceKeys, refused, refusedBy, close
    // Board
    case boardTitle, boardHeading, boardIntro, targetBadge, targetBadgeTitle
    // Insights
    case insightsTitle, insightsHeading, eventsInSessions, summaryCSV, eventsCSV, eventsNDJSON
    case presentationsPerModal, presentationsChartLabel, barValue, noPresentations
    case columnModal, columnPresented, columnDismissed, columnByHow, columnMedianUp, columnP90Up, columnCancelRate,
        columnRefusals
    case tapsOn, heatMapExplanation, heatMapLabel, sessionsHeading
    case columnSession, columnDevice, columnDuration, columnTaps, columnMisclickRate, columnPath
    // Rules page
    case rulesTitle, rulesHeading, rulesIntro, readingSources, sourcesIntro
    case sourceS0, sourceS1, sourceS2, sourceS3, sourceH, sourceU, sourceVCPG, sourceX, sourceT, sourceC
    case sourceLabel, kindStatic, kindRuntime, kindAdapt, severityVaries
    // Error pages
    case errorReloads, backToGallery
    // An owner's page as a share link's holder meets it
    case ownersPageHeading, ownersPageDetail, backToSharedLink
    // The page of a share link that no longer works (Templates/pages/error.mustache)
    case linkEndedHeading, linkEndedDetail
    // The page of a prototype whose file has errors
    case brokenHeading, brokenDetail, brokenLint
    case status400, status401, status403, status404, status409, status413, status429, status500, status503
    // What the player's script shows (``Strings/clientKeys``)
    case requestFailed, sessionFailed, restarted, errorStatus, refusedStatus, keptPlace, keptPlaceDropped
    case findingsNone, findingsOne, findingsOther, actionStatus
    case commentFailed, commentPreviewNotSaved, commentOnElement, commentOnModal, commentOnScreen, commentAt,
        commentNotShown,
        commentScrolledAway
    // Gallery: making and editing prototypes
    case newPrototype, newPrototypeID, newPrototypeName, newPrototypeFrom, newPrototypeBlank, create, edit
    // The editor (issue 25); what its script shows is among ``Strings/clientKeys``
    case editorTitle, outline, inspector, palette, paletteControls, paletteModals, paletteOther, preview, undo, redo,
        duplicate, deleteNode, moveUp, moveDown, editorFindings, editorKeys, history
    case editorNotDecoded, editorSaving, editorSaved, editorConflict, editorRefused, editorAtPath, editorNoSelection,
        editorNone, editorPresent, editorPush, editorUndone, editorRedone, editorNothingToUndo, editorNothingToRedo,
        editorLoadFailed, editorCreateFailed, editorOnePerLine, editorCannotAdd, editorAdded, editorDeleted,
        editorMoved,
        editorRestore, editorCurrent, editorRestored, editorRefusalHeading, editorRefusalIntro, editorDiscard,
        editorSaveAnyway, editorReplayed, editorConflictKept, editorRenamed
    // Usability studies: insights' tasks, replays, live observation, heat maps, participants
    case navHeatmaps, tasksHeading, columnTask, columnAttempts, columnDirect, columnIndirect, columnGaveUp,
        columnTimedOut, columnSuccessRate, columnMedianTime, columnP90Time, columnStatus, statusEnded, statusAbandoned,
        statusRunning, watchNotRunning, watchNotRunningHint,
        columnOpenAtEnd, linkReplay, linkWatch, noTasks, pathsHeading, pathsLabel, replayTitle, replayHeading,
        replayIntro, watchIntro, replayPlay, replayPause, replayStep, replayLegend, watchTitle, watchHeading,
        watchWaiting,
        watchEnded, heatmapsTitle, heatmapsHeading, heatmapsIntro, filterDevice, filterOrientation, filterTask,
        filterSegment, filterAll, filterShow, heatmapOf, heatmapCounts, noHeatmaps, taskOf, taskStart, taskGiveUp,
        taskNext, taskSucceeded, taskEnded, studyComplete, studyLinkEnded
    // A participant's questions: the Single Ease Question and a comment after each task, the
    // System Usability Scale at the end (``PlayerPageView``)
    case seqQuestion, seqVeryDifficult, seqVeryEasy, commentLabel, commentKeepsWords, commentKeepsLength,
        questionsContinue, susHeading, susIntro, susStronglyDisagree, susStronglyAgree, susSubmit
    case sus1, sus2, sus3, sus4, sus5, sus6, sus7, sus8, sus9, sus10
    // The insights' results table and the tasks' SEQ
    case resultsHeading, resultsCSV, resultsLatest, columnParticipant, columnOutcome, columnTime, columnMisclicks,
        columnSEQ
    case pathsSucceeded, pathsFailed, pathsCut, pathsStayed, pathsLegend
    case watchSteps, watchStepOne, watchTask, watchMisclicks, watchMisclickOne
    // Share links made in the gallery and the player (Templates/pages/partials/share-manager)
    case shareLinks, shareHeading, shareIntro, shareRole, shareRoleView, shareRoleComment, shareRoleParticipant,
        shareRoleReport, shareLabel, shareLabelHint, shareDays, shareTasks, shareNoTasks, shareOrder,
        shareOrderPrototype, shareOrderFixed, shareOrderCounterbalanced, shareFixedLegend, shareFixedDefault,
        shareBrowserAppearance, shareCreate, shareCreated, shareCreateFailed, sharePickTask, shareURL, shareCopy,
        shareCopied, shareCopyFailed, shareExisting, shareNone, shareExpires, shareState, shareActive, shareRevoked,
        shareExpired, shareNoLabel, sharePreview, sharePreviewOf, shareRevoke, shareRevokeOf, shareRevokedStatus,
        shareRevokeFailed, shareListFailed, shareActions, previewBanner, shareAskPid
    // Revoking asks first (Public/shares.js)
    case shareRevokeConfirm, shareRevokeConfirmNone, shareRevokeConfirmOne, shareRevokeConfirmOther, shareRevokeKept
    // What a participant link fixes, in the links dialog's list (Public/shares.js)
    case shareFixes, shareFixesBrowserAppearance, shareFixesRest, shareFixesTextSize, shareFixesAskPid, shareFixesTasks,
        shareFixesOrderPrototype,
        shareFixesOrderFixed, shareFixesOrderCounterbalanced
    // A participant link that asks for the participant id (player.mustache)
    case pidHeading, pidHint, pidLabel, pidContinue, pidInvalid
    // The insights' filters and funnels
    case filterAudience, audienceParticipant, audienceOwner, audienceLink, audienceEveryone, filterLabel,
        filterAppearance, funnelsHeading, funnelsIntro, columnStep, columnTapped, columnReached, columnDropped,
        funnelStart, funnelSucceeded
}

/// The words of ModalLab's pages in one language — one table per language
/// (``Strings/english``, ``Strings/simplifiedChinese``), a key for each string (``UIString``).
///
/// Pages render with it as `t` (`{{t.device}}`); view models format with it (counts,
/// placeholders); the player's script reads the strings it shows from the page
/// (``clientJSON``), so no script carries words of its own. A key missing from a table falls
/// back to English (the tests require every key in every table).
struct Strings: Sendable, MustacheContext {
    /// The language of these strings.
    let language: Language
    private let table: [UIString: String]

    /// The strings of `language`.
    init(_ language: Language) {
        self.language = language
        table = Strings.table(language)
    }

    /// The table of `language`.
    static func table(_ language: Language) -> [UIString: String] {
        switch language {
        case .en: return english
        case .zhHans: return simplifiedChinese
        }
    }

    /// The string of `key`, placeholders unfilled.
    subscript(key: UIString) -> String { table[key] ?? Strings.english[key] ?? key.rawValue }

    /// The string of `key` with each `{name}` replaced by `args[name]` (a placeholder without an
    /// argument stays as written).
    func format(_ key: UIString, _ args: [String: String]) -> String {
        var out = self[key]
        for (name, value) in args { out = out.replacingOccurrences(of: "{\(name)}", with: value) }
        return out
    }

    /// `one` for a count of 1, else `other`, with `{count}` filled: "1 error", "2 errors", "0 个错误".
    func count(_ n: Int, one: UIString, other: UIString) -> String {
        format(n == 1 ? one : other, ["count": String(n)])
    }

    /// A severity as a finding's badge names it.
    func severity(_ s: Severity) -> String {
        switch s {
        case .error: return self[.severityError]
        case .warning: return self[.severityWarning]
        case .info: return self[.severityInfo]
        }
    }

    /// An orientation as the pages name it.
    func orientation(_ o: Orientation) -> String { self[o == .portrait ? .portrait : .landscape] }

    /// A text size as the pages name it (the player's text-size menu, the links dialog): the
    /// words of UIKit's `UIContentSizeCategory` constants (Apple, "UIContentSizeCategory":
    /// `extraSmall` … `accessibilityExtraExtraExtraLarge`, `large` the default), as a person reads
    /// them — "Extra Small", "Large (default)", "Accessibility Medium". iOS's own Settings ›
    /// Accessibility › Display & Text Size › Larger Text names none (its slider has no labels),
    /// so these are ModalLab's; the Simplified Chinese names are ModalLab's translation
    /// ("辅助功能" is iOS's Chinese for Accessibility; the others unverified). The API and the
    /// log keep the constants' names (``ContentSizeCategory/rawValue``).
    func contentSize(_ c: ContentSizeCategory) -> String {
        switch c {
        case .extraSmall: return self[.textSizeExtraSmall]
        case .small: return self[.textSizeSmall]
        case .medium: return self[.textSizeMedium]
        case .large: return self[.textSizeLarge]
        case .extraLarge: return self[.textSizeExtraLarge]
        case .extraExtraLarge: return self[.textSizeExtraExtraLarge]
        case .extraExtraExtraLarge: return self[.textSizeExtraExtraExtraLarge]
        case .accessibilityMedium: return self[.textSizeAccessibilityMedium]
        case .accessibilityLarge: return self[.textSizeAccessibilityLarge]
        case .accessibilityExtraLarge: return self[.textSizeAccessibilityExtraLarge]
        case .accessibilityExtraExtraLarge: return self[.textSizeAccessibilityExtraExtraLarge]
        case .accessibilityExtraExtraExtraLarge: return self[.textSizeAccessibilityExtraExtraExtraLarge]
        }
    }

    /// The `<html lang>` of pages in this language (BCP 47).
    var htmlLang: String { language.rawValue }

    /// The strings the player's script shows (statuses, the comment list), by key.
    static let clientKeys: [UIString] = [
        .requestFailed, .sessionFailed, .restarted, .keptPlace, .keptPlaceDropped, .errorStatus, .refusedStatus,
        .findingsNone, .findingsOne,
        .findingsOther, .actionStatus, .commentFailed, .commentPreviewNotSaved, .commentOnElement, .commentOnModal,
        .commentOnScreen,
        .commentAt, .commentNotShown, .commentScrolledAway, .noComments, .taskOf, .taskStart, .taskGiveUp, .taskNext,
        .taskSucceeded,
        .taskEnded, .studyComplete, .studyLinkEnded, .replayStep, .replayPlay, .replayPause, .watchEnded, .watchSteps,
        .watchStepOne, .watchTask,
        .watchMisclicks, .watchMisclickOne,
        // The gallery's "New prototype" and the editor
        .editorCreateFailed, .editorNotDecoded, .editorSaving, .editorSaved, .editorConflict, .editorRefused,
        .editorAtPath, .editorNoSelection, .editorNone, .editorPresent, .editorPush, .editorUndone, .editorRedone,
        .editorNothingToUndo, .editorNothingToRedo, .editorLoadFailed, .editorOnePerLine, .editorCannotAdd,
        .editorAdded, .editorDeleted, .editorMoved, .editorRestore, .editorCurrent, .editorRestored,
        .editorRefusalHeading, .editorReplayed, .editorConflictKept, .editorRenamed,
        // Share links (Public/shares.js)
        .shareRoleView, .shareRoleComment, .shareRoleParticipant, .shareRoleReport, .shareCreated, .shareCreateFailed,
        .sharePickTask, .shareCopied, .shareCopyFailed, .shareActive, .shareRevoked, .shareExpired, .shareNoLabel,
        .sharePreviewOf, .shareRevokeOf, .shareRevokedStatus, .shareRevokeFailed, .shareListFailed,
        .shareRevokeConfirm, .shareRevokeConfirmNone, .shareRevokeConfirmOne, .shareRevokeConfirmOther,
        .shareRevokeKept,
        .shareFixesBrowserAppearance, .shareFixesRest, .shareFixesTextSize, .shareFixesAskPid, .shareFixesTasks,
        .shareFixesOrderPrototype,
        .shareFixesOrderFixed, .shareFixesOrderCounterbalanced,
        // The participant id form (Public/player.js)
        .pidInvalid,
    ]

    /// The strings the editor's assets and hotspots show (Public/editor-assets.js).
    static let assetClientKeys: [UIString] = [
        .assetSize, .assetUse, .assetUseDark, .assetUseFont, .assetReplace, .assetDelete, .assetListFailed,
        .assetMissing,
        .assetNotAnImageName, .assetTooLarge, .assetUploading, .assetRefused, .assetUploaded, .assetReplaced,
        .assetDeleted, .assetSelectScreen, .assetNeedsLightFirst, .hotspotNoScreen, .hotspotAdded, .hotspotDrawHint,
        .hotspotOnPicture, .hotspotTooSmall,
    ]

    /// ``clientKeys`` as a JSON object `{"key": "text"}`, for the page's `data-strings`.
    var clientJSON: String {
        var o = JSONObject()
        for k in Strings.clientKeys + Strings.assetClientKeys { o[k.rawValue] = .string(self[k]) }
        return JSONWriter().string(.object(o))
    }

    /// `{{t.key}}`; also `{{t.clientJSON}}`.
    func mustacheValue(forKey key: String) -> Any? {
        if key == "clientJSON" { return clientJSON }
        return UIString(rawValue: key).map { self[$0] }
    }
}
