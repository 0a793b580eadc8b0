import JSON
import Prototype

/// A rule's example for the engine: a prototype, an environment and a list of actions, with
/// what must hold after them. One generic test runs every script of the catalogue
/// (``run(_:)``); `modallab rules` and `/api/rules` print them (``RuleExample/json``).
///
/// What a script can expect is read from its run's **facts**, by JSON path
/// (`"$.stack[0].form": "card"`): the session's state as `GET /api/sessions/{sid}` gives it
/// (`device`, `orientation`, `multitasking`, `sizeClass`, `keyboard`, `screen`, `stack[i]` with `modal`,
/// `requestedStyle`, `style`, `form`, `adaptedBy`, `detent`, `dirty`, `screen`), and more:
///
/// - `refusal`: the rule that refused the last action, or `null`;
/// - `rules`: every rule the engine named during the run (refusals, findings, adaptations), sorted;
/// - `stack[i]` also: `size` (a centred sheet's `[width, height]` in points), `floating` (a card
///   inset at a partial detent, iOS 26), `growsFromSource`
///   (it grows out of a control: iOS 26, or a zoom transition), a popover's `replacesSource`
///   (drawn over its source, iOS 26), `transition` (the animation, `null` where the system animates), `grabber`
///   (drawn or not), `undimmed`, `keepsUnderlying`, `detents` (ids in the order of their
///   heights), `contextOwner`, `presentedBy`, `dimming` (`none`, `dark`, `clear`), `covered`
///   (by a layer above); a popover's `arrow`, `pointsAtSource` and `width` (points); an alert's or action sheet's
///   `buttons` (titles in drawn order), `bold` (the bold title), `axis` (an alert's buttons
///   side by side, `horizontal`, or stacked, `vertical`) and `returnKey` (what Return runs); an
///   activity view's `activities` (ids in drawn order).
public struct ActionScript: Sendable {
    /// The device the session starts on (an id of ``DeviceCatalogue``).
    public var device: String
    public var orientation: Orientation
    public var multitasking: Multitasking
    /// The iOS version the session runs as (`POST /api/sessions`' `targetOS`); `nil` runs the
    /// prototype's own `targetOS`.
    public var targetOS: Int? = nil
    /// The server's options (`--on-popover-conflict`, the transition time…).
    public var options: EngineOptions
    /// What happens, in order; each action a millisecond-second after the last (1000 ms).
    public var actions: [ScriptStep]
    /// Facts that must hold after the last action: a JSON path into the facts and its value
    /// (`null` also matches a fact that is absent).
    public var expect: [(String, JSONValue)]
    /// Whether the rule is one the engine applies without naming it (what it draws: a button
    /// order, a grabber, an animation): its triggering scripts show it by their facts alone.
    public var draws: Bool

    /// The outcome of a run.
    public struct Run: Sendable {
        /// The facts after the last action (see ``ActionScript``).
        public var facts: JSONValue
        /// Every rule the engine named during the run.
        public var named: Set<RuleID>
        /// Why the script could not run: the prototype has format errors, or the engine took an
        /// action for a malformed request. `nil` when it ran.
        public var failure: String?

        /// The fact at `path` (`$.stack[0].form`), `nil` when absent.
        public func fact(_ path: String) -> JSONValue? {
            var found: JSONValue?
            func walk(_ v: JSONValue, _ p: JSONPath) {
                guard found == nil else { return }
                if p.description == path {
                    found = v
                    return
                }
                switch v {
                case .object(let o): for (k, x) in o { walk(x, p.appending(k)) }
                case .array(let a): for (i, x) in a.enumerated() { walk(x, p.appending(i)) }
                default: break
                }
            }
            walk(facts, .root)
            return found
        }

        /// The expectations of `script` that do not hold, as "path: expected X, found Y".
        public func unmet(_ script: ActionScript) -> [String] {
            script.expect.compactMap { path, value in
                let got = fact(path) ?? .null
                return got == value
                    ? nil : "\(path): expected \(JSONWriter().string(value)), found \(JSONWriter().string(got))"
            }
        }
    }

    /// Runs the script on `document` (a whole prototype): starts a session in the script's
    /// environment, applies each action as the server does (a refused one leaves the state as
    /// it was), and gathers the facts.
    public func run(_ document: JSONValue) -> Run {
        let decoded = Prototype.decode(document)
        guard let prototype = decoded.prototype else {
            return Run(
                facts: .null, named: [],
                failure: "the prototype has format errors: \(decoded.issues.map(\.description))")
        }
        guard let device = DeviceCatalogue.device(self.device) else {
            return Run(facts: .null, named: [], failure: "no device \(self.device)")
        }
        let engine = PresentationEngine(prototype: prototype, options: options)
        let started = engine.start(
            environment: Environment(
                device: device, orientation: orientation, multitasking: multitasking, targetOS: targetOS))
        var state = started.state
        var named = Set(started.events.compactMap { $0.rule.flatMap(RuleID.written) })
        var refusal: RuleID?
        func note(_ s: PresentationState) {
            for e in s.stack { named.formUnion(e.resolution.rules) }
        }
        note(state)
        for (i, step) in actions.enumerated() {
            let outcome: Outcome
            do {
                outcome = try engine.apply(step.action, to: state, atMs: 1000 * (i + 1))
            } catch {
                return Run(
                    facts: .null, named: named,
                    failure: "action \(i) \(JSONWriter().string(step.json)) is not a valid request: \(error)")
            }
            state = outcome.state
            refusal = outcome.refusal?.ruleID
            if let r = refusal { named.insert(r) }
            named.formUnion(outcome.diagnostics.compactMap(\.ruleID))
            named.formUnion(outcome.events.compactMap { $0.rule.flatMap(RuleID.written) })
            note(state)
        }
        var facts = state.json.objectValue ?? JSONObject()
        facts["refusal"] = .string(refusal?.rawValue)
        facts["rules"] = .array(named.sorted().map { .string($0.rawValue) })
        facts["stack"] = .array(ActionScript.entryFacts(prototype, state))
        return Run(facts: .object(facts), named: named, failure: nil)
    }

    /// Each stack entry's facts: the state's own members and what the engine and the frame
    /// layout know of it.
    static func entryFacts(_ p: Prototype, _ state: PresentationState) -> [JSONValue] {
        let env = state.environment
        let layers = FrameLayout(prototype: p, state: state).layers
        let entries = state.json["stack"]?.arrayValue ?? []
        return state.stack.enumerated().map { i, e in
            var o = entries.indices.contains(i) ? entries[i].objectValue ?? JSONObject() : JSONObject()
            o["transition"] = .string(e.transition?.rawValue)
            o["grabber"] = .bool(e.grabberVisible)
            o["undimmed"] = .bool(e.isUndimmed(in: env))
            o["keepsUnderlying"] = .bool(e.resolution.keepsUnderlying)
            o["detents"] = .array(e.detents.map { .string($0.id) })
            o["contextOwner"] = .string(e.contextOwner)
            o["presentedBy"] = .string(e.presentedBy)
            if let layer = layers.first(where: { $0.modal == e.modal }) {
                o["dimming"] = .string(layer.dimming.rawValue)
                o["covered"] = .bool(layer.isCovered)
                o["floating"] = .bool(layer.isFloating)
                if layer.form == .centered { o["size"] = [.number(layer.frame.width), .number(layer.frame.height)] }
                o["growsFromSource"] = .bool(layer.origin != nil)
            }
            if let pop = e.popover {
                o["arrow"] = .string(pop.arrow?.rawValue)
                o["pointsAtSource"] = .bool(pop.arrowPointsAtSource)
                o["width"] = .number(pop.width)
                o["replacesSource"] = .bool(pop.replacesSource)
            }
            if let m = p.modal(e.modal) {
                if m.style == .alert || m.style == .actionSheet {
                    let form = e.resolution.form
                    let size = state.environment.contentSize
                    o["buttons"] = .array(
                        AlertButtons.drawn(m, form: form, contentSize: size).map { .string(m.actions[$0].title) })
                    let bold = m.style == .alert ? AlertButtons.boldIndex(m) : AlertButtons.preferredIndex(m)
                    o["bold"] = .string(bold.map { m.actions[$0].title })
                    if m.style == .alert {
                        o["axis"] = .string(
                            AlertButtons.sideBySide(m, contentSize: size) ? "horizontal" : "vertical")
                        o["returnKey"] = .string(AlertButtons.returnAction(m)?.title)
                    }
                }
                if m.style == .activity {
                    o["activities"] = .array(
                        (m.visibleActivities + m.customActivities.map(\.id)).map { .string($0) })
                }
            }
            return .object(o)
        }
    }

    /// The options that differ from the defaults, as JSON (`popoverConflict`, `transitionMs`).
    var optionsJSON: JSONValue {
        var o = JSONObject()
        let d = EngineOptions()
        if options.popoverConflict != d.popoverConflict {
            o["popoverConflict"] = .string(options.popoverConflict.rawValue)
        }
        if options.transitionMs != d.transitionMs { o["transitionMs"] = .int(options.transitionMs) }
        return .object(o)
    }
}

/// One action of a script, written as briefly as the examples need, and printed as the body
/// `POST /api/sessions/{sid}/actions` takes.
public struct ScriptStep: Sendable {
    /// The engine's action.
    public var action: EngineAction

    /// A tap on control `target`; or, when `target` is a modal, on its button `choice` (an id
    /// or title).
    public static func tap(_ target: String, _ choice: String? = nil) -> ScriptStep {
        ScriptStep(action: .tap(target: target, choice: choice.map { .title($0) }, x: nil, y: nil))
    }
    /// A downward swipe on the top sheet, or on `target`'s.
    public static func swipeDown(_ target: String? = nil) -> ScriptStep {
        ScriptStep(action: .swipeDown(target: target))
    }
    /// A tap on the dimmed area outside the top presentation, at a point when given.
    public static func tapOutside(x: Double? = nil, y: Double? = nil) -> ScriptStep {
        ScriptStep(action: .tapOutside(x: x, y: y))
    }
    /// The Home gesture.
    public static let home = ScriptStep(action: .home)
    /// The navigation bar's back button.
    public static let back = ScriptStep(action: .back())
    /// A rotation.
    public static func rotate(_ o: Orientation) -> ScriptStep { ScriptStep(action: .rotate(o)) }
    /// A change of device, of iPad multitasking, or both.
    public static func resize(_ device: String? = nil, _ multitasking: Multitasking? = nil) -> ScriptStep {
        ScriptStep(action: .resize(device: device, multitasking: multitasking))
    }
    /// The session switched to iOS `version` (a `resize` with `targetOS`).
    public static func version(_ version: Int) -> ScriptStep {
        ScriptStep(action: .resize(device: nil, multitasking: nil, targetOS: version))
    }
    /// Text typed, a toggle switched, a segment chosen.
    public static func edit(_ target: String, _ value: JSONValue) -> ScriptStep {
        ScriptStep(action: .edit(target: target, value: value))
    }
    /// A sheet moved to another detent.
    public static func detent(_ target: String, _ detent: String) -> ScriptStep {
        ScriptStep(action: .detent(target: target, detent: detent))
    }
    /// An app-initiated presentation (a timer, a network callback).
    public static func present(_ modal: String) -> ScriptStep { ScriptStep(action: .present(modal: modal)) }
    /// A hardware key: "Escape" or "Return".
    public static func key(_ key: String) -> ScriptStep { ScriptStep(action: .key(key)) }
    /// A text field or text area (or an alert's text field `field`) becomes first responder.
    public static func focus(_ target: String, field: Int? = nil) -> ScriptStep {
        ScriptStep(action: .focus(target: target, field: field))
    }
    /// Editing ends: the keyboard goes down.
    public static let endEditing = ScriptStep(action: .endEditing)
    /// A touch and hold on control `target` (its context menu).
    public static func longPress(_ target: String) -> ScriptStep { ScriptStep(action: .longPress(target: target)) }

    /// The action as an API request body, e.g. `{"type": "tap", "target": "compose"}`.
    public var json: JSONValue { action.json }
}

extension JSONValue {
    /// A rule's id as a script's facts write it: `"$.refusal": .rule(.popoverNoModalOver)`.
    static func rule(_ id: RuleID) -> JSONValue { .string(id.rawValue) }
}
