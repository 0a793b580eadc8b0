// The button title rules ("3.8 Button and text conventions": alerts, action sheets, modal
// navigation bars), each whole: its catalogue row, its words, its check and its examples.

import JSON
import Prototype

extension RuleCatalogue {
    static let buttonRules: [RuleUnit] = [
        RuleUnit(
            Rule(
                id: .buttonTitleCase, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.8 Button and text conventions (all presentations)"#,
                check:
                    #"Button titles (in alerts, action sheets, and modal navigation bars) use title case and no ending punctuation (`.`, `!`, `:`). Title case capitalizes the first and last words and every word except articles (a, an, the), coordinating conjunctions (and, but, for, nor, or, so, yet) and prepositions of four or fewer letters."#,
                source:
                    #"S0:L209 "As with all button titles, use title-style capitalization and no ending punctuation." S2:L319 (system button rules)"#
            ),
            name: T("Title-style button titles", "按钮标题使用标题式大写"),
            message: T(
                "button {title} in “{modal}” should use title-style capitalization: {suggestion}",
                "“{modal}”中的按钮{title}应使用标题式大写：{suggestion}"),
            variants: [
                "punct": T(
                    "button {title} in “{modal}” ends with “{mark}”; button titles take no ending punctuation",
                    "“{modal}”中的按钮{title}以“{mark}”结尾；按钮标题不加结尾标点")
            ],
            notes:
                "Alert and action-sheet actions, and bar buttons of modal views. Title style, with articles, coordinating conjunctions and prepositions of four or fewer letters lowercase (lenient: capitalized minor words and words with inner capitals pass); ending . ! : is flagged, an ellipsis is not. CJK titles are not judged.",
            triggering: [
                alertExample(
                    #""title": "Delete this photo?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete photo", "role": "destructive"}]"#
                ).at("$.modals[0].actions[1].title"),
                alertExample(
                    #""title": "Delete this photo?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete!", "role": "destructive"}]"#
                ).at("$.modals[0].actions[1].title"),
            ],
            nonTriggering: [
                goodAlert,
                alertExample(
                    #""title": "Sign in to continue?", "actions": [{"title": "Not Now", "role": "cancel"}, {"title": "Sign In"}]"#
                ),
            ],
            lint: { c in
                for b in c.titledButtons {
                    if let last = b.title.last, ".!:".contains(last), !b.title.hasSuffix("...") {
                        c.report(
                            .buttonTitleCase, b.path, "punct",
                            ["modal": b.modal, "title": c.q(b.title), "mark": String(last)])
                    } else {
                        let bad = c.titleCaseViolations(b.title)
                        if !bad.isEmpty {
                            c.report(
                                .buttonTitleCase, b.path, nil,
                                [
                                    "modal": b.modal, "title": c.q(b.title), "words": bad.joined(separator: ", "),
                                    "suggestion": c.q(Capitalization.titleCased(b.title)),
                                ])
                        }
                    }
                }
            }),
        RuleUnit(
            Rule(
                id: .buttonVerb, kinds: [.static], severity: .info, severityNote: nil,
                section: #"3.8 Button and text conventions (all presentations)"#,
                check: #"A button title should start with a verb, except OK, Cancel, Done and Close."#,
                source:
                    #"S0:L209 "use verbs and verb phrases that relate directly to the alert title and message — for example, View All, Reply, or Ignore." S2:L319"#
            ),
            name: T("Start button titles with a verb", "按钮标题以动词开头"),
            message: T(
                "button {title} in “{modal}” does not start with a verb; say what the button does (e.g. View All, Reply)",
                "“{modal}”中的按钮{title}不是以动词开头；请说明按钮的作用（例如“查看全部”“回复”）"),
            notes:
                "OK, Cancel, Done and Close are exempt, and so are the usual system titles Not Now, Later, Back, Next, Don't …. The verb list is broad (nouns used as verbs count) so that the hint stays quiet on ordinary titles. Non-Latin titles are not judged.",
            triggering: [
                sheetExample(
                    #""source": "edit-button", "actions": [{"title": "Camera"}, {"title": "Take Photo"}, {"title": "Cancel", "role": "cancel"}]"#
                ).at("$.modals[0].actions[0].title")
            ],
            nonTriggering: [
                sheetExample(
                    #""source": "edit-button", "actions": [{"title": "Take Photo"}, {"title": "Choose Photo"}, {"title": "Cancel", "role": "cancel"}]"#
                )
            ],
            lint: { c in
                for b in c.titledButtons where !Lexicon.startsWithVerb(b.title) {
                    c.report(.buttonVerb, b.path, nil, ["modal": b.modal, "title": c.q(b.title)])
                }
            }),
        // ModalLab's own row (issue 12), beyond the guidelines' rows.
        RuleUnit(
            Rule(
                id: .textControlCharacter, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.8 Button and text conventions (all presentations)"#,
                check:
                    #"A text people see or hear (a name, title, message, label, placeholder, value, list row, segment, action or activity title) contains a control character (Unicode general category Cc) other than a line break (LF, CR). TAB counts: UIKit lays it out as a tab stop, HTML as a space."#,
                source:
                    #"CSS Text Module Level 3, section 4.1 "White Space Processing": "Control characters (Unicode category Cc)—other than tabs (U+0009), line feeds (U+000A), carriage returns (U+000D) and sequences that form a segment break—must be rendered as a visible glyph"; HTML Living Standard, parse error "control-character-in-input-stream"; TextKit's NSLayoutManager.ControlCharacterAction.zeroAdvancement "removes the glyph from layout""#
            ),
            name: T("No control characters in text", "文本中不要有控制字符"),
            message: T(
                "text {text} contains the control character {codes}: browsers draw it as a box or not at all, UIKit as nothing or a tab stop, and its width is unpredictable; remove it (where a new line is meant, write a line feed, \\n)",
                "文本{text}包含控制字符 {codes}：浏览器会把它显示为方框或不显示，UIKit 不显示或显示为制表位，宽度无法预测；请删除它（如果想要换行，请写换行符 \\n）"),
            notes:
                "Every text that is shown or spoken: the prototype's name, screen and modal titles, alert and action-sheet messages, controls' titles, labels, placeholders, values, texts, accessibility labels and segments, list rows, alert actions and text-field placeholders, custom activity titles. Line feed and carriage return are line breaks and allowed; every other Cc character (C0, DEL, C1, TAB) is reported once per text, by code point. Measurement treats control characters as zero width and TAB as a space.",
            triggering: [
                alertExample(#""title": "Delete\tthis photo?", "message": "This can't be undone.", "# + cancelDelete)
                    .at("$.modals[0].title"),
                .json(
                    #"{"screens": [{"id": "home", "title": "Home\u001B[2J", "content": [{"type": "button", "id": "open-button", "title": "Open"}]}]}"#
                ).at("$.screens[0].title"),
            ],
            nonTriggering: [
                goodAlert,
                alertExample(
                    #""title": "Delete this photo?", "message": "This can't be undone.\nIt is in 3 albums.", "#
                        + cancelDelete),
            ],
            lint: { c in LintChecks.reportScalars(c, .textControlCharacter, TextScalars.reportableControls) }),
        // ModalLab's own row, beyond the guidelines' rows: the spoofing half of issue 12's hostile text.
        RuleUnit(
            Rule(
                id: .textDirectionOverride, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.8 Button and text conventions (all presentations)"#,
                check:
                    #"A text people see or hear contains a bidirectional embedding, override or isolate (U+202A…U+202E, U+2066…U+2069). The marks LRM, RLM and ALM are allowed: they change no order but their neighbours'."#,
                source:
                    #"Unicode Standard Annex #9 "Unicode Bidirectional Algorithm", section 2.2 "Explicit Directional Embeddings" and 2.4 "Explicit Directional Isolates"; Unicode Technical Standard #39 "Unicode Security Mechanisms"; CVE-2021-42574 ("Trojan Source"): explicit overrides make text display in an order other than the one it is stored and read in"#
            ),
            name: T("No direction overrides in text", "文本中不要有方向覆盖字符"),
            message: T(
                "text {text} contains the bidirectional formatting character {codes}: it reorders the text around it, so what people see is not what they read aloud or search for; remove it, and let the text's own letters set its direction",
                "文本{text}包含双向格式字符 {codes}：它会重新排列周围的文字，使人们看到的与朗读或搜索的内容不一致；请删除它，让文字本身决定方向"),
            notes:
                "The same texts as text.control-character. ModalLab shows every prototype text isolated (`<bdi>`), so an override can't reorder the page around it, but it still reorders the text itself, on the device as on the page. Right-to-left text needs no override: Arabic and Hebrew letters are right-to-left by themselves.",
            triggering: [
                alertExample(
                    #""title": "Delete \u202Egpj.otohp\u202C?", "message": "This can't be undone.", "# + cancelDelete
                )
                .at("$.modals[0].title")
            ],
            nonTriggering: [
                goodAlert,
                alertExample(#""title": "حذف الصورة؟", "message": "This can't be undone.", "# + cancelDelete),
            ],
            lint: { c in
                LintChecks.reportScalars(c, .textDirectionOverride, TextScalars.reportableDirectionOverrides)
            }),
        // ModalLab's own row (issue 14): the symbols the player draws.
        RuleUnit(
            Rule(
                id: .symbolUnknown, kinds: [.static], severity: .warning, severityNote: nil,
                section: #"3.8 Button and text conventions (all presentations)"#,
                check:
                    #"A `systemImage` (of a button, a list row, a menu item or a custom activity) names a symbol ModalLab doesn't draw: the player shows a dashed placeholder labelled with the name instead of a symbol. The finding suggests the nearest name it draws."#,
                source:
                    #"ModalLab's symbol table (Sources/Presentation/Symbols/SymbolCatalogue.swift; docs/format.md, "Symbols the player draws"): SF Symbols may not be redistributed, so the player draws its own shapes for the names iOS apps use most. HIG "SF Symbols": symbols are named and referenced by name"#
            ),
            name: T("Symbols the player draws", "播放器能绘制的符号"),
            message: T(
                "systemImage “{symbol}” is not one of the symbols ModalLab draws; the player shows a labelled placeholder (see docs/format.md for the names it draws)",
                "systemImage“{symbol}”不在 ModalLab 能绘制的符号之列；播放器会显示带名称的占位框（可绘制的名称见 docs/format.md）"),
            variants: [
                "near": T(
                    "systemImage “{symbol}” is not one of the symbols ModalLab draws; the player shows a labelled placeholder (did you mean “{suggestion}”?)",
                    "systemImage“{symbol}”不在 ModalLab 能绘制的符号之列；播放器会显示带名称的占位框（是否想用“{suggestion}”？）")
            ],
            notes:
                "Buttons (in bars, toolbars and content), list rows, the items of menus and context menus (not submenus, which show a chevron), and custom activities. An image control's systemImage is not drawn and not checked. The suggestion is a near spelling, else the drawn name the unknown one extends (trash.circle → trash), else a drawn variant of its first word.",
            triggering: [
                .json(
                    #"{"screens": [{"id": "home", "content": [{"type": "button", "id": "open-button", "title": "Share", "systemImage": "sqaure.and.arrow.up"}]}]}"#
                ).at("$.screens[0].content[0].systemImage"),
                .json(
                    #"{"screens": [{"id": "home", "content": [{"type": "list", "id": "rows", "items": [{"id": "bin", "title": "Bin", "systemImage": "trash.slash.circle"}]}]}]}"#
                ).at("$.screens[0].content[0].items[0].systemImage"),
                .json(
                    #"{"screens": [{"id": "home", "content": [{"type": "button", "id": "sort-button", "title": "Sort", "menu": {"children": [{"id": "by-date", "title": "Date", "systemImage": "calender"}]}}]}]}"#
                ).at("$.screens[0].content[0].menu.children[0].systemImage"),
            ],
            nonTriggering: [
                .json(
                    #"{"screens": [{"id": "home", "content": [{"type": "button", "id": "open-button", "title": "Share", "systemImage": "square.and.arrow.up"}, {"type": "image", "id": "art", "systemImage": "not.a.symbol"}]}]}"#
                )
            ],
            lint: { c in
                func check(_ name: String?, _ path: JSONPath) {
                    guard let name, !SymbolCatalogue.contains(name) else { return }
                    let shown = TextScalars.visible(name, limit: 60)
                    if let near = SymbolCatalogue.suggestion(for: name) {
                        c.report(.symbolUnknown, path, "near", ["symbol": shown, "suggestion": near])
                    } else {
                        c.report(.symbolUnknown, path, nil, ["symbol": shown])
                    }
                }
                for s in c.appScreens + c.modalScreens.joined() {
                    for ref in s.controls {
                        if ref.control.kind != .image {
                            check(ref.control.systemImage, ref.path.appending("systemImage"))
                        }
                        // The items of its menus (a submenu shows a chevron, not its image).
                        for (member, menu) in [("menu", ref.control.menu), ("contextMenu", ref.control.contextMenu)] {
                            guard let menu else { continue }
                            func walk(_ items: [MenuElement], _ path: JSONPath) {
                                for (k, e) in items.enumerated() {
                                    let ep = path.appending(k)
                                    if let children = e.children {
                                        walk(children, ep.appending("children"))
                                    } else {
                                        check(e.systemImage, ep.appending("systemImage"))
                                    }
                                }
                            }
                            walk(menu.children, ref.path.appending(member).appending("children"))
                        }
                    }
                }
                for e in c.allModals {
                    for (j, a) in e.modal.customActivities.enumerated() {
                        check(
                            a.systemImage, e.path.appending("customActivities").appending(j).appending("systemImage"))
                    }
                }
            }),
    ]
}

extension LintContext {
    /// The titled buttons of alerts and action sheets, and the bar buttons of custom modals, with
    /// their trimmed titles (not empty, not CJK: letter case and verbs don't apply) and paths.
    var titledButtons: [(modal: String, title: String, path: JSONPath)] {
        memo("titledButtons") {
            var out: [(modal: String, title: String, path: JSONPath)] = []
            for e in allModals {
                let (i, m) = (e.index, e.modal)
                var titled: [(String, JSONPath)] = []
                if m.style == .alert || m.style == .actionSheet {
                    for (j, a) in m.actions.enumerated() {
                        titled.append((a.title, path(i).appending("actions").appending(j).appending("title")))
                    }
                } else if m.style.isCustom {
                    for s in modalScreens[i] {
                        for ref in s.controls
                        where !ref.isListItem && ref.control.kind == .button
                            && (ref.placement == .leading || ref.placement == .trailing)
                        {
                            if let t = ref.control.title { titled.append((t, ref.path.appending("title"))) }
                        }
                    }
                }
                for (raw, p) in titled {
                    let title = LintChecks.judged(raw.trimmed)
                    guard !title.isEmpty, !LintChecks.hasCJK(title) else { continue }
                    out.append((m.id, title, p))
                }
            }
            return out
        }
    }
}

extension LintChecks {
    /// Reports `rule` at every visible text (``forEachVisibleText(_:_:)``) in which `codes`
    /// finds scalars to name, with the text and the code points (`U+0009, U+001B`).
    static func reportScalars(_ c: LintContext, _ rule: RuleID, _ codes: (String) -> [String]) {
        forEachVisibleText(c) { text, path in
            let found = codes(text)
            if !found.isEmpty {
                c.report(rule, path(), nil, ["text": c.q(text), "codes": found.joined(separator: ", ")])
            }
        }
    }

    /// Calls `body` with every text of the prototype that is shown or spoken, in document
    /// order, and its JSON path, made only when `body` asks for it (most texts are reported by
    /// no rule, and a 1,000-modal prototype has some ten thousand): the name, screen and modal
    /// titles, alert and action-sheet messages, every control's title, label, placeholder,
    /// value, text, accessibility label and segments, list rows' titles and subtitles, alert
    /// actions, alert text-field placeholders and custom activity titles.
    static func forEachVisibleText(_ c: LintContext, _ body: (String, () -> JSONPath) -> Void) {
        func add(_ s: String?, _ path: @autoclosure () -> JSONPath) {
            guard let s else { return }
            withoutActuallyEscaping(path) { body(s, $0) }
        }
        add(c.prototype.name, JSONPath.root.appending("name"))
        func screen(_ s: ScreenRef) {
            add(s.screen.title, s.path.appending("title"))
            for ref in s.controls where !ref.isListItem {
                let ctl = ref.control
                add(ctl.title, ref.path.appending("title"))
                add(ctl.label, ref.path.appending("label"))
                add(ctl.placeholder, ref.path.appending("placeholder"))
                add(ctl.value, ref.path.appending("value"))
                add(ctl.text, ref.path.appending("text"))
                add(ctl.accessibilityLabel, ref.path.appending("accessibilityLabel"))
                for (k, segment) in ctl.segments.enumerated() {
                    add(segment, ref.path.appending("segments").appending(k))
                }
                for (k, item) in ctl.items.enumerated() {
                    add(item.title, ref.path.appending("items").appending(k).appending("title"))
                    add(item.subtitle, ref.path.appending("items").appending(k).appending("subtitle"))
                }
            }
        }
        for s in c.appScreens { screen(s) }
        for e in c.allModals {
            let (i, m, mp) = (e.index, e.modal, e.path)
            // A custom modal's title is its root screen's, among its screens.
            if m.style.isCustom {
                for s in c.modalScreens[i] { screen(s) }
            } else {
                add(m.title, mp.appending("title"))
            }
            add(m.message, mp.appending("message"))
            for (j, a) in m.actions.enumerated() {
                add(a.title, mp.appending("actions").appending(j).appending("title"))
            }
            for (j, f) in m.textFields.enumerated() {
                add(f.placeholder, mp.appending("textFields").appending(j).appending("placeholder"))
            }
            for (j, a) in m.customActivities.enumerated() {
                add(a.title, mp.appending("customActivities").appending(j).appending("title"))
            }
        }
    }
}
