import JSON

/// What a format issue says, as data: a message of the table (``FormatMessage/Key``), the
/// values it names, and the hints that follow it. ``text(_:)`` words it in English or
/// Simplified Chinese; values from the document (ids, titles, member names, numbers) are
/// quoted as written, never translated.
public struct FormatMessage: Sendable, Equatable {
    /// Which message of the table.
    public var key: Key
    /// The `{placeholders}` of the message: verbatim values, or phrases of the table.
    public var args: [String: LocalizedText]
    /// A "did you mean" suggestion: a member name or an id.
    public var suggestion: String?
    /// For a member that belongs elsewhere in the format: where it belongs and where it is.
    public var misplaced: (member: String, belongs: FormatPlace, here: FormatPlace)? {
        get { misplacedStorage.map { ($0.member, $0.belongs, $0.here) } }
        set { misplacedStorage = newValue.map { Misplaced($0.member, $0.belongs, $0.here) } }
    }
    /// For an issue that follows from another one: the path of the member that was not read
    /// (an unknown member, a member of the wrong shape), and the suggestion made for it.
    public var consequenceOf: (path: JSONPath, suggestion: String?)? {
        get { consequenceStorage.map { ($0.path, $0.suggestion) } }
        set { consequenceStorage = newValue.map { Consequence(path: $0.path, suggestion: $0.suggestion) } }
    }
    /// Free text that no key covers (untranslated); `nil` for messages of the table.
    var literal: String?

    private var misplacedStorage: Misplaced?
    private var consequenceStorage: Consequence?
    private struct Misplaced: Sendable, Equatable {
        var member: String, belongs: FormatPlace, here: FormatPlace
        init(_ m: String, _ b: FormatPlace, _ h: FormatPlace) { (member, belongs, here) = (m, b, h) }
    }
    private struct Consequence: Sendable, Equatable {
        var path: JSONPath, suggestion: String?
    }

    /// A message of the table; `args` are verbatim values (ids, quoted values, numbers).
    public init(_ key: Key, _ args: [String: String] = [:], suggestion: String? = nil) {
        self.key = key
        self.args = args.mapValues { LocalizedText(verbatim: $0) }
        self.suggestion = suggestion
    }

    /// A message of the table whose arguments are phrases in both languages.
    public init(_ key: Key, phrases args: [String: LocalizedText], suggestion: String? = nil) {
        self.key = key
        self.args = args
        self.suggestion = suggestion
    }

    /// A message no key covers, the same in every language.
    public init(literal text: String) {
        key = .literal
        args = [:]
        literal = text
    }

    /// The message in `language`, hints included.
    public func text(_ language: Language) -> String {
        var out = literal ?? key.template.filled(args.mapValues { $0(language) }, language)
        if let m = misplacedStorage {
            out += Key.misplaced.template.filled(
                ["member": m.member, "belongs": m.belongs.phrase(language), "here": m.here.phrase(language)], language)
        }
        if let s = suggestion { out += Key.didYouMean.template.filled(["suggestion": s], language) }
        if let c = consequenceStorage {
            let hint = c.suggestion.map { Key.didYouMean.template.filled(["suggestion": $0], language) } ?? ""
            out += Key.consequence.template.filled(["path": c.path.description, "hint": hint], language)
        }
        return out
    }

    /// The English text.
    public var en: String { text(.en) }

    /// A value from the document as a message quotes it: a string in quotes (cut at 40
    /// characters), a number or boolean as written, an array, object or `null` by its kind.
    public static func describe(_ v: JSONValue) -> LocalizedText {
        switch v {
        case .array: return Phrase.anArray.text
        case .object: return Phrase.anObject.text
        case .null: return LocalizedText(verbatim: "null")
        default: return LocalizedText(verbatim: JSONReader.describe(v))
        }
    }

    /// The message for a shape error of the JSON reader (its ``JSONShapeError/reason``).
    public init(_ e: JSONShapeError) {
        switch e.reason {
        case .mismatch(let expected, let found):
            self.init(
                .expectedType, phrases: ["expected": Phrase(expected).text, "found": FormatMessage.describe(found)])
        case .notOneOf(let cases, let found, let suggestion):
            self.init(
                .expectedOneOf, ["cases": cases.joined(separator: ", "), "found": JSONWriter.quoted(found)],
                suggestion: suggestion)
        case .missing(let member, let expected):
            self.init(
                .missingMember,
                phrases: [
                    "member": LocalizedText(verbatim: member),
                    "expected": Phrase(rawValue: expected)?.text ?? LocalizedText(verbatim: expected),
                ])
        case .unknownMember(let member, let suggestion):
            self.init(.unknownMember, ["member": member], suggestion: suggestion)
        case .other:
            self.init(literal: e.message)
        }
    }

    public static func == (a: FormatMessage, b: FormatMessage) -> Bool {
        a.key == b.key && a.args == b.args && a.suggestion == b.suggestion && a.literal == b.literal
            && a.misplacedStorage == b.misplacedStorage && a.consequenceStorage == b.consequenceStorage
    }
}

extension FormatMessage {
    /// The messages of the prototype format, in English and Simplified Chinese: the one table
    /// of the format's wording. `{name}` placeholders are filled from the message's arguments.
    public enum Key: String, Sendable, CaseIterable {
        // The reader's shape errors.
        case expectedType, expectedOneOf, missingMember, unknownMember
        // Values the decoder checks.
        case expectedColour, expectedPoints, expectedOS, buttonNeedsTitle, noEffectOnControl, noEffectOnStyle
        case drawnBySystem, expectedAction, expectedIDString, expectedDetent
        case segmentIndexType, segmentIndexTitle, segmentIndexRange, segmentIndexOnly, segmentIndexNone
        case noEffectOnImageScreen, hotspotsNeedImage, hotspotOutsideImageScreen, expectedOffset, expectedAssetName,
            expectedFontName
        case variantNeedsCondition, variantDeviceAndFamily, variantTwice, variantFrameNoHotspot
        // Ids and references (the validator).
        case invalidID, duplicateID, namesNo, namesOtherKind, unknownDevice, confirmDiscardStyle, onePreferred
        case detentTwice, expectedSeconds, taskSuccessShape
        // The linter's and the command line's.
        case notARule, idInTwoFiles, idDiffersFromURL, notJSON
        // Sizes and shapes beyond ``PrototypeLimits``.
        case overLimit
        // Hints that follow a message.
        case didYouMean, misplaced, consequence
        /// Text no key covers.
        case literal

        /// The message in both languages.
        public var template: LocalizedText {
            switch self {
            case .expectedType: return T("expected {expected}, found {found}", "应为{expected}，实际为 {found}")
            case .expectedOneOf: return T("expected one of {cases}; found {found}", "应为以下之一：{cases}；实际为 {found}")
            case .missingMember:
                return T(
                    #"required member "{member}" is missing (expected {expected})"#,
                    #"缺少必需的成员 "{member}"（应为{expected}）"#)
            case .unknownMember: return T(#"unknown member "{member}""#, #"未知成员 "{member}""#)
            case .expectedColour:
                return T(##"expected a colour like "#007AFF"; found {found}"##, ##"应为 "#007AFF" 这样的颜色；实际为 {found}"##)
            case .expectedPoints:
                return T(
                    "expected a length above 0 and at most {max} points; found {found}",
                    "应为大于 0 且不超过 {max} 点的长度；实际为 {found}")
            case .expectedOS:
                return T(
                    #"expected an iOS version such as "18" or "17.4"; found {found}"#,
                    #"应为 iOS 版本号，例如 "18" 或 "17.4"；实际为 {found}"#)
            case .buttonNeedsTitle:
                return T(#"a button needs a "title" or a "systemImage""#, #"按钮需要 "title" 或 "systemImage""#)
            case .noEffectOnControl: return T(#""{member}" has no effect on a {kind}"#, #""{member}" 对 {kind} 控件不起作用"#)
            case .noEffectOnStyle:
                return T(
                    #""{member}" has no effect on a modal of style {style}"#, #""{member}" 对样式为 {style} 的模态视图不起作用"#)
            case .drawnBySystem:
                return T(
                    #"a modal of style {style} is drawn by the system; "{member}" is not shown"#,
                    #"样式为 {style} 的模态视图由系统绘制；"{member}" 不会显示"#)
            case .expectedAction:
                return T(
                    #"expected "dismiss", "dismissAll", "pop", "none", {"present": "<modal id>"} or {"push": "<screen id>"}; found {found}"#,
                    #"应为 "dismiss"、"dismissAll"、"pop"、"none"、{"present": "<模态视图 id>"} 或 {"push": "<屏幕 id>"}；实际为 {found}"#
                )
            case .expectedIDString: return T("expected an id string; found {found}", "应为 id 字符串；实际为 {found}")
            case .expectedDetent:
                return T(
                    #"expected "medium", "large" or {"id": "…", "height": points}; found {found}"#,
                    #"应为 "medium"、"large" 或 {"id": "…", "height": 点数}；实际为 {found}"#)
            case .segmentIndexType:
                return T(
                    "expected the selected segment's zero-based index (an integer); found {found}",
                    "应为所选分段从 0 开始的索引（整数）；实际为 {found}")
            case .segmentIndexTitle:
                return T(
                    "expected the selected segment's zero-based index (an integer); found {found} (the segment {found} is index {index})",
                    "应为所选分段从 0 开始的索引（整数）；实际为 {found}（分段 {found} 的索引为 {index}）")
            case .segmentIndexRange:
                return T(
                    "expected the selected segment's zero-based index, 0–{last} for {count} segments; found {found}",
                    "应为所选分段从 0 开始的索引，共 {count} 个分段时为 0–{last}；实际为 {found}")
            case .segmentIndexOnly:
                return T(
                    "expected the selected segment's zero-based index, 0 for its only segment; found {found}",
                    "应为所选分段从 0 开始的索引，只有一个分段时为 0；实际为 {found}")
            case .segmentIndexNone:
                return T(
                    "expected the selected segment's zero-based index, but there are no segments; found {found}",
                    "应为所选分段从 0 开始的索引，但没有任何分段；实际为 {found}")
            case .noEffectOnImageScreen:
                return T(
                    #""{member}" has no effect on an image screen: it is drawn from its "image" alone (its buttons are "hotspots")"#,
                    #""{member}" 对图片屏幕不起作用：图片屏幕只绘制它的 "image"（按钮请写在 "hotspots" 中）"#)
            case .hotspotsNeedImage:
                return T(
                    #""hotspots" need an "image" on the same screen: they are rectangles of that image"#,
                    #""hotspots" 需要同一屏幕上的 "image"：热点是该图片上的矩形"#)
            case .hotspotOutsideImageScreen:
                return T(
                    #"a hotspot belongs in an image screen's "hotspots", not in {member}"#,
                    #"热点应写在图片屏幕的 "hotspots" 中，而不是 {member} 中"#)
            case .expectedOffset:
                return T(
                    "expected a position of at least 0 and at most {max} points; found {found}",
                    "应为不小于 0 且不超过 {max} 点的位置；实际为 {found}")
            case .variantNeedsCondition:
                return T(
                    #"a variant names what it is for: a "device", a "family" (iPhone or iPad) and/or an "orientation" (portrait or landscape); without one it would be the image itself"#,
                    #"变体须写明适用范围："device"、"family"（iPhone 或 iPad）和/或 "orientation"（portrait 或 landscape）；没有这些它就等同于图片本身"#)
            case .variantDeviceAndFamily:
                return T(
                    #"give "device" or "family", not both: a device is of one family (the device is the more specific)"#,
                    #"请只写 "device" 或 "family" 之一：一台设备只属于一个系列（设备更具体）"#)
            case .variantTwice:
                return T(
                    "a second variant for {conditions}: the first, at {first}, would always be drawn; merge them or change what this one is for",
                    "{conditions} 的第二个变体：位于 {first} 的第一个总会被绘制；请合并它们或修改这个变体的适用范围")
            case .variantFrameNoHotspot:
                return T(
                    #"{id} is no hotspot of this screen: a variant's "frames" move the screen's own "hotspots"; known: {known}"#,
                    #"{id} 不是此屏幕的热点：变体的 "frames" 只移动屏幕自己的 "hotspots"；已有：{known}"#)
            case .expectedFontName:
                return T(
                    "expected a font asset's name: 1–128 of letters, digits, '.', '-', '_' and '@', not starting with '.', with an extension woff2, woff, ttf or otf; found {found}",
                    "应为字体素材名称：1–128 个字母、数字、'.'、'-'、'_' 和 '@'，不以 '.' 开头，扩展名为 woff2、woff、ttf 或 otf；实际为 {found}")
            case .expectedAssetName:
                return T(
                    "expected an asset name: 1–128 of letters, digits, '.', '-', '_' and '@', not starting with '.', with an extension png, jpg, jpeg, webp or svg; found {found}",
                    "应为素材名称：1–128 个字母、数字、'.'、'-'、'_' 和 '@'，不以 '.' 开头，扩展名为 png、jpg、jpeg、webp 或 svg；实际为 {found}")
            case .invalidID:
                return T(
                    "{id} is not a valid id: use 1–64 of a-z, 0-9 and '-', starting with a letter or digit",
                    "{id} 不是有效的 id：请使用 1–64 个 a-z、0-9 和 '-'，并以字母或数字开头")
            case .duplicateID:
                return T(
                    #"id "{id}" is already used at {path}; ids are unique across screens, modals and controls"#,
                    #"id "{id}" 已在 {path} 使用；屏幕、模态视图和控件的 id 必须各不相同"#)
            case .namesNo: return T(#""{member}" names no {kind}: {id}"#, #""{member}" 没有指向任何{kind}：{id}"#)
            case .namesOtherKind:
                return T(
                    #""{member}" names {id}, the id of a {actual}, not of a {kind}"#,
                    #""{member}" 指向的 {id} 是{actual}的 id，而不是{kind}的 id"#)
            case .unknownDevice: return T("unknown device {id}; known: {known}", "未知设备 {id}；已知设备：{known}")
            case .confirmDiscardStyle:
                return T(
                    #""confirmDiscard" must name an actionSheet or alert modal; "{id}" is a {style}"#,
                    #""confirmDiscard" 必须指向 actionSheet 或 alert 样式的模态视图；"{id}" 的样式是 {style}"#)
            case .onePreferred:
                return T(
                    #"at most one action may be "preferred" (UIKit's preferredAction)"#,
                    #"最多只能有一个操作设为 "preferred"（UIKit 的 preferredAction）"#)
            case .detentTwice: return T("a detent is listed twice", "有一个停留高度（detent）列出了两次")
            case .expectedSeconds:
                return T(
                    "expected seconds above 0 and at most 86400 (one day); found {found}",
                    "应为大于 0 且不超过 86400（一天）的秒数；实际为 {found}")
            case .taskSuccessShape:
                return T(
                    #"a task's success names exactly one of "screen", "modal" or "dismissed" ({"screen": id}, {"modal": id} or {"dismissed": {"modal": id, "by": id}}); found {found}"#,
                    #"任务的完成条件必须恰好写 "screen"、"modal" 或 "dismissed" 中的一个（{"screen": id}、{"modal": id} 或 {"dismissed": {"modal": id, "by": id}}）；实际写了 {found} 个"#
                )
            case .notARule: return T("{id} is not a rule id; see `modallab rules`", "{id} 不是规则编号；参见 `modallab rules`")
            case .idInTwoFiles:
                return T(
                    #"the id "{id}" is also used by {file}; each prototype needs its own id"#,
                    #"id "{id}" 也被 {file} 使用；每个原型都需要自己的 id"#)
            case .idDiffersFromURL:
                return T(
                    #"the document's id "{id}" differs from the URL's "{url}""#, #"文档的 id "{id}" 与网址中的 "{url}" 不同"#)
            case .notJSON: return T("{message}", "不是有效的 JSON：{message}")
            case .overLimit: return T("{found}: over the limit {name} = {value}", "{found}：超出限制 {name} = {value}")
            case .didYouMean: return T(#" (did you mean "{suggestion}"?)"#, #"（是否要写 "{suggestion}"？）"#)
            case .misplaced:
                return T(
                    #" ("{member}" is a member of {belongs}, not of {here})"#,
                    #"（"{member}" 是{belongs}的成员，不是{here}的成员）"#)
            case .consequence:
                return T(
                    " — it is inside {path}{hint}, which was not read: fix that first",
                    "——它位于 {path}{hint}，那里未被读取：请先修正那里")
            case .literal: return T("", "")
            }
        }
    }

    /// Phrases the messages put in their placeholders: what a value should be, what kind of
    /// element an id names.
    public enum Phrase: String, Sendable, CaseIterable {
        // JSON types.
        case aString = "a string", trueOrFalse = "true or false", aNumber = "a number", anInteger = "an integer"
        case anArray = "an array", anObject = "an object"
        // What required members hold.
        case formatName = #""modallab/1""#, anID = "an id", firstScreen = "the id of the first screen"
        case screens = "an array of screens", screenID = "a screen id", controlID = "a control id"
        case itemID = "an item id", modalID = "a modal id", style = "a presentation style"
        case detentID = "a detent id", height = "a height in points", points = "points"
        case buttonTitle = "a button title", activityID = "an activity id", title = "a title"
        case taskPrompt = "the prompt a participant reads"
        case taskSuccess =
            #"what counts as done: {"screen": id}, {"modal": id} or {"dismissed": {"modal": id, "by": id}}"#
        case menuItems = "an array of menu items", menuItemID = "a menu item id"
        case assetName = "an asset name", hotspotFrame = "a rectangle {x, y, width, height} in points"
        // Kinds of element a reference names.
        case control = "control", modal = "modal", screen = "screen", appScreen = "screen of the app"
        case screenOrModal = "screen or modal"

        /// The phrase of a JSON type.
        public init(_ shape: JSONShapeError.Shape) {
            switch shape {
            case .string: self = .aString
            case .bool: self = .trueOrFalse
            case .number: self = .aNumber
            case .integer: self = .anInteger
            case .array: self = .anArray
            case .object: self = .anObject
            }
        }

        /// The English phrase is the raw value; the Chinese one is here.
        public var text: LocalizedText {
            let zh: String
            switch self {
            case .aString: zh = "字符串"
            case .trueOrFalse: zh = " true 或 false"
            case .aNumber: zh = "数字"
            case .anInteger: zh = "整数"
            case .anArray: zh = "数组"
            case .anObject: zh = "对象"
            case .formatName: zh = #" "modallab/1""#
            case .anID: zh = " id"
            case .firstScreen: zh = "第一个屏幕的 id"
            case .screens: zh = "屏幕数组"
            case .screenID: zh = "屏幕 id"
            case .controlID: zh = "控件 id"
            case .itemID: zh = "列表项 id"
            case .modalID: zh = "模态视图 id"
            case .style: zh = "呈现样式"
            case .detentID: zh = "停留高度的 id"
            case .height: zh = "以点为单位的高度"
            case .points: zh = "点数"
            case .buttonTitle: zh = "按钮标题"
            case .activityID: zh = "活动 id"
            case .title: zh = "标题"
            case .taskPrompt: zh = "参与者读到的任务说明"
            case .taskSuccess: zh = #"完成条件：{"screen": id}、{"modal": id} 或 {"dismissed": {"modal": id, "by": id}}"#
            case .menuItems: zh = "菜单项数组"
            case .menuItemID: zh = "菜单项 id"
            case .assetName: zh = "素材名称"
            case .hotspotFrame: zh = "以点为单位的矩形 {x, y, width, height}"
            case .control: zh = "控件"
            case .modal: zh = "模态视图"
            case .appScreen: zh = "应用的屏幕"
            case .screen: zh = "屏幕"
            case .screenOrModal: zh = "屏幕或模态视图"
            }
            return LocalizedText(rawValue, zh)
        }
    }
}

/// Shorthand for the table: `T("English", "中文")`.
private func T(_ en: String, _ zh: String) -> LocalizedText { LocalizedText(en, zh) }
