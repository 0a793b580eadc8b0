import EventSchema
import Foundation
import InteractionLog
import JSON
import Presentation

/// Ends viewing sessions: `session_end` logged in the session's queue, after the actions that
/// arrived before it, and its watchers told. What the session routes, a revoked link, the idle
/// sweep and a shutdown share.
struct SessionEnder: Sendable {
    let log: LogStore
    /// Who follows which session live: they see it end.
    let watchers: SessionWatchers

    /// Ends a session already removed from the store: in the session's queue, after the actions
    /// that arrived before, so `session_end` (with `how` when given, e.g. `revoked`) is its last
    /// event and actions still waiting get 404.
    func end(_ s: ViewingSession, how: SessionEndHow? = nil) async -> Result<Void, LogStoreError> {
        await withCheckedContinuation { k in end(s, how: how) { k.resume(returning: $0) } }
    }

    /// ``end(_:how:)`` that calls `completion` once `session_end` is logged (or failed to be).
    /// A session that timed out ends at its last request: that is its `t_ms` and `duration_ms`.
    func end(
        _ s: ViewingSession, how: SessionEndHow?,
        completion: @escaping @Sendable (Result<Void, LogStoreError>) -> Void
    ) {
        s.actions.run { [log, watchers] done in
            s.hasEnded = true
            let at = how == .timeout ? s.lastSeenMs : s.elapsedMs
            let end = PendingEvent(EventFields(type: .sessionEnd, how: how?.rawValue, durationMs: at))
            // A preview is not logged (ViewingSession.isPreview).
            if s.isPreview {
                watchers.end(session: s.id)
                completion(.success(()))
                return done()
            }
            log.append([end.filled(session: s, state: s.state, tMs: at)]) { result in
                // Its watchers see it end (a server's stop ends them all anyway).
                watchers.end(session: s.id)
                completion(result.map { _ in () })
                done()
            }
        }
    }

    /// Ends `ending` (already out of the store), logging each `session_end` with `how`, then
    /// calls `completion` once all are logged (or failed to be).
    func endAll(_ ending: [ViewingSession], how: SessionEndHow, completion: @escaping @Sendable () -> Void) {
        let group = DispatchGroup()
        for s in ending {
            group.enter()
            end(s, how: how) { _ in group.leave() }
        }
        group.notify(queue: .global(), execute: completion)
    }
}

extension PendingEvent {
    /// The event with what the server knows added: prototype, version, session, share, who ran
    /// it (audience, share label, participant id), the environment's columns, the keyboard, the screen, the task and the state's `seq`; `t_ms`
    /// when it has none.
    func filled(session s: ViewingSession, state: PresentationState, tMs: Int) -> PendingEvent {
        var e = self
        e.fill(session: s, state: state, tMs: tMs)
        return e
    }

    /// ``filled(session:state:tMs:)`` in place: an action's events are filled where they are,
    /// not copied (56 columns, a retain and a release for each string). Columns are set on
    /// `fields` itself: through the dynamic member subscript each went through a key path
    /// (callgrind: ~4,000 instructions an event).
    mutating func fill(session s: ViewingSession, state: PresentationState, tMs: Int) {
        self.tMs = self.tMs ?? tMs
        self.fields.prototype = s.prototype.id
        self.fields.prototypeVersion = s.prototype.version
        self.fields.session = s.id
        self.fields.share = s.share
        self.fields.device = state.environment.device.id
        self.fields.orientation = state.environment.orientation.rawValue
        self.fields.sizeClass = state.environment.sizeClassDescription
        self.fields.appearance = state.environment.appearance.rawValue
        self.fields.contentSize = state.environment.contentSize.rawValue
        self.fields.layoutDirection = state.environment.layoutDirection.rawValue
        self.fields.multitasking = state.environment.multitasking.rawValue
        self.fields.keyboardHeight = state.keyboard == nil ? 0 : SoftwareKeyboard.height(in: state.environment)
        self.fields.targetOS = String(state.environment.systemVersion)
        self.fields.audience = s.audience.kind
        self.fields.shareLabel = s.audience.shareLabel
        self.fields.pid = s.audience.pid
        if self.fields.screen == nil { self.fields.screen = state.shownScreen }
        if self.fields.task == nil { self.fields.task = state.task?.id }
        if self.fields.stateSeq == nil { self.fields.stateSeq = state.seq }
    }
}
