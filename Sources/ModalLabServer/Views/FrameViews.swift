import Mustache

// The view models of the device frame, one per partial of `Templates/pages/partials/`: what each
// template names, typed. ``PlayerView`` builds them from ``FrameLayout`` and the prototype.
// Lengths are strings of points already formatted for HTML (`Rect.format`).

/// `partials/device`: the device, its window, its layers and the system chrome.
struct DeviceView: MustacheContext {
    var device: String
    var family: String
    var orientation: String
    var multitasking: String
    /// `light` or `dark`.
    var appearance: String
    /// A `UIContentSizeCategory` name.
    var contentSize: String
    /// `ltr` or `rtl`.
    var layoutDirection: String
    /// The iOS version the session runs as (`data-os`), and its design (`data-design`:
    /// `classic` or `liquid-glass`), which the stylesheet keys the version's look by.
    var targetOS: String = ""
    var design: String = ""
    var sizeClass: String
    var horizontal: String
    var vertical: String
    var hasHomeButton: Bool
    /// The device element's custom properties: screen size, corner radius, tint, metrics.
    var style: String
    /// "iPhone 16, portrait, compact/regular".
    var label: String
    var otherApp: OtherAppView?
    var prototype: String
    /// The window's position, size and safe area.
    var windowStyle: String
    var layers: [LayerView]
    var isSlideOver: Bool
    var statusBar: StatusBarView?
    var island: IslandView?
    var hasHomeIndicator: Bool
    /// The software keyboard, when it is up.
    var keyboard: KeyboardView? = nil
    /// The open menu, over every layer.
    var menu: MenuView? = nil
    /// The app font's URL (docs/format.md, "font"); empty: the system font.
    var appFont: String = ""

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "device": device
        case "family": family
        case "orientation": orientation
        case "multitasking": multitasking
        case "appearance": appearance
        case "contentSize": contentSize
        case "layoutDirection": layoutDirection
        case "targetOS": targetOS
        case "design": design
        case "sizeClass": sizeClass
        case "horizontal": horizontal
        case "vertical": vertical
        case "hasHomeButton": hasHomeButton
        case "style": style
        case "label": label
        case "otherApp": otherApp.asMustacheValue
        case "prototype": prototype
        case "windowStyle": windowStyle
        case "layers": layers
        case "isSlideOver": isSlideOver
        case "statusBar": statusBar.asMustacheValue
        case "island": island.asMustacheValue
        case "hasHomeIndicator": hasHomeIndicator
        case "menu": menu.asMustacheValue
        case "keyboard": keyboard.asMustacheValue
        case "appFont": appFont
        default: nil
        }
    }
}

/// `partials/keyboard`: the software keyboard along the screen's bottom edge.
struct KeyboardView: MustacheContext {
    /// The field it is up for: a control's id, or an alert's id.
    var target: String
    /// An alert's text field index, or empty.
    var field: String
    /// What Return does: `endEditing` (a text field), `newline` (a text area), `alert` (an
    /// alert's field: the alert's Return action).
    var returnAction: String
    var isPad: Bool
    /// Its place and parts, as custom properties (`top`, `height`, `--kb-*`).
    var style: String
    var rows: [KeyboardRowView]
    var hasBottomRow: Bool

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "target": target
        case "field": field
        case "returnAction": returnAction
        case "isPad": isPad
        case "style": style
        case "rows": rows
        case "hasBottomRow": hasBottomRow
        default: nil
        }
    }
}

/// One row of keys.
struct KeyboardRowView: MustacheContext {
    var keys: [KeyView]

    func mustacheValue(forKey key: String) -> Any? { key == "keys" ? keys : nil }
}

/// One key: what it types or does (`data-key`), its label, and its kind for the look.
struct KeyView: MustacheContext {
    /// A character to type, or `shift`, `delete`, `return`, `hide`, `space`, `numbers`, `globe`.
    var value: String
    var label: String
    /// `letter`, `shift`, `delete`, `return`, `hide`, `space`, `numbers`, `globe`.
    var kind: String

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "value": value
        case "label": label
        case "kind": kind
        case "isGlobe": kind == "globe"
        default: nil
        }
    }
}

/// The other app of a Split View, or the full-screen app beneath Slide Over.
struct OtherAppView: MustacheContext {
    var left: String
    var isUnderSlideOver: Bool

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "left": left
        case "isUnderSlideOver": isUnderSlideOver
        default: nil
        }
    }
}

/// The status bar.
struct StatusBarView: MustacheContext {
    var height: String
    var isLight: Bool
    /// Only the leading items (the time) are light: the app's Split View share is pushed back.
    var isLeadingLight: Bool = false
    var time: String
    /// The date beside the time (iPad), or empty.
    var date: String
    /// A Home-button iPhone's layout: signal, carrier and Wi-Fi leading, the time centred, the
    /// battery with its percentage trailing.
    var isHomeButton: Bool = false

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "height": height
        case "isLight": isLight
        case "isLeadingLight": isLeadingLight
        case "isHomeButton": isHomeButton
        case "time": time
        case "date": date
        default: nil
        }
    }
}

/// The Dynamic Island.
struct IslandView: MustacheContext {
    var isSide: Bool

    func mustacheValue(forKey key: String) -> Any? { key == "isSide" ? isSide : nil }
}

/// `partials/layer`: the app's layer or one presentation.
struct LayerView: MustacheContext {
    var isApp: Bool
    var index: Int
    var modal: String = ""
    var form: String = ""
    var presentationStyle: String = ""
    var requestedStyle: String = ""
    var transition: String = ""
    var presentedBy: String = ""
    var isDirty = false
    var adaptedBy: String = ""
    var isSystem = false
    var isTop = false
    var isPushedBack = false
    var isCovered = false
    var isCurled = false
    /// An alert or action sheet taller than the window allows, whose content scrolls.
    var scrolls = false
    var modalInPresentation = false
    var isOver = false
    /// A current-context presentation's context id, or empty.
    var context: String = ""
    var dimming: DimmingView?
    /// A card floating inset at a partial detent (Liquid Glass): `data-floating`.
    var isFloating = false
    /// Whether it grows out of a control as it appears (`data-grows`; where from is in ``css``,
    /// `--grow-dx`, `--grow-dy`, `--grow-sx`, `--grow-sy`).
    var growsFromSource = false
    var card: CardView?
    var popover: PopoverView?
    /// The custom properties that place it (`--x`, `--y`, `--w`, `--h`, push-back, popover).
    var css: String = ""
    var role: String = "dialog"
    var isAriaModal = false
    var label: String = ""
    /// The id of the element that describes it (an alert's or action sheet's message), or empty.
    var describedBy: String = ""
    var screen: ScreenView?
    /// The screen beneath ``screen`` in its navigation stack, for the transitions.
    var previousScreen: ScreenView?
    var alert: AlertView?
    var actionSheet: ActionSheetView?
    var activity: ActivityView?

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "isApp": isApp
        case "index": index
        case "modal": modal
        case "form": form
        case "presentationStyle": presentationStyle
        case "requestedStyle": requestedStyle
        case "transition": transition
        case "presentedBy": presentedBy
        case "isDirty": isDirty
        case "adaptedBy": adaptedBy
        case "isSystem": isSystem
        case "isTop": isTop
        case "isPushedBack": isPushedBack
        case "isCovered": isCovered
        case "isCurled": isCurled
        case "scrolls": scrolls
        case "modalInPresentation": modalInPresentation
        case "isOver": isOver
        case "context": context
        case "dimming": dimming.asMustacheValue
        case "isFloating": isFloating
        case "growsFromSource": growsFromSource
        case "card": card.asMustacheValue
        case "popover": popover.asMustacheValue
        case "css": css
        case "role": role
        case "isAriaModal": isAriaModal
        case "label": label
        case "describedBy": describedBy
        case "screen": screen.asMustacheValue
        case "previousScreen": previousScreen.asMustacheValue
        case "alert": alert.asMustacheValue
        case "actionSheet": actionSheet.asMustacheValue
        case "activity": activity.asMustacheValue
        default: nil
        }
    }
}

/// The dimming view beneath a presentation: black, clear (a popover's), or a Liquid Glass layer
/// (a form sheet's in wR/hR from iOS 26).
struct DimmingView: MustacheContext {
    var isClear: Bool
    var isGlass: Bool = false

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "isClear": isClear
        case "isGlass": isGlass
        default: nil
        }
    }
}

/// A card's detents and grabber.
struct CardView: MustacheContext {
    var detent: String
    /// "medium:426 large:783": each detent's id and height, for the drag gesture.
    var detentHeights: String
    /// "medium large ": the detents' ids, for the grabber.
    var detentIDs: String
    var isAtLargest: Bool
    var hasGrabber: Bool
    var isResizable: Bool
    /// "0.92 59": the scale and move (points) of the layer beneath when this card rests at its
    /// tallest detent (FrameLayout's `presenterPushBack`), for the drag to follow; or empty.
    var beneathPush: String = ""

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "beneathPush": beneathPush
        case "detent": detent
        case "detentHeights": detentHeights
        case "detentIDs": detentIDs
        case "isAtLargest": isAtLargest
        case "hasGrabber": hasGrabber
        case "isResizable": isResizable
        default: nil
        }
    }
}

/// A popover's source and arrow (its frame is in the layer's ``LayerView/css``).
struct PopoverView: MustacheContext {
    var source: String
    /// The source's rect as laid out: "x y width height".
    var sourceRect: String
    /// `up`, `down`, `left`, `right` or `none`.
    var arrow: String
    var passthrough: String
    var sourceScrolls: Bool
    /// Drawn over its source, which it hides while it is up (Liquid Glass): `data-replaces-source`.
    var replacesSource: Bool = false

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "replacesSource": replacesSource
        case "source": source
        case "sourceRect": sourceRect
        case "arrow": arrow
        case "passthrough": passthrough
        case "sourceScrolls": sourceScrolls
        default: nil
        }
    }
}

/// `partials/symbol`: a symbol's drawing (inline SVG, our markup), or the labelled placeholder
/// of a name ModalLab doesn't draw.
struct SymbolView: MustacheContext {
    /// The `<svg>` markup, or empty.
    var svg: String
    /// The name ModalLab has no drawing for (shown, escaped), or empty.
    var missing: String

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "svg": svg
        case "missing": missing
        default: nil
        }
    }
}

/// `partials/screen`: a navigation bar, content and a toolbar.
struct ScreenView: MustacheContext {
    var id: String
    var title: String
    var backTitle: String
    var leading: [ControlView]
    var trailing: [ControlView]
    var content: [ControlView]
    var toolbar: [ControlView]
    /// How deep in its navigation stack (1 at the root), for the push and pop animations.
    var depth: Int = 1
    /// Whether the title is drawn as a large title.
    var largeTitle = false
    /// The screen beneath the current one, drawn inert and hidden for the push, pop and edge
    /// swipe to reveal: no control ids, no back button action.
    var isSnapshot = false
    /// An image screen's picture and hotspots (no bars, no content of its own); `nil` otherwise.
    var image: ScreenImageView? = nil

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "id": id
        case "title": title
        case "backTitle": backTitle
        case "depth": depth
        case "largeTitle": largeTitle
        case "isSnapshot": isSnapshot
        case "hasNavigationBar":
            image == nil && (!title.isEmpty || !leading.isEmpty || !trailing.isEmpty || !backTitle.isEmpty)
        case "image": image.asMustacheValue
        case "isPlain": image == nil
        case "leading": leading
        case "trailing": trailing
        case "content": content
        case "toolbar": toolbar
        case "hasToolbar": !toolbar.isEmpty
        default: nil
        }
    }
}

/// An image screen's picture (`partials/screen`): the asset's URL and the pixels per point it
/// is drawn at (the `srcset` density, so the browser draws it at its size in points), and its
/// hotspots, placed by ``ScreenLayout/hotspots(of:frame:)``.
struct ScreenImageView: MustacheContext {
    var src: String
    var scale: Int
    var hotspots: [HotspotView]

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "src": src
        case "scale": scale
        case "hotspots": hotspots
        default: nil
        }
    }
}

/// A hotspot: a transparent button over its rect of the image, in points from its top-left
/// corner.
struct HotspotView: MustacheContext {
    var id: String
    /// The accessible name: its accessibility label, else its id.
    var name: String
    var style: String
    var hasAction: Bool

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "id": id
        case "name": name
        case "style": style
        case "hasAction": hasAction
        default: nil
        }
    }
}

/// `partials/control`: one control of any kind.
struct ControlView: MustacheContext {
    var id: String
    var kind: String
    var title: String = ""
    var label: String = ""
    var placeholder: String = ""
    /// The accessible name: title, accessibility label, label or id.
    var name: String
    var role: String = "default"
    var hasAction = false
    var showsTitle = true
    /// The symbol (`partials/symbol`), or `nil`.
    var icon: SymbolView?
    var value: String = ""
    var isOn = false
    var segments: [SegmentView] = []
    var items: [ListItemView] = []
    var text: String = ""
    var tone: String = "default"
    var height: String = ""
    /// Hidden while a popover or an action sheet drawn over it replaces it (Liquid Glass):
    /// `data-replaced`.
    var isReplaced = false
    /// A tap opens its pull-down menu (`aria-haspopup="menu"`), open now or not (`aria-expanded`).
    var hasMenu = false
    var isMenuOpen = false
    /// A long press opens a menu (its context menu, or the pull-down menu of a button whose tap
    /// runs its action): `data-long-press`.
    var longPress = false
    /// A bar button's part of its bar's shared Liquid Glass background (``BarGlass``, drawn from
    /// iOS 26): `data-glass`; empty outside bars.
    var glass: String = ""
    /// An `image`'s asset URL (empty: a placeholder), the density it is drawn at, its width
    /// style and its `object-fit`/`object-position` (from its content mode).
    var src: String = ""
    var scale: Int = 1
    var width: String = ""
    var fit: String = ""

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "glass": glass
        case "src": src
        case "scale": scale
        case "width": width
        case "fit": fit
        case "id": id
        case "isReplaced": isReplaced
        case "hasMenu": hasMenu
        case "isMenuOpen": isMenuOpen
        case "longPress": longPress
        case "isButton": kind == "button"
        case "isTextField": kind == "textField"
        case "isTextArea": kind == "textArea"
        case "isToggle": kind == "toggle"
        case "isList": kind == "list"
        case "isText": kind == "text"
        case "isImage": kind == "image"
        case "isSegmented": kind == "segmented"
        case "title": title
        case "label": label
        case "placeholder": placeholder
        case "name": name
        case "role": role
        case "hasAction": hasAction
        case "showsTitle": showsTitle
        case "icon": icon.asMustacheValue
        case "value": value
        case "isOn": isOn
        case "segments": segments
        case "items": items
        case "text": text
        case "tone": tone
        case "height": height
        default: nil
        }
    }
}

/// One segment of a segmented control.
struct SegmentView: MustacheContext {
    var title: String
    var isSelected: Bool

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "title": title
        case "isSelected": isSelected
        default: nil
        }
    }
}

/// One row of a list.
struct ListItemView: MustacheContext {
    var id: String
    var title: String
    var subtitle: String
    var hasAction: Bool
    var hasChevron: Bool
    var icon: SymbolView?
    /// A long press opens its context menu: `data-long-press`.
    var hasContextMenu: Bool = false

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "hasContextMenu": hasContextMenu
        case "id": id
        case "title": title
        case "subtitle": subtitle
        case "hasAction": hasAction
        case "hasChevron": hasChevron
        case "icon": icon.asMustacheValue
        default: nil
        }
    }
}

/// `partials/alert`.
struct AlertView: MustacheContext {
    var modal: String
    var title: String
    var message: String
    var textFields: [AlertFieldView]
    /// `side-by-side` or `stacked`.
    var layout: String
    var buttons: [ActionButtonView]

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "modal": modal
        case "title": title
        case "message": message
        case "textFields": textFields
        case "hasTextFields": !textFields.isEmpty
        case "layout": layout
        case "buttonAxis": layout == "side-by-side" ? "horizontal" : "vertical"
        case "buttons": buttons
        default: nil
        }
    }
}

/// A text field of an alert.
struct AlertFieldView: MustacheContext {
    var index: Int
    var placeholder: String
    /// `password` or `text`.
    var type: String
    var inputMode: String

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "index": index
        case "placeholder": placeholder
        case "type": type
        case "inputMode": inputMode
        default: nil
        }
    }
}

/// A button of an alert or an action sheet.
struct ActionButtonView: MustacheContext {
    var index: Int
    var title: String
    /// The action's id, or empty.
    var actionID: String
    var isCancel = false
    var isDestructive = false
    var isBold = false
    var isPreferred = false

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "index": index
        case "title": title
        case "actionID": actionID
        case "isCancel": isCancel
        case "isDestructive": isDestructive
        case "isBold": isBold
        case "isPreferred": isPreferred
        default: nil
        }
    }
}

/// `partials/action-sheet`.
struct ActionSheetView: MustacheContext {
    var modal: String
    var title: String
    var message: String
    var actions: [ActionButtonView]
    /// The Cancel button in its own group; `nil` in a popover (or without one).
    var cancel: ActionButtonView?

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "modal": modal
        case "title": title
        case "message": message
        case "hasHeader": !title.isEmpty || !message.isEmpty
        case "actions": actions
        case "cancel": cancel.asMustacheValue
        default: nil
        }
    }
}

/// `partials/activity`: the share sheet as iOS 17 and 18 draw it — a header (what is shared,
/// "Options ›", Close), a row of people, a row of apps ending in More, the list of actions
/// ending in "Edit Actions…".
struct ActivityView: MustacheContext {
    var title: String
    var subtitle: String
    var inPopover: Bool
    /// Suggested people (placeholders), each sharing through ``peopleActivity``; empty when
    /// the sheet offers no AirDrop, Messages or Mail.
    var people: [ActivityPersonView]
    var apps: [ActivityItemView]
    var actions: [ActivityItemView]

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "title": title
        case "subtitle": subtitle
        case "inPopover": inPopover
        case "hasPeople": !people.isEmpty
        case "people": people
        case "hasApps": !apps.isEmpty
        case "apps": apps
        case "actions": actions
        default: nil
        }
    }
}

/// A suggested person of the share sheet: initials on a coloured disc, a name, and the badge of
/// the activity that shares with them (a tap runs that activity).
struct ActivityPersonView: MustacheContext {
    var name: String
    var initials: String
    /// `1`…`4`: which of the stylesheet's avatar colours.
    var hue: Int
    /// The activity id (`messages`, `airdrop`, `mail`).
    var activity: String
    var badge: SymbolView

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "name": name
        case "initials": initials
        case "hue": hue
        case "activity": activity
        case "badge": badge
        default: nil
        }
    }
}

/// A share target or an action of an activity view.
struct ActivityItemView: MustacheContext {
    var id: String
    var title: String
    var icon: SymbolView
    var isSystem: Bool

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "id": id
        case "title": title
        case "icon": icon
        case "isSystem": isSystem
        default: nil
        }
    }
}
