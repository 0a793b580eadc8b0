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
    /// A text field or text area became first responder: the software keyboard is up for
    /// `target` (an alert's id, with `props.field`, for an alert's text field).
    case focus
    /// Editing ended: the software keyboard went down (`props.automatic` when its field left
    /// the screen or was covered rather than the person ending it).
    case endEditing = "end_editing"
    /// Client-side: the user scrolled a screen or modal (`target` names the scroll view,
    /// details such as offsets in `props`).
    case scroll
    /// Client-side: the page became hidden or visible (`props.state`: `hidden` | `visible`).
    case visibility
    /// Client-side: other pointer activity worth keeping (e.g. a long press), in `props`.
    case pointer
    /// A tap on the dimmed area outside the top presentation (`tapOutside` action); not a tap
    /// on a control, so not in the misclick rate's denominator.
    case tapOutside = "tap_outside"
    /// The Home gesture: the app went to the background.
    case home
    /// A hardware key (`target`: `Escape` or `Return`).
    case key
    /// A task of a usability study started (`target`: the task's id).
    case taskStart = "task_start"
    /// A task ended (`target`: the task's id; `outcome`; `duration_ms`).
    case taskEnd = "task_end"
    /// A menu opened (`target`: its control; `props.kind`: `pullDown` or `context`,
    /// `props.submenu` when a submenu opened in it).
    case menuOpen = "menu_open"
    /// An item of a menu chosen (`target`: the item; `props.control`, `props.checked`); the
    /// menu closes and the item's action follows.
    case menuSelect = "menu_select"
    /// A menu closed without a choice (`props.how`: a ``MenuDismissHow``, `tapOutside`, `escape`,
    /// `home` or `environment`).
    case menuDismiss = "menu_dismiss"
    /// An action of the session this one continues (`session_start`'s `props.continues`),
    /// applied again at the start because the prototype changed while it was played (hot
    /// reload keeps the player's place): `action` holds it, `target` its type, `props.restoreIndex`
    /// its place among the restored actions. Not the person's input: no tap, no misclick; the
    /// row's screen and modal are where it led.
    case restored
    /// The player moved onto another version of the prototype: its file changed while the
    /// session this one continues (`props.continues`) was played, and hot reload started this
    /// session on the new version. Logged right after `session_start`, at `t_ms` 0, only when
    /// the versions differ: the row's `prototype_version` is the new version, `props.from` the
    /// one the continued session ran on (its `session_start`'s).
    case versionChange = "version_change"
    /// A study question answered (`answer` action; `target`: the question, `seq`, `sus1` …
    /// `sus10` or `comment`; `task`: the task it is about; `props.score` (1–7 for `seq`, 1–5 for
    /// SUS items) or, for a comment, `props.length` and `props.empty` (its words in `props.text`
    /// only when the prototype's questions record them: `"record": "value"`).
    case answer

    /// The types a client batch (`POST /api/sessions/{sid}/events`) may carry; every other type
    /// is logged by the server itself, from the actions it resolves.
    public static let clientTypes: Set<LogEventType> = [.misclick, .scroll, .visibility, .pointer]

    /// The types the presentation engine emits: the person's input (`tap`, `swipe`, `edit`,
    /// `detent`, `rotate`, `resize`, `focus`, `end_editing`, logged even when refused) and what
    /// it led to (`present`, `dismiss`, `refused`, `adapted`, `push`, `pop`, `screen_enter`,
    /// `diagnostic`, and `focus` or `end_editing` when the keyboard comes or goes by itself).
    public static let engineTypes: Set<LogEventType> = [
        .tap, .swipe, .edit, .detent, .rotate, .resize, .present, .dismiss, .refused, .adapted, .push, .pop,
        .screenEnter, .diagnostic, .focus, .endEditing, .tapOutside, .home, .key, .taskStart, .taskEnd,
        .menuOpen, .menuSelect, .menuDismiss, .answer,
    ]
}

/// How a modal was dismissed: the `how` column of `dismiss` events.
public enum DismissHow: String, Sendable, Hashable, CaseIterable {
    case button, swipe, tapOutside, home, programmatic
}

/// How an open menu closed without a choice: `props.how` of `menu_dismiss` events.
public enum MenuDismissHow: String, Sendable, Hashable, CaseIterable {
    /// A touch anywhere but on its items: a tap, a swipe, a long press, an edit, a detent, Back,
    /// focus, or ending editing (only the menu closes; the touch does nothing more).
    case tapOutside
    /// The Escape key.
    case escape
    /// The Home gesture.
    case home
    /// The window changed under it: a rotation, a resize, or a presentation the app started.
    case environment
}

/// Why a viewing session ended: the `how` column of `session_end` events. A session the viewer
/// ended (`DELETE /api/sessions/{sid}`: the player does it when its page goes away, or on
/// Restart) has no `how`.
public enum SessionEndHow: String, Sendable, Hashable, CaseIterable {
    /// Its share link was revoked (`DELETE /api/shares/{id}`).
    case revoked
    /// It had no request for the idle timeout (`serve --session-timeout`); its `duration_ms`
    /// and `t_ms` stop at its last request.
    case timeout
    /// The server stopped (SIGINT or SIGTERM) while it was open.
    case shutdown
    /// The server held its most sessions and forgot this one, the least recently used, to
    /// make room for a new one.
    case evicted
}
