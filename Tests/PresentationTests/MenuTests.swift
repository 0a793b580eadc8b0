import EventSchema
import JSON
import Prototype
import Testing

@testable import Presentation

/// Menus: pull-down menus on buttons and bar buttons, context menus on a long press; what a tap
/// outside, a choice, a submenu, Escape and the environment do to them, and what is logged.
@Suite struct MenuTests {
    static let text = #"""
        {"format": "modallab/1", "id": "menus", "targetOS": "18", "start": "home", "devices": ["iphone-16", "ipad-pro-11"],
         "screens": [{"id": "home", "title": "Library",
           "navigationBar": {"leading": [{"id": "sort", "title": "Sort", "systemImage": "arrow.up.arrow.down",
             "menu": {"title": "Sort By", "singleSelection": true, "children": [
               {"id": "by-date", "title": "Date", "checked": true}, {"id": "by-name", "title": "Name"},
               {"id": "more-sorts", "title": "More", "children": [{"id": "by-size", "title": "Size"}]}]}}],
             "trailing": [{"id": "add", "title": "Add", "action": {"present": "album"},
               "menu": {"children": [{"id": "add-folder", "title": "New Folder", "action": {"present": "album"}}]}}]},
           "content": [
             {"type": "list", "id": "photos", "items": [{"id": "photo-1", "title": "Beach",
               "contextMenu": {"preview": "detail", "children": [
                 {"id": "favorite", "title": "Favorite", "checked": false},
                 {"id": "delete-photo", "title": "Delete", "role": "destructive", "action": {"present": "confirm"}}]}}]},
             {"type": "button", "id": "plain", "title": "Plain"}]},
           {"id": "detail", "title": "Beach", "content": [{"type": "text", "id": "caption", "text": "A beach"}]}],
         "modals": [
           {"id": "album", "style": "pageSheet", "title": "Album", "navigationBar": {"leading": [{"id": "album-cancel", "title": "Cancel", "action": "dismiss"}]}},
           {"id": "confirm", "style": "actionSheet", "source": "photo-1",
            "actions": [{"title": "Delete Photo", "role": "destructive", "action": "dismiss"}, {"title": "Cancel", "role": "cancel"}]}]}
        """#

    @Test func aTapOpensAPullDownMenuAndATapOutsideOnlyDismissesIt() throws {
        var s = Session(try prototype(Self.text))
        try s.tap("sort")
        #expect(s.state.menu == OpenMenu(control: "sort", isContext: false, layer: 0))
        #expect(s.last?.events.map(\.type) == [.tap, .menuOpen])
        // A tap on another control while the menu is open: the menu goes, nothing else happens.
        try s.tap("plain")
        #expect(s.state.menu == nil && s.modals.isEmpty)
        #expect(s.last?.events.map(\.type) == [.tap, .menuDismiss])
        #expect(s.last?.events.last?.props["how"] == "tapOutside")
        try s.tap("sort")
        try s.apply(.tapOutside(x: 200, y: 600))
        #expect(s.state.menu == nil)
    }

    @Test func choosingAnItemClosesTheMenuMovesTheCheckmarkAndRunsItsAction() throws {
        var s = Session(try prototype(Self.text))
        try s.tap("sort")
        try s.tap("by-name")
        #expect(s.state.menu == nil)
        #expect(s.state.appValues["by-name"] == .bool(true) && s.state.appValues["by-date"] == .bool(false))
        let select = try #require(s.last?.events.first { $0.type == .menuSelect })
        #expect(select.target == "by-name" && select.props["checked"] == .bool(true))
        // A submenu opens in the menu's place; its header goes back; its item is chosen.
        try s.tap("sort")
        try s.tap("more-sorts")
        #expect(s.state.menu?.submenus == ["more-sorts"])
        try s.tap("more-sorts")
        #expect(s.state.menu?.submenus == [])
        try s.tap("more-sorts")
        try s.tap("by-size")
        #expect(s.state.menu == nil)
    }

    @Test func aButtonWithAnActionAndAMenuRunsTheActionOnATapAndOpensTheMenuOnALongPress() throws {
        var s = Session(try prototype(Self.text))
        try s.apply(.longPress(target: "add"))
        #expect(s.state.menu?.control == "add" && s.state.menu?.isContext == false)
        try s.tap("add-folder")
        #expect(s.modals == ["album"])
        #expect(s.entry("album")?.presentedBy == "add", "a menu item presents from its button")
        try s.tap("album-cancel")
        try s.tap("add")
        #expect(s.modals == ["album"] && s.state.menu == nil)
    }

    @Test func aLongPressOpensAContextMenuWithItsPreview() throws {
        let p = try prototype(Self.text)
        var s = Session(p)
        try s.apply(.longPress(target: "photo-1"))
        #expect(s.state.menu?.isContext == true)
        #expect(s.last?.events.first?.props["longPress"] == .bool(true))
        let layout = try #require(FrameLayout(prototype: p, state: s.state).menu)
        #expect(layout.previewScreen == "detail")
        let preview = try #require(layout.preview)
        #expect(
            layout.frame.minY >= preview.maxY || layout.frame.maxY <= preview.minY, "the menu is beside its preview")
        // A checkable item toggles; a destructive one presents its confirmation from the row.
        try s.tap("favorite")
        #expect(s.state.appValues["favorite"] == .bool(true))
        try s.apply(.longPress(target: "photo-1"))
        try s.tap("delete-photo")
        #expect(s.modals == ["confirm"])
        // A long press on a control without a menu does nothing.
        var t = Session(p)
        try t.apply(.longPress(target: "plain"))
        #expect(t.state.menu == nil && t.last?.events.map(\.type) == [.tap])
    }

    /// Escape, Home and the environment close a menu too, each logged with its own `how`: every
    /// ``MenuDismissHow``, as the log writes it.
    @Test func escapeHomeAndTheEnvironmentCloseAMenu() throws {
        let cases: [(EngineAction, String)] = [
            (.key("Escape"), "escape"), (.home, "home"), (.rotate(.landscape), "environment"),
            (.resize(device: nil, multitasking: nil, contentSize: .extraLarge), "environment"),
            (.present(modal: "album"), "environment"), (.swipeDown(target: nil), "tapOutside"),
            (.longPress(target: "plain"), "tapOutside"),
        ]
        var logged: Set<String> = []
        for (action, how) in cases {
            var s = Session(try prototype(Self.text))
            try s.tap("sort")
            try s.apply(action)
            #expect(s.state.menu == nil, "\(action)")
            let dismissed = s.last?.events.filter { $0.type == .menuDismiss } ?? []
            #expect(dismissed.count == 1 && dismissed.first?.props["how"] == .string(how), "\(action): \(dismissed)")
            logged.insert(how)
        }
        #expect(logged == Set(MenuDismissHow.allCases.map(\.rawValue)))
    }

    @Test func anItemOfAClosedMenuIsNotTappable() throws {
        var s = Session(try prototype(Self.text))
        let o = try s.tap("by-name")
        #expect(o.refusal?.ruleID == .stackPresenterVisible)
    }

    @Test func aPullDownMenuHangsBelowItsButtonInsideTheWindow() throws {
        let p = try prototype(Self.text)
        var s = Session(p)
        try s.tap("sort")
        let l = try #require(FrameLayout(prototype: p, state: s.state).menu)
        #expect(l.frame.minY >= l.sourceRect.maxY)
        #expect(l.frame.minX >= 8 && l.frame.maxX <= 393 - 8)
        #expect(l.itemCount == 3 && l.hasTitleRow)
        #expect(abs(l.frame.minX - max(8, l.sourceRect.minX)) < 0.5, "a leading button: leading edges aligned")
    }

    /// A menu's rows follow Dynamic Type: its panel is as tall as its title row and items at their
    /// grown heights (``LayoutMetrics/menuRow``), or as tall as the window allows. At the
    /// accessibility sizes it widens (here to the window less its margins) and a title that
    /// doesn't fit a line wraps, its row growing by a line, instead of ending in an ellipsis.
    @Test func aMenusRowsGrowWithTheTextSizeAndWrapAtTheAccessibilitySizes() throws {
        let p = try prototype(Self.text)
        for size in [ContentSizeCategory.large, .accessibilityMedium, .accessibilityExtraExtraExtraLarge] {
            var s = Session(p)
            try s.apply(.resize(device: nil, multitasking: nil, contentSize: size))
            try s.tap("sort")
            let f = FrameLayout(prototype: p, state: s.state)
            let l = try #require(f.menu)
            let natural = l.titleRowHeight + l.itemHeights.reduce(0, +)
            #expect(l.frame.height == min(natural, l.frame.height), "\(size)")
            #expect(l.itemHeights.allSatisfy { $0 >= f.metrics.menuRow }, "\(size)")
            if size.isAccessibilityCategory {
                #expect(l.wraps, "\(size)")
                #expect(l.frame.width == 393 - 16, "\(size): as wide as the window allows")
            } else {
                #expect(!l.wraps && l.frame.width == 250, "\(size): 250 pt")
                #expect(l.frame.height == f.metrics.menuTitleRow + 3 * f.metrics.menuRow)
            }
        }
        // A title too long for a line at AX5 takes more lines, and its row grows by them.
        let long = Self.text.replacingOccurrences(
            of: #""title": "Name""#, with: #""title": "Name of the Photographer""#)
        var s = Session(try prototype(long))
        try s.apply(.resize(device: nil, multitasking: nil, contentSize: .accessibilityExtraExtraExtraLarge))
        try s.tap("sort")
        let f = FrameLayout(prototype: s.engine.prototype, state: s.state)
        let l = try #require(f.menu)
        #expect(l.itemHeights[1] >= f.metrics.menuRow + f.metrics.bodyLine, "two lines or more: \(l.itemHeights)")
        #expect(l.itemHeights[0] == f.metrics.menuRow, "“Date” keeps one line")
    }

    /// A checkmark column is kept only when an item shows a checkmark: a single-selection menu
    /// with its choice, not a context menu whose only checkable item is off.
    @Test func aMenuKeepsACheckmarkColumnOnlyWhenAnItemIsChecked() throws {
        let p = try prototype(Self.text)
        var s = Session(p)
        try s.tap("sort")
        var l = try #require(FrameLayout(prototype: p, state: s.state).menu)
        #expect(l.checked == ["by-date"] && l.hasCheckColumn)
        try s.apply(.key("Escape"))
        try s.apply(.longPress(target: "photo-1"))
        l = try #require(FrameLayout(prototype: p, state: s.state).menu)
        #expect(!l.hasCheckColumn, "Favorite is checkable but off: no column")
        try s.tap("favorite")
        try s.apply(.longPress(target: "photo-1"))
        l = try #require(FrameLayout(prototype: p, state: s.state).menu)
        #expect(l.checked == ["favorite"] && l.hasCheckColumn, "once on, it shows its checkmark")
    }

    /// A menu opened while the software keyboard is up stays above it, and takes the next touch
    /// before the keyboard does: an item is chosen wherever it is, and a touch on the field only
    /// closes the menu.
    @Test func aMenuOverTheKeyboardStaysAboveItAndTakesTheNextTouch() throws {
        let p = try prototype(
            #"""
            {"format": "modallab/1", "id": "kb-menu", "targetOS": "26", "start": "home", "devices": ["iphone-16"],
             "screens": [{"id": "home", "title": "Note",
               "content": [{"type": "textField", "id": "name", "label": "Name"},
                 {"type": "button", "id": "tags", "title": "Tags", "menu": {"children": [
                   {"id": "t1", "title": "One"}, {"id": "t2", "title": "Two"}, {"id": "t3", "title": "Three"},
                   {"id": "t4", "title": "Four"}, {"id": "t5", "title": "Five"}, {"id": "t6", "title": "Six"},
                   {"id": "t7", "title": "Seven"}, {"id": "t8", "title": "Eight"}]}}]}]}
            """#)
        var s = Session(p)
        try s.apply(.focus(target: "name"))
        #expect(s.state.keyboard?.target == "name")
        try s.tap("tags")
        #expect(s.state.menu?.control == "tags")
        let f = FrameLayout(prototype: p, state: s.state)
        let menu = try #require(f.menu)
        let keyboard = try #require(f.keyboard)
        #expect(menu.frame.maxY <= keyboard.frame.minY - f.window.minY + 0.5, "above the keyboard: \(menu.frame)")
        // A choice far down the screen is not a touch on the keyboard.
        let chosen = try s.apply(.tap(target: "t8", choice: nil, x: 200, y: 800))
        #expect(chosen.refusal == nil && s.state.menu == nil)
        try s.tap("tags")
        try s.apply(.focus(target: "name"))
        #expect(s.state.menu == nil && s.last?.events.last?.type == .menuDismiss)
    }

    @Test func menusDecodeWithPathsAndLintCountsTheirPresenters() throws {
        let bad = #"""
            {"format": "modallab/1", "id": "bad", "start": "home",
             "screens": [{"id": "home", "title": "Home", "content": [
               {"type": "button", "id": "b", "title": "B", "menu": {"chidren": []}},
               {"type": "button", "id": "c", "title": "C", "menu": {"children": [{"id": "x", "title": "X", "action": {"present": "nope"}}]}}]}]}
            """#
        let r = try Prototype.decode(Array(bad.utf8))
        let paths = r.issues.map(\.path.description)
        #expect(paths.contains("$.screens[0].content[0].menu.chidren"), "\(paths)")
        #expect(paths.contains("$.screens[0].content[1].menu.children[0].action.present"), "\(paths)")
        let unknown = r.issues.first { $0.path.description == "$.screens[0].content[0].menu.chidren" }
        #expect(unknown?.description.contains("children") == true, "did you mean children")
    }
}
