import JSON

extension Prototype {
    /// The value of `"format"` this version reads.
    public static let formatName = "modallab/1"

    /// Decodes a prototype document (docs/format.md) from UTF-8 JSON bytes.
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
        // Editors on some systems save UTF-8 with a byte-order mark, which a parser may ignore.
        let value = try JSONParser.parse(JSONParser.droppingByteOrderMark(bytes))
        return decode(value, version: fnv1a64Hex(bytes), limits: limits)
    }

    /// Decodes `value`, the document `bytes` hold, parsed already (a caller that wrote the bytes
    /// from it): as ``decode(_:limits:)`` decodes `bytes`, without parsing them again; the version is the
    /// bytes' hash. The size limit is checked on `bytes`.
    public static func decode(document value: JSONValue, bytes: [UInt8], limits: PrototypeLimits = .standard)
        -> DecodeResult
    {
        if let tooLarge = limits.checkSize(bytes.count) { return DecodeResult(prototype: nil, issues: [tooLarge]) }
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
            let v = Validator(prototype: p, skipped: d.skipped)
            issues += v.validate()
        }
        let hasErrors = issues.contains { $0.severity == .error }
        return DecodeResult(prototype: hasErrors ? nil : p, issues: limits.capped(issues))
    }
}

extension Prototype {
    /// An asset's name as the format and the assets API take it: 1–128 of ASCII letters,
    /// digits, `.`, `-`, `_` and `@`, not starting with `.`, ending in `.png`, `.jpg`, `.jpeg`,
    /// `.webp` or `.svg` (any case). docs/api.md, "Assets".
    public static func isAssetName(_ name: String) -> Bool {
        let u = Array(name.utf8)
        guard !u.isEmpty, u.count <= 128, u[0] != UInt8(ascii: ".") else { return false }
        let ok = u.allSatisfy { b in
            (b >= 48 && b <= 57) || (b | 0x20 >= 97 && b | 0x20 <= 122) || b == UInt8(ascii: ".")
                || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == UInt8(ascii: "@")
        }
        guard ok, let dot = name.lastIndex(of: ".") else { return false }
        return ["png", "jpg", "jpeg", "webp", "svg"].contains(name[name.index(after: dot)...].lowercased())
    }

    /// Whether `name` is a font asset's name (the app font, docs/format.md, "font"): the same
    /// characters and length as ``isAssetName(_:)``, ending in `.woff2`, `.woff`, `.ttf` or
    /// `.otf` (any case).
    public static func isFontAssetName(_ name: String) -> Bool {
        guard name.utf8.count <= 128, let dot = name.lastIndex(of: ".") else { return false }
        guard ["woff2", "woff", "ttf", "otf"].contains(name[name.index(after: dot)...].lowercased()) else {
            return false
        }
        return isAssetName(String(name[..<dot]) + ".png")
    }

    /// The version hash of a document's bytes (``Prototype/version`` when they decode): FNV-1a,
    /// 64-bit, as 16 lowercase hex digits. The log names versions by it, and the API's `ETag`
    /// of a prototype is it, quoted.
    public static func versionHash(_ bytes: [UInt8]) -> String { fnv1a64Hex(bytes) }
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

/// A part of the document the decoder did not read (an unknown member, a member with no effect
/// where it is, an element it had to drop), with the ids written inside it: a reference to one
/// of them is a consequence of the part, not an error of its own.
struct SkippedPart {
    var path: JSONPath
    /// The member the part probably meant (an unknown member's suggestion).
    var suggestion: String?
    /// Every `"id"` string inside it.
    var ids: Set<String>
}

/// Walks a document with ``JSONReader``, recording issues and skipping what cannot be read.
final class PrototypeDecoder {
    var issues: [FormatIssue] = []
    /// What was not read, in document order.
    var skipped: [SkippedPart] = []

    /// Records a wrong shape (code `format`).
    func record(_ e: JSONShapeError) {
        issues.append(FormatIssue(path: e.path, FormatMessage(e), code: "format"))
    }

    /// Records an issue worded by the table.
    func issue(
        _ path: JSONPath, _ key: FormatMessage.Key, _ args: [String: String] = [:], suggestion: String? = nil,
        severity: FormatIssue.Severity = .error, code: String = "format"
    ) {
        issues.append(
            FormatIssue(path: path, FormatMessage(key, args, suggestion: suggestion), severity: severity, code: code))
    }

    /// Remembers that `value` at `path` was not read, with the ids inside it.
    func skip(_ path: JSONPath, _ value: JSONValue, suggestion: String? = nil) {
        var ids = Set<String>()
        PrototypeDecoder.collectIDs(value, into: &ids)
        if !ids.isEmpty { skipped.append(SkippedPart(path: path, suggestion: suggestion, ids: ids)) }
    }

    /// Every string member named `"id"` in `value`, at any depth (the parser bounds the depth).
    static func collectIDs(_ value: JSONValue, into ids: inout Set<String>) {
        switch value {
        case .object(let o):
            for (k, v) in o {
                if k == "id", let s = v.stringValue { ids.insert(s) } else { collectIDs(v, into: &ids) }
            }
        case .array(let items):
            for v in items { collectIDs(v, into: &ids) }
        default: break
        }
    }

    /// The member `key` probably stands for at `place`, among `preferring` first (the members
    /// that apply to this kind of control or style of modal).
    func suggestion(for key: String, at place: FormatPlace, preferring: Set<String> = []) -> String? {
        nearest(key, in: Array(place.members), preferring: preferring)
    }

    /// How many more did-you-mean suggestions may be computed: a hostile document may have
    /// thousands of unknown members, each a pass over its place's members.
    var suggestionsLeft = 100

    /// ``Suggest/nearest(_:in:preferring:synonyms:)`` with the format's synonyms while
    /// ``suggestionsLeft`` lasts, then nothing.
    func nearest(_ word: String, in candidates: [String], preferring: Set<String> = []) -> String? {
        guard suggestionsLeft > 0 else { return nil }
        suggestionsLeft -= 1
        return Suggest.nearest(word, in: candidates, preferring: preferring, synonyms: FormatPlace.synonyms)
    }

    /// Runs `body`, recording a thrown shape error; `nil` when it threw.
    func attempt<T>(_ body: () throws(JSONShapeError) -> T) -> T? {
        do { return try body() } catch {
            record(error)
            return nil
        }
    }

    /// Reports every member of `o` that no accessor asked for (not only the first), with the
    /// member of `place` it probably stands for (preferring `applies`) or, failing that, the
    /// place it belongs to; and remembers each as skipped.
    func finish(_ o: ObjectReader, _ place: FormatPlace, applies: Set<String> = []) {
        for (key, value) in o.unread() {
            let path = o.path.appending(key)
            let near = suggestion(for: key, at: place, preferring: applies)
            var text = FormatMessage(.unknownMember, ["member": key], suggestion: near)
            if near == nil, let home = place.home(of: key) { text.misplaced = (key, home, place) }
            issues.append(FormatIssue(path: path, text, code: "format.unknown-key"))
            skip(path, value, suggestion: near)
        }
    }

    // MARK: Document

    func document(_ r: JSONReader, version: String) -> Prototype? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let format = attempt { () throws(JSONShapeError) in
            try o.required("format", FormatMessage.Phrase.formatName.rawValue).oneOf([Prototype.formatName])
        }
        let id = attempt { () throws(JSONShapeError) in
            try o.required("id", FormatMessage.Phrase.anID.rawValue).string()
        }
        let name = attempt { () throws(JSONShapeError) in try o.optional("name")?.string() } ?? nil
        let targetOS = o.optional("targetOS").flatMap(readOS)
        let devices = attempt { () throws(JSONShapeError) in try o.optional("devices")?.strings() } ?? nil
        let tint = attempt { () throws(JSONShapeError) in try o.optional("tint")?.string() } ?? nil
        if let tint, !isHexColour(tint) {
            issue(r.path.appending("tint"), .expectedColour, ["found": JSONWriter.quoted(tint)])
        }
        var font = attempt { () throws(JSONShapeError) in try o.optional("font")?.string() } ?? nil
        if let name = font, !Prototype.isFontAssetName(name) {
            issue(r.path.appending("font"), .expectedFontName, ["found": JSONWriter.quoted(name)])
            font = nil
        }
        let start = attempt { () throws(JSONShapeError) in
            try o.required("start", FormatMessage.Phrase.firstScreen.rawValue).string()
        }
        let screens =
            attempt { () throws(JSONShapeError) in
                try o.required("screens", FormatMessage.Phrase.screens.rawValue).array()
            }?
            .compactMap { screen($0) } ?? []
        let modals =
            attempt { () throws(JSONShapeError) in try o.optional("modals")?.array() }??
            .compactMap { modal($0) } ?? []
        let lint = o.optional("lint").flatMap { lintSettings($0) } ?? .none
        let requiresFullScreen =
            attempt { () throws(JSONShapeError) in try o.optional("requiresFullScreen")?.bool() } ?? nil
        let tasks =
            attempt { () throws(JSONShapeError) in try o.optional("tasks")?.array() }??
            .compactMap { task($0) } ?? []
        let taskOrder =
            attempt { () throws(JSONShapeError) in try o.optional("taskOrder")?.enum(TaskOrder.self) } ?? nil
        let questions = o.optional("questions").flatMap { studyQuestions($0) }
        _ = o.optional("$schema")
        _ = o.optional("description")
        // Screens or modals that are not an array are not read: ids in them are skipped.
        for key in ["screens", "modals", "tasks"] {
            if let v = o.object[key], !v.isNull, v.arrayValue == nil { skip(r.path.appending(key), v) }
        }
        finish(o, .document)
        guard let format, let id, let start else { return nil }
        var p = Prototype(
            format: format, id: id, name: name ?? id, targetOS: targetOS ?? 18,
            devices: devices ?? ["iphone-16", "ipad-pro-11"], tint: tint, start: start,
            screens: screens, modals: modals, lint: lint, version: version)
        p.requiresFullScreen = requiresFullScreen ?? false
        p.font = font
        p.tasks = tasks
        p.taskOrder = taskOrder ?? .fixed
        p.questions = questions ?? StudyQuestions()
        p.buildIndexes()
        return p
    }

    /// Largest length accepted, in points: far beyond any screen, small enough for any arithmetic.
    static let maxPoints = 100_000.0

    /// A length in points: a number above 0 and at most ``maxPoints``; `nil` (and an issue)
    /// otherwise.
    func points(_ r: JSONReader) -> Double? {
        guard let v = attempt({ () throws(JSONShapeError) in try r.number() }) else { return nil }
        guard v > 0, v <= PrototypeDecoder.maxPoints else {
            issue(r.path, .expectedPoints, ["max": "100000", "found": JSONReader.describe(r.value)])
            return nil
        }
        return v
    }

    /// An iOS version's major number, 7–99, from `18` or `"17.4"`; `nil` (and an issue) otherwise.
    func readOS(_ r: JSONReader) -> Int? {
        if let n = r.value.numberValue, n >= 7, n < 100 { return Int(n) }
        if let s = r.value.stringValue, let major = Int(s.split(separator: ".").first ?? ""), major >= 7, major < 100 {
            return major
        }
        issues.append(
            FormatIssue(path: r.path, FormatMessage(.expectedOS, phrases: ["found": FormatMessage.describe(r.value)])))
        return nil
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
        finish(o, .lint)
        var settings = LintSettings(disable: disable ?? [], severity: severity)
        settings.productNames = productNames ?? []
        return settings
    }

    // MARK: Screens and controls

    func screen(_ r: JSONReader) -> Screen? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let id = attempt { () throws(JSONShapeError) in
            try o.required("id", FormatMessage.Phrase.screenID.rawValue).string()
        }
        let title = attempt { () throws(JSONShapeError) in try o.optional("title")?.string() } ?? nil
        let bar = o.optional("navigationBar").flatMap { navigationBar($0) }
        let toolbar = o.optional("toolbar").map { controls($0) } ?? []
        let content = o.optional("content").map { controls($0) } ?? []
        let large = attempt { () throws(JSONShapeError) in try o.optional("largeTitle")?.bool() } ?? nil
        let image = o.optional("image").flatMap { screenImage($0) }
        let spots = o.optional("hotspots").map { self.hotspots($0) } ?? []
        if o.object["image"] == nil, o.object["hotspots"] != nil {
            issue(r.path.appending("hotspots"), .hotspotsNeedImage)
        }
        if o.object["image"] != nil {
            // An image screen is the designer's picture alone: bars and controls of its own
            // would be drawn over it.
            for key in ["navigationBar", "toolbar", "content", "largeTitle"] {
                if let v = o.object[key] {
                    issue(
                        r.path.appending(key), .noEffectOnImageScreen, ["member": key], severity: .warning,
                        code: "format.style-key")
                    skip(r.path.appending(key), v)
                }
            }
        }
        finish(o, .screen)
        checkVariantFrames(o, at: r.path)
        guard let id else {
            skip(r.path, r.value)
            return nil
        }
        var s = Screen(
            id: id, title: title, navigationBar: bar, toolbar: toolbar, content: content, largeTitle: large ?? false)
        if let image {
            s = Screen(id: id, title: title, navigationBar: nil, toolbar: [], content: [])
            s.image = image
            s.hotspots = spots
        }
        return s
    }

    /// Each id a variant's `frames` names in screen `o` (at `path`) must be one of the
    /// screen's `hotspots` (as the document writes them, so a hotspot with other errors still
    /// counts): an error at the frame's path, with the nearest id.
    func checkVariantFrames(_ o: ObjectReader, at path: JSONPath) {
        guard let variants = o.object["image"]?["variants"]?.arrayValue else { return }
        let known = (o.object["hotspots"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        for (i, v) in variants.enumerated() {
            guard let frames = v["frames"]?.objectValue else { continue }
            for (id, _) in frames where !known.contains(id) {
                issue(
                    path.appending("image").appending("variants").appending(i).appending("frames").appending(id),
                    .variantFrameNoHotspot,
                    ["id": JSONWriter.quoted(id), "known": known.isEmpty ? "—" : known.joined(separator: ", ")],
                    suggestion: Suggest.nearest(id, in: known))
            }
        }
    }

    /// An asset name at `r`: ``isAssetName(_:)``, else `nil` and an issue.
    func assetName(_ r: JSONReader) -> String? {
        guard let s = attempt({ () throws(JSONShapeError) in try r.string() }) else { return nil }
        guard Prototype.isAssetName(s) else {
            issue(r.path, .expectedAssetName, ["found": JSONWriter.quoted(s)])
            return nil
        }
        return s
    }

    /// A screen's `image`: `"name.png"` or `{"asset", "scale"?, "dark"?, "variants"?}`.
    func screenImage(_ r: JSONReader) -> ScreenImage? {
        if r.value.stringValue != nil { return assetName(r).map { ScreenImage(asset: $0) } }
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        var image = screenImage(from: o)
        let variants = o.optional("variants").map { screenImageVariants($0) } ?? []
        finish(o, .screenImage)
        image?.variants = variants.map(\.variant)
        return image
    }

    /// A screen image's `variants`: an array of ``screenImageVariant(_:)``; a second variant for
    /// the same device, family and orientation is an error at its path.
    func screenImageVariants(_ r: JSONReader) -> [(variant: ScreenImageVariant, path: JSONPath)] {
        guard let items = attempt({ () throws(JSONShapeError) in try r.array() }) else { return [] }
        var out: [(variant: ScreenImageVariant, path: JSONPath)] = []
        for item in items {
            guard let v = screenImageVariant(item) else { continue }
            if let first = out.first(where: {
                $0.variant.device == v.device && $0.variant.family == v.family
                    && $0.variant.orientation == v.orientation
            }) {
                issue(item.path, .variantTwice, ["conditions": v.conditions, "first": first.path.description])
                continue
            }
            out.append((v, item.path))
        }
        return out
    }

    /// A variant of a screen's image: `{"device"? | "family"?, "orientation"?, "asset", "scale"?,
    /// "dark"?, "frames"?}`, naming at least one of device, family and orientation.
    func screenImageVariant(_ r: JSONReader) -> ScreenImageVariant? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        // Whether every condition it names is one the format knows (else it is dropped).
        var valid = true
        var device: String? = nil
        if let d = o.optional("device") {
            valid = false
            if let id = attempt({ () throws(JSONShapeError) in try d.string() }) {
                if DeviceCatalogue.device(id) != nil {
                    (device, valid) = (id, true)
                } else {
                    let known = DeviceCatalogue.all.map(\.id)
                    issue(
                        d.path, .unknownDevice, ["id": JSONWriter.quoted(id), "known": known.joined(separator: ", ")],
                        suggestion: Suggest.nearest(id, in: known))
                }
            }
        }
        var family: Device.Family? = nil
        if let f = o.optional("family") {
            family = attempt { () throws(JSONShapeError) in try f.enum(Device.Family.self) }
            if family == nil { valid = false }
        }
        var orientation: Orientation? = nil
        if let v = o.optional("orientation") {
            orientation = attempt { () throws(JSONShapeError) in try v.enum(Orientation.self) }
            if orientation == nil { valid = false }
        }
        let image = screenImage(from: o)
        var frames: [String: PointRect] = [:]
        if let f = o.optional("frames"), let members = attempt({ () throws(JSONShapeError) in try f.object() }) {
            for (id, value) in members.object {
                if let rect = pointRect(JSONReader(value, path: members.path.appending(id))) { frames[id] = rect }
            }
        }
        finish(o, .screenImageVariant)
        if o.optional("device") == nil, o.optional("family") == nil, o.optional("orientation") == nil {
            issue(r.path, .variantNeedsCondition)
            valid = false
        }
        if o.optional("device") != nil, o.optional("family") != nil {
            issue(r.path.appending("family"), .variantDeviceAndFamily)
            valid = false
        }
        guard let image, valid else { return nil }
        return ScreenImageVariant(
            device: device, family: family, orientation: orientation, picture: image, frames: frames)
    }

    /// The picture members of `o` (a screen image's or a variant's): `asset` (required),
    /// `scale` (1, 2 or 3) and `dark`; `nil` without a valid asset.
    func screenImage(from o: ObjectReader) -> ScreenImage? {
        let asset = attempt { () throws(JSONShapeError) in
            try o.required("asset", FormatMessage.Phrase.assetName.rawValue)
        }.flatMap { assetName($0) }
        var scale: Int? = nil
        if let v = o.optional("scale") {
            if let n = v.value.intValue, (1...3).contains(n) {
                scale = n
            } else {
                issue(v.path, .expectedOneOf, ["cases": "1, 2, 3", "found": JSONReader.describe(v.value)])
            }
        }
        let dark = o.optional("dark").flatMap { assetName($0) }
        guard let asset else { return nil }
        return ScreenImage(asset: asset, declaredScale: scale, dark: dark)
    }

    func hotspots(_ r: JSONReader) -> [Control] {
        guard let items = attempt({ () throws(JSONShapeError) in try r.array() }) else {
            skip(r.path, r.value)
            return []
        }
        return items.compactMap { hotspot($0) }
    }

    /// A hotspot: `{"id", "frame": {x, y, width, height}, "action"?, "accessibilityLabel"?}`.
    func hotspot(_ r: JSONReader) -> Control? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let id = attempt { () throws(JSONShapeError) in
            try o.required("id", FormatMessage.Phrase.controlID.rawValue).string()
        }
        let frame = attempt { () throws(JSONShapeError) in
            try o.required("frame", FormatMessage.Phrase.hotspotFrame.rawValue)
        }.flatMap { pointRect($0) }
        var c = Control(kind: .hotspot, id: id ?? "")
        c.action = o.optional("action").flatMap { action($0) }
        c.accessibilityLabel =
            attempt { () throws(JSONShapeError) in try o.optional("accessibilityLabel")?.string() } ?? nil
        c.frame = frame
        finish(o, .hotspot)
        guard id != nil, frame != nil else {
            skip(r.path, r.value)
            return nil
        }
        return c
    }

    /// A rectangle in points: `{x, y, width, height}`, x and y from 0, width and height above 0.
    func pointRect(_ r: JSONReader) -> PointRect? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        func offset(_ key: String) -> Double? {
            guard
                let v = attempt({ () throws(JSONShapeError) in
                    try o.required(key, FormatMessage.Phrase.points.rawValue)
                })
            else { return nil }
            guard let n = v.value.numberValue, n >= 0, n <= PrototypeDecoder.maxPoints else {
                issue(v.path, .expectedOffset, ["max": "100000", "found": JSONReader.describe(v.value)])
                return nil
            }
            return n
        }
        let x = offset("x")
        let y = offset("y")
        let w = attempt { () throws(JSONShapeError) in try o.required("width", FormatMessage.Phrase.points.rawValue) }
            .flatMap(points)
        let h = attempt { () throws(JSONShapeError) in try o.required("height", FormatMessage.Phrase.points.rawValue) }
            .flatMap(points)
        finish(o, .frame)
        guard let x, let y, let w, let h else { return nil }
        return PointRect(x: x, y: y, width: w, height: h)
    }

    func navigationBar(_ r: JSONReader) -> NavigationBar? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let leading = o.optional("leading").map { controls($0) } ?? []
        let trailing = o.optional("trailing").map { controls($0) } ?? []
        let appearance = attempt { () throws(JSONShapeError) in try o.optional("appearance")?.string() } ?? nil
        finish(o, .navigationBar)
        return NavigationBar(leading: leading, trailing: trailing, appearance: appearance)
    }

    func controls(_ r: JSONReader) -> [Control] {
        guard let items = attempt({ () throws(JSONShapeError) in try r.array() }) else {
            skip(r.path, r.value)
            return []
        }
        return items.compactMap { control($0) }
    }

    /// Members each control kind reads (docs/format.md); the union is every known control member.
    static let controlMembers: [ControlKind: Set<String>] = [
        .button: [
            "title", "systemImage", "role", "action", "accessibilityLabel", "menu", "contextMenu", "sharesBackground",
            "hidesSharedBackground",
        ],
        .textField: ["label", "placeholder", "value", "record"],
        .textArea: ["label", "placeholder", "value", "record"],
        .toggle: ["label", "value"],
        .list: ["items"],
        .text: ["text", "role"],
        .image: ["label", "height", "width", "systemImage", "contextMenu", "asset", "dark", "contentMode"],
        .segmented: ["segments", "value"],
        .hotspot: [],
    ]
    static let allControlMembers: Set<String> = controlMembers.values.reduce(into: ["type", "id", "userContent"]) {
        $0.formUnion($1)
    }

    func control(_ r: JSONReader) -> Control? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let kind = attempt { () throws(JSONShapeError) in try o.optional("type")?.enum(ControlKind.self) } ?? .button
        let id = attempt { () throws(JSONShapeError) in
            try o.required("id", FormatMessage.Phrase.controlID.rawValue).string()
        }
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
            c.menu = o.optional("menu").flatMap { menu($0, context: false) }
            c.contextMenu = o.optional("contextMenu").flatMap { menu($0, context: true) }
            c.sharesBackground =
                attempt { () throws(JSONShapeError) in try o.optional("sharesBackground")?.bool() }.flatMap { $0 }
                ?? true
            c.hidesSharedBackground =
                attempt { () throws(JSONShapeError) in try o.optional("hidesSharedBackground")?.bool() }.flatMap { $0 }
                ?? false
            if c.title == nil && c.systemImage == nil { issue(r.path, .buttonNeedsTitle) }
        case .text:
            c.tone =
                attempt { () throws(JSONShapeError) in try o.optional("role")?.oneOf(["default", "warning", "error"]) }
                ?? nil
        case .textField, .textArea:
            c.value = str("value")
            c.record =
                (attempt { () throws(JSONShapeError) in try o.optional("record")?.enum(RecordKind.self) } ?? nil)
                ?? .length
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
            c.height = o.optional("height").flatMap(points)
            c.width = o.optional("width").flatMap(points)
            c.asset = o.optional("asset").flatMap { assetName($0) }
            c.darkAsset = o.optional("dark").flatMap { assetName($0) }
            c.contentMode =
                attempt { () throws(JSONShapeError) in try o.optional("contentMode")?.enum(ContentMode.self) } ?? nil
            c.contextMenu = o.optional("contextMenu").flatMap { menu($0, context: true) }
        case .hotspot:
            // Hotspots are read from an image screen's `hotspots` (hotspot(_:)), never here.
            issue(
                r.path.appending("type"), .hotspotOutsideImageScreen,
                ["member": JSONWriter.quoted(r.path.description)])
        }
        for (k, v) in o.object
        where !applies.contains(k) && PrototypeDecoder.allControlMembers.contains(k)
            && !["type", "id", "userContent"].contains(k)
        {
            _ = o.optional(k)
            let near = nearest(k, in: Array(applies))
            issue(
                r.path.appending(k), .noEffectOnControl, ["member": k, "kind": c.kind.rawValue], suggestion: near,
                severity: .warning, code: "format.style-key")
            skip(r.path.appending(k), v, suggestion: near)
        }
        finish(o, .control, applies: applies.union(["type", "id", "userContent"]))
        if id == nil { skip(r.path, r.value) }
        return id == nil ? nil : c
    }

    /// A segmented control's `value`: the selected segment's zero-based index (UIKit's
    /// `selectedSegmentIndex`), an integer within `segments`; anything else is an error at the
    /// value's path.
    func selectedSegment(_ r: JSONReader, of segments: [String]) -> Int? {
        guard let i = r.value.intValue else {
            if let title = r.value.stringValue, let k = segments.firstIndex(of: title) {
                issue(r.path, .segmentIndexTitle, ["found": JSONWriter.quoted(title), "index": String(k)])
            } else {
                issues.append(
                    FormatIssue(
                        path: r.path,
                        FormatMessage(.segmentIndexType, phrases: ["found": FormatMessage.describe(r.value)])))
            }
            return nil
        }
        guard segments.indices.contains(i) else {
            if segments.isEmpty {
                issue(r.path, .segmentIndexNone, ["found": String(i)])
            } else if segments.count == 1 {
                issue(r.path, .segmentIndexOnly, ["found": String(i)])
            } else {
                issue(
                    r.path, .segmentIndexRange,
                    ["found": String(i), "last": String(segments.count - 1), "count": String(segments.count)])
            }
            return nil
        }
        return i
    }

    func listItem(_ r: JSONReader) -> ListItem? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let id = attempt { () throws(JSONShapeError) in
            try o.required("id", FormatMessage.Phrase.itemID.rawValue).string()
        }
        let title = attempt { () throws(JSONShapeError) in
            try o.required("title", FormatMessage.Phrase.aString.rawValue).string()
        }
        let subtitle = attempt { () throws(JSONShapeError) in try o.optional("subtitle")?.string() } ?? nil
        let image = attempt { () throws(JSONShapeError) in try o.optional("systemImage")?.string() } ?? nil
        let act = o.optional("action").flatMap { action($0) }
        let contextMenu = o.optional("contextMenu").flatMap { menu($0, context: true) }
        finish(o, .listItem)
        guard let id, let title else { return nil }
        return ListItem(
            id: id, title: title, subtitle: subtitle, systemImage: image, action: act, contextMenu: contextMenu)
    }

    func action(_ r: JSONReader) -> Action? {
        switch r.value {
        case .string(let s):
            switch s {
            case "dismiss": return .dismiss
            case "dismissAll": return .dismissAll
            case "pop": return .pop
            case "none": return Action.none
            default:
                issue(
                    r.path, .expectedAction, ["found": JSONWriter.quoted(s)],
                    suggestion: nearest(s, in: ["dismiss", "dismissAll", "pop", "none"]))
                return nil
            }
        case .object(let obj) where obj.count == 1:
            let (k, v) = obj.members[0]
            guard let target = v.stringValue else {
                issues.append(
                    FormatIssue(
                        path: r.path.appending(k),
                        FormatMessage(.expectedIDString, phrases: ["found": FormatMessage.describe(v)])))
                return nil
            }
            if k == "present" { return .present(target) }
            if k == "push" { return .push(target) }
            issue(
                r.path.appending(k), .unknownMember, ["member": k], suggestion: suggestion(for: k, at: .action),
                code: "format.unknown-key")
            return nil
        default:
            issues.append(
                FormatIssue(
                    path: r.path, FormatMessage(.expectedAction, phrases: ["found": FormatMessage.describe(r.value)])))
            return nil
        }
    }

    // MARK: Modals

    static let commonModalMembers: Set<String> = [
        "id", "style", "title", "largeTitle", "navigationBar", "toolbar", "content", "screens", "confirmDiscard",
        "transition", "rationale", "task", "tags", "tint",
    ]
    static let sheetMembers: Set<String> = [
        "detents", "grabber", "largestUndimmedDetent", "selectedDetent", "prefersEdgeAttachedInCompactHeight",
        "modalInPresentation", "preferredContentSize", "prefersPageSizing", "sizing",
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

    /// The members with an effect on each style, the common ones included: made once, not for
    /// every modal decoded (a 1,000-modal document would build a thousand sets).
    static let membersByStyle: [PresentationStyle: Set<String>] = Dictionary(
        uniqueKeysWithValues: PresentationStyle.allCases.map { ($0, commonModalMembers.union(styleMembers($0))) })

    func modal(_ r: JSONReader) -> Modal? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let id = attempt { () throws(JSONShapeError) in
            try o.required("id", FormatMessage.Phrase.modalID.rawValue).string()
        }
        let style = attempt { () throws(JSONShapeError) in
            try o.required("style", FormatMessage.Phrase.style.rawValue).enum(PresentationStyle.self)
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
        m.largeTitle = bool("largeTitle") ?? false
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
        m.tint = str("tint")
        if let tint = m.tint, !isHexColour(tint) {
            issue(r.path.appending("tint"), .expectedColour, ["found": JSONWriter.quoted(tint)])
            m.tint = nil
        }
        // Sheets
        if let d = o.optional("detents") { m.detents = detents(d) }
        m.grabber = bool("grabber")
        m.largestUndimmedDetent = str("largestUndimmedDetent")
        m.selectedDetent = str("selectedDetent")
        m.prefersEdgeAttachedInCompactHeight = bool("prefersEdgeAttachedInCompactHeight") ?? false
        m.modalInPresentation = bool("modalInPresentation") ?? false
        m.preferredContentSize = o.optional("preferredContentSize").flatMap { size($0) }
        m.prefersPageSizing = bool("prefersPageSizing")
        m.sizing =
            attempt { () throws(JSONShapeError) in try o.optional("sizing")?.enum(PresentationSizing.self) } ?? nil
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

        var applies = PrototypeDecoder.allModalMembers
        if let style {
            applies =
                PrototypeDecoder.membersByStyle[style]
                ?? PrototypeDecoder.commonModalMembers.union(PrototypeDecoder.styleMembers(style))
            // A zoom transition starts from a source, whatever the style (UIKit's sourceViewProvider).
            if m.transition == .zoom { applies.insert("source") }
            for (k, _) in o.object where !applies.contains(k) && PrototypeDecoder.allModalMembers.contains(k) {
                issue(
                    r.path.appending(k), .noEffectOnStyle, ["member": k, "style": style.rawValue],
                    suggestion: nearest(k, in: Array(applies)),
                    severity: .warning, code: "format.style-key")
            }
            if style.isSystem {
                for k in ["navigationBar", "toolbar", "content", "screens"] where o.object[k] != nil {
                    issue(
                        r.path.appending(k), .drawnBySystem, ["member": k, "style": style.rawValue], severity: .warning,
                        code: "format.style-key")
                }
            }
        }
        finish(o, .modal, applies: applies)
        // A modal whose style couldn't be read stays (as automatic; the error is recorded), so the
        // paths of later modals and the references into it stay right.
        if id == nil { skip(r.path, r.value) }
        return id == nil ? nil : m
    }

    func detents(_ r: JSONReader) -> [Detent]? {
        guard let items = attempt({ () throws(JSONShapeError) in try r.array() }) else { return nil }
        return items.compactMap { item -> Detent? in
            switch item.value {
            case .string(let s):
                if s == "medium" { return .medium }
                if s == "large" { return .large }
                issue(
                    item.path, .expectedDetent, ["found": JSONWriter.quoted(s)],
                    suggestion: nearest(s, in: ["medium", "large"]))
                return nil
            case .object:
                guard let o = attempt({ () throws(JSONShapeError) in try item.object() }) else { return nil }
                let id = attempt { () throws(JSONShapeError) in
                    try o.required("id", FormatMessage.Phrase.detentID.rawValue).string()
                }
                let h = attempt { () throws(JSONShapeError) in
                    try o.required("height", FormatMessage.Phrase.height.rawValue)
                }.flatMap(points)
                finish(o, .detent)
                guard let id, let h else { return nil }
                return .custom(id: id, height: h)
            default:
                issues.append(
                    FormatIssue(
                        path: item.path,
                        FormatMessage(.expectedDetent, phrases: ["found": FormatMessage.describe(item.value)])))
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
        let points = FormatMessage.Phrase.points.rawValue
        let w = attempt { () throws(JSONShapeError) in try o.required("width", points) }.flatMap(self.points)
        let h = attempt { () throws(JSONShapeError) in try o.required("height", points) }.flatMap(self.points)
        finish(o, .size)
        guard let w, let h else { return nil }
        return Size(width: w, height: h)
    }

    func alertAction(_ r: JSONReader) -> AlertAction? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let id = attempt { () throws(JSONShapeError) in try o.optional("id")?.string() } ?? nil
        let title = attempt { () throws(JSONShapeError) in
            try o.required("title", FormatMessage.Phrase.buttonTitle.rawValue).string()
        }
        let role = attempt { () throws(JSONShapeError) in try o.optional("role")?.enum(ActionRole.self) } ?? nil
        let preferred = attempt { () throws(JSONShapeError) in try o.optional("preferred")?.bool() } ?? nil
        let act = o.optional("action").flatMap { action($0) }
        finish(o, .alertAction)
        guard let title else { return nil }
        return AlertAction(id: id, title: title, role: role ?? .default, preferred: preferred ?? false, action: act)
    }

    func textField(_ r: JSONReader) -> AlertTextField? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let placeholder = attempt { () throws(JSONShapeError) in try o.optional("placeholder")?.string() } ?? nil
        let secure = attempt { () throws(JSONShapeError) in try o.optional("secure")?.bool() } ?? nil
        let keyboard = attempt { () throws(JSONShapeError) in try o.optional("keyboard")?.string() } ?? nil
        finish(o, .alertTextField)
        return AlertTextField(placeholder: placeholder, secure: secure ?? false, keyboard: keyboard)
    }

    func customActivity(_ r: JSONReader) -> CustomActivity? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let id = attempt { () throws(JSONShapeError) in
            try o.required("id", FormatMessage.Phrase.activityID.rawValue).string()
        }
        let title = attempt { () throws(JSONShapeError) in
            try o.required("title", FormatMessage.Phrase.title.rawValue).string()
        }
        let image = attempt { () throws(JSONShapeError) in try o.optional("systemImage")?.string() } ?? nil
        let imageSize = o.optional("imageSize").flatMap { size($0) }
        finish(o, .customActivity)
        guard let id, let title else { return nil }
        return CustomActivity(id: id, title: title, systemImage: image, imageSize: imageSize)
    }

    // MARK: Tasks

    /// A task: `{"id", "prompt", "success", "expectedPath"?, "timeLimitSeconds"?, "start"?}`.
    func task(_ r: JSONReader) -> StudyTask? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let id = attempt { () throws(JSONShapeError) in
            try o.required("id", FormatMessage.Phrase.anID.rawValue).string()
        }
        let prompt = attempt { () throws(JSONShapeError) in
            try o.required("prompt", FormatMessage.Phrase.taskPrompt.rawValue).string()
        }
        let success = attempt { () throws(JSONShapeError) in
            try o.required("success", FormatMessage.Phrase.taskSuccess.rawValue)
        }.flatMap { taskSuccess($0) }
        let path = attempt { () throws(JSONShapeError) in try o.optional("expectedPath")?.strings() } ?? nil
        var limit: Double?
        if let l = o.optional("timeLimitSeconds") {
            if let n = attempt({ () throws(JSONShapeError) in try l.number() }) {
                if n > 0 && n <= PrototypeDecoder.maxTaskSeconds {
                    limit = n
                } else {
                    issue(l.path, .expectedSeconds, ["found": JSONWriter().string(l.value)])
                }
            }
        }
        let start = o.optional("start").flatMap { taskStart($0) }
        finish(o, .task)
        guard let id, let prompt, let success else { return nil }
        var t = StudyTask(
            id: id, prompt: prompt, success: success, expectedPath: path ?? [], timeLimitSeconds: limit)
        t.start = start
        return t
    }

    /// The study's questions: `{"seq": bool?, "comment": bool?, "sus": bool?, "record":
    /// "length" | "value"?}`.
    func studyQuestions(_ r: JSONReader) -> StudyQuestions? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        func flag(_ key: String) -> Bool {
            (attempt { () throws(JSONShapeError) in try o.optional(key)?.bool() } ?? nil) ?? false
        }
        var q = StudyQuestions(seq: flag("seq"), comment: flag("comment"), sus: flag("sus"))
        q.record =
            (attempt { () throws(JSONShapeError) in try o.optional("record")?.enum(RecordKind.self) } ?? nil) ?? .length
        finish(o, .questions)
        return q
    }

    /// A task's start: `{"screen": id, "present": [modal ids]?}`.
    func taskStart(_ r: JSONReader) -> TaskStart? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let screen = attempt { () throws(JSONShapeError) in
            try o.required("screen", FormatMessage.Phrase.screenID.rawValue).string()
        }
        let present = attempt { () throws(JSONShapeError) in try o.optional("present")?.strings() } ?? nil
        finish(o, .taskStart)
        guard let screen else { return nil }
        return TaskStart(screen: screen, present: present ?? [])
    }

    /// The longest time limit a task may have: one day, in seconds.
    static let maxTaskSeconds = 86_400.0

    /// A task's success: an object with exactly one of `screen`, `modal`, `dismissed`.
    func taskSuccess(_ r: JSONReader) -> TaskSuccess? {
        guard let o = attempt({ () throws(JSONShapeError) in try r.object() }) else { return nil }
        let screen = attempt { () throws(JSONShapeError) in try o.optional("screen")?.string() } ?? nil
        let modal = attempt { () throws(JSONShapeError) in try o.optional("modal")?.string() } ?? nil
        var dismissed: TaskSuccess?
        var dismissedSeen = false
        if let d = o.optional("dismissed") {
            dismissedSeen = true
            if let od = attempt({ () throws(JSONShapeError) in try d.object() }) {
                let m = attempt { () throws(JSONShapeError) in
                    try od.required("modal", FormatMessage.Phrase.modalID.rawValue).string()
                }
                let by = attempt { () throws(JSONShapeError) in try od.optional("by")?.string() } ?? nil
                finish(od, .taskDismissed)
                if let m { dismissed = .dismissed(modal: m, by: by) }
            }
        }
        finish(o, .taskSuccess)
        let given = [screen != nil, modal != nil, dismissedSeen].filter { $0 }.count
        if given != 1 {
            issue(r.path, .taskSuccessShape, ["found": "\(given)"])
            return nil
        }
        if let screen { return .screen(screen) }
        if let modal { return .modal(modal) }
        return dismissed
    }
}
