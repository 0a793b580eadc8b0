import JSON

/// A prototype: one `"format": "modallab/1"` document (docs/format.md), decoded and cross-checked.
///
/// Ids (`[a-z0-9][a-z0-9-]{0,63}`) are unique across screens, modals, controls, list items and
/// actions of one prototype; lookups by id are O(1).
public struct Prototype: Sendable {
    /// Always "modallab/1".
    public var format: String
    /// The prototype's id (also its URL segment `/p/{id}`).
    public var id: String
    /// Display name.
    public var name: String
    /// The iOS major version the prototype targets (decides `automatic`; rule modal.automatic-resolves).
    public var targetOS: Int
    /// Device ids of docs/format.md, “Devices, windows and size classes” this prototype is designed for (the first is the player's default).
    public var devices: [String]
    /// Tint colour, `#RRGGBB`.
    public var tint: String?
    /// The app font: a font asset (WOFF2, WOFF, TrueType or OpenType) the app's content is drawn
    /// in, as an app's own views use a custom `UIFont`; system alerts, action sheets and bars keep
    /// the system font (docs/format.md, "font"). `nil`: the system font everywhere.
    public var font: String? = nil
    /// The id of the first screen.
    public var start: String
    /// The app's screens (outside any modal).
    public var screens: [Screen]
    /// The modal presentations.
    public var modals: [Modal]
    /// Per-prototype lint settings (`"lint": {"disable": [ids], "severity": {id: level}}`).
    public var lint: LintSettings
    /// A hash of the definition's bytes (16 hex digits, FNV-1a 64): `prototype_version` in the log.
    public var version: String
    /// UIKit's `UIRequiresFullScreen`: the iPad app opts out of multitasking, so an iPad window is
    /// never compact width (no Slide Over, no narrow Split View). Default `false`.
    public var requiresFullScreen: Bool = false
    /// The tasks of a usability study (`"tasks"`), in the document's order; empty when none.
    public var tasks: [StudyTask] = []
    /// The order a participant link plays its tasks in (`"taskOrder"`): `fixed` (the link's
    /// order, the default) or `counterbalanced` (a balanced Latin square over the link's
    /// participants).
    public var taskOrder: TaskOrder = .fixed
    /// The questions a participant link's player asks (`"questions"`): none by default.
    public var questions = StudyQuestions()

    /// The task with this id.
    public func task(_ id: String) -> StudyTask? { tasks.first { $0.id == id } }

    var modalIndex: [String: Int] = [:]
    var screenIndex: [String: ScreenLocation] = [:]
    var controlIndex: [String: ControlLocation] = [:]
    var menuElementIndex: [String: MenuElementLocation] = [:]

    /// The modal with this id.
    public func modal(_ id: String) -> Modal? { modalIndex[id].map { modals[$0] } }
    /// The screen with this id, in the app or inside a modal.
    public func screen(_ id: String) -> Screen? {
        guard let loc = screenIndex[id] else { return nil }
        switch loc.owner {
        case nil: return screens[loc.index]
        case let m?:
            // Index -1 is the modal's own (root) screen.
            let modal = modals[modalIndex[m]!]
            return loc.index < 0 ? modal.rootScreen : modal.screens[loc.index]
        }
    }
    /// Where a screen lives: `nil` for an app screen, else the id of the modal holding it.
    public func owner(ofScreen id: String) -> String?? { screenIndex[id].map(\.owner) }
    /// A control (or list item) by id, with where it lives.
    public func control(_ id: String) -> ControlLocation? { controlIndex[id] }
    /// All control ids, for suggestions.
    public var controlIDs: [String] { Array(controlIndex.keys) }

    /// Every asset the prototype draws (its image screens' pictures and dark variants, its
    /// `image` items' assets), each once, in document order.
    public var assetNames: [String] {
        var names: [String] = []
        func add(_ name: String?) { if let name, !names.contains(name) { names.append(name) } }
        add(font)
        for s in screens + modals.flatMap(\.allScreens) {
            add(s.image?.asset)
            add(s.image?.dark)
            for v in s.image?.variants ?? [] {
                add(v.picture.asset)
                add(v.picture.dark)
            }
            for c in s.allControls {
                add(c.asset)
                add(c.darkAsset)
            }
        }
        return names
    }
}

/// Where a screen lives.
struct ScreenLocation: Sendable {
    var owner: String?
    var index: Int
}

/// A control (or a list item) and where it is: its screen, and the modal holding that screen
/// (`nil` for the app's own screens).
public struct ControlLocation: Sendable {
    /// The control; for a list item, a synthesised `button` carrying the item's title and action.
    public var control: Control
    /// The screen id (a modal's root screen has the modal's id).
    public var screen: String
    /// The modal holding the screen, if any.
    public var modal: String?
    /// Which bar or area: "leading", "trailing", "toolbar", "content".
    public var placement: String
    /// For list items, the list's id.
    public var list: String?

    /// Whether it is in the screen's scrolling area: its content, or a hotspot of its image
    /// (which scrolls with the image); `false` for bar and toolbar buttons.
    public var isInContent: Bool { placement == "content" || placement == "hotspots" }
}

/// A screen: navigation bar, content, toolbar.
public struct Screen: Sendable {
    public var id: String
    public var title: String?
    public var navigationBar: NavigationBar?
    public var toolbar: [Control]
    public var content: [Control]
    /// Whether the title is a large title (UINavigationItem's `largeTitleDisplayMode`
    /// `.always`): drawn big at the top of the content, collapsing into the bar as it scrolls.
    public var largeTitle: Bool = false
    /// The designer's own picture of the screen (an exported frame): when set, the screen is
    /// drawn as this image alone, from its top edge, and taps land on its ``hotspots``.
    public var image: ScreenImage? = nil
    /// The tappable rectangles of an image screen (controls of kind ``ControlKind/hotspot``),
    /// placement `hotspots`.
    public var hotspots: [Control] = []

    /// Every control of the screen, in drawing order (bar leading, trailing, content, toolbar).
    public var allControls: [Control] { placedControls.flatMap(\.controls) }

    /// The screen's controls by placement, in drawing order: `leading` and `trailing` (the
    /// navigation bar's, in the document under `navigationBar`), `content`, `toolbar` — the
    /// placement names of ``ControlLocation/placement`` and the documents' member names.
    public var placedControls: [(placement: String, controls: [Control])] {
        [
            ("leading", navigationBar?.leading ?? []), ("trailing", navigationBar?.trailing ?? []),
            ("content", content), ("toolbar", toolbar), ("hotspots", hotspots),
        ]
    }
}

/// An image screen's picture: an asset of the prototype (`assets/<prototype id>/<name>`,
/// docs/api.md) drawn at its size in points, its pixels divided by ``scale``, from the screen's
/// top-left corner; taller than the screen, it scrolls. docs/format.md, "Image screens".
public struct ScreenImage: Sendable, Equatable {
    /// The asset's name (docs/api.md, "Assets": its naming rule).
    public var asset: String
    /// The pixels per point it was exported at (1, 2 or 3), when the document gives it.
    public var declaredScale: Int?
    /// The asset drawn in dark appearance (an asset catalog's "Any, Dark" appearances), if any.
    public var dark: String?
    /// Pictures for a device family, a device or an orientation (``ScreenImageVariant``); the
    /// one drawn is ``variantIndex(on:_:)``'s, else this picture.
    public var variants: [ScreenImageVariant] = []

    public init(asset: String, declaredScale: Int? = nil, dark: String? = nil, variants: [ScreenImageVariant] = []) {
        self.asset = asset
        self.declaredScale = declaredScale
        self.dark = dark
        self.variants = variants
    }

    /// The pixels per point: the declared `scale`, else the `@2x`/`@3x` suffix of the asset's
    /// name before its extension (as `UIImage(named:)` reads it, and as Figma and Sketch name
    /// their exports), else 1.
    public var scale: Int { declaredScale ?? ScreenImage.scale(ofName: asset) ?? 1 }

    /// The asset drawn in `dark` appearance or not: ``dark`` when dark and given, else ``asset``.
    public func asset(dark isDark: Bool) -> String { isDark ? (dark ?? asset) : asset }

    /// The scale an asset's name carries: 2 for `home@2x.png`, 3 for `home@3x.webp`, else `nil`.
    public static func scale(ofName name: String) -> Int? {
        let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        if stem.hasSuffix("@2x") { return 2 }
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@1x") { return 1 }
        return nil
    }
}

/// A rectangle in points (a hotspot's `frame`), from the top-left corner of its image.
public struct PointRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// How an `image` content item fits its asset into its rectangle: UIKit's
/// `UIView.ContentMode` names (Apple, "UIView.ContentMode"), less `redraw`, which draws nothing
/// of its own. `scaleToFill` is UIKit's default.
public enum ContentMode: String, Sendable, CaseIterable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight
}

/// A navigation bar's bar buttons.
public struct NavigationBar: Sendable {
    public var leading: [Control]
    public var trailing: [Control]
    /// Appearance token (for `modal.appearance-consistent`), e.g. "default", "transparent".
    public var appearance: String?
}

/// The kinds of control. docs/format.md.
public enum ControlKind: String, Sendable, CaseIterable {
    case button, textField, textArea, toggle, list, text, image, segmented
    /// A tappable rectangle of an image screen (its `hotspots`, never in `content`).
    case hotspot
}

/// A control. Which fields are meaningful depends on `kind` (docs/format.md); the others keep their
/// defaults (`nil`, `false`, empty), so `Control(kind:id:)` makes a bare one.
public struct Control: Sendable {
    public var kind: ControlKind
    public var id: String
    /// Button title, or list item title.
    public var title: String?
    /// SF Symbol name, drawn as a glyph placeholder.
    public var systemImage: String?
    /// Button role.
    public var role: ButtonRole?
    /// What a tap does (buttons, list items).
    public var action: Action?
    /// Label of a field, toggle or image placeholder.
    public var label: String?
    /// Placeholder of a text field or area.
    public var placeholder: String?
    /// Initial text of a field or area.
    public var value: String?
    /// Initial state of a toggle.
    public var isOn: Bool = false
    /// List rows.
    public var items: [ListItem] = []
    /// Body of a `text` control.
    public var text: String?
    /// `text` control tone: "default", "warning" or "error" (`popover.no-warnings`).
    public var tone: String?
    /// Segments of a segmented control.
    public var segments: [String] = []
    /// A segmented control's selected segment: its zero-based index into ``segments``, as
    /// UIKit's `selectedSegmentIndex` (`nil`: none selected, UIKit's `noSegment`).
    public var selectedSegment: Int?
    /// Whether editing it makes its modal dirty (`modal.data-loss-confirm`).
    public var userContent: Bool = false
    /// What the log keeps of a text field's or text area's edits (`"record"`): its length
    /// (the default: typed text may be personal) or, opted in for non-personal fields, the value.
    public var record: RecordKind = .length
    /// Accessibility label for icon-only buttons.
    public var accessibilityLabel: String?
    /// Height of an `image` placeholder, in points.
    public var height: Double?
    /// Width of an `image`, in points (`nil`: the content's width).
    public var width: Double? = nil
    /// The asset an `image` shows (`nil`: a placeholder).
    public var asset: String? = nil
    /// The asset an `image` shows in dark appearance, if another.
    public var darkAsset: String? = nil
    /// How an `image` fits its asset (`nil`: `scaleAspectFit`).
    public var contentMode: ContentMode? = nil
    /// A hotspot's rectangle, in points from its image's top-left corner.
    public var frame: PointRect? = nil
    /// A button's pull-down menu (`UIButton.menu`, `UIBarButtonItem.menu`): a tap opens it, or
    /// a long press when the button also has an `action` (Menu.swift).
    public var menu: Menu? = nil
    /// A context menu a long press opens (`UIContextMenuInteraction`), with its preview.
    public var contextMenu: Menu? = nil
    /// A bar button's share of the Liquid Glass background of its bar from iOS 26
    /// (`UIBarButtonItem.sharesBackground`, default true: grouped with its neighbours on one
    /// background) and whether it has none (`UIBarButtonItem.hidesSharedBackground`).
    public var sharesBackground: Bool = true
    public var hidesSharedBackground: Bool = false

    /// The segment a segmented control shows selected for an edited `value` (an `edit` action
    /// sends the segment's zero-based index, or its title: the first segment with that title),
    /// else its initial ``selectedSegment``. Exactly one segment or none, never a title match and
    /// an index match at once; an index outside ``segments`` selects none.
    public func selectedSegment(for value: JSONValue?) -> Int? {
        let index: Int?
        switch value {
        case .number?: index = value?.intValue
        case .string(let title)?: index = segments.firstIndex(of: title)
        default: index = selectedSegment
        }
        return index.flatMap { segments.indices.contains($0) ? $0 : nil }
    }

    /// The text a person reads on it: title, label, accessibility label or id.
    public var displayName: String { title ?? label ?? accessibilityLabel ?? text ?? id }
}

/// A row of a `list` control.
public struct ListItem: Sendable {
    public var id: String
    public var title: String
    public var subtitle: String?
    public var systemImage: String?
    public var action: Action?
    /// A context menu a long press on the row opens (`UIContextMenuInteraction`).
    public var contextMenu: Menu? = nil
}

/// A button of an alert or action sheet (`UIAlertAction`).
public struct AlertAction: Sendable {
    /// Optional id (a tap may name the action by id, title or index).
    public var id: String?
    public var title: String
    public var role: ActionRole
    /// UIKit's `preferredAction`: bold, and bound to Return.
    public var preferred: Bool
    /// What happens after the alert is dismissed, in the presenter's context (`nil`: nothing).
    public var action: Action?
}

/// A text field of an alert.
public struct AlertTextField: Sendable {
    public var placeholder: String?
    public var secure: Bool
    /// Keyboard type name (`default`, `emailAddress`, `numberPad`, …).
    public var keyboard: String?
}

/// An app-defined activity of an activity view (`UIActivity`).
public struct CustomActivity: Sendable {
    public var id: String
    public var title: String
    public var systemImage: String?
    /// A custom image's size in pixels, `[width, height]`, for `activity.template-size`.
    public var imageSize: Size?
}

/// A size in points.
public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A modal presentation. Style-specific fields follow docs/format.md and UIKit's names.
public struct Modal: Sendable {
    public var id: String
    public var style: PresentationStyle
    public var title: String?
    public var navigationBar: NavigationBar?
    public var toolbar: [Control]
    public var content: [Control]
    /// Screens inside the modal, for a single-path flow (push/pop inside it).
    public var screens: [Screen]
    /// The action sheet shown when the modal is dirty and dismissed by Cancel or swipe.
    public var confirmDiscard: String?
    public var transition: TransitionStyle?
    /// Why a non-default transition was chosen (`transition.non-default-justified`).
    public var rationale: String?
    public var task: TaskKind?
    /// Free tags for lint rules: "critical", "undoable", "immersive".
    public var tags: [String]
    /// The modal's own tint (`#RRGGBB`…): its presented view controller's `view.tintColor`, which
    /// the views inside it inherit (Apple, "tintColor", UIView); `nil`: the prototype's.
    public var tint: String? = nil

    // Sheets
    public var detents: [Detent]?
    public var grabber: Bool?
    public var largestUndimmedDetent: String?
    public var selectedDetent: String?
    public var prefersEdgeAttachedInCompactHeight: Bool
    public var modalInPresentation: Bool
    public var preferredContentSize: Size?
    /// UIKit's `UISheetPresentationController.prefersPageSizing` (iOS 17): `false` sizes a
    /// centred sheet by `preferredContentSize` (form sheet sizing), `true` as a page; `nil`
    /// follows the style.
    public var prefersPageSizing: Bool? = nil
    /// SwiftUI's `presentationSizing` (iOS 18): `form`, `page` or `fitted` (the content's own
    /// size); `nil` follows the style (and `prefersPageSizing`).
    public var sizing: PresentationSizing? = nil

    // Popovers (and action sheets / activity views when they resolve to popovers)
    public var source: String?
    public var permittedArrowDirections: [ArrowDirection]
    public var isModalPopover: Bool
    public var selection: SelectionMode
    public var passthrough: [String]
    public var onTapOutside: OutsideTapBehaviour?
    /// `"none"` forces a popover in compact width (`popover.avoid-compact`).
    public var adaptivePresentationStyle: String?

    // Current context
    public var context: String?
    public var compactAdaptation: CompactAdaptation?

    // Alerts and action sheets
    public var message: String?
    public var actions: [AlertAction]
    public var textFields: [AlertTextField]
    public var confirmsDeliberateAction: Bool

    // Activity views
    public var activities: [String]
    public var excludedActivities: [String]
    public var customActivities: [CustomActivity]

    /// UIKit's `preferredAction` named at the modal level (alerts, action sheets): an action's
    /// `id`, its title, or its zero-based index as a string. `nil` when not declared (an action
    /// may also say `"preferred": true`). Checked by `alert.preferred-action-member`.
    public var preferredAction: String? = nil

    /// Whether the modal's root screen has a large title (see ``Screen/largeTitle``).
    public var largeTitle: Bool = false

    /// The modal's root screen: its own bar, content and toolbar, with the modal's id.
    public var rootScreen: Screen {
        Screen(
            id: id, title: title, navigationBar: navigationBar, toolbar: toolbar, content: content,
            largeTitle: largeTitle)
    }

    /// Every screen of the modal: the root first, then `screens`.
    public var allScreens: [Screen] { [rootScreen] + screens }

    /// The activities drawn, system ones first in the system's order (rule activity.system-first).
    public var visibleActivities: [String] {
        SystemActivity.order.filter { activities.contains($0) && !excludedActivities.contains($0) }
            + activities.filter { !SystemActivity.order.contains($0) && !excludedActivities.contains($0) }
    }
}

/// The system activities of an activity view, in the order iOS shows them. rule activity.system-first.
public enum SystemActivity {
    /// Ids in the system's fixed order.
    public static let order = [
        "airdrop", "messages", "mail", "copy", "print", "saveToPhotos", "addToReadingList",
        "assignToContact", "saveToFiles", "openInBrowser",
    ]
    /// Display titles.
    public static let titles: [String: String] = [
        "airdrop": "AirDrop", "messages": "Messages", "mail": "Mail", "copy": "Copy", "print": "Print",
        "saveToPhotos": "Save Image", "addToReadingList": "Add to Reading List",
        "assignToContact": "Assign to Contact", "saveToFiles": "Save to Files", "openInBrowser": "Open in Safari",
    ]
}

/// Lint settings a prototype carries: rules switched off and severities changed.
public struct LintSettings: Sendable {
    /// Rule ids not to report.
    public var disable: [String]
    /// Rule id → "error" | "warning" | "info".
    public var severity: [String: String]
    /// Product, company and app names: proper nouns for the capitalization checks and the names
    /// `activity.title-succinct` looks for (docs/rules.md's configurable allowlist).
    public var productNames: [String] = []
    /// Settings that change nothing.
    public static let none = LintSettings(disable: [], severity: [:])
}

/// A task of a usability study (`"tasks"` of the document): what a participant is asked to do,
/// what counts as done, the intended route and a time limit.
///
/// A running task ends when its ``success`` holds after an action (outcome `direct` when the
/// taps made during it are exactly ``expectedPath``, else `indirect`), when the participant
/// gives up (`gaveUp`) or when ``timeLimitSeconds`` pass (`timedOut`).
public struct StudyTask: Sendable, Equatable {
    /// The task's id (`[a-z0-9][a-z0-9-]{0,63}`, unique among the tasks).
    public var id: String
    /// What the participant reads, e.g. "Send the draft to Alex".
    public var prompt: String
    /// What counts as done.
    public var success: TaskSuccess
    /// The tap targets of the intended route, in order: ids of controls, and of alert or
    /// action-sheet buttons (a button's `id`, else its title). Empty: no route is declared, so
    /// every success is `indirect`.
    public var expectedPath: [String]
    /// Seconds after which a running task ends as `timedOut` (`nil`: no limit).
    public var timeLimitSeconds: Double?
    /// Where the task starts (`"start"`): `taskStart` resets the app to it. `nil`: the
    /// prototype's start screen with nothing presented.
    public var start: TaskStart? = nil

    /// A task with these members.
    public init(
        id: String, prompt: String, success: TaskSuccess, expectedPath: [String] = [], timeLimitSeconds: Double? = nil
    ) {
        self.id = id
        self.prompt = prompt
        self.success = success
        self.expectedPath = expectedPath
        self.timeLimitSeconds = timeLimitSeconds
    }
}

/// What counts as a task done, checked against the state after every action.
public enum TaskSuccess: Sendable, Equatable, Hashable {
    /// `{"screen": id}`: that screen is showing (the app's current screen, or a screen inside the
    /// modal on top) with nothing presented over it.
    case screen(String)
    /// `{"modal": id}`: that modal is on top of the presentation stack.
    case modal(String)
    /// `{"dismissed": {"modal": id, "by": id}}`: that modal was dismissed, by the control or
    /// alert button `by` (a button's `id`, else its title) when given, else in any way.
    case dismissed(modal: String, by: String?)

    /// The success as the document writes it.
    public var json: JSONValue {
        switch self {
        case .screen(let s): return ["screen": .string(s)]
        case .modal(let m): return ["modal": .string(m)]
        case .dismissed(let m, let by):
            var o = JSONObject()
            o["modal"] = .string(m)
            if let by { o["by"] = .string(by) }
            return ["dismissed": .object(o)]
        }
    }
}

/// Where a task starts (`{"screen": id, "present": [modal ids]}` of a task's `"start"`): the app
/// on `screen` (an app screen: the navigation stack is the prototype's start screen, then this
/// one when it is another), with `present` presented over it in order, as app-initiated
/// presentations.
public struct TaskStart: Sendable, Equatable {
    /// The app screen the task starts on.
    public var screen: String
    /// The modals presented over it at the start, bottom to top.
    public var present: [String]

    /// A start on `screen` with `present` presented.
    public init(screen: String, present: [String] = []) {
        self.screen = screen
        self.present = present
    }
}

/// The order a participant link plays its tasks in (a prototype's `"taskOrder"`).
public enum TaskOrder: String, Sendable, CaseIterable {
    /// The order the link lists them in.
    case fixed
    /// A balanced Latin square (Williams 1949) over the link's participants: the n-th
    /// participant plays row n (mod the rows), so each task comes in each position, and after
    /// each other task, equally often.
    case counterbalanced
}

/// The questions a participant link's player asks (a prototype's `"questions"`), answered
/// through the `answer` action: after each task the Single Ease Question (Sauro & Dumas 2009)
/// and a comment box, at the end the System Usability Scale's ten items (Brooke 1996).
public struct StudyQuestions: Sendable, Equatable {
    /// After each task, the Single Ease Question (1–7).
    public var seq = false
    /// After each task, an optional comment (free text).
    public var comment = false
    /// After the last task, the SUS's ten items (1–5 each).
    public var sus = false
    /// What the log keeps of a comment: its length (the default) or, opted in, its words.
    public var record: RecordKind = .length

    /// No questions; comments recorded by length.
    public init(seq: Bool = false, comment: Bool = false, sus: Bool = false, record: RecordKind = .length) {
        self.seq = seq
        self.comment = comment
        self.sus = sus
        self.record = record
    }

    /// Whether any question is asked.
    public var any: Bool { seq || comment || sus }
}

/// What the log keeps of a text field's or text area's edits (a control's `"record"`).
public enum RecordKind: String, Sendable, CaseIterable {
    /// The text's length and whether it is empty, never the text (the default).
    case length
    /// The text itself: only for fields whose text is not personal (a search term, a quantity).
    case value
}
