// The rules of usability-study tasks ("4. Tasks"): ModalLab's own rows, not Apple's. A task
// names screens, modals, controls and alert buttons; each must exist, and its success must be
// reachable from the start by tapping through the prototype as a participant would.

import JSON
import Prototype

extension RuleCatalogue {
    /// A task over the base prototype, whose `open-button` presents a sheet `compose` with a
    /// Cancel button (`cancel`) and a Send button (`send`) that dismiss it.
    static func taskExample(_ task: String, modals: String = composeSheet) -> RuleExample {
        .json(#"{"screens": ["# + taskHome + #"], "modals": ["# + modals + #"], "tasks": ["# + task + "]}")
    }

    /// The base's home screen, whose `open-button` presents `compose`.
    static let taskHome = #"""
        {"id": "home", "title": "Home", "content": [
          {"type": "button", "id": "open-button", "title": "Open", "action": {"present": "compose"}},
          {"type": "button", "id": "edit-button", "title": "Edit"}]}
        """#

    /// A page sheet `compose` with Cancel and Send, presented by the base's `open-button`.
    static let composeSheet = #"""
        {"id": "compose", "style": "pageSheet", "title": "New Message",
         "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}],
                           "trailing": [{"id": "send", "title": "Send", "action": "dismiss"}]}}
        """#

    static let taskRules: [RuleUnit] = [
        RuleUnit(
            Rule(
                id: .taskReferences, kinds: [.static], severity: .error, severityNote: nil,
                section: #"4. Usability-study tasks (ModalLab)"#,
                check:
                    #"Every id a task names exists: the screen or modal of `success`, the modal and the control or alert button (`id`, else title) of `success.dismissed`, and each step of `expectedPath` (a control, list row, alert or action-sheet button, activity, or `back`)."#,
                source:
                    #"ModalLab's own check (no Apple source): a task that names nothing can never end in success, so every participant's attempt would count as a failure."#
            ),
            name: T("A task names what exists", "任务引用的元素必须存在"),
            message: T(
                "task “{task}”: {member} names no {kind} {id}{hint}",
                "任务“{task}”：{member} 没有指向任何{kind} {id}{hint}"),
            notes:
                "Task ids are checked by the format (unique, `[a-z0-9][a-z0-9-]{0,63}`). A step of `expectedPath` is what a tap's `target` is in the log: a control's id (a text field's also when it is focused), or for a button of an alert or action sheet its `id`, else its title.",
            triggering: [
                taskExample(#"{"id": "send-mail", "prompt": "Send a message", "success": {"screen": "inbox"}}"#)
                    .at("$.tasks[0].success.screen"),
                taskExample(
                    #"{"id": "send-mail", "prompt": "Send a message", "success": {"dismissed": {"modal": "compose", "by": "sned"}}, "expectedPath": ["open-button", "sned"]}"#
                ).at("$.tasks[0].success.dismissed.by", "$.tasks[0].expectedPath[1]"),
                // A button with an id is named by its id, not its title.
                taskExample(
                    #"{"id": "clear", "prompt": "Clear everything", "success": {"dismissed": {"modal": "confirm", "by": "Delete"}}}"#,
                    modals: composeSheet
                        + #", {"id": "confirm", "style": "alert", "title": "Delete everything?", "actions": [{"id": "confirm-delete", "title": "Delete", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]}"#
                ).at("$.tasks[0].success.dismissed.by"),
            ],
            nonTriggering: [
                taskExample(
                    #"{"id": "send-mail", "prompt": "Send a message", "success": {"dismissed": {"modal": "compose", "by": "send"}}, "expectedPath": ["open-button", "send"]}"#
                )
            ],
            lint: { c in TaskChecks.references(c) }),
        RuleUnit(
            Rule(
                id: .taskStart, kinds: [.static], severity: .error, severityNote: nil,
                section: #"4. Usability-study tasks (ModalLab)"#,
                check:
                    #"A task's `start` names an app screen (not a screen inside a modal) and modals that exist, and the engine presents those modals over that screen, in order, without a refusal on each of the prototype's devices in portrait, as `taskStart` does."#,
                source:
                    #"ModalLab's own check (no Apple source): a task that starts somewhere the prototype can't be would start every participant from a state no one designed."#
            ),
            name: T("A task's start can be shown", "任务的起点可以呈现"),
            message: T(
                "task “{task}”: its start {why}",
                "任务“{task}”：其起点{why}"),
            notes:
                "`taskStart` resets the app to the start: the navigation stack from the prototype's start screen to `start.screen` by the fewest pushes (or that screen alone), then each of `start.present` presented as an app-initiated presentation. Direct means the `expectedPath` from there.",
            triggering: [
                taskExample(
                    #"{"id": "send-mail", "prompt": "Send a message", "start": {"screen": "inbox"}, "success": {"modal": "compose"}}"#
                ).at("$.tasks[0].start.screen"),
                taskExample(
                    #"{"id": "send-mail", "prompt": "Send a message", "start": {"screen": "home", "present": ["compose", "composer"]}, "success": {"dismissed": {"modal": "compose"}}}"#
                ).at("$.tasks[0].start.present[1]"),
            ],
            nonTriggering: [
                taskExample(
                    #"{"id": "send-mail", "prompt": "Send a message", "start": {"screen": "home", "present": ["compose"]}, "success": {"dismissed": {"modal": "compose", "by": "send"}}, "expectedPath": ["send"]}"#
                )
            ],
            lint: { c in TaskChecks.starts(c) }),
        RuleUnit(
            Rule(
                id: .taskSuccessReachable, kinds: [.static], severity: .error, severityNote: nil,
                section: #"4. Usability-study tasks (ModalLab)"#,
                check:
                    #"A task's success can be reached from the start screen by taps (controls, alert and action-sheet buttons), swipes, taps outside and Back, as the engine runs them on the prototype's first device in portrait (a breadth-first search of at most 2,000 states and 12 steps); and its `expectedPath`, when given, reaches it."#,
                source:
                    #"ModalLab's own check (no Apple source): a participant can only succeed at a task the prototype lets them finish."#
            ),
            name: T("A task can be done", "任务可以完成"),
            message: T(
                "task “{task}”: its success can't be reached from the start screen (searched {states} states, at most {depth} steps)",
                "任务“{task}”：从起始屏幕无法达到其完成条件（搜索了 {states} 个状态，最多 {depth} 步）"),
            variants: [
                "path": T(
                    "task “{task}”: its expectedPath does not reach its success ({why})",
                    "任务“{task}”：其 expectedPath 无法达到完成条件（{why}）")
            ],
            notes:
                "The search runs the engine itself, so refusals, adaptations and data-loss confirmations count as they would for a participant. Text entry is not tried (edits do not decide presentations). When the search stops at its bounds without finding the success, the finding says how far it looked.",
            triggering: [
                taskExample(
                    #"{"id": "open-orphan", "prompt": "Open the settings", "success": {"modal": "orphan"}}"#,
                    modals: composeSheet + #", {"id": "orphan", "style": "pageSheet", "title": "Settings"}"#
                ).at("$.tasks[0].success"),
                taskExample(
                    #"{"id": "send-mail", "prompt": "Send a message", "success": {"dismissed": {"modal": "compose", "by": "send"}}, "expectedPath": ["send", "open-button"]}"#
                ).at("$.tasks[0].expectedPath"),
            ],
            nonTriggering: [
                taskExample(
                    #"{"id": "send-mail", "prompt": "Send a message", "success": {"dismissed": {"modal": "compose", "by": "send"}}, "expectedPath": ["open-button", "send"]}"#
                ),
                taskExample(#"{"id": "compose", "prompt": "Start a message", "success": {"modal": "compose"}}"#),
            ],
            lint: { c in TaskChecks.reachable(c) }),
    ]
}

/// The checks of the task rules.
enum TaskChecks {
    /// The search's bounds: states visited, and steps from the start.
    static let maxStates = 2000
    static let maxDepth = 12
    /// The most engine calls one document's search makes, whatever its size: a prototype of 84
    /// sheets that present one another took 24 s to lint when each of its 256 tasks searched
    /// on its own.
    static let maxTransitions = 50_000

    /// The ids an `expectedPath` step or a `by` may name: controls and list rows, alert and
    /// action-sheet buttons (by `id`, else by title: the log names a button with an id by its
    /// id), activities, and `back`.
    static func tapTargets(_ p: Prototype) -> [String] {
        var out = p.controlIDs
        for m in p.modals {
            for a in m.actions { out.append(a.id ?? a.title) }
            out += m.activities + m.customActivities.map(\.id)
        }
        out.append("back")
        return out
    }

    static func references(_ c: LintContext) {
        let p = c.prototype
        guard !p.tasks.isEmpty else { return }
        let targets = tapTargets(p)
        let targetSet = Set(targets)
        let modals = p.modals.map(\.id)
        var screens = p.screens.map(\.id)
        for m in p.modals where m.style.isCustom { screens += m.allScreens.map(\.id) }
        // A button that has an id is named by it, not by its title: say so rather than guess.
        var titled: [String: String] = [:]
        for m in p.modals {
            for a in m.actions { if let id = a.id, titled[a.title] == nil { titled[a.title] = id } }
        }
        // Every tap target with a title, for a name that is the start of one ("Delete" for the
        // button "Delete Photo") when no near spelling is found.
        var titles: [(title: String, name: String)] = []
        for m in p.modals { for a in m.actions { titles.append((a.title, a.id ?? a.title)) } }
        for screen in c.appScreens + c.modalScreens.joined() {
            for r in screen.controls { if let t = r.control.title { titles.append((t, r.control.id)) } }
        }
        func startOfTitle(_ id: String) -> String? {
            let word = id.lowercased()
            guard !word.isEmpty,
                let hit = titles.first(where: { $0.title.lowercased().hasPrefix(word) && $0.name != id })
            else { return nil }
            if hit.name == hit.title { return T(" (did you mean “\(hit.name)”?)", "（是否指“\(hit.name)”？）")(c.language) }
            return T(
                " (did you mean “\(hit.name)”, titled “\(hit.title)”? name a control or button by its id)",
                "（是否指“\(hit.name)”（标题为“\(hit.title)”）？请用控件或按钮的 id）")(c.language)
        }
        func report(
            _ task: String, _ path: JSONPath, _ member: String, _ kind: LocalizedText, _ id: String, _ known: [String]
        ) {
            let typo = Suggest.hint(id, in: known)
            let hint =
                titled[id].map {
                    T(" (that is the title of the button “\($0)”; name it by its id)", "（这是按钮“\($0)”的标题；请用它的 id）")(
                        c.language)
                } ?? (typo.isEmpty ? startOfTitle(id) ?? "" : typo)
            c.report(
                .taskReferences, path, nil,
                ["task": task, "member": member, "kind": kind(c.language), "id": c.q(id), "hint": hint])
        }
        for (i, t) in p.tasks.enumerated() {
            let tp = JSONPath.root.appending("tasks").appending(i)
            let sp = tp.appending("success")
            switch t.success {
            case .screen(let id) where p.screen(id) == nil:
                report(t.id, sp.appending("screen"), "success.screen", T("screen", "屏幕"), id, screens)
            case .modal(let id) where p.modal(id) == nil:
                report(t.id, sp.appending("modal"), "success.modal", T("modal", "模态视图"), id, modals)
            case .dismissed(let id, let by):
                let dp = sp.appending("dismissed")
                if p.modal(id) == nil {
                    report(t.id, dp.appending("modal"), "success.dismissed.modal", T("modal", "模态视图"), id, modals)
                }
                if let by, !targetSet.contains(by) {
                    report(
                        t.id, dp.appending("by"), "success.dismissed.by", T("control or button", "控件或按钮"), by, targets)
                }
            default: break
            }
            for (j, step) in t.expectedPath.enumerated() where !targetSet.contains(step) {
                report(
                    t.id, tp.appending("expectedPath").appending(j), "expectedPath[\(j)]",
                    T("control or button", "控件或按钮"), step, targets)
            }
        }
    }

    static func reachable(_ c: LintContext) {
        let p = c.prototype
        guard !p.tasks.isEmpty else { return }
        // Tasks whose ids don't resolve are task.references' findings, not this rule's; a
        // start that can't be shown is task.start's.
        let targets = Set(tapTargets(p))
        let device = c.target.devices.first ?? DeviceCatalogue.device("iphone-16")!
        let engine = PresentationEngine(prototype: p)
        let env = Environment(device: device, orientation: .portrait)
        let appStart = engine.start(environment: env).state
        let checked = p.tasks.indices.filter {
            resolves(p.tasks[$0], in: p, targets: targets) && startProblem(p.tasks[$0], engine: engine, env: env) == nil
        }
        guard !checked.isEmpty else { return }
        // One search for every start: the states reachable from a start are the same for the
        // tasks that share it.
        var byStart: [(start: TaskStart?, tasks: [Int])] = []
        for i in checked {
            let s = p.tasks[i].start
            if let k = byStart.firstIndex(where: { $0.start == s }) {
                byStart[k].tasks.append(i)
            } else {
                byStart.append((s, [i]))
            }
        }
        for group in byStart {
            let start =
                group.start.map { engine.taskStartState($0, from: appStart, atMs: 0).state } ?? appStart
            var met: Set<Int> = []
            let search = TaskSearch(engine: engine)
            let visited = search.run(from: start) { state, events in
                for i in group.tasks where !met.contains(i) && p.tasks[i].isMet(in: state, events: events) {
                    met.insert(i)
                }
                return met.count == group.tasks.count
            }
            for i in group.tasks {
                let t = p.tasks[i]
                let tp = JSONPath.root.appending("tasks").appending(i)
                guard met.contains(i) else {
                    c.report(
                        .taskSuccessReachable, tp.appending("success"), nil,
                        ["task": t.id, "states": "\(visited)", "depth": "\(maxDepth)"])
                    continue
                }
                if !t.expectedPath.isEmpty,
                    let why = search.follow(t.expectedPath, task: t, from: start, language: c.language)
                {
                    c.report(.taskSuccessReachable, tp.appending("expectedPath"), "path", ["task": t.id, "why": why])
                }
            }
        }
    }

    /// What is wrong with `t`'s start in `env`, with the JSON path below the task to report it
    /// at, or `nil` when it has none or it can be shown: its screen must be an app screen, its
    /// modals must exist, and the engine must present them in order without a refusal.
    static func startProblem(
        _ t: StudyTask, at task: JSONPath = .root, engine: PresentationEngine, env: Environment
    ) -> (
        path: JSONPath, why: LocalizedText
    )? {
        guard let start = t.start else { return nil }
        let p = engine.prototype
        let base = task.appending("start")
        guard p.screens.contains(where: { $0.id == start.screen }) else {
            let inModal = p.owner(ofScreen: start.screen).flatMap { $0 }
            let why =
                inModal.map {
                    T(
                        "names “\(start.screen)”, a screen of the modal “\($0)”; start on an app screen and present the modal with \"present\"",
                        "指向模态视图“\($0)”中的屏幕“\(start.screen)”；请从应用屏幕开始，并用 \"present\" 呈现该模态视图")
                }
                ?? T(
                    "names no app screen “\(start.screen)”\(Suggest.hint(start.screen, in: p.screens.map(\.id)))",
                    "没有指向任何应用屏幕“\(start.screen)”\(Suggest.hint(start.screen, in: p.screens.map(\.id)))")
            return (base.appending("screen"), why)
        }
        for (j, m) in start.present.enumerated() where p.modal(m) == nil {
            return (
                base.appending("present").appending(j),
                T(
                    "presents no modal “\(m)”\(Suggest.hint(m, in: p.modals.map(\.id)))",
                    "呈现的模态视图“\(m)”不存在\(Suggest.hint(m, in: p.modals.map(\.id)))")
            )
        }
        let appStart = engine.start(environment: env).state
        let r = engine.taskStartState(start, from: appStart, atMs: 0)
        var j = 0
        for e in r.events where e.type == .present || e.type == .refused {
            if e.type == .refused {
                let message = e.props["message"]?.stringValue ?? ""
                let rule = e.rule ?? ""
                return (
                    base.appending("present").appending(min(j, start.present.count - 1)),
                    T(
                        "can't present “\(start.present[min(j, start.present.count - 1)])” on \(env.device.name): \(rule) (\(message))",
                        "无法在 \(env.device.name) 上呈现“\(start.present[min(j, start.present.count - 1)])”：\(rule)（\(message)）"
                    )
                )
            }
            if e.type == .present, e.modal == start.present[min(j, start.present.count - 1)] { j += 1 }
        }
        return nil
    }

    /// `task.start`: every task's start, on each of the prototype's devices in portrait.
    static func starts(_ c: LintContext) {
        let p = c.prototype
        // The engine is built only when a task has a start to try (most prototypes have none).
        guard p.tasks.contains(where: { $0.start != nil }) else { return }
        let engine = PresentationEngine(prototype: p)
        for (i, t) in p.tasks.enumerated() where t.start != nil {
            for device in c.target.devices {
                let env = Environment(device: device, orientation: .portrait)
                let at = JSONPath.root.appending("tasks").appending(i)
                if let problem = startProblem(t, at: at, engine: engine, env: env) {
                    c.report(
                        .taskStart, problem.path, nil, ["task": t.id, "why": problem.why(c.language)])
                    break
                }
            }
        }
    }

    static func resolves(_ t: StudyTask, in p: Prototype, targets: Set<String>) -> Bool {
        switch t.success {
        case .screen(let id): if p.screen(id) == nil { return false }
        case .modal(let id): if p.modal(id) == nil { return false }
        case .dismissed(let id, let by):
            if p.modal(id) == nil || (by.map { !targets.contains($0) } ?? false) { return false }
        }
        return t.expectedPath.allSatisfy(targets.contains)
    }
}

/// A bounded breadth-first search over the engine's states, for the tasks' successes.
struct TaskSearch {
    let engine: PresentationEngine
    /// Time between two steps, ms: past any transition window, short of any time limit.
    static let stepMs = 10_000

    /// The actions worth trying in `state`: taps on the controls of every layer's screen, the
    /// buttons of a top alert, action sheet or activity view, a swipe down, a tap outside, Back.
    func candidates(_ state: PresentationState) -> [EngineAction] {
        let p = engine.prototype
        var out: [EngineAction] = []
        var screens = [state.screen]
        for e in state.stack { if let s = e.screen { screens.append(s) } }
        for id in screens {
            guard let s = p.screen(id) else { continue }
            for ctl in s.allControls {
                if ctl.action != nil || ctl.kind == .button {
                    out.append(.tap(target: ctl.id, choice: nil, x: nil, y: nil))
                }
                for item in ctl.items where item.action != nil {
                    out.append(.tap(target: item.id, choice: nil, x: nil, y: nil))
                }
            }
        }
        if let top = state.top, let m = p.modal(top.modal) {
            for i in m.actions.indices { out.append(.tap(target: m.id, choice: .index(i), x: nil, y: nil)) }
            if m.style == .activity {
                for a in m.visibleActivities + m.customActivities.map(\.id) {
                    out.append(.tap(target: m.id, choice: .title(a), x: nil, y: nil))
                }
                out.append(.tap(target: m.id, choice: .title("Close"), x: nil, y: nil))
            }
            out.append(.swipeDown(target: nil))
            out.append(.tapOutside(x: nil, y: nil))
        }
        out.append(.back())
        return out
    }

    /// Visits the states reachable from `start` (at most ``TaskChecks/maxStates`` states,
    /// ``TaskChecks/maxDepth`` steps and ``TaskChecks/maxTransitions`` engine calls), handing
    /// `visit` each transition's state and events until it returns `true`; returns how many
    /// states were seen.
    func run(
        from start: PresentationState, visit: (PresentationState, [EngineEvent]) -> Bool
    ) -> Int {
        var seen: Set<[UInt8]> = []
        func key(_ s: PresentationState) -> [UInt8] {
            var b: [UInt8] = []
            s.appendJSON(into: &b)
            return b
        }
        var frontier = [start]
        seen.insert(key(start))
        var now = 0
        var calls = 0
        for _ in 0..<TaskChecks.maxDepth {
            var next: [PresentationState] = []
            now += TaskSearch.stepMs
            for s in frontier {
                for a in candidates(s) {
                    calls += 1
                    if calls > TaskChecks.maxTransitions { return seen.count }
                    guard let o = try? engine.applyPresentation(a, to: s, atMs: now), o.refusal == nil else { continue }
                    if visit(o.state, o.events) { return seen.count }
                    if seen.count >= TaskChecks.maxStates { return seen.count }
                    if seen.insert(key(o.state)).inserted { next.append(o.state) }
                }
            }
            if next.isEmpty { break }
            frontier = next
        }
        return seen.count
    }

    /// Runs `path` from the start, each step a tap (an alert button by id or title); `nil`
    /// when it ends in success, else why not.
    func follow(_ path: [String], task: StudyTask, from start: PresentationState, language: Language) -> String? {
        var s = start
        var now = 0
        for (i, step) in path.enumerated() {
            now += TaskSearch.stepMs
            var action = EngineAction.tap(target: step, choice: nil, x: nil, y: nil)
            if engine.prototype.control(step) == nil, step != "back", let top = s.top {
                action = .tap(target: top.modal, choice: .title(step), x: nil, y: nil)
            } else if step == "back" && engine.prototype.control(step) == nil {
                action = .back()
            }
            let o: Outcome
            do {
                o = try engine.applyPresentation(action, to: s, atMs: now)
            } catch {
                return language == .en
                    ? "step \(i + 1) “\(step)”: \(error.message)" : "第 \(i + 1) 步“\(step)”：\(error.message)"
            }
            if let r = o.refusal {
                return language == .en
                    ? "step \(i + 1) “\(step)” is refused by \(r.rule)" : "第 \(i + 1) 步“\(step)”被 \(r.rule) 拒绝"
            }
            if task.isMet(in: o.state, events: o.events) {
                return i == path.count - 1
                    ? nil
                    : (language == .en
                        ? "it succeeds after step \(i + 1) of \(path.count)" : "在 \(path.count) 步中的第 \(i + 1) 步就已完成")
            }
            s = o.state
        }
        return language == .en ? "the success does not hold after the last step" : "最后一步之后仍未满足完成条件"
    }
}
