import JSON
import Prototype

/// The options of the designer's tools that a session start (`POST /api/sessions`), the
/// player's address (`/p/{id}?…`) and a `resize` action may carry, and who may use them.
///
/// A participant link plays the prototype as its people would (docs/studies.md):
/// its page has no board and no environment menus, so what only those tools send is not
/// its to send —
/// - `embed` (`"board"` in a session start, `?embed=1` on the player): a frame of the review
///   board, whose sessions a study leaves out (`props.embed` of `session_start`), so a
///   participant's session marked so would drop out of the study's figures;
/// - `targetOS` other than the prototype's own: the iOS menu's comparison of versions; the
///   study runs the version the designer wrote it for;
/// - a `resize` or `rotate` that changes what the link fixes of the environment (its device,
///   orientation, appearance or text size, docs/api.md): every participant of the study plays
///   in the same one, and the study's figures are labelled with it (``checkFixed(_:fixed:path:)``).
///
/// The owner and `view` and `comment` links (which open the board and the menus) may use them.
/// A refusal is `403 Forbidden`: the request is well-formed and understood, but the
/// credentials it carries don't allow it (RFC 9110, "403 Forbidden": "the server understood the
/// request but refuses to fulfill it … If authentication credentials were provided in the
/// request, the server considers them insufficient to grant access"), where `400` is for a
/// request the server can't make sense of ("malformed request syntax, invalid request message
/// framing, or deceptive request routing"). The problem names the option's `path`.
enum DesignerOptions {
    /// Checks a participant's use of the designer's options; the owner and the other links pass.
    ///
    /// - Parameters:
    ///   - embedded: whether the request asks for the board's frame (`embed`).
    ///   - targetOS: the iOS version asked for, if any; `ownTargetOS` is the prototype's.
    ///   - path: how the request names each option (`$.embed` in a body, `embed` on an address).
    /// - Throws: ``Problem`` 403 naming the first option the viewer may not use.
    static func check(
        _ viewer: Viewer, embedded: Bool, targetOS: Int?, ownTargetOS: Int, path: (String) -> String
    ) throws(Problem) {
        guard viewer.isParticipant else { return }
        if embedded {
            throw refusal(
                "embed", path: path("embed"),
                why: "a participant link plays the prototype itself; the review board's frames are the designer's")
        }
        if let targetOS, targetOS != ownTargetOS {
            throw refusal(
                "targetOS", path: path("targetOS"),
                why:
                    "a participant link runs the prototype as the iOS \(ownTargetOS) it was written for; comparing versions is the designer's"
            )
        }
    }

    /// Checks that what a participant's `resize` or `rotate` asks of the environment (`asked`)
    /// keeps each member its link fixes for every participant (`fixed`, by member name:
    /// ``ShareLink/fixed``, docs/api.md). Asking a fixed member's own value again is no change
    /// and passes; a member the link leaves out is the participant's.
    /// - Parameter path: how the request names each member (`$.device` in an action).
    /// - Throws: ``Problem`` 403 naming the first fixed member the action would change.
    static func checkFixed(
        _ asked: EnvironmentRequest, fixed: [String: String], path: (String) -> String
    ) throws(Problem) {
        for key in asked.names {
            guard let value = fixed[key.rawValue], let wanted = asked.text(key), wanted != value else { continue }
            throw Problem(
                .forbidden, title: "Fixed by this link",
                detail:
                    "this participant link fixes \(key.rawValue) at \"\(value)\" for every participant of the study, so it can't become \"\(wanted)\"",
                extensions: ["path": .string(path(key.rawValue)), "option": .string(key.rawValue)])
        }
    }

    /// The 403 problem for `option` at `path`.
    static func refusal(_ option: String, path: String, why: String) -> Problem {
        Problem(
            .forbidden, title: "Not for this link", detail: "\(option) is not for a participant link: \(why)",
            extensions: ["path": .string(path), "option": .string(option)])
    }
}
