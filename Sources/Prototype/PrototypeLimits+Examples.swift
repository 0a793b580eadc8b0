import JSON

extension PrototypeLimits {
    /// Valid documents that each reach one limit (and one that reaches all it can at once), to
    /// measure what a document at the limits costs (`modallab-bench limits`) and to test that
    /// the limits accept them. ``depth`` has no example: a valid document is at most 10 deep,
    /// so only invalid ones reach it, and they are refused before decoding.
    public func examples() -> [(name: String, document: JSONValue)] {
        let words = "Delete the message from every device and tell the people in the thread about it. "
        func text(_ n: Int) -> String { String(String(repeating: words, count: n / words.count + 1).prefix(n)) }
        func button(_ id: String, title: String = "Open", action: JSONValue? = nil) -> JSONValue {
            var o: JSONObject = ["id": .string(id), "title": .string(title)]
            if let action { o["action"] = action }
            return .object(o)
        }
        func doc(_ screens: [JSONValue], modals: [JSONValue] = [], extra: JSONObject = [:]) -> JSONValue {
            var o: JSONObject = [
                "format": "modallab/1", "id": "limits", "name": "Limits", "targetOS": "18",
                "devices": ["iphone-se-3", "iphone-16-pro-max", "ipad-mini", "ipad-pro-13"], "start": "home",
                "screens": .array(screens),
            ]
            if !modals.isEmpty { o["modals"] = .array(modals) }
            for (k, v) in extra { o[k] = v }
            return .object(o)
        }
        let done: JSONValue = ["trailing": [["id": "done", "title": "Done", "role": "done", "action": "dismiss"]]]
        func alert(_ i: Int, actions: Int = 2, message: String = "It can't be undone.") -> JSONValue {
            var list: [JSONValue] = [["title": "Cancel", "role": "cancel"]]
            for k in 1..<max(actions, 2) { list.append(["title": .string("Delete \(k)"), "role": "destructive"]) }
            return [
                "id": .string("m\(i)"), "style": "alert", "title": .string("Delete item \(i)?"),
                "message": .string(message), "actions": .array(list),
            ]
        }
        /// Modals of every kind, each presented by a button of `home`.
        func mixed(_ n: Int) -> (buttons: [JSONValue], modals: [JSONValue]) {
            var buttons: [JSONValue] = []
            var modals: [JSONValue] = []
            for i in 0..<n {
                let id = "m\(i)"
                buttons.append(button("b\(i)", action: ["present": .string(id)]))
                let bar: JSONValue = [
                    "leading": [
                        ["id": .string("\(id)-cancel"), "title": "Cancel", "role": "cancel", "action": "dismiss"]
                    ]
                ]
                switch i % 5 {
                case 0: modals.append(alert(i))
                case 1:
                    modals.append([
                        "id": .string(id), "style": "actionSheet", "source": .string("b\(i)"),
                        "actions": [
                            ["title": "Delete", "role": "destructive"], ["title": "Cancel", "role": "cancel"],
                        ],
                    ])
                case 2:
                    modals.append([
                        "id": .string(id), "style": "pageSheet", "title": .string("Edit \(i)"),
                        "detents": ["medium", "large"], "navigationBar": bar,
                        "content": [
                            ["type": "textField", "id": .string("\(id)-f"), "label": "Name", "userContent": true]
                        ],
                    ])
                case 3:
                    modals.append([
                        "id": .string(id), "style": "popover", "source": .string("b\(i)"),
                        "title": .string("Sort \(i)"),
                        "navigationBar": bar,
                    ])
                default:
                    modals.append([
                        "id": .string(id), "style": "activity", "source": .string("b\(i)"),
                        "activities": ["airdrop", "mail"],
                        "customActivities": [["id": .string("\(id)-pin"), "title": "Pin Item", "systemImage": "pin"]],
                    ])
                }
            }
            return (buttons, modals)
        }

        var out: [(String, JSONValue)] = []
        // bytes: as many alerts as there may be modals, with messages as long as the size limit
        // then allows (the text the linter reads most), each opened from a button of home.
        let count = modals
        let long = text(min(stringLength, (bytes - 2048) / count - 400))
        out.append(
            (
                "bytes",
                doc(
                    [
                        [
                            "id": "home",
                            "content": .array(
                                (0..<count).map { button("b\($0)", action: ["present": .string("m\($0)")]) }),
                        ]
                    ],
                    modals: (0..<count).map { alert($0, message: long) })
            ))
        // stringLength: an alert whose title and message are that long, and a long typed value.
        let long1 = text(stringLength)
        out.append(
            (
                "stringLength",
                doc(
                    [
                        [
                            "id": "home",
                            "content": [
                                button("b", action: ["present": "m0"]),
                                ["type": "textArea", "id": "notes", "value": .string(long1)],
                            ],
                        ]
                    ],
                    modals: [
                        [
                            "id": "m0", "style": "alert", "title": .string(long1), "message": .string(long1),
                            "actions": [["title": "Cancel", "role": "cancel"], ["title": .string(long1)]],
                        ]
                    ])
            ))
        // members: lint settings naming that many rules.
        var severity = JSONObject()
        for i in 0..<members { severity["rule-\(i)"] = "info" }
        out.append(("members", doc([["id": "home"]], extra: ["lint": ["severity": .object(severity)]])))
        // screens and modalScreens: the app's screens and a modal's, a push chain through each.
        let modalScreenIDs = (0..<modalScreens).map { "ms\($0)" }
        let appScreens = (0..<(screens - modalScreens)).map { i -> JSONValue in
            let next: JSONValue? = i + 1 < screens - modalScreens ? ["push": .string("s\(i + 1)")] : nil
            return [
                "id": .string(i == 0 ? "home" : "s\(i)"), "title": .string("Screen \(i)"),
                "content": [button("go\(i)", action: next ?? ["present": "sheet"])],
            ]
        }
        let sheetScreens = modalScreenIDs.enumerated().map { (k, id) -> JSONValue in
            let next: JSONValue = k + 1 < modalScreens ? ["push": .string(modalScreenIDs[k + 1])] : "dismiss"
            return ["id": .string(id), "title": .string("Step \(k)"), "content": [button("\(id)-next", action: next)]]
        }
        let sheet: JSONValue = [
            "id": "sheet", "style": "pageSheet", "title": "Sheet", "navigationBar": done,
            "content": [button("start", action: ["push": "ms0"])], "screens": .array(sheetScreens),
        ]
        out.append(("screens", doc(appScreens, modals: [sheet])))
        // modals and controlsPerScreen: that many modals of every kind, each opened from home.
        let m = mixed(modals)
        out.append(("modals", doc([["id": "home", "content": .array(m.buttons)]], modals: m.modals)))
        // listItems: one list of that many rows, each presenting an alert.
        let rows = (0..<listItems).map { i -> JSONValue in
            ["id": .string("r\(i)"), "title": .string("Row \(i)"), "subtitle": "Detail", "action": ["present": "m0"]]
        }
        out.append(
            (
                "listItems",
                doc(
                    [["id": "home", "content": [["type": "list", "id": "list", "items": .array(rows)]]]],
                    modals: [alert(0)])
            ))
        // arrayItems: an alert with that many actions.
        out.append(
            (
                "arrayItems",
                doc(
                    [["id": "home", "content": [button("b", action: ["present": "m0"])]]],
                    modals: [alert(0, actions: arrayItems)])
            ))
        // Everything at once: the modals and their buttons, a screen with a full list, a long
        // alert with the most actions, the lint settings.
        var all = mixed(modals)
        all.modals[0] = alert(0, actions: arrayItems, message: long1)
        let listScreen: JSONValue = ["id": "list", "content": [["type": "list", "id": "list", "items": .array(rows)]]]
        out.append(
            (
                "all",
                doc(
                    [["id": "home", "content": .array(all.buttons)], listScreen], modals: all.modals,
                    extra: ["lint": ["severity": .object(severity)]])
            ))
        return out
    }
}
