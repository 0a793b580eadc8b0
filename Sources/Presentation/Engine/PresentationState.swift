import JSON
import Prototype

/// The state the server keeps per viewing session (docs/api.md): the environment, the app's
/// navigation stack and the presentation stack, bottom to top.
///
/// Layers are numbered from the app: layer 0 is the app's screen, layer `i + 1` is `stack[i]`.
public struct PresentationState: Sendable, Equatable {
    /// The prototype's id.
    public var prototype: String
    /// Device, orientation and multitasking.
    public var environment: Environment
    /// The app's navigation stack (outside modals): the start screen first.
    public var appScreens: [String]
    /// The presentation stack, bottom to top.
    public var stack: [StackEntry]
    /// Edited values of app-screen controls, by control id.
    public var appValues: [String: JSONValue]
    /// Whether the person has interacted yet (for `alert.not-at-launch`).
    public var interacted: Bool
    /// When the last present or dismiss happened, ms since the session started.
    public var lastTransitionMs: Int?
    /// The text field or text area the software keyboard is up for (the first responder), or
    /// `nil` when it is down. Set by the `focus` action (and by an alert with text fields as it
    /// appears), cleared by `endEditing` and whenever its field leaves the screen or is covered.
    public var keyboard: KeyboardFocus?
    /// The task of a usability study running now (`taskStart` … `task_end`), or `nil`.
    public var task: RunningTask? = nil
    /// How many answers changed the state since the session started (0 at the start): the
    /// `seq` of the state in its JSON, which client events name as `state_seq` to say which
    /// frame the person saw.
    public var seq: Int = 0
    /// The menu that is open over everything, if any (``OpenMenu``).
    public var menu: OpenMenu? = nil

    public init(
        prototype: String, environment: Environment, appScreens: [String], stack: [StackEntry] = [],
        appValues: [String: JSONValue] = [:], interacted: Bool = false, lastTransitionMs: Int? = nil
    ) {
        self.prototype = prototype
        self.environment = environment
        self.appScreens = appScreens
        self.stack = stack
        self.appValues = appValues
        self.interacted = interacted
        self.lastTransitionMs = lastTransitionMs
    }

    /// The app's current screen.
    public var screen: String { appScreens.last ?? "" }
    /// The top entry.
    public var top: StackEntry? { stack.last }

    /// The screen a person sees: the screen of the topmost layer that has one (an alert or
    /// action sheet has none, so over a sheet it is the sheet's screen), else the app's.
    public var shownScreen: String { shownScreen(layers: stack.count) }

    /// ``shownScreen`` with only the bottom `layers` entries of the stack presented.
    public func shownScreen(layers: Int) -> String {
        var i = min(layers, stack.count)
        while i > 0 {
            i -= 1
            if let s = stack[i].screen { return s }
        }
        return screen
    }
    /// The stack index of a presented modal.
    public func index(of modal: String) -> Int? { stack.firstIndex { $0.modal == modal } }

    /// The current screen of layer `layer` (0 = the app), or `nil` for a system presentation.
    public func screen(ofLayer layer: Int) -> String? { layer == 0 ? screen : stack[layer - 1].screen }

    /// ``json`` written straight into `out` as compact JSON — the same bytes as
    /// `JSONWriter().bytes(json)`, without building the tree (every action's answer carries the
    /// state, so this is on the hot path of `POST /api/sessions/{sid}/actions`).
    public func appendJSON(into out: inout [UInt8]) {
        func raw(_ s: StaticString) { s.withUTF8Buffer { out.append(contentsOf: $0) } }
        func raw(_ n: Int) { out.append(contentsOf: String(n).utf8) }
        func quoted(_ s: String?) {
            if let s { JSONWriter.appendQuoted(s, into: &out) } else { raw("null") }
        }
        raw(#"{"prototype":"#)
        quoted(prototype)
        raw(#","device":"#)
        quoted(environment.device.id)
        raw(#","orientation":"#)
        quoted(environment.orientation.rawValue)
        raw(#","multitasking":"#)
        quoted(environment.multitasking.rawValue)
        raw(#","appearance":"#)
        quoted(environment.appearance.rawValue)
        raw(#","contentSize":"#)
        quoted(environment.contentSize.rawValue)
        raw(#","layoutDirection":"#)
        quoted(environment.layoutDirection.rawValue)
        raw(#","targetOS":"#)
        quoted(String(environment.systemVersion))
        raw(#","sizeClass":{"horizontal":"#)
        quoted(environment.horizontalSizeClass.rawValue)
        raw(#","vertical":"#)
        quoted(environment.verticalSizeClass.rawValue)
        raw(#"},"window":{"width":"#)
        JSONWriter().write(.number(environment.windowSize.width), into: &out)
        raw(#","height":"#)
        JSONWriter().write(.number(environment.windowSize.height), into: &out)
        raw(#"},"keyboard":"#)
        JSONWriter().write(keyboardJSON, into: &out)
        raw(#","screen":"#)
        quoted(screen)
        raw(#","stack":["#)
        for (i, e) in stack.enumerated() {
            raw(i == 0 ? #"{"modal":"# : #",{"modal":"#)
            quoted(e.modal)
            raw(#","requestedStyle":"#)
            quoted(e.requestedStyle.rawValue)
            raw(#","style":"#)
            quoted(e.resolution.style.rawValue)
            raw(#","form":"#)
            quoted(e.resolution.form.rawValue)
            raw(#","adaptedBy":"#)
            quoted(e.resolution.adaptedBy?.rawValue)
            raw(#","detent":"#)
            quoted(e.effectiveDetent(in: environment))
            raw(e.dirty ? #","dirty":true,"screen":"# : #","dirty":false,"screen":"#)
            quoted(e.screen)
            raw("}")
        }
        raw(#"],"menu":"#)
        if let menu { JSONWriter().write(menu.json, into: &out) } else { raw("null") }
        raw(#","seq":"#)
        raw(seq)
        raw(#","task":"#)
        if let task {
            raw(#"{"id":"#)
            quoted(task.id)
            raw(#","startedMs":"#)
            raw(task.startedMs)
            raw(#","taps":["#)
            for (i, t) in task.taps.enumerated() {
                if i > 0 { raw(",") }
                quoted(t)
            }
            raw("]}")
        } else {
            raw("null")
        }
        raw("}")
    }

    /// The state: `prototype, device, orientation, multitasking, appearance, contentSize,
    /// layoutDirection, targetOS, sizeClass {horizontal, vertical}, window {width, height},
    /// keyboard, screen, stack [{modal, requestedStyle, style, form, adaptedBy, detent, dirty,
    /// screen}], menu, seq, task {id, startedMs, taps} | null`, the stack bottom to top.
    /// `targetOS` is the iOS version the session runs as, a string such as `"26"`. `window` is
    /// the app window's size in points (the screen, a multitasking share, or a resizable
    /// window's size when `multitasking` is `window`). `keyboard` is `null` or `{target, height}`
    /// (``keyboardJSON``). `menu` is the open menu (``OpenMenu/json``) or `null`.
    public var json: JSONValue {
        var o = JSONObject()
        o["prototype"] = .string(prototype)
        o["device"] = .string(environment.device.id)
        o["orientation"] = .string(environment.orientation.rawValue)
        o["multitasking"] = .string(environment.multitasking.rawValue)
        o["appearance"] = .string(environment.appearance.rawValue)
        o["contentSize"] = .string(environment.contentSize.rawValue)
        o["layoutDirection"] = .string(environment.layoutDirection.rawValue)
        o["targetOS"] = .string(String(environment.systemVersion))
        o["sizeClass"] = [
            "horizontal": .string(environment.horizontalSizeClass.rawValue),
            "vertical": .string(environment.verticalSizeClass.rawValue),
        ]
        o["window"] = [
            "width": .number(environment.windowSize.width), "height": .number(environment.windowSize.height),
        ]
        o["keyboard"] = keyboardJSON
        o["screen"] = .string(screen)
        o["stack"] = .array(
            stack.map { e in
                var x = JSONObject()
                x["modal"] = .string(e.modal)
                x["requestedStyle"] = .string(e.requestedStyle.rawValue)
                x["style"] = .string(e.resolution.style.rawValue)
                x["form"] = .string(e.resolution.form.rawValue)
                x["adaptedBy"] = .string(e.resolution.adaptedBy?.rawValue)
                x["detent"] = .string(e.effectiveDetent(in: environment))
                x["dirty"] = .bool(e.dirty)
                x["screen"] = .string(e.screen)
                return .object(x)
            })
        o["menu"] = menu?.json ?? .null
        o["seq"] = .int(seq)
        o["task"] =
            task.map { t in
                ["id": .string(t.id), "startedMs": .int(t.startedMs), "taps": .array(t.taps.map { .string($0) })]
            } ?? .null
        return .object(o)
    }

    /// The keyboard as the state reports it: `null`, or `{"target": id, "height": points}` with
    /// `"field": n` (zero-based) when it is up for an alert's text field, `target` then being
    /// the alert's id. The height is the keyboard iOS shows on this device in this orientation
    /// (``SoftwareKeyboard``).
    public var keyboardJSON: JSONValue {
        guard let k = keyboard else { return .null }
        var o = JSONObject()
        o["target"] = .string(k.target)
        if let f = k.field { o["field"] = .int(f) }
        o["height"] = .number(SoftwareKeyboard.height(in: environment))
        return .object(o)
    }
}

/// What the software keyboard is up for: a text field or text area by its id, or an alert's
/// text field by the alert's id and the field's zero-based index.
public struct KeyboardFocus: Sendable, Hashable {
    /// The control's id, or the alert's id.
    public var target: String
    /// The alert's text field, zero-based; `nil` for a control.
    public var field: Int?

    /// The keyboard up for `target` (and `field` of an alert).
    public init(target: String, field: Int? = nil) {
        self.target = target
        self.field = field
    }
}
