import Foundation
import JSON
import Prototype
import TestSupport
import Testing

@testable import Presentation

/// The engine runs the tasks of a usability study: outcomes, time limits, the task column, the
/// taps that count, and what the log's `screen`, `target` and types say.
@Suite struct StudyTaskTests {
    /// The bundled Mail prototype with tasks.
    static func mail() throws -> Prototype {
        let bytes = try [UInt8](
            Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Templates/prototypes/mail.json")))
        guard case .object(var doc) = try JSONParser.parse(bytes) else { throw CocoaError(.fileReadCorruptFile) }
        doc["tasks"] = try JSONParser.parse(
            #"""
            [{"id": "send", "prompt": "Send a message", "success": {"dismissed": {"modal": "compose", "by": "send"}},
              "expectedPath": ["compose", "send"], "timeLimitSeconds": 30},
             {"id": "discard", "prompt": "Throw a draft away", "success": {"dismissed": {"modal": "compose"}},
              "expectedPath": ["compose", "cancel", "Delete Draft"]},
             {"id": "inbox", "prompt": "Go back to the inbox", "success": {"screen": "inbox"}},
             {"id": "address", "prompt": "Write to Anna", "success": {"dismissed": {"modal": "compose", "by": "send"}},
              "expectedPath": ["compose", "to", "send"]}]
            """#)
        let r = Prototype.decode(.object(doc))
        return try #require(r.prototype, "\(r.issues)")
    }

    func ends(_ o: Outcome) -> [EngineEvent] { o.events.filter { $0.type == .taskEnd } }

    /// A task step named by the start of a title, with no near spelling among the ids, is
    /// pointed at the control or button that title belongs to, by the name a step needs.
    @Test func aStepNamedByTheStartOfATitleIsPointedAtItsControl() throws {
        let bytes = try [UInt8](
            Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Templates/prototypes/mail.json")))
        guard case .object(var doc) = try JSONParser.parse(bytes) else { throw CocoaError(.fileReadCorruptFile) }
        doc["tasks"] = try JSONParser.parse(
            #"[{"id": "t", "prompt": "Keep it", "success": {"screen": "inbox"}, "expectedPath": ["Lunch"]}, {"id": "u", "prompt": "Empty it", "success": {"screen": "inbox"}, "expectedPath": ["Delete everything"]}]"#
        )
        let report = Linter().lint(file: Array(JSONWriter().string(.object(doc)).utf8))
        let messages = report.diagnostics.filter { $0.ruleID == .taskReferences }.map(\.message)
        #expect(messages.count == 2, "\(messages)")
        #expect(
            messages.contains {
                $0.hasSuffix(
                    "“Lunch” (did you mean “m1”, titled “Lunch on Friday?”? name a control or button by its id)")
            }, "\(messages)")
        #expect(!messages.contains { $0.contains("Delete everything” (") }, "no title starts so: \(messages)")
    }

    @Test func theIntendedRouteIsDirectAndEveryEventNamesTheTask() throws {
        var s = Session(try Self.mail())
        let start = try s.apply(.taskStart("send"))
        #expect(start.events.map(\.type) == [.taskStart, .screenEnter] && start.events[0].task == "send")
        #expect(start.events[0].props["reset"] == .bool(true))
        #expect(s.state.task?.id == "send" && s.state.seq == 1)
        try s.tap("compose")
        #expect(s.last!.events.allSatisfy { $0.task == "send" })
        let done = try s.tap("send")
        let end = try #require(ends(done).first)
        #expect(end.outcome == "direct" && end.target == "send" && end.task == "send" && end.durationMs == 2000)
        // The dismissal names the control that dismissed the sheet.
        #expect(done.events.first { $0.type == .dismiss }?.target == "send")
        #expect(s.state.task == nil && s.state.seq == 3)
    }

    /// A browser focuses a text field it is tapped on and sends that focus, not a tap: the
    /// field is the route's step either way, once, and an automatic focus is no step.
    @Test func focusingAFieldIsItsStepOnce() throws {
        for first in ["focus", "tap then focus"] {
            var s = Session(try Self.mail())
            try s.apply(.taskStart("address"))
            try s.tap("compose")
            if first != "focus" { try s.tap("to") }
            try s.apply(.focus(target: "to"))
            try s.apply(.focus(target: "to"))  // focusing the focused field again adds nothing
            try s.apply(.edit(target: "to", value: "anna@example.com"))
            #expect(s.state.task?.taps == ["compose", "to"], "\(first)")
            let done = try s.tap("send")
            #expect(ends(done).first?.outcome == "direct", "\(first)")
        }
        // Another field between is another step: the route is no longer the intended one.
        var s = Session(try Self.mail())
        try s.apply(.taskStart("address"))
        try s.tap("compose")
        try s.apply(.focus(target: "to"))
        try s.apply(.focus(target: "body"))
        #expect(s.state.task?.taps == ["compose", "to", "body"])
        #expect(ends(try s.tap("send")).first?.outcome == "indirect")
    }

    @Test func anotherRouteIsIndirectAndRefusedTapsCount() throws {
        var s = Session(try Self.mail())
        try s.apply(.taskStart("send"))
        try s.tap("compose")
        try s.tap("delete-all")  // refused under the sheet, still a tap of the participant
        #expect(s.last?.refusal != nil && s.state.task?.taps == ["compose", "delete-all"])
        let done = try s.tap("send")
        #expect(ends(done).first?.outcome == "indirect")
    }

    @Test func alertButtonsAreStepsByTitleAndOutsideTapsAreNot() throws {
        var s = Session(try Self.mail())
        try s.apply(.taskStart("discard"))
        try s.tap("compose")
        try s.apply(.edit(target: "to", value: "anna@example.com"))
        try s.tap("cancel")  // dirty: the discard confirmation
        #expect(s.modals == ["compose", "discard-draft"])
        // A system modal over the sheet: events name the sheet's screen.
        #expect(s.last!.events.first { $0.type == .present }?.screen == "compose")
        let done = try s.tap("discard-draft", "Delete Draft")
        #expect(ends(done).first?.outcome == "direct", "\(s.state.task?.taps ?? [])")
        #expect(done.events.first { $0.type == .dismiss && $0.modal == "compose" }?.target == "Delete Draft")
        // Outside taps, Home and keys have their own types, and are no steps.
        try s.apply(.taskStart("inbox"))
        try s.tap("compose")
        let outside = try s.apply(.tapOutside(x: 1, y: 1))
        #expect(outside.events.first?.type == .tapOutside && outside.events.first?.pathStep == nil)
        try s.apply(.key("Escape"))
        #expect(s.last!.events.first?.type == .key)
        #expect(s.state.task == nil || s.state.task?.taps == ["compose"])
    }

    @Test func aTaskPastItsLimitEndsTimedOutBeforeTheNextAction() throws {
        var s = Session(try Self.mail())
        try s.apply(.taskStart("send"))
        s.now += 40_000
        let late = try s.tap("compose")
        let end = try #require(ends(late).first)
        #expect(end.outcome == "timedOut" && end.durationMs == 30_000 && late.events.first?.type == .taskEnd)
        // The action itself is outside the task.
        #expect(late.events.filter { $0.type == .tap }.allSatisfy { $0.task == nil })
        #expect(s.state.task == nil)
        // A giveUp after the limit is the time-out it is.
        try s.apply(.taskStart("send"))
        s.now += 31_000
        #expect(ends(try s.apply(.giveUp)).map(\.outcome) == ["timedOut"])
    }

    @Test func givingUpAndStartingAnotherTask() throws {
        var s = Session(try Self.mail())
        #expect(throws: EngineRequestError.self) { try s.apply(.giveUp) }
        #expect(throws: EngineRequestError.self) { try s.apply(.taskStart("snd")) }
        try s.apply(.taskStart("send"))
        let next = try s.apply(.taskStart("discard"))
        // The app is reset to the new task's start: its screen_enter is the new task's.
        #expect(next.events.map(\.type) == [.taskEnd, .taskStart, .screenEnter])
        #expect(next.events.map(\.task) == ["send", "discard", "discard"] && next.events[0].outcome == "gaveUp")
        let gave = try s.apply(.giveUp)
        #expect(gave.events.map(\.outcome) == ["gaveUp"] && gave.events[0].task == "discard")
    }
}
