import EventSchema
import Foundation
import JSON
import TestSupport
import Testing

@testable import InteractionLog

@Suite struct SummaryTests {
    static func studyEvents() -> [PendingEvent] {
        let t = sampleTs
        func at(_ ms: Int64, _ e: PendingEvent) -> PendingEvent {
            var e = e
            e.ts = t + ms * 1000
            return e
        }
        return [
            at(0, pending(.sessionStart)),
            at(10, pending(.screenEnter, screen: "inbox")),
            at(100, pending(.tap, target: "compose")),
            at(110, pending(.present, modal: "compose")),
            at(
                1110,
                pending(
                    .dismiss, modal: "compose", how: "button", durationMs: 1000, props: JSONObject([("cancel", true)]))),
            at(1200, pending(.misclick)),
            at(1300, pending(.tap, target: "compose")),
            at(1310, pending(.present, modal: "compose")),
            at(
                3310,
                pending(
                    .dismiss, modal: "compose", how: "swipe", durationMs: 2000, props: JSONObject([("cancel", true)]))
            ),
            at(3400, pending(.present, modal: "compose")),
            at(7400, pending(.dismiss, modal: "compose", how: "button", durationMs: 4000)),
            at(7500, pending(.refused, modal: "share", rule: "popover.no-modal-over")),
            at(7600, pending(.refused, modal: "share", rule: "popover.no-modal-over")),
            at(7700, pending(.push, screen: "detail")),
            at(9000, pending(.sessionEnd)),
            at(0, pending(.sessionStart, session: "s2")),
            at(500, pending(.misclick, session: "s2")),
            at(600, pending(.present, session: "s2", modal: "confirm", prototype: "mail")),
            at(700, pending(.dismiss, session: "s2", modal: "confirm", how: nil)),
        ]
    }

    /// A cancel is a dismissal that threw its work away, as the engine marks it (`cancel: true`):
    /// a tap outside a sheet is one, a tap outside a popover (which keeps its work) is not.
    @Test func aTapOutsideIsACancelOnlyWhenItThrewTheWorkAway() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        var events = [
            pending(.sessionStart),
            pending(.present, modal: "sort"),
            pending(
                .dismiss, modal: "sort", how: "tapOutside", durationMs: 500, props: JSONObject([("form", "popover")])),
            pending(.present, modal: "compose"),
            pending(
                .dismiss, modal: "compose", how: "tapOutside", durationMs: 800,
                props: JSONObject([("form", "card"), ("cancel", true)])),
        ]
        for i in events.indices { events[i].ts = sampleTs + Int64(i) * 1000 }
        _ = try await store.append(events)
        let s = try store.summary()
        let sort = try #require(s.modals.first { $0.modal == "sort" })
        let compose = try #require(s.modals.first { $0.modal == "compose" })
        #expect(sort.dismissals == 1 && sort.cancels == 0 && sort.cancelRate == 0)
        #expect(compose.dismissals == 1 && compose.cancels == 1)
    }

    @Test func perModalAndPerSessionMetrics() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        _ = try await store.append(SummaryTests.studyEvents())
        let s = try store.summary()
        #expect(s.events == 19 && s.skippedLines == 0)
        #expect(s.modals.map(\.modal) == ["compose", "confirm", "share"])
        let compose = s.modals[0]
        #expect(compose.prototype == "mail")
        #expect(compose.presentations == 3 && compose.dismissals == 3)
        #expect(compose.dismissalsByHow == ["button": 2, "swipe": 1, "tapOutside": 0, "home": 0, "programmatic": 0])
        #expect(compose.medianTimeUpMs == 2000)
        #expect(compose.p90TimeUpMs == 3600)  // 2000 + 0.8 × (4000 − 2000)
        #expect(compose.cancels == 2)  // the swipe and the button, each with "cancel": true
        #expect(compose.cancelRate == 2.0 / 3.0)
        #expect(compose.refusals == 0)
        let confirm = s.modals[1]
        #expect(confirm.dismissalsByHow["unknown"] == 1 && confirm.medianTimeUpMs == nil && confirm.cancelRate == 0)
        let share = s.modals[2]
        #expect(share.presentations == 0 && share.refusals == 2 && share.refusalsByRule == ["popover.no-modal-over": 2])
        #expect(share.cancelRate == nil)

        #expect(s.sessions.map(\.session) == ["s1", "s2"])
        let s1 = s.sessions[0]
        #expect(s1.path == ["inbox", "compose", "detail"])
        #expect(s1.taps == 2 && s1.misclicks == 1 && s1.misclickRate == 0.5)
        #expect(s1.durationMs == 9000 && s1.ended && s1.events == 15)
        #expect(s1.prototype == "mail" && s1.device == "iphone-16")
        let s2 = s.sessions[1]
        #expect(s2.misclickRate == nil && s2.misclicks == 1 && !s2.ended && s2.durationMs == 700)

        let only = try store.summary(filter: LogFilter(session: "s2"))
        #expect(only.sessions.map(\.session) == ["s2"] && only.modals.map(\.modal) == ["confirm"])
        store.close()
    }

    /// A task's funnel counts the steps the engine counts for `direct`: a tap, and a person's
    /// focus of a text field (a browser sends that instead of a tap); a tap on the field then
    /// its focus is one step; an automatic focus is none.
    @Test func aFunnelCountsAFieldsFocusAsTheEngineDoes() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        func task(_ type: LogEventType, _ session: String, outcome: String? = nil) -> PendingEvent {
            var e = pending(type, session: session, screen: "inbox", target: "add")
            e.fields.task = "add"
            e.fields.outcome = outcome
            return e
        }
        _ = try await store.append([
            // s1 focuses the field (no tap), s2 taps it and the browser focuses it too.
            pending(.sessionStart, session: "s1"), task(.taskStart, "s1"),
            pending(.tap, session: "s1", target: "new"), pending(.focus, session: "s1", target: "owner"),
            pending(.tap, session: "s1", target: "save"), task(.taskEnd, "s1", outcome: "direct"),
            pending(.sessionStart, session: "s2"), task(.taskStart, "s2"),
            pending(.tap, session: "s2", target: "new"), pending(.tap, session: "s2", target: "owner"),
            pending(.focus, session: "s2", target: "owner"), pending(.tap, session: "s2", target: "save"),
            task(.taskEnd, "s2", outcome: "direct"),
            // s3's field is focused by the page, not the person: it never reached the field.
            pending(.sessionStart, session: "s3"), task(.taskStart, "s3"),
            pending(.tap, session: "s3", target: "new"),
            pending(.focus, session: "s3", target: "owner", props: ["automatic": true]),
            pending(.tap, session: "s3", target: "save"), task(.taskEnd, "s3", outcome: "indirect"),
        ])
        var aggregates = StudyAggregates()
        aggregates.expectedPaths = ["add": ["new", "owner", "save"]]
        let paths = try store.studyAggregates(filter: LogFilter(), aggregates).paths
        let funnel = TaskFunnel(paths.first { $0.task == "add" }, expectedPath: ["new", "owner", "save"])
        #expect(funnel.reached == [3, 3, 2, 2], "\(funnel)")
        #expect(funnel.dropped == [0, 0, 1, 0])
        store.close()
    }

    /// A session the server's stop ended (`how: "shutdown"`) and that carried on after the
    /// restart: its task's outcome is the one it reached, in the task table and the task paths
    /// alike, and its duration ends at its own last event, not at the stop.
    @Test func aServerStopEndsNeitherTheSessionNorItsTask() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        let t = sampleTs
        func at(_ ms: Int64, _ e: PendingEvent) -> PendingEvent {
            var e = e
            e.ts = t + ms * 1000
            return e
        }
        var start = pending(.taskStart, screen: "inbox", target: "find")
        start.fields.task = "find"
        var end = pending(.taskEnd, target: "find")
        end.fields.task = "find"
        end.fields.outcome = "direct"
        end.fields.durationMs = 900
        var abandoned = pending(.sessionEnd, session: "s2", how: "shutdown")
        abandoned.ts = t + 60_000_000
        _ = try await store.append([
            at(0, pending(.sessionStart)),
            at(10, start),
            at(500, pending(.sessionEnd, how: "shutdown")),
            at(900, pending(.screenEnter, screen: "detail")),
            at(910, end),
            at(0, pending(.sessionStart, session: "s2")),
            at(100, pending(.tap, session: "s2", target: "compose")),
            abandoned,
        ])
        let summary = try store.summary()
        let task = try #require(summary.tasks.first { $0.task == "find" })
        #expect(task.attempts == 1 && task.direct == 1, "\(task)")
        let paths = try store.studyAggregates(filter: LogFilter(), StudyAggregates()).paths
        #expect(paths.first { $0.task == "find" }?.outcomes == ["direct": 1])
        let s1 = try #require(summary.sessions.first { $0.session == "s1" })
        #expect(!s1.ended, "the server stopped; the person didn't end it")
        let s2 = try #require(summary.sessions.first { $0.session == "s2" })
        #expect(!s2.ended && s2.durationMs == 100, "an abandoned session lasts to its last event: \(s2.durationMs)")
        store.close()
    }

    /// `to` chooses sessions by their start: one that began before it and ran on past midnight
    /// into a day after `to` is summarized whole, not cut at the day's file.
    @Test func aSessionRunningPastMidnightIsNotCutByTo() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        let midnight = (sampleTs / LogTimestamp.microsecondsPerDay + 1) * LogTimestamp.microsecondsPerDay
        func at(_ seconds: Int64, _ e: PendingEvent) -> PendingEvent {
            var e = e
            e.ts = midnight + seconds * 1_000_000
            return e
        }
        _ = try await store.append([
            at(-60, pending(.sessionStart)),
            at(-30, pending(.tap, target: "compose")),
            at(30, pending(.tap, target: "send")),
            at(40, pending(.sessionEnd)),
        ])
        let summary = try store.summary(filter: LogFilter(to: midnight))
        let s1 = try #require(summary.sessions.first { $0.session == "s1" })
        #expect(s1.events == 4 && s1.taps == 2 && s1.ended, "\(s1)")
        store.close()
    }

    /// A point far off any screen (written before coordinates were bounded) is left off the heat
    /// maps instead of overflowing their grid.
    @Test func heatMapsSkipPointsOffEveryScreen() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        var far = pending(.misclick, screen: "inbox")
        far.fields.x = 1e300
        far.fields.y = 5
        var near = pending(.tap, screen: "inbox", target: "compose")
        near.fields.x = 10
        near.fields.y = 20
        _ = try await store.append([pending(.sessionStart), far, near])
        let maps = try store.studyAggregates(filter: LogFilter(), StudyAggregates()).heatmaps
        #expect(maps.count == 1)
        #expect(
            maps.first?.taps == 1 && maps.first?.misclicks == 0 && maps.first?.cells.count == 1,
            "the far point is left off")
        store.close()
    }

    @Test func renderings() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        _ = try await store.append(SummaryTests.studyEvents())
        let s = try store.summary()

        let json = s.jsonValue
        #expect(json["events"] == 19)
        let modal = try #require(json["modals"]?.arrayValue?.first?.objectValue)
        #expect(
            modal.keys == [
                "prototype", "modal", "presentations", "dismissals", "dismissals_by_how", "median_time_up_ms",
                "p90_time_up_ms", "cancels", "cancel_rate", "refusals", "refusals_by_rule", "open_at_end",
            ])
        #expect(
            modal["dismissals_by_how"]?.objectValue?.keys == ["button", "swipe", "tapOutside", "home", "programmatic"])
        let session = try #require(json["sessions"]?.arrayValue?.first?.objectValue)
        #expect(session["path"] == ["inbox", "compose", "detail"])
        #expect(session["start"] == "2026-11-29T11:40:22.123456Z")
        #expect(session["misclick_rate"] == 0.5)
        // Round trip through text.
        #expect(try JSONParser.parse(JSONWriter().string(json)) == json)

        let rows = try parseCSV(s.csv)
        #expect(rows[0] == LogSummary.csvColumns)
        #expect(rows.count == 1 + 3 + 2)
        #expect(rows.allSatisfy { $0.count == LogSummary.csvColumns.count })
        let col = Dictionary(uniqueKeysWithValues: LogSummary.csvColumns.enumerated().map { ($1, $0) })
        #expect(rows[1][col["kind"]!] == "modal" && rows[1][col["modal"]!] == "compose")
        #expect(rows[1][col["p90_time_up_ms"]!] == "3600" && rows[1][col["dismissals_swipe"]!] == "1")
        #expect(rows[3][col["refusals_by_rule"]!] == #"{"popover.no-modal-over":2}"#)
        #expect(rows[4][col["kind"]!] == "session" && rows[4][col["path"]!] == "inbox > compose > detail")
        #expect(rows[4][col["misclick_rate"]!] == "0.5" && rows[4][col["presentations"]!] == "")
        // Whole modal rows: the five known ways in their columns, others (here `null`) in dismissals_other.
        let empty = [String](repeating: "", count: 11)
        #expect(
            rows[1]
                == [
                    "modal", "mail", "compose", "", "3", "3", "2", "1", "0", "0", "0", "0", "2000", "3600", "2",
                    "0.6667",
                    "0", "{}",
                ] + empty + ["0"] + [String](repeating: "", count: 15))
        #expect(rows[2][col["dismissals"]!] == "1" && rows[2][col["dismissals_other"]!] == "1")
        #expect(rows[2][col["dismissals_button"]!] == "0" && rows[2][col["cancel_rate"]!] == "0")
        #expect(rows[3][col["refusals"]!] == "2" && rows[3][col["cancel_rate"]!] == "")
        #expect(rows[4][col["duration_ms"]!] == "9000" && rows[5][col["misclick_rate"]!] == "")

        let text = s.text
        #expect(text.hasPrefix("19 events, 3 modals, 2 sessions\n"))
        #expect(
            text.contains(
                "  mail/compose: 3 presented, 3 dismissed (button 2, swipe 1), time up median 2.0 s, p90 3.6 s, cancel rate 67%"
            ))
        #expect(text.contains("refused 2 (popover.no-modal-over 2)"))
        #expect(
            text.contains(
                "  s1 (mail, iphone-16): 9.0 s, 15 events, misclick rate 50% (1/2 taps), path inbox > compose > detail"
            ))
        store.close()
    }

    @Test func quantiles() {
        #expect(LogSummary.quantile([], 0.5) == nil)
        #expect(LogSummary.quantile([7], 0.9) == 7)
        #expect(LogSummary.quantile([1, 2, 3, 4], 0.5) == 2.5)
        #expect(LogSummary.quantile(Array(1...10).map(Double.init), 0.9) == 9.1)
    }
}

/// A misclick the player sent late (its batch after the task was started again) counts for the
/// attempt running when it happened, by its `t_ms`, not the latest attempt.
@Suite struct LateMisclickTests {
    @Test func aLateMisclickCountsForTheAttemptItHappenedIn() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = try LogStore(directory: dir.logs)
        func at(_ ms: Int, _ type: LogEventType, target: String? = nil, outcome: String? = nil) -> PendingEvent {
            var e = pending(type, session: "s1", screen: "inbox", target: target)
            e.fields.task = "add"
            e.fields.outcome = outcome
            e.tMs = ms
            return e
        }
        _ = try await store.append([pending(.sessionStart, session: "s1")])
        _ = try await store.append([at(0, .taskStart, target: "add"), at(100, .tap, target: "new")])
        _ = try await store.append([at(200, .taskEnd, target: "add", outcome: "gaveUp")])
        _ = try await store.append([at(1000, .taskStart, target: "add"), at(1100, .tap, target: "new")])
        // The batch of the first attempt's misclicks (at 150 ms) arrives now; one of the second's too.
        _ = try await store.append([at(150, .misclick), at(1050, .misclick)])
        _ = try await store.append([at(1200, .taskEnd, target: "add", outcome: "indirect")])
        var filter = LogFilter()
        filter.audience = nil
        let summary = try store.summary(filter: filter)
        let attempts = try #require(summary.sessions.first { $0.session == "s1" }?.attempts)
        #expect(attempts.map(\.misclicks) == [1, 1], "\(attempts)")
        #expect(attempts.map(\.taps) == [1, 1])
        let row = try #require(summary.results.first { $0.task == "add" })
        #expect(row.misclicks == 1 && row.attempts == 2 && row.outcome == "indirect", "\(row)")
        store.close()
    }
}
