import EventSchema
import JSON

extension LogSummary {
    /// The summary as JSON (`GET /api/logs/summary.json`, `logs summary --format json`), keys in
    /// the log's snake_case:
    ///
    /// `{"events": 120, "skipped_lines": 0,
    ///   "modals": [{"prototype", "modal", "presentations", "dismissals", "dismissals_by_how": {…},
    ///               "median_time_up_ms", "p90_time_up_ms", "cancels", "cancel_rate", "refusals",
    ///               "refusals_by_rule": {…}}],
    ///   "sessions": [{"session", "prototype", "share", "device", "start", "end", "duration_ms",
    ///                 "ended", "events", "path": […], "taps", "misclicks", "misclick_rate", "orientation",
    ///                 "status", "open_modals", "tasks"}],
    ///   "tasks": [{"prototype", "task", "attempts", "direct", "indirect", "gave_up", "timed_out",
    ///              "unfinished", "success_rate", "median_time_ms", "p90_time_ms", "taps", "misclicks",
    ///              "misclick_rate", "seq_answers", "seq_mean", "seq_distribution": [7 counts],
    ///              "funnel": ``funnelJSON(_:)`` or null}],
    ///   "sus": {"sessions": complete scores, "mean"},
    ///   "results": [one object per results row: ``resultsColumns``]}`
    ///
    /// Each session also has `audience`, `share_label`, `pid`, `appearance`, `study_status`
    /// (`completed`, `dropped`, `in progress`), `dropped_at_task` and `dropped_at` (its place,
    /// from 1), `sus_score` (0–100, or `null` unless all ten items were answered), `sus_items`
    /// (items answered) and `comments`.
    ///
    /// Times `start`/`end` are RFC 3339 text; rates are fractions in 0…1 (misclick rate may
    /// exceed 1); unknown values are `null`.
    public var jsonValue: JSONValue {
        func num(_ d: Double?) -> JSONValue { d.map { .number(LogSummary.tidy($0)) } ?? .null }
        let modalValues: [JSONValue] = modals.map { m in
            .object(
                JSONObject([
                    ("prototype", .string(m.prototype)), ("modal", .string(m.modal)),
                    ("presentations", .int(m.presentations)), ("dismissals", .int(m.dismissals)),
                    (
                        "dismissals_by_how",
                        .object(LogSummary.orderedCounts(m.dismissalsByHow, first: LogSummary.howNames))
                    ),
                    ("median_time_up_ms", num(m.medianTimeUpMs)), ("p90_time_up_ms", num(m.p90TimeUpMs)),
                    ("cancels", .int(m.cancels)), ("cancel_rate", num(m.cancelRate)),
                    ("refusals", .int(m.refusals)),
                    ("refusals_by_rule", .object(LogSummary.orderedCounts(m.refusalsByRule, first: []))),
                    ("open_at_end", .int(m.openAtEnd)),
                ]))
        }
        let taskValues: [JSONValue] = tasks.map { t in
            .object(
                JSONObject([
                    ("prototype", .string(t.prototype)), ("task", .string(t.task)), ("attempts", .int(t.attempts)),
                    ("direct", .int(t.direct)), ("indirect", .int(t.indirect)), ("gave_up", .int(t.gaveUp)),
                    ("timed_out", .int(t.timedOut)), ("unfinished", .int(t.unfinished)),
                    ("success_rate", num(t.successRate)), ("median_time_ms", num(t.medianTimeMs)),
                    ("p90_time_ms", num(t.p90TimeMs)), ("taps", .int(t.taps)), ("misclicks", .int(t.misclicks)),
                    ("misclick_rate", num(t.misclickRate)), ("seq_answers", .int(t.seqAnswers)),
                    ("seq_mean", num(t.seqMean)), ("seq_distribution", .array(t.seqDistribution.map { .int($0) })),
                    ("funnel", t.funnel.map(LogSummary.funnelJSON) ?? .null),
                ]))
        }
        let sessionValues: [JSONValue] = sessions.map { s in
            .object(
                JSONObject([
                    ("session", .string(s.session)), ("prototype", .string(s.prototype)), ("share", .string(s.share)),
                    ("device", .string(s.device)), ("start", .string(LogTimestamp.format(s.start))),
                    ("end", .string(LogTimestamp.format(s.end))), ("duration_ms", .int(s.durationMs)),
                    ("ended", .bool(s.ended)), ("events", .int(s.events)), ("path", .array(s.path.map { .string($0) })),
                    ("taps", .int(s.taps)), ("misclicks", .int(s.misclicks)), ("misclick_rate", num(s.misclickRate)),
                    ("orientation", .string(s.orientation)), ("status", .string(s.status)),
                    ("open_modals", .array(s.openModals.map { .string($0) })),
                    ("tasks", .array(s.tasks.map { .string($0) })), ("audience", .string(s.audience)),
                    ("share_label", .string(s.shareLabel)), ("pid", .string(s.pid)),
                    ("appearance", .string(s.appearance)), ("study_status", .string(s.studyStatus)),
                    ("dropped_at_task", .string(s.droppedAt?.task)),
                    ("dropped_at", s.droppedAt.map { JSONValue.int($0.n) } ?? JSONValue.null),
                    ("sus_score", num(s.susScore)), ("sus_items", .int(s.susItems.count)),
                    ("comments", .array(s.comments.map { .string($0) })),
                ]))
        }
        let complete = sessions.filter { $0.susScore != nil }.count
        let resultValues: [JSONValue] = results.map { r in
            .object(JSONObject(Array(zip(LogSummary.resultsColumns, r.values))))
        }
        return .object(
            JSONObject([
                ("events", .int(events)), ("skipped_lines", .int(skippedLines)), ("modals", .array(modalValues)),
                ("sessions", .array(sessionValues)), ("tasks", .array(taskValues)),
                ("sus", .object(JSONObject([("sessions", .int(complete)), ("mean", num(susMean))]))),
                ("results", .array(resultValues)),
            ]))
    }

    /// A task's funnel as JSON: `{"expected_path": [ids], "steps": [{"step", "target",
    /// "reached", "dropped"}], "succeeded"}`, step 0 (`target` null) every attempt, step `k` the
    /// attempts that tapped the path's first `k` steps in order and those that stopped before it.
    static func funnelJSON(_ f: TaskFunnel) -> JSONValue {
        let dropped = f.dropped
        let steps: [JSONValue] = f.reached.indices.map { k in
            .object(
                JSONObject([
                    ("step", .int(k)), ("target", k == 0 ? .null : .string(f.expectedPath[k - 1])),
                    ("reached", .int(f.reached[k])), ("dropped", .int(dropped[k])),
                ]))
        }
        return .object(
            JSONObject([
                ("expected_path", .array(f.expectedPath.map { .string($0) })), ("steps", .array(steps)),
                ("succeeded", .int(f.succeeded)),
            ]))
    }

    /// The columns of the results table (``resultsCSV``), in order.
    public static let resultsColumns = [
        "prototype", "session", "audience", "share", "share_label", "pid", "device", "appearance", "position", "task",
        "attempts", "outcome", "time_ms", "taps", "misclicks", "seq", "status",
    ]

    /// The results table as RFC 4180 CSV (`GET /api/logs/results.csv`, `modallab logs
    /// results`): a header of ``resultsColumns``, then one row per session × task
    /// (``ResultRow``); `time_ms` and `seq` empty when unknown. With `spreadsheetSafe`, a text
    /// cell that starts like a formula gets ``CSV/formulaPrefix``.
    public func resultsCSV(spreadsheetSafe: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        CSV.appendRecord(LogSummary.resultsColumns, into: &out)
        for r in results {
            for (i, cell) in r.cells.enumerated() {
                if i > 0 { out.append(0x2C) }
                if let cell { CSV.appendField(cell, into: &out, spreadsheetSafe: spreadsheetSafe) }
            }
            out.append(contentsOf: [0x0D, 0x0A])
        }
        return out
    }

    /// The CSV columns of ``csv``, in order.
    public static let csvColumns: [String] = [
        "kind", "prototype", "modal", "session", "presentations", "dismissals", "dismissals_button",
        "dismissals_swipe", "dismissals_tap_outside", "dismissals_home", "dismissals_programmatic",
        "dismissals_other", "median_time_up_ms", "p90_time_up_ms", "cancels", "cancel_rate", "refusals",
        "refusals_by_rule", "share", "device", "start", "end", "duration_ms", "ended", "events", "path", "taps",
        "misclicks", "misclick_rate", "open_at_end", "status", "task", "attempts", "direct", "indirect", "gave_up",
        "timed_out", "unfinished", "success_rate", "median_time_ms", "p90_time_ms", "step", "step_target", "reached",
        "dropped",
    ]

    /// The summary as one RFC 4180 table (`GET /api/logs/summary.csv`): a header of
    /// ``csvColumns``, then one row per modal (`kind` = `modal`), one per session
    /// (`kind` = `session`), one per task (`kind` = `task`) and, for a task with a funnel, one
    /// per step of it (`kind` = `funnel`: `task`, `step` from 0, `step_target` empty at 0,
    /// `reached`, `dropped`); the columns that do not apply to a kind are empty.
    /// `refusals_by_rule` is a JSON object string; `path` is the ids joined by ` > `;
    /// `dismissals_other` counts `how` values outside the five known ones (and `null`).
    public var csv: [UInt8] {
        var out: [UInt8] = []
        CSV.appendRecord(LogSummary.csvColumns, into: &out)
        func n(_ d: Double?) -> String? { d.map { JSONWriter.numberText(LogSummary.tidy($0)) } }
        for m in modals {
            let other = m.dismissalsByHow.filter { DismissHow(rawValue: $0.key) == nil }.values.reduce(0, +)
            let rules = JSONWriter().string(.object(LogSummary.orderedCounts(m.refusalsByRule, first: [])))
            // `dismissals_button` … `dismissals_programmatic`: the known ways in declaration order.
            let byHow = LogSummary.howNames.map { String(m.dismissalsByHow[$0] ?? 0) }
            let row: [String?] =
                ["modal", m.prototype, m.modal, nil, String(m.presentations), String(m.dismissals)] + byHow + [
                    String(other), n(m.medianTimeUpMs), n(m.p90TimeUpMs), String(m.cancels), n(m.cancelRate),
                    String(m.refusals), rules, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil,
                    String(m.openAtEnd), nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil,
                ]
            CSV.appendRecord(row, into: &out)
        }
        for s in sessions {
            let row: [String?] = [
                "session", s.prototype, nil, s.session, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil,
                nil, s.share, s.device, LogTimestamp.format(s.start), LogTimestamp.format(s.end),
                String(s.durationMs), s.ended ? "true" : "false", String(s.events), s.path.joined(separator: " > "),
                String(s.taps), String(s.misclicks), n(s.misclickRate), nil, s.status, nil, nil, nil, nil, nil, nil,
                nil, nil, nil, nil, nil, nil, nil, nil,
            ]
            CSV.appendRecord(row, into: &out)
        }
        let tapsColumn = LogSummary.csvColumns.firstIndex(of: "taps")!
        for t in tasks {
            var row: [String?] = Array(repeating: nil, count: LogSummary.csvColumns.count)
            row[0] = "task"
            row[1] = t.prototype
            let tail: [String?] = [
                String(t.taps), String(t.misclicks), n(t.misclickRate), nil, nil, t.task, String(t.attempts),
                String(t.direct), String(t.indirect), String(t.gaveUp), String(t.timedOut), String(t.unfinished),
                n(t.successRate), n(t.medianTimeMs), n(t.p90TimeMs),
            ]
            for (i, v) in tail.enumerated() { row[tapsColumn + i] = v }
            CSV.appendRecord(row, into: &out)
        }
        // Each funnel step a row: the attempts that reached it and those that stopped before it.
        let taskColumn = LogSummary.csvColumns.firstIndex(of: "task")!
        let stepColumn = LogSummary.csvColumns.firstIndex(of: "step")!
        for t in tasks {
            guard let f = t.funnel else { continue }
            let dropped = f.dropped
            for k in f.reached.indices {
                var row: [String?] = Array(repeating: nil, count: LogSummary.csvColumns.count)
                row[0] = "funnel"
                row[1] = t.prototype
                row[taskColumn] = t.task
                row[stepColumn] = String(k)
                row[stepColumn + 1] = k == 0 ? nil : f.expectedPath[k - 1]
                row[stepColumn + 2] = String(f.reached[k])
                row[stepColumn + 3] = String(dropped[k])
                CSV.appendRecord(row, into: &out)
            }
        }
        return out
    }

    /// The summary for people (`modallab logs summary`, the default `--format text`).
    public var text: String {
        var lines: [String] = []
        lines.append(
            "\(events) events, \(modals.count) modal\(modals.count == 1 ? "" : "s"), "
                + "\(sessions.count) session\(sessions.count == 1 ? "" : "s")"
                + (skippedLines > 0 ? " (\(skippedLines) unreadable lines skipped)" : ""))
        if !modals.isEmpty {
            lines.append("")
            lines.append("Modals")
            for m in modals {
                var parts = ["\(m.presentations) presented", "\(m.dismissals) dismissed"]
                let hows = LogSummary.orderedCounts(m.dismissalsByHow, first: LogSummary.howNames)
                    .compactMap { k, v in (v.intValue ?? 0) > 0 ? "\(k) \(v.intValue!)" : nil }
                if !hows.isEmpty { parts[1] += " (" + hows.joined(separator: ", ") + ")" }
                if let med = m.medianTimeUpMs, let p90 = m.p90TimeUpMs {
                    parts.append("time up median \(LogSummary.seconds(med)), p90 \(LogSummary.seconds(p90))")
                }
                if let rate = m.cancelRate { parts.append("cancel rate \(LogSummary.percent(rate))") }
                if m.openAtEnd > 0 {
                    parts.append("still up at the end of \(m.openAtEnd) session\(m.openAtEnd == 1 ? "" : "s")")
                }
                if m.refusals > 0 {
                    let rules = LogSummary.orderedCounts(m.refusalsByRule, first: [])
                        .map { k, v in "\(k) \(v.intValue ?? 0)" }
                    parts.append("refused \(m.refusals) (" + rules.joined(separator: ", ") + ")")
                }
                let name = (m.prototype.map { $0 + "/" } ?? "") + m.modal
                lines.append("  \(name): " + parts.joined(separator: ", "))
            }
        }
        if !tasks.isEmpty {
            lines.append("")
            lines.append("Tasks")
            for t in tasks {
                var parts = [
                    t.attempts == 1 ? "1 attempt" : "\(t.attempts) attempts", "direct \(t.direct)",
                    "indirect \(t.indirect)", "gave up \(t.gaveUp)", "timed out \(t.timedOut)",
                ]
                if t.unfinished > 0 { parts.append("unfinished \(t.unfinished)") }
                if let r = t.successRate { parts.append("success rate \(LogSummary.percent(r))") }
                if let med = t.medianTimeMs, let p90 = t.p90TimeMs {
                    parts.append("time median \(LogSummary.seconds(med)), p90 \(LogSummary.seconds(p90))")
                }
                if let rate = t.misclickRate { parts.append("misclick rate \(LogSummary.percent(rate))") }
                if let seq = t.seqMean {
                    parts.append(
                        "SEQ mean \((seq * 100).rounded() / 100) on 1–7 from \(t.seqAnswers) answer"
                            + (t.seqAnswers == 1 ? "" : "s") + " (answers of 1, 2, … 7: "
                            + t.seqDistribution.map(String.init).joined(separator: " ") + ")")
                }
                lines.append("  \((t.prototype.map { $0 + "/" } ?? "") + t.task): " + parts.joined(separator: ", "))
                if let f = t.funnel {
                    // Along the expected path: the attempts that got each step far, and who stopped before it.
                    let steps = f.expectedPath.indices.map { i in
                        "\(f.expectedPath[i]) \(f.reached[i + 1])"
                            + (f.dropped[i + 1] > 0 ? " (\(f.dropped[i + 1]) stopped before)" : "")
                    }
                    lines.append(
                        "    funnel: \(f.reached[0]) started → " + steps.joined(separator: " → ")
                            + "; \(f.succeeded) succeeded")
                }
            }
        }
        if !sessions.isEmpty {
            lines.append("")
            lines.append("Sessions")
            for s in sessions {
                let about = [s.prototype, s.device, s.share.map { "share " + $0 }, s.pid.map { "pid " + $0 }]
                    .compactMap { $0 }
                var parts = [
                    LogSummary.seconds(Double(s.durationMs)) + (s.ended ? "" : " (\(s.status))"),
                    s.events == 1 ? "1 event" : "\(s.events) events",
                ]
                if let rate = s.misclickRate {
                    parts.append("misclick rate \(LogSummary.percent(rate)) (\(s.misclicks)/\(s.taps) taps)")
                } else if s.misclicks > 0 {
                    parts.append("\(s.misclicks) misclicks, no taps")
                }
                if !s.assignedTasks.isEmpty {
                    parts.append(s.droppedAt.map { "dropped at task \($0.n) (\($0.task))" } ?? s.studyStatus)
                }
                if let sus = s.susScore { parts.append("SUS \(LogSummary.tidy(sus))") }
                if !s.path.isEmpty { parts.append("path " + s.path.joined(separator: " > ")) }
                let head = about.isEmpty ? s.session : "\(s.session) (\(about.joined(separator: ", ")))"
                lines.append("  \(head): " + parts.joined(separator: ", "))
            }
        }
        if let mean = susMean {
            lines.append("")
            let n = sessions.filter { $0.susScore != nil }.count
            lines.append("SUS: mean \(LogSummary.tidy(mean)) over \(n) session\(n == 1 ? "" : "s") (Brooke 1996)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The ``DismissHow`` raw values in declaration order: the first keys of `dismissals_by_how`
    /// and the order of the `dismissals_<how>` CSV columns.
    static let howNames = DismissHow.allCases.map(\.rawValue)

    /// Counts as a JSON object: the `first` keys in that order, then the rest by name.
    static func orderedCounts(_ counts: [String: Int], first: [String]) -> JSONObject {
        var o = JSONObject()
        for k in first { o[k] = .int(counts[k] ?? 0) }
        for k in counts.keys.sorted() where !first.contains(k) { o[k] = .int(counts[k]!) }
        return o
    }

    static func seconds(_ ms: Double) -> String {
        if ms < 1000 { return "\(Int(ms.rounded())) ms" }
        let s = ms / 1000
        if s < 60 { return "\((s * 10).rounded() / 10) s" }
        let total = Int(s.rounded())
        return total < 3600 ? "\(total / 60)m \(total % 60)s" : "\(total / 3600)h \(total % 3600 / 60)m"
    }

    static func percent(_ r: Double) -> String { "\(Int((r * 100).rounded()))%" }
}

extension ResultRow {
    /// The row's values in ``LogSummary/resultsColumns``' order, as the summary's JSON has them
    /// (counts and times are numbers; `null`: none).
    var values: [JSONValue] {
        [
            .string(prototype), .string(session), .string(audience), .string(share), .string(shareLabel), .string(pid),
            .string(device), .string(appearance), .int(position), .string(task), .int(attempts), .string(outcome),
            .int(timeMs), .int(taps), .int(misclicks), .int(seq), .string(status),
        ]
    }

    /// The row's cells, as the CSV has them (`nil`: empty).
    var cells: [String?] {
        values.map { v in v.intValue.map(String.init) ?? v.stringValue }
    }
}

extension LogSummary {
    /// A metric rounded to 4 decimal places: interpolated quantiles and rates carry float noise
    /// (3058.5000000000005) that no reader wants.
    static func tidy(_ d: Double) -> Double { (d * 10_000).rounded() / 10_000 }
}
