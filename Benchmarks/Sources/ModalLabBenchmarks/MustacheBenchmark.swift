import Dispatch
import Foundation
import Mustache

/// Renders a player-like page — a device frame, a screen of 15 controls and 20 presented modal
/// layers, each through a partial for its kind (alert, sheet, popover) with a partial per button
/// — 2,000 times after a warm-up, from a `[String: Any]` context as the server builds it.
///
/// Prints `mustache.render_player_page median_us=… p90_us=… bytes=…` for rendering to a `String`,
/// and `mustache.render_player_page_bytes …` for rendering to bytes (what a server writes out).
/// `MUSTACHE_BENCH_RUNS` lowers the count, for running under a profiler.
func mustacheBenchmark() throws {
    let library = try MustacheLibrary(templates: MustacheBenchmarkPage.templates)
    let context = MustacheBenchmarkPage.context()
    let runs = getenv("MUSTACHE_BENCH_RUNS").flatMap { Int(String(cString: $0)) } ?? 2_000
    let bytes = try library.render("player", context).utf8.count

    let stringSamples = try measure(runs: runs) {
        let page = try library.render("player", context)
        precondition(page.utf8.count == bytes)
    }
    report("mustache.render_player_page", stringSamples, bytes: bytes)

    var buffer: [UInt8] = []
    buffer.reserveCapacity(bytes)
    let byteSamples = try measure(runs: runs) {
        buffer.removeAll(keepingCapacity: true)
        try library.render("player", context, appendingTo: &buffer)
        precondition(buffer.count == bytes)
    }
    report("mustache.render_player_page_bytes", byteSamples, bytes: bytes)
}

/// Runs `body` a tenth of `runs` times to warm up, then `runs` times; the durations in nanoseconds.
private func measure(runs: Int, _ body: () throws -> Void) rethrows -> [UInt64] {
    for _ in 0..<max(1, runs / 10) { try body() }
    var samples: [UInt64] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        samples.append(DispatchTime.now().uptimeNanoseconds - start)
    }
    return samples.sorted()
}

private func report(_ name: String, _ sorted: [UInt64], bytes: Int) {
    let median = Double(sorted[sorted.count / 2]) / 1_000
    let p90 = Double(sorted[sorted.count * 9 / 10]) / 1_000
    print("\(name) median_us=\(rounded(median)) p90_us=\(rounded(p90)) bytes=\(bytes)")
}

private func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

private enum MustacheBenchmarkPage {
    static let templates: [String: String] = [
        "player": """
        <!doctype html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <meta name="viewport" content="width=device-width, initial-scale=1">
          <title>{{prototype.title}} · {{device.name}} · ModalLab</title>
          <link rel="stylesheet" href="/static/player.css">
        </head>
        <body class="player{{#dev}} dev{{/dev}}" data-prototype="{{prototype.id}}" data-session="{{session}}">
          <header class="toolbar" role="toolbar" aria-label="Player controls">
            <a class="back" href="/board/{{prototype.id}}">Board</a>
            <select name="device" aria-label="Device">
              {{#devices}}
              <option value="{{id}}"{{#selected}} selected{{/selected}}>{{name}} ({{width}}×{{height}})</option>
              {{/devices}}
            </select>
            <button type="button" data-intent="rotate" aria-pressed="{{landscape}}">Rotate</button>
          </header>
          <main class="stage">
            <div class="device {{device.idiom}} {{orientation}}" style="width: {{device.width}}pt; height: {{device.height}}pt; --scale: {{device.scale}}" data-size-class="{{sizeClass}}">
              <div class="status-bar"><span class="time">9:41</span></div>
              <div class="screen" data-screen="{{screen.id}}">
                <nav class="navigation-bar">
                  {{#screen.back}}<button type="button" class="nav-back" data-intent="back">{{.}}</button>{{/screen.back}}
                  <h1>{{screen.title}}</h1>
                </nav>
                <ul class="controls">
                  {{#screen.controls}}
                  <li class="control-row">
                    <button type="button" class="control {{kind}}" id="control-{{id}}" data-intent="present" data-target="{{target}}" data-source="{{id}}"{{#disabled}} disabled{{/disabled}} aria-label="{{label}}">
                      {{#symbol}}<span class="symbol" aria-hidden="true">{{.}}</span>{{/symbol}}{{label}}
                    </button>
                    {{#detail}}<span class="detail">{{.}}</span>{{/detail}}
                  </li>
                  {{/screen.controls}}
                </ul>
              </div>
              {{#layers}}
              <div class="layer depth-{{depth}}" data-depth="{{depth}}" data-style="{{style}}">
                {{#dimmed}}<div class="dimming" style="opacity: {{dimming}}" data-intent="{{dismissIntent}}"></div>{{/dimmed}}
                {{#alert}}
                {{>modals/alert}}
                {{/alert}}
                {{#sheet}}
                {{>modals/sheet}}
                {{/sheet}}
                {{#popover}}
                {{>modals/popover}}
                {{/popover}}
              </div>
              {{/layers}}
              {{^layers}}
              <p class="empty-stack">Nothing presented.</p>
              {{/layers}}
            </div>
          </main>
          <script type="module" src="/static/player.js"></script>
        </body>
        </html>

        """,
        "modals/alert": """
        <div class="alert" role="alertdialog" aria-modal="true" id="{{id}}" aria-labelledby="{{id}}-title"{{#message}} aria-describedby="{{id}}-message"{{/message}}>
          <div class="alert-text">
            <h2 id="{{id}}-title">{{title}}</h2>
            {{#message}}
            <p id="{{id}}-message">{{message}}</p>
            {{/message}}
          </div>
          <div class="alert-actions {{#stacked}}stacked{{/stacked}}{{^stacked}}side-by-side{{/stacked}}">
            {{#actions}}
            {{>modals/button}}
            {{/actions}}
          </div>
        </div>
        """,
        "modals/sheet": """
        <section class="sheet {{presentationStyle}}" role="dialog" aria-modal="{{modal}}" aria-label="{{title}}" id="{{id}}" data-detents="{{#detents}}{{.}} {{/detents}}" style="--detent: {{detentHeight}}pt">
          {{#grabber}}<div class="grabber" aria-hidden="true"></div>{{/grabber}}
          <header class="sheet-header">
            {{#cancel}}<button type="button" class="bar-button cancel" data-intent="dismiss">{{.}}</button>{{/cancel}}
            <h2>{{title}}</h2>
            {{#done}}<button type="button" class="bar-button done" data-intent="confirm">{{.}}</button>{{/done}}
          </header>
          <div class="sheet-content">
            {{#rows}}
            <div class="row"><span class="row-title">{{title}}</span><span class="row-value">{{value}}</span></div>
            {{/rows}}
            {{#actions}}
            {{>modals/button}}
            {{/actions}}
          </div>
        </section>
        """,
        "modals/popover": """
        <div class="popover arrow-{{arrowDirection}}" role="dialog" aria-label="{{title}}" id="{{id}}" style="left: {{frame.x}}pt; top: {{frame.y}}pt; width: {{frame.width}}pt; height: {{frame.height}}pt" data-source="{{sourceView}}">
          <div class="popover-arrow" style="left: {{arrowOffset}}pt"></div>
          <div class="popover-content">
            <h2>{{title}}</h2>
            <ul>
              {{#actions}}
              <li>{{>modals/button}}</li>
              {{/actions}}
            </ul>
          </div>
        </div>
        """,
        "modals/button": """
        <button type="button" class="action {{style}}{{#preferred}} preferred{{/preferred}}" data-intent="{{intent}}" data-action="{{id}}"{{#destructive}} data-destructive{{/destructive}}>{{title}}</button>
        """,
    ]

    static func context() -> [String: Any] {
        let kinds = ["button", "cell", "bar-item"]
        let labels = ["Share", "Delete “Draft”", "Settings", "Terms & Conditions", "Filter <all>"]
        let controls: [[String: Any]] = (0..<15).map { (i: Int) -> [String: Any] in
            let label: String = labels[i % 5] + " \(i)"
            var control: [String: Any] = [
                "id": "c\(i)", "kind": kinds[i % 3], "target": "m\(i % 20)", "label": label, "disabled": i % 7 == 6,
            ]
            if i % 2 == 0 { control["symbol"] = "square.and.arrow.up" }
            if i % 3 == 0 { control["detail"] = "\(i * 3) items" }
            return control
        }
        let layers: [[String: Any]] = (0..<20).map { (i: Int) -> [String: Any] in
            let titles = ["OK", "Cancel", "Delete", "Save as “Copy”"]
            let styles = ["default", "cancel", "destructive", "default"]
            let actions: [[String: Any]] = (0..<(2 + i % 3)).map { (a: Int) -> [String: Any] in
                let id: String = "m\(i)-a\(a)"
                return [
                    "id": id, "title": titles[a % 4], "style": styles[a % 4], "intent": "action",
                    "preferred": a == 0, "destructive": a == 2,
                ]
            }
            var layer: [String: Any] = [
                "depth": i + 1, "dimmed": i % 3 != 2, "dimming": 0.4, "dismissIntent": "dismiss",
                "style": ["alert", "pageSheet", "popover"][i % 3],
            ]
            switch i % 3 {
            case 0:
                var alert: [String: Any] = [
                    "id": "m\(i)", "title": "Delete \(i) items?", "stacked": actions.count > 2, "actions": actions,
                ]
                if i % 2 == 0 { alert["message"] = "This can't be undone & the items go to <Trash>." }
                layer["alert"] = alert
            case 1:
                layer["sheet"] =
                    [
                        "id": "m\(i)", "title": "Sheet \(i)", "presentationStyle": "page-sheet", "modal": i % 2 == 0,
                        "detents": ["medium", "large"], "detentHeight": 421.5, "grabber": true,
                        "cancel": "Cancel", "done": i % 2 == 0 ? "Done" : "",
                        "rows": (0..<4).map { (r: Int) -> [String: Any] in
                            ["title": "Row \(r)", "value": "Value \(r * i)"]
                        },
                        "actions": actions,
                    ] as [String: Any]
            default:
                layer["popover"] =
                    [
                        "id": "m\(i)", "title": "Popover \(i)", "arrowDirection": "up", "sourceView": "c\(i % 15)",
                        "frame": ["x": 24.0, "y": 88.5, "width": 320.0, "height": 240.0], "arrowOffset": 42,
                        "actions": actions,
                    ] as [String: Any]
            }
            return layer
        }
        return [
            "prototype": ["id": "onboarding", "title": "Onboarding & Sharing"],
            "session": "3f2a9c",
            "dev": true,
            "devices": (0..<6).map { (d: Int) -> [String: Any] in
                ["id": "d\(d)", "name": "iPhone \(d + 12)", "width": 390 + d * 10, "height": 844, "selected": d == 2]
            },
            "landscape": false,
            "device": ["name": "iPhone 15", "idiom": "phone", "width": 393, "height": 852, "scale": 3.0],
            "orientation": "portrait",
            "sizeClass": "compact",
            "screen": ["id": "home", "title": "Home", "back": "Settings", "controls": controls],
            "layers": layers,
        ]
    }
}
