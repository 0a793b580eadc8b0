import Dispatch
import JSON
import Presentation
import Prototype

/// `lint.1000_modals`: lints a generated prototype of 1,000 modals (alerts, action sheets,
/// sheets with pushed screens, popovers, activity views, full-screen modals), every one
/// presented from a button of the app's screen, on iPhone SE, iPhone 16 Pro Max and two iPads.
/// Prints the median of 15 runs of `Linter.lint(_:)`, and of decode + lint from bytes.
func lintBenchmark() throws {
    let bytes = lintBenchmarkDocument(modals: 1000)
    guard let prototype = try Prototype.decode(bytes).prototype else {
        print("lint.1000_modals error=the generated prototype does not decode")
        return
    }
    let linter = Linter()
    var findings = 0
    func median(_ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<15 {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return times.sorted()[times.count / 2]
    }
    let lintMs = median { findings = linter.lint(prototype).count }
    let fileMs = median { _ = linter.lint(file: bytes) }
    print("lint.1000_modals median_ms=\(format(lintMs)) diagnostics=\(findings)")
    print("lint.1000_modals_from_bytes median_ms=\(format(fileMs)) bytes=\(bytes.count)")
}

private func format(_ x: Double) -> String { String(Double(Int(x * 100)) / 100) }

/// The generated document's bytes.
func lintBenchmarkDocument(modals count: Int) -> [UInt8] {
    var buttons: [JSONValue] = []
    var modals: [JSONValue] = []
    for i in 0..<count {
        let id = "m\(i)"
        let button = "b\(i)"
        buttons.append([
            "type": "button", "id": .string(button), "title": .string("Open \(i)"), "action": ["present": .string(id)],
        ])
        let bar: JSONValue = [
            "leading": [["id": .string("\(id)-cancel"), "title": "Cancel", "role": "cancel", "action": "dismiss"]],
            "trailing": [["id": .string("\(id)-done"), "title": "Done", "role": "done", "action": "dismiss"]],
        ]
        switch i % 6 {
        case 0:
            modals.append([
                "id": .string(id), "style": "alert", "title": .string("Delete item \(i)?"),
                "message": "This can't be undone, and the item will be removed from every device.",
                "actions": [["title": "Cancel", "role": "cancel"], ["title": "Delete", "role": "destructive"]],
            ])
        case 1:
            modals.append([
                "id": .string(id), "style": "actionSheet", "source": .string(button), "title": .string("Item \(i)"),
                "actions": [
                    ["title": "Delete Item", "role": "destructive"], ["title": "Duplicate"], ["title": "Move"],
                    ["title": "Cancel", "role": "cancel"],
                ],
            ])
        case 2:
            modals.append([
                "id": .string(id), "style": "pageSheet", "title": .string("Edit \(i)"), "detents": ["medium", "large"],
                "grabber": true, "navigationBar": bar,
                "content": [
                    ["type": "textField", "id": .string("\(id)-name"), "label": "Name", "userContent": true],
                    [
                        "type": "button", "id": .string("\(id)-next"), "title": "Next",
                        "action": ["push": .string("\(id)-s1")],
                    ],
                ],
                "screens": [["id": .string("\(id)-s1"), "title": "Details"]],
            ])
        case 3:
            modals.append([
                "id": .string(id), "style": "popover", "source": .string(button), "title": .string("Sort \(i)"),
                "preferredContentSize": ["width": 320, "height": 400],
                "navigationBar": ["trailing": [["id": .string("\(id)-ok"), "title": "Done", "action": "dismiss"]]],
                "content": [
                    [
                        "type": "list", "id": .string("\(id)-list"),
                        "items": [["id": .string("\(id)-a"), "title": "Name", "action": "dismiss"]],
                    ]
                ],
            ])
        case 4:
            modals.append([
                "id": .string(id), "style": "activity", "source": .string(button),
                "activities": ["airdrop", "messages", "mail", "copy"],
                "customActivities": [["id": .string("\(id)-pin"), "title": "Pin Item", "systemImage": "pin"]],
            ])
        default:
            modals.append([
                "id": .string(id), "style": "fullScreen", "title": .string("Viewer \(i)"), "task": "immersive",
                "transition": "crossDissolve", "rationale": "Fades in",
                "navigationBar": ["leading": [["id": .string("\(id)-close"), "title": "Close", "action": "dismiss"]]],
                "content": [["type": "image", "id": .string("\(id)-img"), "label": "Photo"]],
            ])
        }
    }
    let doc: JSONValue = [
        "format": "modallab/1", "id": "bench", "name": "Bench", "targetOS": "18",
        "devices": ["iphone-se-3", "iphone-16-pro-max", "ipad-mini", "ipad-pro-13"], "start": "home",
        "screens": [["id": "home", "title": "Home", "content": .array(buttons)]], "modals": .array(modals),
    ]
    return JSONWriter().bytes(doc)
}
