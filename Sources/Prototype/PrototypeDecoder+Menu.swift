import JSON

extension PrototypeDecoder {
    /// A `"menu"` or `"contextMenu"` object (``Menu``): `title`, `children` (required, at least one
    /// item), `singleSelection`; a context menu may name a `preview` screen. Each issue names its
    /// JSON path; unknown members get a did-you-mean among the menu's members.
    func menu(_ r: JSONReader, context: Bool) -> Menu? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let title = attempt { () throws(JSONShapeError) in try o.optional("title")?.string() } ?? nil
        let single = attempt { () throws(JSONShapeError) in try o.optional("singleSelection")?.bool() } ?? nil
        var preview: String?
        if context {
            preview = attempt { () throws(JSONShapeError) in try o.optional("preview")?.string() } ?? nil
        } else if let v = o.object["preview"] {
            _ = o.optional("preview")
            issue(
                r.path.appending("preview"), .noEffectOnControl, ["member": "preview", "kind": "pull-down menu"],
                severity: .warning, code: "format.style-key")
            skip(r.path.appending("preview"), v)
        }
        let children = menuElements(
            attempt { () throws(JSONShapeError) in
                try o.required("children", FormatMessage.Phrase.menuItems.rawValue)
            })
        finish(o, .menu)
        if let children, children.isEmpty {
            issue(
                r.path.appending("children"), .expectedType,
                ["expected": "a non-empty array of menu items", "found": "[]"])
        }
        guard let children, !children.isEmpty else { return nil }
        return Menu(title: title, children: children, singleSelection: single ?? false, preview: preview)
    }

    /// The items of a menu or submenu, or `nil` when `r` is no array (the issue is recorded).
    func menuElements(_ r: JSONReader?) -> [MenuElement]? {
        guard let r else { return nil }
        guard let items = attempt({ () throws(JSONShapeError) in try r.array() }) else {
            skip(r.path, r.value)
            return nil
        }
        return items.compactMap { menuElement($0) }
    }

    /// One menu item: `id` and `title` (required), `systemImage`, `role` (`destructive`),
    /// `checked`, `action`, or `children` for a submenu (a submenu has no action).
    func menuElement(_ r: JSONReader) -> MenuElement? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let id = attempt { () throws(JSONShapeError) in
            try o.required("id", FormatMessage.Phrase.menuItemID.rawValue).string()
        }
        let title = attempt { () throws(JSONShapeError) in
            try o.required("title", FormatMessage.Phrase.title.rawValue).string()
        }
        let image = attempt { () throws(JSONShapeError) in try o.optional("systemImage")?.string() } ?? nil
        let role =
            attempt { () throws(JSONShapeError) in try o.optional("role")?.oneOf(["default", "destructive"]) } ?? nil
        let checked = attempt { () throws(JSONShapeError) in try o.optional("checked")?.bool() } ?? nil
        let act = o.optional("action").flatMap { action($0) }
        let children = o.optional("children").flatMap { menuElements($0) }
        if children != nil, act != nil {
            issue(
                r.path.appending("action"), .noEffectOnControl, ["member": "action", "kind": "submenu"],
                severity: .warning, code: "format.style-key")
        }
        finish(o, .menuElement)
        guard let id, let title else {
            skip(r.path, r.value)
            return nil
        }
        return MenuElement(
            id: id, title: title, systemImage: image, role: role == "destructive" ? .destructive : nil,
            checked: checked,
            action: children == nil ? act : nil, children: children)
    }
}
