import JSON
import Prototype

extension Transaction {
    /// Brings every entry up to date with the environment and the stack, after any successful
    /// action (so rotations and resizes change the layers live, docs/rules.md):
    /// - re-adapts each entry (docs/rules.md), logging `adapted` with the rule for every change; an
    ///   entry that would be a popover with something other than an alert (or a context
    ///   presentation inside it) above keeps a sheet form (``Adaptation/covered(_:requested:)``);
    /// - re-sorts detents for the new window, logging `sheet.medium-compact-height` when the
    ///   resting detent moves;
    /// - lays out popovers (anchor, arrow, size clamped to the window);
    /// - shows or hides grabbers (rule sheet.grabber-auto-hide).
    mutating func settle() {
        let n = count
        guard n > 0 else { return }
        let envChanged = s.environment != startEnvironment
        var natural: [Resolution] = []
        natural.reserveCapacity(n)
        for i in 0..<n {
            var r = Adaptation.resolve(
                s.stack[i].ref.modal, in: env, targetOS: targetOS, contextFound: s.stack[i].contextOwner != nil)
            if Adaptation.isInline(r),
                popoverTarget(declared: s.stack[i].ref.modal.source, tapped: s.stack[i].presentedBy, beneath: i) == nil
            {
                r = Adaptation.inlineFallback(r)
            }
            natural.append(r)
        }
        var forms: [Form] = []
        forms.reserveCapacity(n)
        for r in natural { forms.append(r.form) }
        for i in 0..<n where forms[i] == .popover {
            var j = i + 1
            while j < n {
                if forms[j] != .alert && !(forms[j] == .context && isInside(j, popover: i, forms: forms)) {
                    natural[i] = Adaptation.covered(natural[i], requested: s.stack[i].requestedStyle, in: env)
                    break
                }
                j += 1
            }
        }
        for i in 0..<n {
            let ref = s.stack[i].ref
            // A switch of version changes what the zoom transition can do.
            s.stack[i].zoomUnavailable = !zoomAvailable(ref.modal)
            if s.stack[i].resolution != natural[i] {
                let old = s.stack[i].resolution
                s.stack[i].resolution = natural[i]
                events.append(
                    adaptedEvent(
                        i, rule: Adaptation.changeRule(from: old, to: natural[i], requested: s.stack[i].requestedStyle))
                )
            }
            if envChanged && s.stack[i].detents.count > 1 {
                let old = s.stack[i]
                s.stack[i].detents = Adaptation.detents(of: ref.modal, in: env)
                let before = StackEntry.effectiveDetent(
                    selected: old.selectedDetent, detents: old.detents, form: old.resolution.form, env: startEnvironment
                )
                let after = s.stack[i].effectiveDetent(in: env)
                if before != nil, after != nil, before != after {
                    events.append(adaptedEvent(i, rule: .sheetMediumCompactHeight))
                }
            }
            if natural[i].form == .popover {
                let layout = layoutPopover(i, ref)
                let old = s.stack[i].popover
                if layout != old {
                    s.stack[i].popover = layout
                    if layout.source != old?.source || layout.arrow != old?.arrow || layout.width != old?.width {
                        if layout.source == nil {
                            note(
                                .popoverNotCoverSource,
                                "\(title(ref.modal.id)) is a popover again, but nothing it points at is on screen; it is centred without an arrow",
                                modal: ref.modal.id)
                        } else {
                            popoverNotes(layout, of: ref.modal)
                        }
                    }
                }
            } else if s.stack[i].popover != nil {
                s.stack[i].popover = nil
            }
        }
        // Grabbers, top down: a sheet above hides the grabbers of every sheet below it.
        var sheetAbove = false
        var i = n - 1
        while i >= 0 {
            let wanted = grabberWanted(s.stack[i])
            let visible = wanted && !sheetAbove
            if visible != s.stack[i].grabberVisible {
                s.stack[i].grabberVisible = visible
                events.append(adaptedEvent(i, rule: .sheetGrabberAutoHide))
            }
            if s.stack[i].resolution.isSheet { sheetAbove = true }
            i -= 1
        }
    }

    /// The layout of the popover `stack[i]`: pointing at its declared source when on screen
    /// beneath it, else at the control that presented it, else at nothing.
    func layoutPopover(_ i: Int, _ ref: ModalRef) -> PopoverLayout {
        let target = popoverTarget(declared: ref.modal.source, tapped: s.stack[i].presentedBy, beneath: i)
        return popoverLayout(ref.modal, screens: s.stack[i].screens, target: target)
    }
}
