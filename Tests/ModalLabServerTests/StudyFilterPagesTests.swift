import Foundation
import JSON
import TestSupport
import Testing

@testable import ModalLabServer

/// The heat maps page has the insights page's filters (one form, Templates/pages/partials/
/// study-filters.mustache): whose sessions, the link's label, the device and the appearance, with
/// its own orientation and task; each keeps what the query chose, and the links between the two
/// pages keep the query. Over real sockets.
@Suite struct StudyFilterPagesTests {
    /// The `<select name="…">` of `page` and its options' values, the selected ones apart.
    static func select(_ name: String, in page: String) -> (values: [String], selected: [String])? {
        guard let start = page.range(of: "<select name=\"\(name)\">"),
            let end = page.range(of: "</select>", range: start.upperBound..<page.endIndex)
        else { return nil }
        let body = page[start.upperBound..<end.lowerBound]
        var values: [String] = []
        var selected: [String] = []
        for part in body.components(separatedBy: "<option value=\"").dropFirst() {
            let value = String(part.prefix { $0 != "\"" })
            values.append(value)
            if part.dropFirst(value.count).hasPrefix("\" selected") { selected.append(value) }
        }
        return (values, selected)
    }

    @Test func theHeatMapsPageFiltersAsInsightsDoesAndTheLinksKeepTheQuery() async throws {
        let dir = try ImageHeatmapTests.folder()
        defer { dir.remove() }
        let s = try TestApp(socket: true, prototypes: dir.path)
        // The owner's own tap: the default audience (participants of participant links) leaves it out.
        let sid = try await s.session("tall", device: "iphone-16")
        #expect(try await s.act(sid, ["type": "tap", "target": "deep", "x": 100, "y": 410]).status == 200)

        let plain = try await s.client.request("GET", "/p/tall/heatmaps")
        #expect(plain.status == 200)
        #expect(Self.select("audience", in: plain.text)?.selected == ["participant"], "participants by default")
        #expect(!plain.text.contains("data-heatmap-screen"), "no participant tapped: no heat map")
        #expect(plain.text.contains(#"href="/p/tall/insights" data-insights-link"#), "no query to keep")

        let page = try await s.client.request(
            "GET",
            "/p/tall/heatmaps?audience=owner&device=iphone-16&appearance=light&orientation=portrait&label=Round%201"
        )
        #expect(page.status == 200, "\(page.text)")
        let html = page.text
        #expect(
            html.contains(#"<form class="heatmap-filters insights-filters" method="get" action="/p/tall/heatmaps""#))
        let audience = try #require(Self.select("audience", in: html))
        #expect(audience.values == ["participant", "owner", "link", "all"])
        #expect(audience.selected == ["owner"], "the chosen audience is kept")
        #expect(Self.select("device", in: html)?.selected == ["iphone-16"])
        #expect(Self.select("appearance", in: html)?.values == ["", "light", "dark"])
        #expect(Self.select("appearance", in: html)?.selected == ["light"])
        #expect(Self.select("orientation", in: html)?.selected == ["portrait"])
        #expect(Self.select("task", in: html) != nil)
        #expect(Self.select("share", in: html) != nil, "the owner picks a link")
        #expect(Self.select("label", in: html)?.selected == ["Round 1"], "a label no link has is kept")
        // With the owner's taps and a label no session has: nothing; without the label, the owner's tap.
        #expect(!html.contains("data-heatmap-screen"))
        let owners = try await s.client.request("GET", "/p/tall/heatmaps?audience=owner&device=iphone-16").text
        #expect(owners.contains(#"data-heatmap-screen="home""#), "the owner's taps, when asked for")
        // The link to insights keeps the query (percent-encoded, escaped for HTML).
        #expect(
            html.contains(
                #"href="/p/tall/insights?audience=owner&amp;label=Round%201&amp;device=iphone-16&amp;appearance=light&amp;orientation=portrait" data-insights-link"#
            ), "\(html)")

        // The insights page: the same form, and its heat maps link keeps the audience.
        let insights = try await s.client.request("GET", "/p/tall/insights?audience=all&appearance=dark")
        #expect(insights.status == 200)
        #expect(insights.text.contains(#"action="/p/tall/insights""#))
        #expect(Self.select("audience", in: insights.text)?.selected == ["all"])
        #expect(Self.select("orientation", in: insights.text) == nil, "insights don't filter by orientation")
        #expect(
            insights.text.contains(#"href="/p/tall/heatmaps?audience=all&amp;appearance=dark" data-heatmaps-link"#),
            "\(insights.text)")

        // A report link's reader gets the form without the owner's links.
        let link = try await SessionAudienceTests.link(s.client, "tall", "report")
        let report = try await s.client.request(
            "GET", "/p/tall/heatmaps?audience=all", headers: link.cookie, auth: false)
        #expect(report.status == 200, "\(report.text)")
        #expect(Self.select("audience", in: report.text)?.selected == ["all"])
        #expect(Self.select("share", in: report.text) == nil)
    }
}
