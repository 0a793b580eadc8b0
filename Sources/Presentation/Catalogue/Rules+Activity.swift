// The activity view rules ("3.6 Activity views", share sheets), each whole: its catalogue row,
// its words, its check and its examples.

import JSON
import Prototype

extension RuleCatalogue {
    /// `{"modals": [<an activity view with these members>]}`.
    static func activityExample(_ members: String, top: String = "") -> RuleExample {
        .json("{" + top + #""modals": [{"id": "share", "style": "activity", "# + members + "}]}")
    }
    static let goodActivity = activityExample(
        #""source": "share-button", "activities": ["airdrop", "messages", "mail", "copy"], "customActivities": [{"id": "pin", "title": "Pin Message", "systemImage": "pin"}]"#
    )

    static let activityRules: [RuleUnit] = [
        RuleUnit(
            Rule(
                id: .activityAnchorRequired, kinds: [.static, .runtime], severity: .error, severityNote: nil,
                section: #"3.6 Activity views"#,
                check: #"An activity view that can be shown in wR has no anchor."#,
                source:
                    #"X (NSGenericException): "Your application has presented a UIActivityViewController… In its current trait environment, the modalPresentationStyle… is UIModalPresentationPopover. You must provide location information…" (FileExplorer#29, TiSocial#172)"#
            ),
            name: T("An activity view needs an anchor", "活动视图需要锚点"),
            message: T(
                "activity view “{modal}” has no source, but it is a popover in regular width (iPad) and UIKit would crash; set \"source\" to the Share button",
                "活动视图“{modal}”没有 source，而它在常规宽度（iPad）下以弹出框显示，UIKit 会因此崩溃；请把 \"source\" 设为“共享”按钮"),
            notes:
                "When any declared device has a wR/hR window (an iPad), where the activity view is a popover. On an iPhone Pro Max in landscape (wR/hC) it adapts to a sheet, as a popover does (activity.adapt), and needs no anchor.",
            triggering: [
                activityExample(#""activities": ["airdrop", "copy"]"#).at("$.modals[0]"),
                .script(
                    app(home(), #"{"id": "s", "style": "activity", "activities": ["copy"]}"#), on: "ipad-pro-11",
                    [.present("s")],
                    expect: ["$.refusal": .rule(.activityAnchorRequired)]),
            ],
            nonTriggering: [
                goodActivity,
                .script(
                    app(home(), #"{"id": "s", "style": "activity", "activities": ["copy"]}"#), [.present("s")],
                    expect: ["$.stack[0].form": "card"]),
            ],
            lint: { c in
                for v in c.modals(where: { $0.style == .activity })
                where v.modal.source == nil && c.target.canShowPopover {
                    c.report(.activityAnchorRequired, v.path, nil, ["modal": v.modal.id])
                }
            }),
        RuleUnit(
            Rule(
                id: .activityTemplateSize, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.6 Activity views"#,
                check:
                    #"A custom activity image is not about 70×70 px (accepted range 60–80 px, square, content centred), or it is not a template image (any pixel has colour saturation above a threshold, or the image has a drop shadow). An SF Symbol passes."#,
                source:
                    #"S0:L147 "Use black and white with appropriate transparency and antialiasing, and don't include a drop shadow. Template images should be centered in an area measuring about 70px × 70px." H-Activity: "Consider using a symbol… If you need to create a custom interface icon, center it in an area measuring about 70x70 pixels.""#
            ),
            name: T("Template images about 70×70 px", "模板图像约 70×70 像素"),
            message: T(
                "the image of custom activity {title} is {size} px; use an SF Symbol, or a square template image of about 70×70 px (60–80)",
                "自定义活动{title}的图像为 {size} 像素；请使用 SF Symbol，或约 70×70 像素（60–80）的正方形模板图像"),
            notes:
                "Checks the declared imageSize of custom activities without a systemImage (square, 60–80 px). Colour saturation and drop shadows cannot be checked from a definition.",
            triggering: [
                activityExample(
                    #""source": "share-button", "customActivities": [{"id": "pin", "title": "Pin Message", "imageSize": {"width": 120, "height": 120}}]"#
                ).at("$.modals[0].customActivities[0].imageSize")
            ],
            nonTriggering: [
                activityExample(
                    #""source": "share-button", "customActivities": [{"id": "pin", "title": "Pin Message", "imageSize": {"width": 70, "height": 70}}]"#
                ), goodActivity,
            ],
            lint: { c in
                for a in c.customActivities where a.activity.systemImage == nil {
                    guard let s = a.activity.imageSize else { continue }
                    let ok = (60...80).contains(s.width) && (60...80).contains(s.height) && abs(s.width - s.height) <= 1
                    if !ok {
                        c.report(
                            .activityTemplateSize, a.path.appending("imageSize"), nil,
                            [
                                "modal": a.modal, "title": c.q(a.activity.title),
                                "size": "\(LintChecks.fmt(s.width))×\(LintChecks.fmt(s.height))",
                            ])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .activityTitleSuccinct, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.6 Activity views"#,
                check:
                    #"A custom activity title has more than 3 words, does not start with a verb, contains the company or app name (configurable list), or exceeds 2 lines in the icon cell (a cell 76 pt wide at 12 pt, an approximation)."#,
                source:
                    #"S0:L151 "Short titles work best… iOS first shrinks the text and then… truncates it… avoid including your company or product name." H-Activity: "Prefer a single verb or a brief verb phrase… Avoid including your company or product name.""#
            ),
            name: T("Short activity titles", "活动标题要简短"),
            message: T(
                "rename custom activity {title}: a short verb phrase works best",
                "请重命名自定义活动{title}：简短的动词短语效果最好"),
            variants: [
                "words": T(
                    "custom activity {title} has {count} words; use a single verb or a brief verb phrase (three words at most)",
                    "自定义活动{title}有 {count} 个词；请使用一个动词或简短的动词短语（最多三个词）"),
                "verb": T(
                    "custom activity {title} does not start with a verb; prefer a verb or a brief verb phrase",
                    "自定义活动{title}不是以动词开头；请优先使用动词或简短的动词短语"),
                "name": T(
                    "custom activity {title} contains the product name {name}; leave company and product names out",
                    "自定义活动{title}包含产品名称{name}；请不要在标题中使用公司或产品名称"),
                "lines": T(
                    "custom activity {title} takes {lines} lines under its icon; shorten it so it isn't shrunk or truncated",
                    "自定义活动{title}在图标下方占了 {lines} 行；请缩短，避免被缩小或截断"),
            ],
            notes:
                "More than 3 words; the prototype's name or a lint.productNames entry in it; a first word that is not a verb (a broad list); more than 2 lines at 12 pt in a 76 pt cell (an approximation).",
            triggering: [
                activityExample(
                    #""source": "share-button", "customActivities": [{"id": "pin", "title": "Pin This Message to the Top", "systemImage": "pin"}]"#
                ).at("$.modals[0].customActivities[0].title"),
                activityExample(
                    #""source": "share-button", "customActivities": [{"id": "pin", "title": "Example Pin", "systemImage": "pin"}]"#
                ).at("$.modals[0].customActivities[0].title"),
            ],
            nonTriggering: [goodActivity],
            lint: { c in
                for a in c.customActivities {
                    let fullTitle = a.activity.title.trimmed
                    let title = LintChecks.judged(fullTitle)
                    let tp = a.path.appending("title")
                    let words = LintChecks.wordCount(title)
                    let padded = " " + LintChecks.tokens(title).joined(separator: " ") + " "
                    let named = c.productNames.first { name in
                        let n = LintChecks.tokens(name)
                        return !n.isEmpty && padded.contains(" " + n.joined(separator: " ") + " ")
                    }
                    if !LintChecks.hasCJK(title) && words > 3 {
                        c.report(
                            .activityTitleSuccinct, tp, "words",
                            ["modal": a.modal, "title": c.q(title), "count": String(words)])
                    } else if let named {
                        c.report(
                            .activityTitleSuccinct, tp, "name",
                            ["modal": a.modal, "title": c.q(title), "name": c.q(named)])
                    } else if !Lexicon.startsWithVerb(title) {
                        c.report(.activityTitleSuccinct, tp, "verb", ["modal": a.modal, "title": c.q(title)])
                    } else {
                        let lines = LintChecks.lineCount(fullTitle, width: 76, size: 12, weight: .regular)
                        if lines > 2 {
                            c.report(
                                .activityTitleSuccinct, tp, "lines",
                                ["modal": a.modal, "title": c.q(title), "lines": String(lines)])
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .activityNoDuplicateSystem, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.6 Activity views"#,
                check:
                    #"A custom activity duplicates a system activity (Print, Copy, Message, Mail, AirDrop, Save Image, Add to Reading List, Assign to Contact) without a distinguishing qualifier such as "Print Transaction"."#,
                source:
                    #"S0:L143 "You don't need to create custom activities that perform these built-in tasks." H-Activity: "Avoid creating duplicate versions of common actions…""#
            ),
            name: T("Don't duplicate system activities", "不要重复系统活动"),
            message: T(
                "custom activity {title} duplicates a system activity; include the system one, or qualify the title (e.g. “Print Receipt”)",
                "自定义活动{title}与系统活动重复；请使用系统活动，或为标题加上限定词（例如“打印收据”）"),
            notes:
                "Exact titles of system activities: Print, Copy, Message, Mail, AirDrop, Save Image, Add to Reading List, Assign to Contact (and a few more, in English and Chinese).",
            triggering: [
                activityExample(
                    #""source": "share-button", "customActivities": [{"id": "my-print", "title": "Print", "systemImage": "printer"}]"#
                ).at("$.modals[0].customActivities[0].title")
            ],
            nonTriggering: [
                activityExample(
                    #""source": "share-button", "customActivities": [{"id": "my-print", "title": "Print Receipt", "systemImage": "printer"}]"#
                )
            ],
            lint: { c in
                for a in c.customActivities {
                    let title = LintChecks.judged(a.activity.title.trimmed)
                    if LintChecks.systemActivityTitles.contains(Lexicon.key(title)) {
                        c.report(
                            .activityNoDuplicateSystem, a.path.appending("title"), nil,
                            ["modal": a.modal, "title": c.q(title)])
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .activitySystemFirst, kinds: [.adapt], severity: .info, severityNote: nil,
                section: #"3.6 Activity views"#,
                check:
                    #"System activities are listed first, in a fixed order, and cannot be reordered. The definition can exclude them."#,
                source: #"S0:L143 "These tasks always appear first in activity views and can't be reordered." S0:L155"#),
            name: T("System activities come first", "系统活动排在最前"),
            message: T(
                "the system activities of “{modal}” are shown first, in the system's order",
                "“{modal}”中的系统活动按系统顺序排在最前面"),
            triggering: [
                .script(
                    app(
                        home(share: "s"),
                        #"{"id": "s", "style": "activity", "source": "share-button", "activities": ["copy", "airdrop"], "customActivities": [{"id": "pin", "title": "Pin"}]}"#
                    ),
                    [.tap("share-button")], expect: ["$.stack[0].activities": ["airdrop", "copy", "pin"]], draws: true)
            ],
            nonTriggering: [
                .script(
                    app(
                        home(share: "s"),
                        #"{"id": "s", "style": "activity", "source": "share-button", "activities": ["copy", "print"], "excludedActivities": ["print"]}"#
                    ),
                    [.tap("share-button")], expect: ["$.stack[0].activities": ["copy"]])
            ]),
        RuleUnit(
            Rule(
                id: .activityTriggerShareButton, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.6 Activity views"#,
                check: #"An activity view opened from any control other than the Share (Action) button gets a hint."#,
                source:
                    #"S0:L159 "Use the Action button to display an activity view." H-Activity: "Use the Share button to display an activity view.""#
            ),
            name: T("Open activity views with the Share button", "用“共享”按钮打开活动视图"),
            message: T(
                "activity view “{modal}” is opened by {title}; open it with the Share button (square.and.arrow.up)",
                "活动视图“{modal}”由{title}打开；请使用“共享”按钮（square.and.arrow.up）打开它"),
            notes:
                "The controls (or alert actions) that present it, or else its source: a Share button has the square.and.arrow.up symbol or a title starting with Share (分享, 共享).",
            triggering: [
                .json(
                    #"{"screens": [{"id": "home", "title": "Home", "content": [{"type": "button", "id": "export-button", "title": "Export", "action": {"present": "share"}}]}], "modals": [{"id": "share", "style": "activity", "source": "export-button", "activities": ["airdrop", "copy"]}]}"#
                ).at("$.screens[0].content[0]")
            ],
            nonTriggering: [
                .json(
                    #"{"screens": [{"id": "home", "title": "Home", "navigationBar": {"trailing": [{"id": "share-button", "title": "Share", "systemImage": "square.and.arrow.up", "action": {"present": "share"}}]}}], "modals": [{"id": "share", "style": "activity", "source": "share-button", "activities": ["airdrop", "copy"]}]}"#
                )
            ],
            lint: { c in
                for v in c.modals(where: { $0.style == .activity }) {
                    let m = v.modal
                    if let presenters = c.presenters[m.id], !presenters.isEmpty {
                        if let p = presenters.first(where: {
                            !LintChecks.isShareLike(title: $0.title, systemImage: $0.systemImage)
                        }) {
                            c.report(
                                .activityTriggerShareButton, p.path, nil,
                                ["modal": m.id, "title": c.q(p.title ?? p.systemImage ?? p.id ?? "")])
                        }
                    } else if let src = m.source, let loc = c.prototype.control(src),
                        !LintChecks.isShareLike(title: loc.control.title, systemImage: loc.control.systemImage)
                    {
                        c.report(
                            .activityTriggerShareButton, v.path.appending("source"), nil,
                            ["modal": m.id, "title": c.q(loc.control.title ?? loc.control.systemImage ?? src)])
                    }
                }
            }),
    ]
}

extension LintContext {
    /// The custom activities of every activity view, with their modal's id and path.
    var customActivities: [(modal: String, activity: CustomActivity, path: JSONPath)] {
        memo("customActivities") {
            modals { $0.style == .activity }.flatMap { v in
                v.modal.customActivities.enumerated().map {
                    (v.modal.id, $0.element, v.path.appending("customActivities").appending($0.offset))
                }
            }
        }
    }
}

extension LintChecks {
    /// Titles of the system activities a custom one must not duplicate (`activity.no-duplicate-system`).
    static let systemActivityTitles: Set<String> = [
        "print", "copy", "message", "messages", "mail", "email", "e-mail", "airdrop", "save image",
        "save to photos", "add to reading list", "assign to contact", "save to files", "open in safari",
        "打印", "拷贝", "复制", "信息", "邮件", "隔空投送", "存储图像", "添加到阅读列表", "指定给联系人", "存储到文件",
    ]

    /// The Share (Action) button: the `square.and.arrow.up` symbol, or a title starting with Share.
    static func isShareLike(title: String?, systemImage: String?) -> Bool {
        if let img = systemImage, img.hasPrefix("square.and.arrow.up") { return true }
        let t = Lexicon.key(title ?? "")
        return t.hasPrefix("share") || t.hasPrefix("分享") || t.hasPrefix("共享")
    }
}
