import Foundation
import HTTPServer
import InteractionLog
import JSON
import Presentation
import Prototype

extension ModalLabApp {
    /// Replays and live observation: `GET /api/sessions/{sid}/replay`, `GET /api/sessions/{sid}/watch`
    /// (Server-Sent Events), for the owner and the holders of a `report` link to the session's
    /// prototype.
    func addStudyRoutes(_ groups: RouteGroups) {
        groups.anyone.get("/api/sessions/{sid}/replay") { [self] req in
            do {
                return try await replayResponse(req)
            } catch let p as Problem {
                return p.response
            } catch {
                return Problem(.internalServerError, title: "Replay failed", detail: "\(error)").response
            }
        }
        groups.anyone.get("/api/sessions/{sid}/watch") { [self] req in
            do {
                return try watchResponse(req)
            } catch let p as Problem {
                return p.response
            } catch {
                return Problem(.internalServerError, title: "Watch failed", detail: "\(error)").response
            }
        }
    }

    /// The record of session `sid` for a reader of its prototype's report (the owner, or a
    /// `report` link to that prototype); 401 without credentials, 404 for a session the reader
    /// may not see or the log does not have.
    func reportedSession(_ req: HTTPRequest) throws(Problem) -> SessionRecord {
        let sid = req.parameters["sid"] ?? ""
        let isOwner = owner.isOwner(req)
        guard isOwner || req.cookie(shareCookie) != nil else { throw Problem.ownerRequired }
        guard log.sessionStart(sid) != nil else { throw Problem.notFound("no session \"\(sid)\"") }
        let record: SessionRecord?
        do { record = try SessionRecord.read(sid, from: log) } catch {
            throw Problem(.internalServerError, title: "Log unreadable", detail: "\(error)")
        }
        guard let record, isOwner || reportViewer(req, prototype: record.prototype) != nil else {
            throw Problem.notFound("no session \"\(sid)\"")
        }
        return record
    }

    /// `GET /api/sessions/{sid}/replay` → `{session, prototype, version, share, device, start,
    /// ended, durationMs, start: {state, html}, steps: [{seq, tMs, action, state, refused, html}],
    /// marks: [{seq, tMs, type, x, y, screen, modal}]}`: the session's logged actions run again
    /// through the engine against the prototype version it used; each step's `state` has the same
    /// bytes as the live answer's.
    func replayResponse(_ req: HTTPRequest) async throws -> HTTPResponse {
        let record = try await offLoop { [self] in try reportedSession(req) }
        let (p, start, steps) = try replay(record)
        var body: [UInt8] = []
        body.reserveCapacity(4096 + steps.count * 1024)
        func raw(_ s: String) { body.append(contentsOf: s.utf8) }
        func frame(_ state: PresentationState) throws(Problem) {
            do {
                let html = try frames.quotedHTML(FrameKey(p, state)) {
                    try templates.render("partials/device", PlayerView(prototype: p, state: state).frame())
                }
                body.append(contentsOf: html)
            } catch {
                throw Problem(.internalServerError, title: "Template error", detail: "\(error)")
            }
        }
        raw(#"{"session":"#)
        JSONWriter.appendQuoted(record.session, into: &body)
        raw(#","prototype":"#)
        JSONWriter.appendQuoted(record.prototype, into: &body)
        raw(#","version":"#)
        JSONWriter.appendQuoted(record.version, into: &body)
        raw(#","share":"#)
        if let s = record.share { JSONWriter.appendQuoted(s, into: &body) } else { raw("null") }
        raw(#","ended":\#(record.ended),"durationMs":\#(record.lastMs),"start":{"state":"#)
        start.appendJSON(into: &body)
        raw(#","html":"#)
        if req.query("frames") != "0" { try frame(start) } else { raw("null") }
        raw(#"},"steps":["#)
        for (i, s) in steps.enumerated() {
            if i > 0 { raw(",") }
            raw(#"{"seq":\#(s.seq),"tMs":\#(s.tMs),"action":"#)
            JSONWriter().write(s.action, into: &body)
            raw(#","refused":"#)
            if let r = s.refusedBy { JSONWriter.appendQuoted(r, into: &body) } else { raw("null") }
            raw(#","state":"#)
            s.state.appendJSON(into: &body)
            raw(#","html":"#)
            if req.query("frames") != "0" { try frame(s.state) } else { raw("null") }
            raw("}")
        }
        raw(#"],"marks":["#)
        for (i, m) in record.marks.enumerated() {
            if i > 0 { raw(",") }
            var o = JSONObject()
            o["seq"] = .int(m.seq)
            o["tMs"] = .int(m.tMs)
            o["type"] = .string(m.type)
            o["x"] = .number(m.x)
            o["y"] = .number(m.y)
            o["screen"] = .string(m.screen)
            o["modal"] = .string(m.modal)
            JSONWriter().write(.object(o), into: &body)
        }
        raw("]}")
        return HTTPResponse(
            status: .ok,
            headers: ["Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store"],
            body: .bytes(body))
    }

    /// `GET /api/sessions/{sid}/watch`: Server-Sent Events following a running session — first
    /// `frame` with its current answer, then a `frame` with every answer the participant gets
    /// (`{state, diagnostics, diagnosticsHTML, html}`), and `end` when it ends.
    func watchResponse(_ req: HTTPRequest) throws -> HTTPResponse {
        let record = try reportedSession(req)
        guard let s = sessions.get(record.session) ?? restoreSession(record.session) else {
            throw Problem.notFound("session \"\(record.session)\" has ended; its replay is at /p/\(record.prototype)/sessions/\(record.session)")
        }
        let (id, stream) = watchers.subscribe(session: s.id)
        let current = try frameResponse(prototype: s.prototype, state: s.state) { body in
            body.append(contentsOf: #"{"state":"#.utf8)
            s.state.appendJSON(into: &body)
            body.append(contentsOf: #","diagnostics":[],"diagnosticsHTML":"","#.utf8)
        }
        guard case .bytes(let first) = current.body else {
            watchers.unsubscribe(id)
            throw Problem(.internalServerError, title: "Watch failed", detail: "no frame")
        }
        return HTTPResponse.eventStream(heartbeat: 15) { events in
            try await events.send(event: "frame", data: String(decoding: first, as: UTF8.self))
            for await answer in stream {
                try await events.send(event: "frame", data: String(decoding: answer, as: UTF8.self))
            }
        }
    }
}
