import Foundation
import InteractionLog
import JSON
import Mustache
import Presentation
import Prototype

/// A page context made of named values (strings, numbers, booleans, nested contexts and lists
/// of them), for the study's pages.
struct StudyPage: MustacheContext {
    var values: [String: Any]
    func mustacheValue(forKey key: String) -> Any? { values[key] }
}

/// The views of a usability study: the task table and path diagrams of the insights, heat maps
/// over frames, and the replay and live pages.
enum StudyViews {
    static func ms(_ v: Double?) -> String {
        v.map { $0 >= 1000 ? String(format: "%.1f s", $0 / 1000) : "\(Int($0)) ms" } ?? "–"
    }
    static func pct(_ v: Double?) -> String { v.map { "\(Int(($0 * 100).rounded()))%" } ?? "–" }

    /// The rows of the tasks table.
    static func taskRows(_ summary: LogSummary) -> [[String: Any]] {
        summary.tasks.map { t in
            [
                "task": t.task, "attempts": t.attempts, "direct": t.direct, "indirect": t.indirect, "gaveUp": t.gaveUp,
                "timedOut": t.timedOut, "successRate": pct(t.successRate), "median": ms(t.medianTimeMs),
                "p90": ms(t.p90TimeMs), "misclickRate": pct(t.misclickRate),
            ]
        }
    }

    /// The rows of the sessions table, newest first, each linking to its replay (and, when it
    /// is still running here, to watching it).
    static func sessionRows(
        _ summary: LogSummary, prototype: String, live: (String) -> Bool, strings: Strings
    ) -> [[String: Any]] {
        summary.sessions.suffix(200).reversed().map { s in
            [
                "session": s.session, "device": s.device ?? "", "orientation": s.orientation ?? "",
                "duration": ms(Double(s.durationMs)), "taps": s.taps, "misclickRate": pct(s.misclickRate),
                "path": s.path.joined(separator: " › "),
                "status": strings[s.ended ? .statusEnded : .statusAbandoned],
                "openModals": s.openModals.joined(separator: ", "), "tasks": s.tasks.joined(separator: ", "),
                "replayURL": "/p/\(prototype)/sessions/\(s.session)",
                "watchURL": live(s.session) ? "/p/\(prototype)/sessions/\(s.session)/watch" : "",
            ]
        }
    }

    /// A Sankey diagram of a task's paths as SVG shapes: one column per step, a node per place
    /// (its height the attempts there), a band per link (its width the attempts that took it).
    static func sankey(_ paths: TaskPaths, strings: Strings) -> [String: Any] {
        let columnGap = 150.0
        let nodeWidth = 12.0
        let unit = 18.0
        let gap = 14.0
        var columns: [[String: Int]] = []
        for l in paths.links {
            while columns.count <= l.step + 1 { columns.append([:]) }
            columns[l.step][l.from, default: 0] += 0
            columns[l.step + 1][l.to, default: 0] += l.count
        }
        // Step 0's size is what leaves it.
        for l in paths.links where l.step == 0 { columns[0][l.from, default: 0] += l.count }
        var nodeY: [String: Double] = [:]
        var nodes: [[String: Any]] = []
        var height = 40.0
        for (c, col) in columns.enumerated() {
            var y = 24.0
            for (place, n) in col.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
                let h = max(4, Double(max(n, 1)) * unit)
                let key = "\(c)|\(place)"
                nodeY[key] = y
                nodes.append([
                    "x": Double(c) * columnGap + 10, "y": y, "w": nodeWidth, "h": h, "label": place, "count": n,
                    "labelX": Double(c) * columnGap + 10 + nodeWidth + 4, "labelY": y + min(h, 14) - 2,
                ])
                y += h + gap
            }
            height = max(height, y + 10)
        }
        var outOffset: [String: Double] = [:]
        var inOffset: [String: Double] = [:]
        var links: [[String: Any]] = []
        for l in paths.links {
            let a = "\(l.step)|\(l.from)"
            let b = "\(l.step + 1)|\(l.to)"
            guard let ya = nodeY[a], let yb = nodeY[b] else { continue }
            let w = Double(l.count) * unit
            let y0 = ya + (outOffset[a] ?? 0) + w / 2
            let y1 = yb + (inOffset[b] ?? 0) + w / 2
            outOffset[a, default: 0] += w
            inOffset[b, default: 0] += w
            let x0 = Double(l.step) * columnGap + 10 + nodeWidth
            let x1 = Double(l.step + 1) * columnGap + 10
            let mid = (x0 + x1) / 2
            links.append([
                "d": "M\(f(x0)),\(f(y0)) C\(f(mid)),\(f(y0)) \(f(mid)),\(f(y1)) \(f(x1)),\(f(y1))",
                "width": f(max(1.5, w)), "title": "\(l.from) → \(l.to): \(l.count)",
            ])
        }
        let outcomes = paths.outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
            separator: ", ")
        return [
            "task": paths.task, "heading": strings.format(.pathsHeading, ["task": paths.task]),
            "label": strings.format(.pathsLabel, ["task": paths.task]),
            "width": f(Double(max(columns.count, 1)) * columnGap + 60),
            "height": f(height), "nodes": nodes, "links": links, "outcomes": outcomes, "attempts": paths.attempts,
        ]
    }

    static func f(_ v: Double) -> String { String(format: "%.1f", v) }

    /// A state that shows `place` (its screen, with its modal on top) on its device, for drawing
    /// a heat map over: the app's start screen, then that screen, then the modal presented as the
    /// app would; `nil` when the device is unknown.
    static func state(for place: Heatmap.Place, in p: Prototype, engine: PresentationEngine) -> PresentationState? {
        guard let device = DeviceCatalogue.device(place.device) else { return nil }
        let env = Environment(device: device, orientation: Orientation(rawValue: place.orientation) ?? .portrait)
        var s = engine.start(environment: env).state
        if p.screens.contains(where: { $0.id == place.screen }) && place.screen != p.start {
            s.appScreens.append(place.screen)
        }
        var presents: [String] = []
        if let m = place.modal {
            // A system modal over a sheet: the sheet whose screen it names goes first.
            if let owner = p.owner(ofScreen: place.screen) ?? nil, owner != m { presents.append(owner) }
            presents.append(m)
        }
        var now = 0
        for m in presents {
            now += 10_000
            if let o = try? engine.apply(.present(modal: m), to: s, atMs: now), o.refusal == nil { s = o.state }
        }
        return s
    }
}
