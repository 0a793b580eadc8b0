import JSON

extension Prototype {
    /// The value of `"format"` this version reads.
    public static let formatName = "modallab/1"

    /// Decodes a prototype document (SPEC §3) from UTF-8 JSON bytes.
    ///
    /// Collects every format issue instead of stopping at the first: wrong shapes and unknown
    /// members (with "did you mean"), bad ids, duplicate ids, dangling references (a `present` of
    /// an unknown modal, a `source` that is no control, …). Members that belong to another style
    /// are warnings (`format.style-key`). A document beyond `limits` (``PrototypeLimits``) is not
    /// decoded: its only issues are the `format.limit` errors (a document over
    /// ``PrototypeLimits/bytes`` is not even parsed).
    /// - Throws: ``JSONSyntaxError`` (line and column) when the bytes are not JSON at all.
    public static func decode(_ bytes: [UInt8], limits: PrototypeLimits = .standard) throws(JSONSyntaxError)
        -> DecodeResult
    {
        if let tooLarge = limits.checkSize(bytes.count) { return DecodeResult(prototype: nil, issues: [tooLarge]) }
        // Editors on some systems save UTF-8 with a byte-order mark; RFC 8259 §8.1 lets a parser ignore it.
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let value = try JSONParser.parse(body)
        return decode(value, version: fnv1a64Hex(bytes), limits: limits)
    }

    /// Decodes an already parsed document. `version` is the `prototype_version` to record;
    /// by default the hash of the value's compact serialisation. A document beyond the shape
    /// limits (``PrototypeLimits/check(_:)``) is not decoded; at most
    /// ``PrototypeLimits/reportedIssues`` issues are listed.
    public static func decode(_ value: JSONValue, version: String? = nil, limits: PrototypeLimits = .standard)
        -> DecodeResult
    {
        let over = limits.check(value)
        if !over.isEmpty { return DecodeResult(prototype: nil, issues: over) }
        let d = PrototypeDecoder()
        let p = d.document(JSONReader(value), version: version ?? fnv1a64Hex(JSONWriter().bytes(value)))
        var issues = d.issues
        if let p {
            let v = Validator(prototype: p)
            issues += v.validate()
        }
        let hasErrors = issues.contains { $0.severity == .error }
        return DecodeResult(prototype: hasErrors ? nil : p, issues: limits.capped(issues))
    }
}

/// FNV-1a, 64-bit, as 16 lowercase hex digits: the prototype version hash.
func fnv1a64Hex(_ bytes: [UInt8]) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes {
        h ^= UInt64(b)
        h = h &* 0x100_0000_01b3
    }
    let s = String(h, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
}

/// Walks a document with ``JSONReader``, recording issues and skipping what cannot be read.
final class PrototypeDecoder {
    var issues: [FormatIssue] = []

    /// Records a wrong shape (code `format`).
    func record(_ e: JSONShapeError) {
        issues.append(FormatIssue(path: e.path, message: e.message, code: "format"))
    }

    /// Runs `body`, recording a thrown shape error; `nil` when it threw.
    func attempt<T>(_ body: () throws(JSONShapeError) -> T) -> T? {
        do { return try body() } catch {
            record(error)
            return nil
        }
    }

    func finish(_ o: ObjectReader, allowing extra: [String] = []) {
        // Report every unknown member, not only the first.
        for e in o.unknownMembers(allowing: extra) {
            issues.append(FormatIssue(path: e.path, message: e.message, code: "format.unknown-key"))
        }
    }

    // MARK: Document

    func document(_ r: JSONReader, version: String) -> Prototype? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let format = attempt { () throws(JSONShapeError) in
            try o.required("format", "\"modallab/1\"").oneOf([Prototype.formatName])
        }
        let id = attempt { () throws(JSONShapeError) in try o.required("id", "an id").string() }
        let name = attempt { () throws(JSONShapeError) in try o.optional("name")?.string() } ?? nil
        let targetOS = attempt { () throws(JSONShapeError) in try o.optional("targetOS").map(readOS) } ?? nil
        let devices = attempt { () throws(JSONShapeError) in try o.optional("devices")?.strings() } ?? nil
        let tint = attempt { () throws(JSONShapeError) in try o.optional("tint")?.string() } ?? nil
        if let tint, !isHexColour(tint) {
            issues.append(
                FormatIssue(
                    path: r.path.appending("tint"),
                    message: "expected a colour like \"#007AFF\"; found \(JSONWriter.quoted(tint))"))
        }
        let start = attempt { () throws(JSONShapeError) in
            try o.required("start", "the id of the first screen").string()
        }
        let screens =
            attempt { () throws(JSONShapeError) in try o.required("screens", "an array of screens").array() }?
            .compactMap { screen($0) } ?? []
        let modals =
            attempt { () throws(JSONShapeError) in try o.optional("modals")?.array() }??
            .compactMap { modal($0) } ?? []
        let lint = o.optional("lint").flatMap { lintSettings($0) } ?? .none
        let requiresFullScreen =
            attempt { () throws(JSONShapeError) in try o.optional("requiresFullScreen")?.bool() } ?? nil
        _ = o.optional("$schema")
        _ = o.optional("description")
        finish(o)
        guard let format, let id, let start else { return nil }
        var p = Prototype(
            format: format, id: id, name: name ?? id, targetOS: targetOS ?? 18,
            devices: devices ?? ["iphone-16", "ipad-pro-11"], tint: tint, start: start,
            screens: screens, modals: modals, lint: lint, version: version)
        p.requiresFullScreen = requiresFullScreen ?? false
        p.buildIndexes()
        return p
    }

    /// Largest length accepted, in points: far beyond any screen, small enough for any arithmetic.
    static let maxPoints = 100_000.0

    /// A length in points: a number above 0 and at most ``maxPoints``.
    func points(_ r: JSONReader) throws(JSONShapeError) -> Double {
        let v = try r.number()
        guard v > 0, v <= PrototypeDecoder.maxPoints else {
            throw r.fail("expected a length above 0 and at most 100000 points; found \(JSONReader.describe(r.value))")
        }
        return v
    }

    func readOS(_ r: JSONReader) throws(JSONShapeError) -> Int {
        if let n = r.value.numberValue, n >= 7, n < 100 { return Int(n) }
        if let s = r.value.stringValue, let major = Int(s.split(separator: ".").first ?? ""), major >= 7, major < 100 {
            return major
        }
        throw r.fail("expected an iOS version such as \"18\" or \"17.4\"; found \(JSONReader.describe(r.value))")
    }

    func isHexColour(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard u.first == UInt8(ascii: "#"), u.count == 7 || u.count == 4 || u.count == 9 else { return false }
        return u.dropFirst().allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) }
    }

    func lintSettings(_ r: JSONReader) -> LintSettings? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let disable = attempt { () throws(JSONShapeError) in try o.optional("disable")?.strings() } ?? nil
        var severity: [String: String] = [:]
        if let s = attempt({ () throws(JSONShapeError) in try o.optional("severity")?.object() }) ?? nil {
            for (k, _) in s.object {
                if let level = attempt({ () throws(JSONShapeError) in
                    try s.required(k).oneOf(["error", "warning", "info"])
                }) {
                    severity[k] = level
                }
            }
        }
        let productNames = attempt { () throws(JSONShapeError) in try o.optional("productNames")?.strings() } ?? nil
        finish(o)
        var settings = LintSettings(disable: disable ?? [], severity: severity)
        settings.productNames = productNames ?? []
        return settings
    }

    // MARK: Screens and controls

    func screen(_ r: JSONReader) -> Screen? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let id = attempt { () throws(JSONShapeError) in try o.required("id", "a screen id").string() }
        let title = attempt { () throws(JSONShapeError) in try o.optional("title")?.string() } ?? nil
        let bar = o.optional("navigationBar").flatMap { navigationBar($0) }
        let toolbar = o.optional("toolbar").map { controls($0) } ?? []
        let content = o.optional("content").map { controls($0) } ?? []
        finish(o)
        guard let id else { return nil }
        return Screen(id: id, title: title, navigationBar: bar, toolbar: toolbar, content: content)
    }

    func navigationBar(_ r: JSONReader) -> NavigationBar? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let leading = o.optional("leading").map { controls($0) } ?? []
        let trailing = o.optional("trailing").map { controls($0) } ?? []
        let appearance = attempt { () throws(JSONShapeError) in try o.optional("appearance")?.string() } ?? nil
        finish(o)
        return NavigationBar(leading: leading, trailing: trailing, appearance: appearance)
    }

    func controls(_ r: JSONReader) -> [Control] {
        guard let items = attempt({ () throws(JSONShapeError) in try r.array() }) else { return [] }
        return items.compactMap { control($0) }
    }

    /// Members each control kind reads (SPEC §3); the union is every known control member.
    static let controlMembers: [ControlKind: Set<String>] = [
        .button: ["title", "systemImage", "role", "action", "accessibilityLabel"],
        .textField: ["label", "placeholder", "value"],
        .textArea: ["label", "placeholder", "value"],
        .toggle: ["label", "value"],
        .list: ["items"],
        .text: ["text", "role"],
        .image: ["label", "height", "systemImage"],
        .segmented: ["segments", "value"],
    ]
    static let allControlMembers: Set<String> = controlMembers.values.reduce(into: ["type", "id", "userContent"]) {
        $0.formUnion($1)
    }

    func control(_ r: JSONReader) -> Control? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let kind = attempt { () throws(JSONShapeError) in try o.optional("type")?.enum(ControlKind.self) } ?? .button
        let id = attempt { () throws(JSONShapeError) in try o.required("id", "a control id").string() }
        var c = Control(kind: kind ?? .button, id: id ?? "")
        let applies = PrototypeDecoder.controlMembers[c.kind] ?? []
        func str(_ key: String) -> String? {
            guard applies.contains(key) else { return nil }
            return attempt { () throws(JSONShapeError) in try o.optional(key)?.string() } ?? nil
        }
        c.userContent =
            attempt { () throws(JSONShapeError) in try o.optional("userContent")?.bool() }.flatMap { $0 } ?? false
        c.title = str("title")
        c.systemImage = str("systemImage")
        c.label = str("label")
        c.placeholder = str("placeholder")
        c.text = str("text")
        c.accessibilityLabel = str("accessibilityLabel")
        switch c.kind {
        case .button:
            c.role = attempt { () throws(JSONShapeError) in try o.optional("role")?.enum(ButtonRole.self) } ?? nil
            c.action = o.optional("action").flatMap { action($0) }
            if c.title == nil && c.systemImage == nil {
                issues.append(FormatIssue(path: r.path, message: "a button needs a \"title\" or a \"systemImage\""))
            }
        case .text:
            c.tone =
                attempt { () throws(JSONShapeError) in try o.optional("role")?.oneOf(["default", "warning", "error"]) }
                ?? nil
        case .textField, .textArea:
            c.value = str("value")
        case .toggle:
            c.isOn = attempt { () throws(JSONShapeError) in try o.optional("value")?.bool() }.flatMap { $0 } ?? false
        case .segmented:
            c.segments =
                attempt { () throws(JSONShapeError) in try o.optional("segments")?.strings() }.flatMap { $0 } ?? []
            if let v = o.optional("value") { c.selectedSegment = selectedSegment(v, of: c.segments) }
        case .list:
            c.items =
                attempt { () throws(JSONShapeError) in try o.optional("items")?.array() }??.compactMap { listItem($0) }
                ?? []
        case .image:
            c.height = attempt { () throws(JSONShapeError) in try o.optional("height").map(points) } ?? nil
        }
        for (k, _) in o.object
        where !applies.contains(k) && PrototypeDecoder.allControlMembers.contains(k)
            && !["type", "id", "userContent"].contains(k)
        {
            _ = o.optional(k)
            issues.append(
                FormatIssue(
                    path: r.path.appending(k), message: "\"\(k)\" has no effect on a \(c.kind.rawValue)",
                    severity: .warning,
                    code: "format.style-key"))
        }
        finish(o)
        return id == nil ? nil : c
    }

    /// A segmented control's `value`: the selected segment's zero-based index (UIKit's
    /// `selectedSegmentIndex`), an integer within `segments`; anything else is an error at the
    /// value's path.
    func selectedSegment(_ r: JSONReader, of segments: [String]) -> Int? {
        let expected = "the selected segment's zero-based index"
        guard let i = r.value.intValue else {
            var m = "expected \(expected) (an integer); found \(JSONReader.describe(r.value))"
            if let title = r.value.stringValue, let k = segments.firstIndex(of: title) {
                m += " (the segment \(JSONWriter.quoted(title)) is index \(k))"
            }
            issues.append(FormatIssue(path: r.path, message: m))
            return nil
        }
        guard segments.indices.contains(i) else {
            let range =
                segments.isEmpty ? "there are no segments" : "0–\(segments.count - 1) for \(segments.count) segments"
            issues.append(
                FormatIssue(path: r.path, message: "expected \(expected), \(range); found \(i)"))
            return nil
        }
        return i
    }

    func listItem(_ r: JSONReader) -> ListItem? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let id = attempt { () throws(JSONShapeError) in try o.required("id", "an item id").string() }
        let title = attempt { () throws(JSONShapeError) in try o.required("title", "a string").string() }
        let subtitle = attempt { () throws(JSONShapeError) in try o.optional("subtitle")?.string() } ?? nil
        let image = attempt { () throws(JSONShapeError) in try o.optional("systemImage")?.string() } ?? nil
        let act = o.optional("action").flatMap { action($0) }
        finish(o)
        guard let id, let title else { return nil }
        return ListItem(id: id, title: title, subtitle: subtitle, systemImage: image, action: act)
    }

    func action(_ r: JSONReader) -> Action? {
        let expected =
            #"expected "dismiss", "dismissAll", "pop", "none", {"present": "<modal id>"} or {"push": "<screen id>"}"#
        switch r.value {
        case .string(let s):
            switch s {
            case "dismiss": return .dismiss
            case "dismissAll": return .dismissAll
            case "pop": return .pop
            case "none": return Action.none
            default:
                issues.append(
                    FormatIssue(
                        path: r.path,
                        message: "\(expected); found \(JSONWriter.quoted(s))"
                            + Suggest.hint(s, in: ["dismiss", "dismissAll", "pop", "none"])))
                return nil
            }
        case .object(let obj) where obj.count == 1:
            let (k, v) = obj.members[0]
            guard let target = v.stringValue else {
                issues.append(
                    FormatIssue(
                        path: r.path.appending(k), message: "expected an id string; found \(JSONReader.describe(v))"))
                return nil
            }
            if k == "present" { return .present(target) }
            if k == "push" { return .push(target) }
            issues.append(
                FormatIssue(
                    path: r.path.appending(k),
                    message: "unknown member \"\(k)\"" + Suggest.hint(k, in: ["present", "push"]),
                    code: "format.unknown-key"))
            return nil
        default:
            issues.append(FormatIssue(path: r.path, message: "\(expected); found \(JSONReader.describe(r.value))"))
            return nil
        }
    }

    // MARK: Modals

    static let commonModalMembers: Set<String> = [
        "id", "style", "title", "navigationBar", "toolbar", "content", "screens", "confirmDiscard", "transition",
        "rationale", "task", "tags",
    ]
    static let sheetMembers: Set<String> = [
        "detents", "grabber", "largestUndimmedDetent", "selectedDetent", "prefersEdgeAttachedInCompactHeight",
        "modalInPresentation", "preferredContentSize",
    ]
    static let popoverMembers: Set<String> = [
        "source", "permittedArrowDirections", "preferredContentSize", "modal", "selection", "passthrough",
        "onTapOutside", "adaptivePresentationStyle", "modalInPresentation", "detents", "grabber",
    ]
    static let alertMembers: Set<String> = [
        "message", "actions", "textFields", "confirmsDeliberateAction", "preferredAction",
    ]
    static let actionSheetMembers: Set<String> = [
        "message", "actions", "source", "permittedArrowDirections", "confirmsDeliberateAction", "preferredAction",
    ]
    static let activityMembers: Set<String> = [
        "activities", "excludedActivities", "customActivities", "source", "permittedArrowDirections",
    ]
    static let contextMembers: Set<String> = ["context", "compactAdaptation", "modalInPresentation"]

    /// Members with an effect on `style`, beyond the common ones.
    static func styleMembers(_ style: PresentationStyle) -> Set<String> {
        switch style {
        case .automatic, .pageSheet, .formSheet: return sheetMembers
        case .popover: return popoverMembers
        case .alert: return alertMembers
        case .actionSheet: return actionSheetMembers
        case .activity: return activityMembers
        case .currentContext, .overCurrentContext: return contextMembers
        case .fullScreen, .overFullScreen: return ["modalInPresentation"]
        case .none: return []
        }
    }
    static let allModalMembers: Set<String> = commonModalMembers.union(sheetMembers).union(popoverMembers)
        .union(alertMembers).union(actionSheetMembers).union(activityMembers).union(contextMembers)

    func modal(_ r: JSONReader) -> Modal? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let id = attempt { () throws(JSONShapeError) in try o.required("id", "a modal id").string() }
        let style = attempt { () throws(JSONShapeError) in
            try o.required("style", "a presentation style").enum(PresentationStyle.self)
        }
        var m = Modal(
            id: id ?? "", style: style ?? .automatic, title: nil, navigationBar: nil, toolbar: [], content: [],
            screens: [],
            confirmDiscard: nil, transition: nil, rationale: nil, task: nil, tags: [], detents: nil, grabber: nil,
            largestUndimmedDetent: nil, selectedDetent: nil, prefersEdgeAttachedInCompactHeight: false,
            modalInPresentation: false, preferredContentSize: nil, source: nil, permittedArrowDirections: [.any],
            isModalPopover: false, selection: .single, passthrough: [], onTapOutside: nil,
            adaptivePresentationStyle: nil,
            context: nil, compactAdaptation: nil, message: nil, actions: [], textFields: [],
            confirmsDeliberateAction: false,
            activities: [], excludedActivities: [], customActivities: [])
        func str(_ k: String) -> String? { attempt { () throws(JSONShapeError) in try o.optional(k)?.string() } ?? nil }
        func bool(_ k: String) -> Bool? { attempt { () throws(JSONShapeError) in try o.optional(k)?.bool() } ?? nil }
        func strings(_ k: String) -> [String]? {
            attempt { () throws(JSONShapeError) in try o.optional(k)?.strings() } ?? nil
        }
        m.title = str("title")
        m.navigationBar = o.optional("navigationBar").flatMap { navigationBar($0) }
        m.toolbar = o.optional("toolbar").map { controls($0) } ?? []
        m.content = o.optional("content").map { controls($0) } ?? []
        m.screens =
            attempt { () throws(JSONShapeError) in try o.optional("screens")?.array() }??.compactMap { screen($0) }
            ?? []
        m.confirmDiscard = str("confirmDiscard")
        m.transition =
            attempt { () throws(JSONShapeError) in try o.optional("transition")?.enum(TransitionStyle.self) } ?? nil
        m.rationale = str("rationale")
        m.task = attempt { () throws(JSONShapeError) in try o.optional("task")?.enum(TaskKind.self) } ?? nil
        m.tags = strings("tags") ?? []
        // Sheets
        if let d = o.optional("detents") { m.detents = detents(d) }
        m.grabber = bool("grabber")
        m.largestUndimmedDetent = str("largestUndimmedDetent")
        m.selectedDetent = str("selectedDetent")
        m.prefersEdgeAttachedInCompactHeight = bool("prefersEdgeAttachedInCompactHeight") ?? false
        m.modalInPresentation = bool("modalInPresentation") ?? false
        m.preferredContentSize = o.optional("preferredContentSize").flatMap { size($0) }
        // Popovers
        m.source = str("source")
        if let a = o.optional("permittedArrowDirections") { m.permittedArrowDirections = arrows(a) }
        m.isModalPopover = bool("modal") ?? false
        if m.style == .popover && m.modalInPresentation { m.isModalPopover = true }
        m.selection =
            attempt { () throws(JSONShapeError) in try o.optional("selection")?.enum(SelectionMode.self) }.flatMap {
                $0
            } ?? .single
        m.passthrough = strings("passthrough") ?? []
        m.onTapOutside =
            attempt { () throws(JSONShapeError) in try o.optional("onTapOutside")?.enum(OutsideTapBehaviour.self) }
            ?? nil
        m.adaptivePresentationStyle =
            attempt { () throws(JSONShapeError) in
                try o.optional("adaptivePresentationStyle")?.oneOf([
                    "automatic", "none", "formSheet", "pageSheet", "fullScreen", "overFullScreen",
                ])
            } ?? nil
        // Current context
        m.context = str("context")
        m.compactAdaptation =
            attempt { () throws(JSONShapeError) in try o.optional("compactAdaptation")?.enum(CompactAdaptation.self) }
            ?? nil
        // Alerts, action sheets
        m.message = str("message")
        m.actions =
            attempt { () throws(JSONShapeError) in try o.optional("actions")?.array() }??.compactMap { alertAction($0) }
            ?? []
        m.textFields =
            attempt { () throws(JSONShapeError) in try o.optional("textFields")?.array() }??.compactMap {
                textField($0)
            } ?? []
        m.confirmsDeliberateAction = bool("confirmsDeliberateAction") ?? false
        if let p = o.optional("preferredAction") {
            if let i = p.value.intValue {
                m.preferredAction = String(i)
            } else {
                m.preferredAction = attempt { () throws(JSONShapeError) in try p.string() }
            }
        }
        // Activity views
        m.activities = strings("activities") ?? []
        m.excludedActivities = strings("excludedActivities") ?? []
        m.customActivities =
            attempt { () throws(JSONShapeError) in try o.optional("customActivities")?.array() }??
            .compactMap { customActivity($0) } ?? []

        if let style {
            let applies = PrototypeDecoder.commonModalMembers.union(PrototypeDecoder.styleMembers(style))
            for (k, _) in o.object where !applies.contains(k) && PrototypeDecoder.allModalMembers.contains(k) {
                issues.append(
                    FormatIssue(
                        path: r.path.appending(k),
                        message: "\"\(k)\" has no effect on a modal of style \(style.rawValue)",
                        severity: .warning, code: "format.style-key"))
            }
            if style.isSystem {
                for k in ["navigationBar", "toolbar", "content", "screens"] where o.object[k] != nil {
                    issues.append(
                        FormatIssue(
                            path: r.path.appending(k),
                            message: "a modal of style \(style.rawValue) is drawn by the system; \"\(k)\" is not shown",
                            severity: .warning, code: "format.style-key"))
                }
            }
        }
        finish(o)
        // A modal whose style couldn't be read stays (as automatic; the error is recorded), so the
        // paths of later modals and the references into it stay right.
        return id == nil ? nil : m
    }

    func detents(_ r: JSONReader) -> [Detent]? {
        guard let items = attempt({ () throws(JSONShapeError) in try r.array() }) else { return nil }
        return items.compactMap { item -> Detent? in
            switch item.value {
            case .string(let s):
                if s == "medium" { return .medium }
                if s == "large" { return .large }
                issues.append(
                    FormatIssue(
                        path: item.path,
                        message: #"expected "medium", "large" or {"id": "…", "height": points}; found "#
                            + JSONWriter.quoted(s) + Suggest.hint(s, in: ["medium", "large"])))
                return nil
            case .object:
                guard let o = attempt({ () throws(JSONShapeError) in try item.object() }) else { return nil }
                let id = attempt { () throws(JSONShapeError) in try o.required("id", "a detent id").string() }
                let h = attempt { () throws(JSONShapeError) in
                    try points(try o.required("height", "a height in points"))
                }
                finish(o)
                guard let id, let h else { return nil }
                return .custom(id: id, height: h)
            default:
                issues.append(
                    FormatIssue(
                        path: item.path,
                        message: #"expected "medium", "large" or {"id": "…", "height": points}; found "#
                            + JSONReader.describe(item.value)))
                return nil
            }
        }
    }

    func arrows(_ r: JSONReader) -> [ArrowDirection] {
        if r.value.stringValue != nil {
            return attempt { () throws(JSONShapeError) in [try r.enum(ArrowDirection.self)] } ?? [.any]
        }
        guard let items = attempt({ () throws(JSONShapeError) in try r.array() }) else { return [.any] }
        // An empty array is UIKit's `[]`: a popover drawn without an arrow (`popover.looks-like-popover`).
        if items.isEmpty { return [] }
        let dirs = items.compactMap { e in attempt { () throws(JSONShapeError) in try e.enum(ArrowDirection.self) } }
        return dirs.isEmpty ? [.any] : dirs
    }

    func size(_ r: JSONReader) -> Size? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let w = attempt { () throws(JSONShapeError) in try points(try o.required("width", "points")) }
        let h = attempt { () throws(JSONShapeError) in try points(try o.required("height", "points")) }
        finish(o)
        guard let w, let h else { return nil }
        return Size(width: w, height: h)
    }

    func alertAction(_ r: JSONReader) -> AlertAction? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let id = attempt { () throws(JSONShapeError) in try o.optional("id")?.string() } ?? nil
        let title = attempt { () throws(JSONShapeError) in try o.required("title", "a button title").string() }
        let role = attempt { () throws(JSONShapeError) in try o.optional("role")?.enum(ActionRole.self) } ?? nil
        let preferred = attempt { () throws(JSONShapeError) in try o.optional("preferred")?.bool() } ?? nil
        let act = o.optional("action").flatMap { action($0) }
        finish(o)
        guard let title else { return nil }
        return AlertAction(id: id, title: title, role: role ?? .default, preferred: preferred ?? false, action: act)
    }

    func textField(_ r: JSONReader) -> AlertTextField? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let placeholder = attempt { () throws(JSONShapeError) in try o.optional("placeholder")?.string() } ?? nil
        let secure = attempt { () throws(JSONShapeError) in try o.optional("secure")?.bool() } ?? nil
        let keyboard = attempt { () throws(JSONShapeError) in try o.optional("keyboard")?.string() } ?? nil
        finish(o)
        return AlertTextField(placeholder: placeholder, secure: secure ?? false, keyboard: keyboard)
    }

    func customActivity(_ r: JSONReader) -> CustomActivity? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let id = attempt { () throws(JSONShapeError) in try o.required("id", "an activity id").string() }
        let title = attempt { () throws(JSONShapeError) in try o.required("title", "a title").string() }
        let image = attempt { () throws(JSONShapeError) in try o.optional("systemImage")?.string() } ?? nil
        let imageSize = o.optional("imageSize").flatMap { size($0) }
        finish(o)
        guard let id, let title else { return nil }
        return CustomActivity(id: id, title: title, systemImage: image, imageSize: imageSize)
    }
}
