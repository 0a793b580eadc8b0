/// The kind of a logged event: the `type` column.
///
/// One enum for everyone who names an event: the presentation engine emits these (so a
/// misspelt type does not compile), the server adds its own (`session_start`, `share_open`, …),
/// client batches may carry ``clientTypes``, and the log writes the raw value.
///
/// `scroll`, `visibility` and `pointer` are client-side types ("scrolls, visibility changes",
/// pointer activity) that arrive in client batches; a client-side tap that hits nothing is a
/// `misclick`.
public enum LogEventType: String, Sendable, Hashable, CaseIterable {
    case sessionStart = "session_start"
    case sessionEnd = "session_end"
    case screenEnter = "screen_enter"
    case push, pop, present, dismiss, refused, adapted, tap, misclick, swipe, rotate, resize, edit, detent,
        comment
    case shareOpen = "share_open"
    case diagnostic
    /// Client-side: the user scrolled a screen or modal (`target` names the scroll view,
    /// details such as offsets in `props`).
    case scroll
    /// Client-side: the page became hidden or visible (`props.state`: `hidden` | `visible`).
    case visibility
    /// Client-side: other pointer activity worth keeping (e.g. a long press), in `props`.
    case pointer
    /// A menu opened (`target`: its control; `props.kind`: `pullDown` or `context`,
    /// `props.submenu` when a submenu opened in it).
    case menuOpen = "menu_open"
    /// An item of a menu chosen (`target`: the item; `props.control`, `props.checked`); the
    /// menu closes and the item's action follows.
    case menuSelect = "menu_select"
    /// A menu closed without a choice (`props.how`: `tapOutside`, `escape`, `home`, `environment`).
    case menuDismiss = "menu_dismiss"

    /// The types a client batch (`POST /api/sessions/{sid}/events`) may carry; every other type
    /// is logged by the server itself, from the actions it resolves.
    public static let clientTypes: Set<LogEventType> = [.misclick, .scroll, .visibility, .pointer]

    /// The types the presentation engine emits: the person's input (`tap`, `swipe`, `edit`,
    /// `detent`, `rotate`, `resize`, logged even when refused) and what it led to (`present`,
    /// `dismiss`, `refused`, `adapted`, `push`, `pop`, `screen_enter`, `diagnostic`).
    public static let engineTypes: Set<LogEventType> = [
        .tap, .swipe, .edit, .detent, .rotate, .resize, .present, .dismiss, .refused, .adapted, .push, .pop,
        .screenEnter, .diagnostic, .menuOpen, .menuSelect, .menuDismiss,
    ]
}

/// How a modal was dismissed: the `how` column of `dismiss` events.
public enum DismissHow: String, Sendable, Hashable, CaseIterable {
    case button, swipe, tapOutside, home, programmatic

    /// The dismissals that cancel rather than complete: a swipe down, a tap outside and Home
    /// leave without the modal's own button.
    public var isCancelPath: Bool { self == .swipe || self == .tapOutside || self == .home }
}
