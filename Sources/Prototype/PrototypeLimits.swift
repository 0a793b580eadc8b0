import JSON

/// The largest size and shape a prototype document may have. A document beyond any limit is
/// refused before it is decoded, with a `format.limit` error that names the limit, its value and
/// the JSON path of the first value beyond it; `PUT /api/prototypes/{id}` answers 413 for a body
/// over ``bytes`` and 422 for the other limits.
///
/// The defaults are generous for real prototypes — the bundled examples are 3–4 KB, and the
/// 1,000-modal lint benchmark (`Benchmarks/`, 1,000 modals, a screen of 1,000 buttons: 355 KB
/// written compactly, 690 KiB in the stable layout the editing API writes, 2-space indent and one
/// member a line) is within every limit, however it is written — and they bound the time and memory of validating and linting one
/// document (`modallab-bench limits` measures a document at each limit).
public struct PrototypeLimits: Sendable, Equatable {
    /// Bytes of the document: the file, or the body of a `PUT` (UTF-8, byte-order mark included).
    public var bytes = 1 << 20
    /// Arrays and objects nested in one another, the document's own object counting 1. The
    /// format itself needs 10 (`$.modals[0].screens[0].content[0].items[0].action`).
    public var depth = 32
    /// Unicode scalars in one string: a title, a message, a typed value, an id, a member name.
    public var stringLength = 10_000
    /// Members of one object (`lint.severity` may name every rule).
    public var members = 256
    /// Screens in all: the app's (`$.screens`) and every modal's (`$.modals[i].screens`).
    public var screens = 1_000
    /// Screens of one modal beyond its root (`$.modals[i].screens`): its navigation depth.
    public var modalScreens = 100
    /// Modals (`$.modals`).
    public var modals = 1_000
    /// Controls of one screen: its navigation bar's leading and trailing buttons, its content
    /// and its toolbar together (list rows are counted by ``listItems``).
    public var controlsPerScreen = 1_000
    /// Rows of one list (`items`).
    public var listItems = 1_000
    /// Items of any other array: alert actions, text fields, segments, detents, devices, tags,
    /// activities, `passthrough`, `lint.disable`, …
    public var arrayItems = 256
    /// Format issues reported for one document; the rest are counted in a last issue.
    public var reportedIssues = 1_000

    /// The limits with their default values.
    public init() {}

    /// The limits ModalLab applies.
    public static let standard = PrototypeLimits()

    /// Every limit's name (as in this type, and in the `format.limit` messages) and value, in
    /// declaration order, for documentation.
    public var all: [(name: String, value: Int)] {
        [
            ("bytes", bytes), ("depth", depth), ("stringLength", stringLength), ("members", members),
            ("screens", screens), ("modalScreens", modalScreens), ("modals", modals),
            ("controlsPerScreen", controlsPerScreen), ("listItems", listItems), ("arrayItems", arrayItems),
            ("reportedIssues", reportedIssues),
        ]
    }

    /// The issue for a value beyond a limit: code `format.limit`, the path, and a message naming
    /// what was found, the limit and its value.
    static func issue(_ path: JSONPath, _ found: LocalizedText, limit name: String, _ value: Int) -> FormatIssue {
        FormatIssue(
            path: path,
            FormatMessage(
                .overLimit,
                phrases: [
                    "found": found, "name": LocalizedText(verbatim: name),
                    "value": LocalizedText(verbatim: String(value)),
                ]),
            code: "format.limit")
    }

    /// The issue for a document of `count` bytes, or `nil` when it is within ``bytes``.
    public func checkSize(_ count: Int) -> FormatIssue? {
        count > bytes
            ? Self.issue(
                .root, LocalizedText("the document is \(count) bytes", "文档有 \(count) 字节"), limit: "bytes", bytes) : nil
    }

    /// Every value of `document` beyond a limit (at most ``reportedIssues``), in document order.
    /// Walks the tree once, without recursion: O(values + string bytes).
    public func check(_ document: JSONValue) -> [FormatIssue] {
        var issues: [FormatIssue] = []
        var screens = 0
        var firstScreenOver: JSONPath?
        // Depth-first, in document order: (value, path, depth).
        var stack: [(JSONValue, JSONPath, Int)] = [(document, .root, 1)]
        while let (value, path, level) = stack.popLast(), issues.count < reportedIssues {
            switch value {
            case .string(let s):
                if let n = overLength(s) {
                    issues.append(
                        Self.issue(
                            path, LocalizedText("a string of \(n) Unicode scalars", "一个 \(n) 个 Unicode 标量长的字符串"),
                            limit: "stringLength", stringLength))
                }
            case .array(let items):
                if level > depth {
                    issues.append(
                        Self.issue(
                            path, LocalizedText("an array nested \(level) deep", "一个嵌套 \(level) 层的数组"), limit: "depth",
                            depth))
                    continue
                }
                let (name, limit) = arrayLimit(path)
                if items.count > limit {
                    issues.append(
                        Self.issue(
                            path.appending(limit),
                            (Self.nouns[name] ?? Self.items).filled(["count": String(items.count)]), limit: name,
                            limit))
                }
                if name == "screens" || name == "modalScreens" {
                    screens += min(items.count, limit)
                    if screens > self.screens && firstScreenOver == nil {
                        firstScreenOver = path.appending(min(items.count, limit) - (screens - self.screens))
                    }
                }
                for (i, item) in items.prefix(limit).enumerated().reversed() {
                    stack.append((item, path.appending(i), level + 1))
                }
            case .object(let o):
                if level > depth {
                    issues.append(
                        Self.issue(
                            path, LocalizedText("an object nested \(level) deep", "一个嵌套 \(level) 层的对象"), limit: "depth",
                            depth))
                    continue
                }
                if o.count > members {
                    issues.append(
                        Self.issue(
                            path, LocalizedText("an object of \(o.count) members", "一个有 \(o.count) 个成员的对象"),
                            limit: "members", members))
                }
                if isScreen(path) {
                    let count =
                        ["content", "toolbar"].reduce(0) { $0 + (o[$1]?.arrayValue?.count ?? 0) }
                        + ["leading", "trailing"].reduce(0) { $0 + (o["navigationBar"]?[$1]?.arrayValue?.count ?? 0) }
                    if count > controlsPerScreen {
                        issues.append(
                            Self.issue(
                                path, LocalizedText("a screen of \(count) controls", "一个有 \(count) 个控件的屏幕"),
                                limit: "controlsPerScreen", controlsPerScreen))
                    }
                }
                var children: [(JSONValue, JSONPath, Int)] = []
                for (k, v) in o.members.prefix(members) {
                    if let n = overLength(k) {
                        issues.append(
                            Self.issue(
                                path,
                                LocalizedText("a member name of \(n) Unicode scalars", "一个 \(n) 个 Unicode 标量长的成员名"),
                                limit: "stringLength", stringLength))
                        continue
                    }
                    children.append((v, path.appending(k), level + 1))
                }
                stack.append(contentsOf: children.reversed())
            default:
                break
            }
        }
        if let p = firstScreenOver, issues.count < reportedIssues {
            issues.append(
                Self.issue(
                    p, LocalizedText("more than \(self.screens) screens in all", "总计超过 \(self.screens) 个屏幕"),
                    limit: "screens", self.screens))
        }
        return issues
    }

    /// What the items of the arrays under each limit are called in messages.
    static let nouns: [String: LocalizedText] = [
        "screens": LocalizedText("{count} screens", "{count} 个屏幕"),
        "modals": LocalizedText("{count} modals", "{count} 个模态视图"),
        "modalScreens": LocalizedText("{count} screens in this modal", "此模态视图中的 {count} 个屏幕"),
        "controlsPerScreen": LocalizedText("{count} controls", "{count} 个控件"),
        "listItems": LocalizedText("{count} list rows", "{count} 个列表行"),
    ]
    /// What the items of any other array are called.
    static let items = LocalizedText("{count} items", "{count} 个元素")

    /// The length of `s` in Unicode scalars when it is over ``stringLength``, else `nil`
    /// (constant time for strings of at most that many bytes).
    func overLength(_ s: String) -> Int? {
        if s.utf8.count <= stringLength { return nil }
        let n = s.unicodeScalars.count
        return n > stringLength ? n : nil
    }

    /// The limit on the array at `path`: the format's arrays by where they are, any other
    /// array ``arrayItems``.
    func arrayLimit(_ path: JSONPath) -> (name: String, value: Int) {
        let c = path.components
        guard case .key(let last)? = c.last else { return ("arrayItems", arrayItems) }
        switch (last, c.count) {
        case ("screens", 1): return ("screens", screens)
        case ("modals", 1): return ("modals", modals)
        case ("screens", 3) where isModal(c.dropLast()): return ("modalScreens", modalScreens)
        case ("content", _), ("toolbar", _): return ("controlsPerScreen", controlsPerScreen)
        case ("leading", _), ("trailing", _): return ("controlsPerScreen", controlsPerScreen)
        case ("items", _): return ("listItems", listItems)
        default: return ("arrayItems", arrayItems)
        }
    }

    /// Whether `c` is `$.modals[i]`.
    func isModal(_ c: ArraySlice<JSONPath.Component>) -> Bool {
        guard c.count == 2, case .key("modals") = c.first, case .index = c.last else { return false }
        return true
    }

    /// Whether `path` names a screen: `$.screens[i]`, a modal `$.modals[i]` (its root screen),
    /// or `$.modals[i].screens[j]`.
    func isScreen(_ path: JSONPath) -> Bool {
        let c = path.components
        guard case .index? = c.last else { return false }
        switch c.count {
        case 2:
            if case .key(let k) = c[0] { return k == "screens" || k == "modals" }
            return false
        case 4:
            if case .key("screens") = c[2] { return isModal(c.prefix(2)) }
            return false
        default: return false
        }
    }

    /// `issues` with at most ``reportedIssues`` of them, the rest counted in a last issue at `$`.
    func capped(_ issues: [FormatIssue]) -> [FormatIssue] {
        guard issues.count > reportedIssues else { return issues }
        var out = Array(issues.prefix(reportedIssues))
        out.append(
            Self.issue(
                .root,
                LocalizedText(
                    "\(issues.count - reportedIssues) more format issues, not listed",
                    "另有 \(issues.count - reportedIssues) 个格式问题未列出"), limit: "reportedIssues", reportedIssues))
        return out
    }
}
