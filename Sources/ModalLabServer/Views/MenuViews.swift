import Mustache
import Presentation
import Prototype

/// `partials/menu`: the open menu over every layer, its items and a context menu's preview, as
/// ``MenuLayout`` placed them. Items are buttons naming their element (`data-menu-item`), which
/// the page posts as taps; the backdrop takes a tap outside.
struct MenuView: MustacheContext {
    /// The control whose menu it is.
    var control: String
    /// `pullDown` or `context`.
    var kind: String
    /// The panel's place and size, and how it grows out of its control (`--grow-*`).
    var style: String
    /// The accessible name: the menu's title, else the control's name.
    var label: String
    /// The title row: the menu's title (`isHeader` false) or the open submenu's header, which
    /// goes back one level (`isHeader`, `headerID` the submenu's id).
    var title: String
    var isHeader: Bool
    var headerID: String
    var items: [MenuItemView]
    var preview: MenuPreviewView?
    /// Whether the items keep a column for a checkmark (``MenuLayout/hasCheckColumn``).
    var hasCheckColumn: Bool
    /// Whether titles wrap (``MenuLayout/wraps``), and the title row's height then.
    var wraps: Bool
    var titleStyle: String

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "hasCheckColumn": hasCheckColumn
        case "wraps": wraps
        case "titleStyle": titleStyle
        case "control": control
        case "kind": kind
        case "style": style
        case "label": label
        case "title": title
        case "isHeader": isHeader
        case "headerID": headerID
        case "items": items
        case "preview": preview.asMustacheValue
        default: nil
        }
    }
}

/// One item of a menu.
struct MenuItemView: MustacheContext {
    var id: String
    var title: String
    /// Its SF Symbol, drawn (or named when ModalLab has no drawing of it); `nil` without one.
    var icon: SymbolView?
    var isDestructive: Bool
    var isSubmenu: Bool
    /// Whether it can show a checkmark (`menuitemradio` or `menuitemcheckbox`), and whether it does.
    var isCheckable: Bool
    var isChecked: Bool
    /// `menuitem`, `menuitemradio` or `menuitemcheckbox`.
    var role: String
    /// Its row's height when titles wrap (`min-height`), else empty.
    var style: String = ""

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "style": style
        case "id": id
        case "title": title
        case "icon": icon.asMustacheValue
        case "isDestructive": isDestructive
        case "isSubmenu": isSubmenu
        case "isCheckable": isCheckable
        case "isChecked": isChecked
        case "role": role
        default: nil
        }
    }
}

/// A context menu's preview: the `preview` screen, or else the control itself as it is drawn —
/// UIKit lifts a snapshot of the view the interaction is on when there is no preview provider
/// ("UIContextMenuInteraction": "this object animates your content to a new interface";
/// "UITargetedPreview.init(view:)": "The view to animate") — for a list row, that row alone.
/// Either is drawn inert, without control ids (`isSnapshot`: the page's ids stay unique).
struct MenuPreviewView: MustacheContext {
    var style: String
    var title: String
    var control: ControlView?
    var screen: ScreenView?

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "style": style
        case "title": title
        case "screen": screen.asMustacheValue
        case "control": control.asMustacheValue
        case "isSnapshot": true
        default: nil
        }
    }
}

extension PlayerView {
    /// The control `id` as a context menu lifts it (``MenuPreviewView``): a list row as a list of
    /// that row alone, anything else as it is drawn, with the values of its layer.
    func liftedControl(_ id: String, location loc: ControlLocation, layer: Int) -> ControlView {
        let values = layer == 0 ? state.appValues : state.stack[layer - 1].values
        if let list = loc.list, let l = prototype.control(list)?.control {
            var v = control(l, inBar: false, values: values)
            v.items = v.items.filter { $0.id == id }
            return v
        }
        return control(loc.control, inBar: !loc.isInContent, values: values)
    }

    /// The open menu's view, or `nil` when none is open.
    func menuView(_ layout: FrameLayout) -> MenuView? {
        guard let l = layout.menu, let open = state.menu, let loc = prototype.control(open.control),
            let menu = loc.control.menu(context: open.isContext)
        else { return nil }
        let items = menu.items(after: open.submenus) ?? []
        let f = l.frame
        var style = "left:\(pt(f.x))px;top:\(pt(f.y))px;width:\(pt(f.width))px;max-height:\(pt(f.height))px;"
        style += growCSS(from: l.sourceRect, to: f)
        let header = open.submenus.last.flatMap { id in menu.allElements.first { $0.element.id == id }?.element }
        return MenuView(
            control: open.control, kind: open.kind, style: style,
            label: menu.title ?? loc.control.displayName, title: header?.title ?? menu.title ?? "",
            isHeader: header != nil, headerID: header?.id ?? "",
            items: items.enumerated().map { i, e in
                let checkable = !e.isSubmenu && (menu.singleSelection || e.checked != nil)
                let height = l.wraps && i < l.itemHeights.count ? "min-height:\(pt(l.itemHeights[i]))px" : ""
                return MenuItemView(
                    id: e.id, title: e.title, icon: e.systemImage.map(Icons.glyph),
                    isDestructive: e.role == .destructive, isSubmenu: e.isSubmenu, isCheckable: checkable,
                    isChecked: l.checked.contains(e.id),
                    role: checkable ? (menu.singleSelection ? "menuitemradio" : "menuitemcheckbox") : "menuitem",
                    style: height)
            },
            preview: l.preview.map { p in
                MenuPreviewView(
                    style: "left:\(pt(p.x))px;top:\(pt(p.y))px;width:\(pt(p.width))px;height:\(pt(p.height))px;",
                    title: loc.control.displayName,
                    control: l.previewScreen == nil
                        ? liftedControl(open.control, location: loc, layer: open.layer) : nil,
                    screen: l.previewScreen.flatMap { prototype.screen($0) }.map {
                        // Drawn inert, without control ids (the page's ids stay unique).
                        var v = screenView($0, navigation: [$0.id], modal: nil, values: [:])
                        v.isSnapshot = true
                        return v
                    })
            },
            hasCheckColumn: l.hasCheckColumn, wraps: l.wraps,
            titleStyle: l.wraps ? "min-height:\(pt(l.titleRowHeight))px" : "")
    }
}
