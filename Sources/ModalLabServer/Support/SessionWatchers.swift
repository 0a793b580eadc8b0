import Foundation
import HTTPServer
import Presentation
import Prototype

/// Fans a session's answers out to those watching it live (`GET /api/sessions/{sid}/watch`,
/// Server-Sent Events): the state of each answer the participant got is handed to every
/// watcher of that session as it goes out, so a watcher sees the frame as soon as the
/// participant does; so is the session's misclick count each time the participant's page logs
/// misclicks (client events, which change no state).
///
/// Bounded memory: a watcher's stream holds at most ``buffer`` states a slow reader hasn't
/// taken (the newest; a state shares what it holds — typed text — with the session's), and
/// each frame is drawn (or taken from the frame cache) only as the watcher's response is
/// written, which waits for a slow client (``WatchFrames``).
final class SessionWatchers: Sendable {
    /// States a watcher that reads slowly may fall behind by; older ones are dropped (the
    /// watcher then skips to a newer frame, which is all a watch page shows).
    static let buffer = 8
    private let streams = Subscriptions<Item>(buffer: SessionWatchers.buffer)

    /// What a watcher is handed.
    enum Item: Sendable {
        /// The state of an answer the participant got (a `frame` event).
        case state(PresentationState)
        /// The session's misclicks so far, a total (a `stats` event): a dropped one is made
        /// good by the next.
        case misclicks(Int)
    }

    /// A stream of the answered states (and misclick counts) of `session` for `share`'s holder
    /// (`nil`: the owner), until cancelled or ended, at the latest `until` (the link's expiry);
    /// `nil` when `share` already holds `limit` streams (the owner's are not counted).
    func subscribe(session: String, share: String?, limit: Int, until: Date? = nil)
        -> (UUID, AsyncStream<Item>)?
    {
        streams.subscribe(topic: session, share: share, limit: limit, until: until)
    }

    /// Forgets stream `id`.
    func unsubscribe(_ id: UUID) { streams.unsubscribe(id) }

    /// Hands the state of `answer` (an action's answer) to the watchers of `session` when it
    /// is a 200; costs a dictionary look-up when nobody watches.
    func publish(session: String, answer: HTTPResponse, state: PresentationState) {
        guard answer.status == .ok else { return }
        streams.yield(.state(state), topic: session)
    }

    /// Hands `session`'s misclick count, `total` (after new misclicks were logged), to its
    /// watchers.
    func publish(session: String, misclicks total: Int) {
        streams.yield(.misclicks(total), topic: session)
    }

    /// Ends the streams following `session` (it ended): each sends `end` and closes.
    func end(session: String) { streams.finish(topic: session) }

    /// Ends the streams share link `share` holds (it was revoked).
    func close(share: String) { streams.finish(share: share) }

    /// Ends every stream (shutdown).
    func closeAll() { streams.finish() }
}

/// What one watcher is sent for each state: `{"state": …, "html": …}`, the frame only when what
/// is drawn differs from the last frame this watcher was sent (a member left out means "as
/// before"), so typing into a large field doesn't resend the frame for every state that draws
/// the same.
struct WatchFrames {
    /// What the last frame sent drew.
    private var lastFrame: FrameKey?

    /// The `frame` event's data for `state` of `prototype`; `render` draws a frame as a JSON
    /// string literal.
    mutating func data(
        _ prototype: Prototype, _ state: PresentationState, render: (PresentationState) throws(Problem) -> [UInt8]
    ) throws(Problem) -> String {
        var out: [UInt8] = []
        out.append(contentsOf: #"{"state":"#.utf8)
        state.appendJSON(into: &out)
        let key = FrameKey(prototype, state)
        if key != lastFrame {
            out.append(contentsOf: #","html":"#.utf8)
            out.append(contentsOf: try render(state))
            lastFrame = key
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }
}
