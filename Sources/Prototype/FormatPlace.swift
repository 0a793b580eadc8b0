/// The kinds of object a prototype document is made of, each with the members the format allows
/// there (`Schema/prototype.schema.json` has the same, as a test checks), and the one table of
/// the words people write for those members.
public enum FormatPlace: String, Sendable, CaseIterable {
    case document, lint, screen, navigationBar, control, listItem, modal, alertAction, alertTextField
    case customActivity, size, detent, action, menu, menuElement
    /// A task of a usability study, its success, and a success by dismissal.
    case task, taskSuccess, taskDismissed, taskStart
    /// The questions a participant link asks (`"questions"`).
    case questions
    /// An image screen's `image`, a hotspot, and a hotspot's `frame`.
    case screenImage, hotspot, frame
    /// A variant of a screen's image for a device family, a device or an orientation.
    case screenImageVariant

    /// Every member the format allows on this kind of object.
    public var members: Set<String> {
        switch self {
        case .document:
            return [
                "$schema", "description", "format", "id", "name", "targetOS", "devices", "tint", "font", "start",
                "screens", "modals", "lint", "requiresFullScreen", "tasks", "taskOrder", "questions",
            ]
        case .lint: return ["disable", "severity", "productNames"]
        case .screen: return ["id", "title", "largeTitle", "navigationBar", "toolbar", "content", "image", "hotspots"]
        case .navigationBar: return ["leading", "trailing", "appearance"]
        case .control: return PrototypeDecoder.allControlMembers
        case .listItem: return ["id", "title", "subtitle", "systemImage", "action", "contextMenu"]
        case .modal: return PrototypeDecoder.allModalMembers
        case .alertAction: return ["id", "title", "role", "preferred", "action"]
        case .alertTextField: return ["placeholder", "secure", "keyboard"]
        case .customActivity: return ["id", "title", "systemImage", "imageSize"]
        case .size: return ["width", "height"]
        case .detent: return ["id", "height"]
        case .action: return ["present", "push"]
        case .task: return ["id", "prompt", "success", "expectedPath", "timeLimitSeconds", "start"]
        case .taskStart: return ["screen", "present"]
        case .questions: return ["seq", "comment", "sus", "record"]
        case .taskSuccess: return ["screen", "modal", "dismissed"]
        case .taskDismissed: return ["modal", "by"]
        case .menu: return ["title", "children", "singleSelection", "preview"]
        case .menuElement: return ["id", "title", "systemImage", "role", "checked", "action", "children"]
        case .screenImage: return ["asset", "scale", "dark", "variants"]
        case .screenImageVariant: return ["device", "family", "orientation", "asset", "scale", "dark", "frames"]
        case .hotspot: return ["id", "frame", "action", "accessibilityLabel"]
        case .frame: return ["x", "y", "width", "height"]
        }
    }

    /// "a screen", "模态视图", … for messages.
    public func phrase(_ language: Language) -> String {
        let t: LocalizedText
        switch self {
        case .document: t = LocalizedText("the document", "文档")
        case .lint: t = LocalizedText("the lint settings", "lint 设置")
        case .screen: t = LocalizedText("a screen", "屏幕")
        case .navigationBar: t = LocalizedText("a navigation bar", "导航栏")
        case .control: t = LocalizedText("a control", "控件")
        case .listItem: t = LocalizedText("a list item", "列表项")
        case .modal: t = LocalizedText("a modal", "模态视图")
        case .alertAction: t = LocalizedText("an alert or action sheet button", "警告框或操作列表的按钮")
        case .alertTextField: t = LocalizedText("an alert's text field", "警告框的文本框")
        case .customActivity: t = LocalizedText("a custom activity", "自定义活动")
        case .size: t = LocalizedText("a size", "尺寸")
        case .detent: t = LocalizedText("a custom detent", "自定义停留高度")
        case .action: t = LocalizedText("an action", "操作")
        case .task: t = LocalizedText("a task", "任务")
        case .taskSuccess: t = LocalizedText("a task's success", "任务的完成条件")
        case .taskDismissed: t = LocalizedText("a task's dismissal", "任务的关闭条件")
        case .taskStart: t = LocalizedText("a task's start", "任务的起点")
        case .questions: t = LocalizedText("the study's questions", "研究的问题")
        case .menu: t = LocalizedText("a menu", "菜单")
        case .menuElement: t = LocalizedText("a menu item", "菜单项")
        case .screenImage: t = LocalizedText("a screen's image", "屏幕的图片")
        case .screenImageVariant: t = LocalizedText("a variant of a screen's image", "屏幕图片的变体")
        case .hotspot: t = LocalizedText("a hotspot", "热点")
        case .frame: t = LocalizedText("a hotspot's frame", "热点的矩形")
        }
        return t(language)
    }

    /// Where else `member` belongs, when it is no member here: the first other place that has
    /// it (modals and screens first, as the likeliest).
    public func home(of member: String) -> FormatPlace? {
        guard !members.contains(member) else { return nil }
        let order: [FormatPlace] = [.modal, .screen, .document, .control, .navigationBar] + FormatPlace.allCases
        return order.first { $0 != self && $0.members.contains(member) }
    }

    /// What people write for the format's members, lowercased, and what the format calls them
    /// (the first of the list that the place allows): UIKit's and other tools' names, and
    /// natural words. `navBar` → `navigationBar`, `toolbarItems` → `toolbar`, `buttons` →
    /// `actions` on alerts, `items` ↔ `segments`, …
    public static let synonyms: [String: [String]] = [
        // Bars.
        "navbar": ["navigationBar"], "nav": ["navigationBar"], "navigation": ["navigationBar"],
        "navigationitem": ["navigationBar"], "navitem": ["navigationBar"], "header": ["navigationBar"],
        "topbar": ["navigationBar"], "bar": ["navigationBar"], "titlebar": ["navigationBar"],
        "toolbaritems": ["toolbar"], "bottombar": ["toolbar"], "bottomtoolbar": ["toolbar"], "tools": ["toolbar"],
        "left": ["leading", "x"], "leftitems": ["leading"], "leftbarbuttonitem": ["leading"],
        "leftbarbuttonitems": ["leading"], "right": ["trailing"], "rightitems": ["trailing"],
        "rightbarbuttonitem": ["trailing"], "rightbarbuttonitems": ["trailing"],
        // What a screen or modal shows.
        "body": ["message", "content"], "children": ["content"], "controls": ["content"],
        "views": ["content", "screens"],
        "elements": ["content", "children"], "subviews": ["content"], "components": ["content"],
        // Alerts and action sheets.
        "buttons": ["actions"], "alertactions": ["actions"], "options": ["actions", "segments"],
        "choices": ["actions", "segments"], "fields": ["textFields"], "inputs": ["textFields"],
        "textfield": ["textFields"], "preferred": ["preferredAction"], "subtitle": ["message"],
        "text": ["message", "title"], "detail": ["message"], "details": ["message"],
        // Segmented controls and lists.
        "items": ["segments", "children"], "segments": ["items"], "titles": ["segments"], "rows": ["items"],
        "cells": ["items"],
        "entries": ["items"], "selected": ["value", "checked"], "selectedindex": ["value"],
        "selectedsegment": ["value"],
        "selectedsegmentindex": ["value"], "index": ["value"], "ison": ["value"], "on": ["value"],
        "checked": ["value"],
        // Controls.
        "kind": ["type"], "controltype": ["type"], "icon": ["systemImage"], "image": ["systemImage"],
        "symbol": ["systemImage"], "sfsymbol": ["systemImage"], "systemname": ["systemImage"],
        "imagename": ["systemImage"], "ontap": ["action"], "tap": ["action"], "onpress": ["action"],
        "onclick": ["action"], "target": ["action"], "name": ["title"], "label": ["title"], "heading": ["title"],
        "hint": ["placeholder"], "arialabel": ["accessibilityLabel"], "a11ylabel": ["accessibilityLabel"],
        // Modals.
        "type": ["style"], "presentationstyle": ["style"], "modalpresentationstyle": ["style"],
        "style": ["role"], "modaltransitionstyle": ["transition"], "animation": ["transition"],
        "sourceview": ["source"], "sourceitem": ["source"], "anchor": ["source"], "barbuttonitem": ["source"],
        "from": ["source"], "arrowdirections": ["permittedArrowDirections"], "arrows": ["permittedArrowDirections"],
        "arrow": ["permittedArrowDirections"], "passthroughviews": ["passthrough"],
        "size": ["preferredContentSize"], "contentsize": ["preferredContentSize"],
        "presentationsizing": ["sizing"], "pagesizing": ["prefersPageSizing"],
        "prefersgrabbervisible": ["grabber"], "showsgrabber": ["grabber"],
        "initialdetent": ["selectedDetent"], "selecteddetentidentifier": ["selectedDetent"],
        "ismodalinpresentation": ["modalInPresentation"], "applicationactivities": ["customActivities"],
        "excludedactivitytypes": ["excludedActivities"], "discardconfirmation": ["confirmDiscard"],
        // Images and hotspots.
        "src": ["asset"], "file": ["asset"], "filename": ["asset"], "url": ["asset"],
        "picture": ["image"], "frameimage": ["image"], "screenshot": ["image"], "background": ["image"],
        "hotspot": ["hotspots"], "links": ["hotspots"], "areas": ["hotspots"], "tapareas": ["hotspots"],
        "rect": ["frame"], "bounds": ["frame"], "w": ["width"], "h": ["height"], "top": ["y"],
        "scalefactor": ["scale"], "darkasset": ["dark"], "darkmode": ["dark"], "fit": ["contentMode"],
        "objectfit": ["contentMode"], "resizemode": ["contentMode"], "mode": ["contentMode"],
        "variant": ["variants"], "devicevariants": ["variants"], "sizes": ["variants"], "idiom": ["family"],
        "devicefamily": ["family"], "userinterfaceidiom": ["family"], "hotspotframes": ["frames"],
        "rects": ["frames"], "deviceorientation": ["orientation"], "interfaceorientation": ["orientation"],
        // Menus.
        "menuitems": ["children"], "submenu": ["children"], "state": ["checked"],
        "ischecked": ["checked"], "contextmenuinteraction": ["contextMenu"], "longpressmenu": ["contextMenu"],
        "pulldown": ["menu"], "pulldownmenu": ["menu"], "singleselection": ["singleSelection"],
        "previewprovider": ["preview"],
        // The document.
        "device": ["devices"], "initialscreen": ["start"], "startscreen": ["start"], "root": ["start"],
        "rootscreen": ["start"], "ios": ["targetOS"], "os": ["targetOS"], "deploymenttarget": ["targetOS"],
        "minimumos": ["targetOS"], "presentations": ["modals"], "sheets": ["modals"], "pages": ["screens"],
        "tintcolor": ["tint"], "accentcolor": ["tint"], "color": ["tint"], "colour": ["tint"],
        // Tasks of a usability study.
        "missions": ["tasks"], "scenarios": ["tasks"], "question": ["prompt"], "instruction": ["prompt"],
        "instructions": ["prompt"], "goal": ["success"], "successcriteria": ["success"], "done": ["success"],
        "path": ["expectedPath", "asset"], "route": ["expectedPath"], "happypath": ["expectedPath"],
        "expectedroute": ["expectedPath"], "timelimit": ["timeLimitSeconds"], "timeout": ["timeLimitSeconds"],
        "limit": ["timeLimitSeconds"], "closed": ["dismissed"], "dismiss": ["dismissed"],
        "control": ["by"], "button": ["by"],
    ]
}
