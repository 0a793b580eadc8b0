import Foundation
import InteractionLog
import Mustache
import Prototype
import Sharing

/// A task's funnel on the insights page: its expected path's steps, how many attempts tapped
/// each in order (``TaskPaths/funnel``) and how many stopped before it, then how many succeeded.
struct FunnelView: MustacheContext {
    /// One row: the step (1-based; 0 for the start), what it taps, the attempts that reached it
    /// and those that stopped before it.
    struct Row: MustacheContext {
        var step: Int
        var name: String
        var reached: Int
        var dropped: Int
        /// `reached` of the attempts, as a percentage for the bar (0–100).
        var percent: Int

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "step": step
            case "name": name
            case "reached": reached
            case "dropped": dropped
            case "percent": percent
            default: nil
            }
        }
    }

    var task: String
    var rows: [Row]
    /// Attempts that succeeded (`direct` or `indirect`).
    var succeeded: Int

    /// The funnel of `paths` along `expectedPath` (``TaskFunnel``, as the summaries carry it);
    /// `nil` when the task has no expected path or no attempt.
    init?(_ paths: TaskPaths, expectedPath: [String], strings: Strings) {
        let funnel = TaskFunnel(paths, expectedPath: expectedPath)
        guard !expectedPath.isEmpty, funnel.reached[0] > 0 else { return nil }
        task = paths.task
        let all = funnel.reached[0]
        let dropped = funnel.dropped
        func percent(_ n: Int) -> Int { Int((Double(n) * 100 / Double(all)).rounded()) }
        var out = [Row(step: 0, name: strings[.funnelStart], reached: all, dropped: 0, percent: 100)]
        for (i, name) in expectedPath.enumerated() {
            let reached = funnel.reached[i + 1]
            out.append(
                Row(step: i + 1, name: name, reached: reached, dropped: dropped[i + 1], percent: percent(reached)))
        }
        rows = out
        succeeded = funnel.succeeded
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "task": task
        case "rows": rows
        case "succeeded": succeeded
        default: nil
        }
    }
}

/// The study pages' filters (insights and heat maps, one form: Templates/pages/partials/
/// study-filters.mustache), as the query chose them: whose sessions (`audience`, participants
/// of participant links by default), a share link (`share`, the owner's only), a link's label
/// (`label`), the device and the appearance the sessions started in; the heat maps also by
/// orientation and task. They are the study views' filters of `GET /api/logs/summary.json`
/// (docs/api.md); `query` carries them from one page to the other.
struct InsightsFiltersView: MustacheContext {
    var audiences: [OptionView]
    var links: [OptionView]
    var labels: [OptionView]
    var devices: [OptionView]
    var appearances: [OptionView]
    var orientations: [OptionView] = []
    var tasks: [OptionView] = []
    var showsLinks: Bool
    /// Whether the form is the heat maps' (with orientation and task), else the insights'.
    var isHeatmaps = false
    /// The chosen filters as a query, `?audience=all&device=iphone-16` (empty when none is
    /// chosen): the links between the two pages keep them. Percent-encoded; the template
    /// escapes it for HTML.
    var query: String

    /// The filters of `filter` for prototype `p`, offering its share links `links` (only to
    /// the owner: `isReport` hides them) and their labels. With `heatmaps`, the heat maps'
    /// form: its device, orientation, task and share come from there.
    init(
        _ p: Prototype, filter: LogFilter, links: [ShareLink], isReport: Bool, strings: Strings,
        heatmaps: StudyAggregates? = nil
    ) {
        let audience = filter.audience ?? "all"
        let device = heatmaps.map(\.device) ?? filter.device
        let share = isReport ? nil : heatmaps.map(\.share) ?? filter.share
        audiences = [
            ("participant", UIString.audienceParticipant), ("owner", .audienceOwner), ("link", .audienceLink),
            ("all", .audienceEveryone),
        ].map { OptionView(id: $0.0, name: strings[$0.1], isSelected: $0.0 == audience) }
        let mine = links.filter { $0.prototype == p.id }
        showsLinks = !isReport
        self.links =
            isReport
            ? []
            : mine.map {
                OptionView(
                    id: $0.id, name: "\($0.label ?? strings[.shareNoLabel]) (\($0.role.rawValue), \($0.id))",
                    isSelected: $0.id == share)
            }
        var seen = Set<String>()
        labels = mine.compactMap(\.label).filter { seen.insert($0).inserted }.sorted().map {
            OptionView(id: $0, name: $0, isSelected: $0 == filter.label)
        }
        if let l = filter.label, !seen.contains(l) { labels.append(OptionView(id: l, name: l, isSelected: true)) }
        devices = (p.devices + DeviceCatalogue.all.map(\.id).filter { !p.devices.contains($0) })
            .compactMap { DeviceCatalogue.device($0) }
            .map { OptionView(id: $0.id, name: $0.name, isSelected: $0.id == device) }
        appearances = Appearance.allCases.map {
            OptionView(
                id: $0.rawValue, name: strings[$0 == .light ? .appearanceLight : .appearanceDark],
                isSelected: $0.rawValue == filter.appearance)
        }
        if let heatmaps {
            isHeatmaps = true
            orientations = ["portrait", "landscape"].map {
                OptionView(id: $0, name: $0, isSelected: $0 == heatmaps.orientation)
            }
            tasks = p.tasks.map { OptionView(id: $0.id, name: $0.id, isSelected: $0.id == heatmaps.task) }
        }
        let chosen: [(String, String?)] = [
            ("audience", audience == LogFilter.studyAudience ? nil : audience), ("share", share),
            ("label", filter.label), ("device", device), ("appearance", filter.appearance),
            ("orientation", heatmaps?.orientation), ("task", heatmaps?.task),
        ]
        let pairs = chosen.compactMap { name, value in value.map { "\(name)=\(Self.encoded($0))" } }
        query = pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }

    /// `value` percent-encoded for a query's value (RFC 3986: unreserved characters kept).
    static func encoded(_ value: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "audiences": audiences
        case "links": links
        case "showsLinks": showsLinks
        case "labels": labels
        case "devices": devices
        case "appearances": appearances
        case "orientations": orientations
        case "tasks": tasks
        case "isHeatmaps": isHeatmaps
        case "query": query
        case "page": isHeatmaps ? "heatmaps" : "insights"
        default: nil
        }
    }
}
