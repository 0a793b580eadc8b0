import JSON

/// A task's path, one definition for the engine (which judges `direct` by it and lists it in
/// `task_end`'s `props.taps`) and the log's readers (the funnels of the insights page and of
/// summaries): which events are steps on the path and what each names.
extension EventFields {
    /// The tap target this event counts as on a task's path: for a `tap`, the button of an
    /// alert, action sheet or activity view it chose (`props.button`), else its `target`; for a
    /// person's `focus` of a text field or text area, the control (a browser focuses a field it
    /// is tapped on, and sends that instead of a tap; an automatic focus, or one of an alert's
    /// fields, is not a step); for a person's `edit` of a toggle or segmented control (it
    /// carries `props.value`; the browser sends a touch of one as an edit), the control (the
    /// edit a tap on a toggle makes, `props.byTap`, is that tap's, not a second step; a text's
    /// edit is not a step: its touch is its focus); `nil` for every other type (taps outside,
    /// Home and keys are not taps).
    public var pathStep: String? {
        switch type {
        case .tap: return props["button"]?.stringValue ?? target
        case .focus where props["automatic"] == nil && props["field"] == nil: return target
        case .edit where props["value"] != nil && props["byTap"] == nil && props["field"] == nil: return target
        default: return nil
        }
    }

    /// The step this event adds to a path whose last step so far is `last`: its ``pathStep``,
    /// except that focusing the field the last step already names (a tap on it, then its focus)
    /// is one step, not two (`nil`).
    public func pathStep(after last: String?) -> String? {
        guard let step = pathStep else { return nil }
        if type == .focus, last == step { return nil }
        return step
    }

    /// The steps `events` add to a task's path after `taps` (``pathStep(after:)`` of each).
    public static func pathSteps(of events: [EventFields], after taps: [String]) -> [String] {
        var steps: [String] = []
        for e in events {
            if let step = e.pathStep(after: steps.last ?? taps.last) { steps.append(step) }
        }
        return steps
    }
}
