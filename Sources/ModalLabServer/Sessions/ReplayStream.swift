import JSON
import Presentation

/// The body of `GET /api/sessions/{sid}/replay`: NDJSON (one JSON object per line), produced a
/// chunk at a time as the session's log is read and its actions run again, so that a replay
/// costs the server one step's state and frame at a time, whatever the session's length or the
/// size of what it typed.
///
/// The lines, in order:
/// - `{"replay": {session, prototype, version, share, from, start: {state, html}}}` — the state
///   the replay starts from: the session's start (`from` 0), or the state after step `from`;
/// - `{"step": {i, seq, tMs, action, refused, state, html}}` per applied action, `i` counting
///   from 1. Each step sends its **change**: `state` only when its bytes differ from the state
///   sent before (a refused tap changes nothing, unless a task counts its taps), `html` (the
///   device frame) only when what is drawn differs from the frame sent before; a member left
///   out means "as before";
/// - `{"mark": {seq, tMs, type, x, y, screen, modal, scrollTop?}}` per tap, misclick or tap
///   outside with a place, as the log has them, `scrollTop` when it landed on a scrolled
///   picture (the log's `props.scrollTop`) (interleaved with the steps; with `from`, those after step
///   `from`'s time, so a mark may come twice across two answers: `seq` tells them apart);
/// - last, `{"end": {steps, ended, durationMs}}`; or, when the lines sent have passed
///   ``maxBytes`` or the steps sent ``maxSteps``, `{"more": {from, detail}}` after a whole
///   step: the replay goes on at `?from=<from>`, in another answer; or `{"error": <problem>}`
///   when an action no longer applies or the log can't be read after the answer began.
///
/// What one answer costs is bounded: at most ``maxBytes`` (and one step) sent, at most
/// ``maxSteps`` frames drawn; the engine runs the steps before `from` again without drawing
/// them (a refused tap costs microseconds).
final class ReplayStream: @unchecked Sendable {
    /// The most bytes one answer carries before it stops with `more` (16 MiB, our choice: about
    /// 500 frames of a typical prototype that all differ).
    static let maxBytes = 16 << 20
    /// The most steps one answer carries before it stops with `more` (our choice: a person in a
    /// study takes a few hundred).
    static let maxSteps = 5_000

    private let run: SessionReplayRun
    private let from: Int
    private let frames: Bool
    private let limit: Int
    private let render: (PresentationState) throws(Problem) -> [UInt8]
    /// What the last frame sent drew, and the last state's bytes.
    private var lastFrame: FrameKey?
    private var lastState: [UInt8] = []
    /// Marks at or before this time were shown before step `from` (with `from` > 0).
    private let marksAfterMs: Int?
    private var sent = 0
    private var headPending = true
    private var done = false

    /// A replay of `run` from step `from` (0: the start): the steps before it are run, and the
    /// marks before it read, now.
    ///
    /// - Parameters:
    ///   - frames: whether frames are drawn (`?frames=0` leaves them out: `html` is `null`).
    ///   - limit: the bytes after which an answer stops with `more` (``maxBytes``).
    ///   - render: the device frame of a state, as a JSON string literal.
    /// - Throws: ``Problem`` 400 when the session has fewer than `from` steps; what the run throws.
    init(
        _ run: SessionReplayRun, from: Int, frames: Bool, limit: Int = ReplayStream.maxBytes,
        render: @escaping (PresentationState) throws(Problem) -> [UInt8]
    ) throws(Problem) {
        self.run = run
        self.from = from
        self.frames = frames
        self.limit = max(1, limit)
        self.render = render
        while run.steps < from {
            guard try run.next() != nil else {
                throw Problem.badRequest(
                    "session \"\(run.record.session)\" has \(run.steps) steps; from is at most that", path: "from")
            }
        }
        marksAfterMs = from > 0 ? run.lastStepMs : nil
    }

    /// The next lines, about `size` bytes of them (a line is never cut), or `nil` after the last.
    /// Errors become the answer's last line (`{"error": …}`).
    func next(size: Int = 64 << 10) -> [UInt8]? {
        guard !done else { return nil }
        var out: [UInt8] = []
        do throws(Problem) {
            if headPending {
                headPending = false
                try head(into: &out)
            }
            while out.count < size && !done {
                guard let item = try run.next() else {
                    out.append(
                        contentsOf:
                            #"{"end":{"steps":\#(run.steps),"ended":\#(run.ended),"durationMs":\#(run.lastMs)}}"#.utf8)
                    out.append(0x0A)
                    done = true
                    break
                }
                let before = out.count
                switch item {
                case .step(let s):
                    try step(s, into: &out)
                    sent += out.count - before
                    if sent > limit || s.index - from >= ReplayStream.maxSteps {
                        more(after: s.index, into: &out)
                        done = true
                    }
                case .mark(let m):
                    if let after = marksAfterMs, m.tMs <= after { continue }
                    mark(m, into: &out)
                    sent += out.count - before
                case .task:
                    continue
                }
            }
        } catch {
            out.append(contentsOf: #"{"error":"#.utf8)
            if case .bytes(let problem) = error.response.body {
                out.append(contentsOf: problem)
            } else {
                out.append(contentsOf: "null".utf8)
            }
            out.append(contentsOf: "}\n".utf8)
            done = true
        }
        return out
    }

    private func head(into out: inout [UInt8]) throws(Problem) {
        let r = run.record
        func raw(_ s: String) { out.append(contentsOf: s.utf8) }
        raw(#"{"replay":{"session":"#)
        JSONWriter.appendQuoted(r.session, into: &out)
        raw(#","prototype":"#)
        JSONWriter.appendQuoted(r.prototype, into: &out)
        raw(#","version":"#)
        JSONWriter.appendQuoted(r.version, into: &out)
        raw(#","share":"#)
        if let s = r.share { JSONWriter.appendQuoted(s, into: &out) } else { raw("null") }
        raw(#","from":\#(from),"start":{"state":"#)
        run.state.appendJSON(into: &lastState)
        out.append(contentsOf: lastState)
        raw(#","html":"#)
        if frames {
            out.append(contentsOf: try render(run.state))
            lastFrame = FrameKey(run.prototype, run.state)
        } else {
            raw("null")
        }
        raw("}}}\n")
        sent += out.count
    }

    private func step(_ s: ReplayStep, into out: inout [UInt8]) throws(Problem) {
        func raw(_ s: String) { out.append(contentsOf: s.utf8) }
        raw(#"{"step":{"i":\#(s.index),"seq":\#(s.seq),"tMs":\#(s.tMs),"action":"#)
        JSONWriter().write(s.action, into: &out)
        raw(#","refused":"#)
        if let r = s.refusedBy { JSONWriter.appendQuoted(r, into: &out) } else { raw("null") }
        var state: [UInt8] = []
        state.reserveCapacity(lastState.count)
        s.state.appendJSON(into: &state)
        if state != lastState {
            raw(#","state":"#)
            out.append(contentsOf: state)
            lastState = state
        }
        if frames {
            let key = FrameKey(run.prototype, s.state)
            if key != lastFrame {
                raw(#","html":"#)
                out.append(contentsOf: try render(s.state))
                lastFrame = key
            }
        }
        raw("}}\n")
    }

    private func mark(_ m: ReplayMark, into out: inout [UInt8]) {
        var o = JSONObject()
        o["seq"] = .int(m.seq)
        o["tMs"] = .int(m.tMs)
        o["type"] = .string(m.type)
        o["x"] = .number(m.x)
        o["y"] = .number(m.y)
        o["screen"] = .string(m.screen)
        o["modal"] = .string(m.modal)
        if let top = m.scrollTop { o["scrollTop"] = .number(top) }
        out.append(contentsOf: #"{"mark":"#.utf8)
        JSONWriter().write(.object(o), into: &out)
        out.append(contentsOf: "}\n".utf8)
    }

    private func more(after index: Int, into out: inout [UInt8]) {
        let detail =
            "one answer of a replay carries at most \(limit >> 20 > 0 ? "\(limit >> 20) MiB" : "\(limit) bytes") "
            + "and \(ReplayStream.maxSteps) steps; "
            + "this one stopped after step \(index): GET /api/sessions/\(run.record.session)/replay?from=\(index) for the rest"
        out.append(contentsOf: #"{"more":{"from":\#(index),"detail":"#.utf8)
        JSONWriter.appendQuoted(detail, into: &out)
        out.append(contentsOf: "}}\n".utf8)
    }
}
