// The menu rules ("3.10 Menus"), each whole: its catalogue row, its words and its examples.

import JSON
import Prototype

extension RuleCatalogue {
    static let menuSection = #"3.10 Menus"#

    /// A Sort button (`sort-button`) whose pull-down menu picks one order (single selection)
    /// or, destructively, presents `confirm`.
    static func sortButton(confirm: String) -> String {
        #"{"type": "button", "id": "sort-button", "title": "Sort", "menu": {"title": "Sort By", "singleSelection": true, "children": [{"id": "by-date", "title": "Date", "checked": true}, {"id": "by-name", "title": "Name"}, {"id": "clear-sort", "title": "Clear All", "role": "destructive", "action": {"present": "\#(confirm)"}}]}}"#
    }

    /// A list of one photo row (`photo-row`) whose context menu previews the base's home screen.
    static let photoRow =
        #"{"type": "list", "id": "photos", "items": [{"id": "photo-row", "title": "Beach", "contextMenu": {"preview": "home", "children": [{"id": "copy-photo", "title": "Copy"}, {"id": "delete-photo", "title": "Delete", "role": "destructive"}]}}]}"#

    static let menuRules: [RuleUnit] = [
        RuleUnit(
            Rule(
                id: .menuDismiss, kinds: [.runtime], severity: .info, severityNote: nil,
                section: menuSection,
                check:
                    #"A tap on a button with a `menu` (and no `action`) opens its menu over everything. While it is open, a tap outside it dismisses it and does nothing else; choosing an item closes it and runs the item's action (a presentation anchors to the button); a submenu opens in its place. In a single-selection menu the checkmark moves to the chosen item."#,
                source:
                    #"HIG "Pull-down buttons": "After people choose an item in a pull-down button's menu, the menu closes, and the app performs the chosen action." Apple, "UIButton.showsMenuAsPrimaryAction" (iOS 14); "UIMenu.Options.singleSelection" (iOS 15); "UIMenuElement.State"; "UIMenuLeaf.presentationSourceItem"."#,
                versions: .since(
                    14,
                    changes: [
                        .init(
                            26,
                            "The menu grows out of its button on Liquid Glass (WWDC25 \"Meet Liquid Glass\": it \"simply pops open\")."
                        )
                    ])),
            name: T("A tap outside dismisses a menu", "轻点菜单外部即可关闭菜单"),
            message: T(
                "the menu of “{control}” closes; a tap outside it does nothing else, a chosen item runs its action",
                "“{control}”的菜单关闭；轻点菜单外部不会执行其他操作，选中的项目会执行其操作"),
            notes:
                "Escape, Home, a rotation and a resize close an open menu too (menu_dismiss in the log, with how). A menu is not a presentation: it is in the state's `menu`, not its stack.",
            triggering: [
                .script(
                    app(home(content: sortButton(confirm: "a")), alert("a")), [.tap("sort-button"), .tapOutside()],
                    expect: ["$.menu": nil, "$.stack": []], draws: true),
                .script(
                    app(home(content: sortButton(confirm: "a")), alert("a")),
                    [.tap("sort-button"), .tap("clear-sort")],
                    expect: ["$.menu": nil, "$.stack[0].modal": "a"], draws: true),
            ],
            nonTriggering: [
                .script(
                    app(home(content: sortButton(confirm: "a")), alert("a")), [.tap("sort-button")],
                    expect: ["$.menu.control": "sort-button", "$.menu.kind": "pullDown"])
            ]),
        RuleUnit(
            Rule(
                id: .menuContextPreview, kinds: [.runtime], severity: .info, severityNote: nil,
                section: menuSection,
                check:
                    #"A long press on a control, list row or image with a `contextMenu` opens it with a preview (its `preview` screen, else the control lifted) and blurs what is behind; a button with both an `action` and a `menu` opens its menu on a long press. A long press on anything else does nothing."#,
                source:
                    #"Apple, "UIContextMenuInteraction" (iOS 13): "An interaction object that you use to display relevant actions for your content"; "UIContextMenuConfiguration" (previewProvider); HIG "Context menus"."#,
                versions: .since(13)),
            name: T("A long press opens the context menu", "长按打开上下文菜单"),
            message: T(
                "a long press on “{control}” opens its context menu with a preview",
                "长按“{control}”会打开其上下文菜单并显示预览"),
            notes:
                "A tap on the preview closes the menu like a tap outside (UIKit's commit animation, which opens the previewed content, is not modelled). The keyboard's context-menu key and a right click are long presses in the player.",
            triggering: [
                .script(
                    app(home(content: photoRow)), [.longPress("photo-row")],
                    expect: ["$.menu.control": "photo-row", "$.menu.kind": "context"], draws: true)
            ],
            nonTriggering: [
                .script(
                    app(home(content: photoRow)), [.longPress("open-button")], expect: ["$.menu": nil]),
                .script(
                    app(home(content: photoRow)), [.longPress("photo-row"), .key("Escape")], expect: ["$.menu": nil]),
            ]),
    ]
}
