/// A menu (`UIMenu`): a pull-down menu on a button or bar button (`"menu"`: UIKit's
/// `UIButton.menu` with `showsMenuAsPrimaryAction`, `UIBarButtonItem.menu`), or a context menu
/// on a long press (`"contextMenu"`: `UIContextMenuInteraction`), with an optional preview.
///
/// Sources: Apple, "UIMenu", "UIAction", "UIMenuElement.State" (`.on`: a checkmark),
/// "UIMenuElement.Attributes.destructive", "UIMenu.Options.singleSelection" (iOS 15),
/// "UIContextMenuInteraction" (iOS 13), "UIButton.showsMenuAsPrimaryAction" (iOS 14); HIG
/// "Pull-down buttons" ("After people choose an item in a pull-down button's menu, the menu
/// closes, and the app performs the chosen action") and "Context menus".
public struct Menu: Sendable {
    /// The menu's title, shown above its items (`UIMenu.title`); `nil` for none.
    public var title: String?
    /// Its items, top to bottom: actions and submenus.
    public var children: [MenuElement]
    /// `UIMenu.Options.singleSelection`: choosing an item checks it and unchecks the others.
    public var singleSelection: Bool
    /// For a context menu, the screen its preview shows (`previewProvider`); `nil` previews the
    /// control itself, as UIKit does without a preview provider.
    public var preview: String?

    /// A menu of `children`, with a `title`, single selection, and (for a context menu) a
    /// `preview` screen.
    public init(title: String? = nil, children: [MenuElement], singleSelection: Bool = false, preview: String? = nil) {
        self.title = title
        self.children = children
        self.singleSelection = singleSelection
        self.preview = preview
    }

    /// Every element at any depth, depth first, with the ids of the submenus above it.
    public var allElements: [(element: MenuElement, submenus: [String])] {
        var out: [(MenuElement, [String])] = []
        func walk(_ items: [MenuElement], _ path: [String]) {
            for e in items {
                out.append((e, path))
                if let children = e.children { walk(children, path + [e.id]) }
            }
        }
        walk(children, [])
        return out
    }

    /// The items shown after opening the submenus `path` (outermost first); `nil` when the path
    /// names no submenu of this menu.
    public func items(after path: [String]) -> [MenuElement]? {
        var items = children
        for id in path {
            guard let sub = items.first(where: { $0.id == id })?.children else { return nil }
            items = sub
        }
        return items
    }
}

/// An item of a menu: an action (`UIAction`) or, with `children`, a submenu (`UIMenu`).
public struct MenuElement: Sendable {
    /// Its id, unique among controls (the `target` of a tap while the menu is open).
    public var id: String
    public var title: String
    /// SF Symbol name, drawn as a glyph placeholder.
    public var systemImage: String?
    /// `destructive` draws it red (`UIMenuElement.Attributes.destructive`).
    public var role: ButtonRole?
    /// Its checkmark (`UIMenuElement.State.on`): `true` or `false` makes it checkable, `nil`
    /// not (unless its menu is single-selection).
    public var checked: Bool?
    /// What choosing it does (`nil`: nothing beyond closing the menu).
    public var action: Action?
    /// A submenu's items; `nil` for an action.
    public var children: [MenuElement]?

    /// An item: an action, or with `children` a submenu.
    public init(
        id: String, title: String, systemImage: String? = nil, role: ButtonRole? = nil, checked: Bool? = nil,
        action: Action? = nil, children: [MenuElement]? = nil
    ) {
        self.id = id
        self.title = title
        self.systemImage = systemImage
        self.role = role
        self.checked = checked
        self.action = action
        self.children = children
    }

    /// Whether it opens a submenu.
    public var isSubmenu: Bool { children != nil }
}

/// Where a menu element is: the control whose menu holds it, which menu, and the submenus
/// above it.
public struct MenuElementLocation: Sendable {
    /// The control (or list row) the menu belongs to.
    public var control: String
    /// Whether it is in the control's context menu (else its pull-down menu).
    public var isContext: Bool
    /// The ids of the submenus above it, outermost first.
    public var submenus: [String]
    /// The element.
    public var element: MenuElement
}

extension Prototype {
    /// The menu element with this id, with where it is.
    public func menuElement(_ id: String) -> MenuElementLocation? { menuElementIndex[id] }

    /// Every control's and list row's menus, as (control id, is context, menu).
    public var menus: [(control: String, isContext: Bool, menu: Menu)] {
        var out: [(String, Bool, Menu)] = []
        func add(_ c: Control) {
            if let m = c.menu { out.append((c.id, false, m)) }
            if let m = c.contextMenu { out.append((c.id, true, m)) }
            for item in c.items { if let m = item.contextMenu { out.append((item.id, true, m)) } }
        }
        for s in screens { s.allControls.forEach(add) }
        for m in modals where m.style.isCustom { for s in m.allScreens { s.allControls.forEach(add) } }
        return out
    }

    /// Fills ``menuElement(_:)``'s lookup (called by ``buildIndexes()``).
    mutating func buildMenuIndex() {
        var index: [String: MenuElementLocation] = [:]
        for (control, isContext, menu) in menus {
            for (e, path) in menu.allElements where index[e.id] == nil {
                index[e.id] = MenuElementLocation(control: control, isContext: isContext, submenus: path, element: e)
            }
        }
        menuElementIndex = index
    }
}
