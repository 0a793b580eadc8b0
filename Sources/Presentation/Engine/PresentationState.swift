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
        // Through a buffer on the stack, appended to `out` in one copy (JSONBufferWriter).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { buffer in
            var w = JSONBufferWriter(buffer)
            w.putASCII(#"{"prototype":"#, &out)
            w.putQuoted(prototype, &out)
            w.putASCII(#","device":"#, &out)
            w.putQuoted(environment.device.id, &out)
            w.putASCII(#","orientation":"#, &out)
            w.putQuoted(environment.orientation.rawValue, &out)
            w.putASCII(#","multitasking":"#, &out)
            w.putQuoted(environment.multitasking.rawValue, &out)
            w.putASCII(#","appearance":"#, &out)
            w.putQuoted(environment.appearance.rawValue, &out)
            w.putASCII(#","contentSize":"#, &out)
            w.putQuoted(environment.contentSize.rawValue, &out)
            w.putASCII(#","layoutDirection":"#, &out)
            w.putQuoted(environment.layoutDirection.rawValue, &out)
            w.putASCII(#","targetOS":""#, &out)
            w.putInteger(environment.systemVersion, &out)
            w.putASCII(#"","sizeClass":{"horizontal":"#, &out)
            w.putQuoted(environment.horizontalSizeClass.rawValue, &out)
            w.putASCII(#","vertical":"#, &out)
            w.putQuoted(environment.verticalSizeClass.rawValue, &out)
            w.putASCII(#"},"window":{"width":"#, &out)
            w.putNumber(environment.windowSize.width, &out)
            w.putASCII(#","height":"#, &out)
            w.putNumber(environment.windowSize.height, &out)
            w.putASCII(#"},"keyboard":"#, &out)
            w.putValue(keyboardJSON, &out)
            w.putASCII(#","screen":"#, &out)
            w.putQuoted(screen, &out)
            w.putASCII(#","stack":["#, &out)
            for i in stack.indices {
                w.putASCII(i == 0 ? #"{"modal":"# : #",{"modal":"#, &out)
                w.putQuoted(stack[i].modal, &out)
                w.putASCII(#","requestedStyle":"#, &out)
                w.putQuoted(stack[i].requestedStyle.rawValue, &out)
                w.putASCII(#","style":"#, &out)
                w.putQuoted(stack[i].resolution.style.rawValue, &out)
                w.putASCII(#","form":"#, &out)
                w.putQuoted(stack[i].resolution.form.rawValue, &out)
                w.putASCII(#","adaptedBy":"#, &out)
                w.putQuoted(stack[i].resolution.adaptedBy?.rawValue, &out)
                w.putASCII(#","detent":"#, &out)
                w.putQuoted(stack[i].effectiveDetent(in: environment), &out)
                w.putASCII(stack[i].dirty ? #","dirty":true,"screen":"# : #","dirty":false,"screen":"#, &out)
                w.putQuoted(stack[i].screen, &out)
                w.putByte(UInt8(ascii: "}"), &out)
            }
            w.putASCII(#"],"menu":"#, &out)
            if let menu {
                w.flush(&out)
                JSONWriter().write(menu.json, into: &out)
            } else {
                w.putASCII("null", &out)
            }
            w.putASCII(#","seq":"#, &out)
            w.putInteger(seq, &out)
            w.putASCII(#","task":"#, &out)
            if let task {
                w.putASCII(#"{"id":"#, &out)
                w.putQuoted(task.id, &out)
                w.putASCII(#","startedMs":"#, &out)
                w.putInteger(task.startedMs, &out)
                w.putASCII(#","taps":["#, &out)
                for i in task.taps.indices {
                    if i > 0 { w.putByte(UInt8(ascii: ","), &out) }
                    w.putQuoted(task.taps[i], &out)
                }
                w.putASCII("]}", &out)
            } else {
                w.putASCII("null", &out)
            }
            w.putByte(UInt8(ascii: "}"), &out)
            w.flush(&out)
        }
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
