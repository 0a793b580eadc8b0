import JSON
import Prototype

extension Transaction {
    /// Brings every entry up to date with the environment and the stack, after any successful
    /// action (so rotations and resizes change the layers live, RULES §8):
    /// - re-adapts each entry (RULES §2), logging `adapted` with the rule for every change; an
    ///   entry that would be a popover with something other than an alert (or a context
    ///   presentation inside it) above keeps a sheet form (``Adaptation/covered(_:requested:)``);
    /// - re-sorts detents for the new window, logging `sheet.medium-compact-height` when the
    ///   resting detent moves;
    /// - lays out popovers (anchor, arrow, size clamped to the window);
    /// - shows or hides grabbers (RULES sheet.grabber-auto-hide).
    func settle() {
        let n = count
        guard n > 0 else { return }
        let envChanged = s.environment != start.environment
        var natural: [Resolution] = []
        natural.reserveCapacity(n)
        for e in s.stack {
            let m = modal(e)
            natural.append(
                Adaptation.resolve(m, in: env, targetOS: prototype.targetOS, contextFound: e.contextOwner != nil))
        }
        let forms = natural.map(\.form)
        for i in 0..<n where forms[i] == .popover {
            var j = i + 1
            while j < n {
                if forms[j] != .alert && !(forms[j] == .context && isInside(j, popover: i, forms: forms)) {
                    natural[i] = Adaptation.covered(natural[i], requested: s.stack[i].requestedStyle)
                    break
                }
                j += 1
            }
        }
        for i in 0..<n {
            let old = s.stack[i]
            let m = modal(old)
            if old.resolution != natural[i] {
                s.stack[i].resolution = natural[i]
                events.append(
                    adaptedEvent(
                        i,
                        rule: Adaptation.changeRule(from: old.resolution, to: natural[i], requested: old.requestedStyle)
                    ))
            }
            if envChanged && old.detents.count > 1 {
                s.stack[i].detents = Adaptation.detents(of: m, in: env)
                let before = StackEntry.effectiveDetent(
                    selected: old.selectedDetent, detents: old.detents, form: old.resolution.form,
                    env: start.environment)
                let after = s.stack[i].effectiveDetent(in: env)
                if before != nil, after != nil, before != after {
                    events.append(adaptedEvent(i, rule: "sheet.medium-compact-height"))
                }
            }
            if natural[i].form == .popover {
                let layout = layoutPopover(i, m)
                if layout != old.popover {
                    s.stack[i].popover = layout
                    if layout.source != old.popover?.source || layout.arrow != old.popover?.arrow
                        || layout.width != old.popover?.width
                    {
                        if layout.source == nil {
                            note(
                                "popover.not-cover-source",
                                "\(title(m.id)) is a popover again, but nothing it points at is on screen; it is centred without an arrow",
                                modal: m.id)
                        } else if old.popover != nil || old.presentedAtMs != now {
                            popoverNotes(layout, of: m)
                        }
                    }
                }
            } else if old.popover != nil {
                s.stack[i].popover = nil
            }
        }
        for i in 0..<n {
            let e = s.stack[i]
            var visible = grabberWanted(modal(e), e)
            if visible {
                var j = i + 1
                while j < n {
                    if s.stack[j].resolution.isSheet {
                        visible = false
                        break
                    }
                    j += 1
                }
            }
            if visible != e.grabberVisible {
                s.stack[i].grabberVisible = visible
                if grabberWanted(modal(e), e) || e.grabberVisible {
                    events.append(adaptedEvent(i, rule: "sheet.grabber-auto-hide"))
                }
            }
        }
    }

    /// The layout of the popover `stack[i]`: pointing at its declared source when on screen
    /// beneath it, else at the control that presented it, else at nothing.
    func layoutPopover(_ i: Int, _ m: Modal) -> PopoverLayout {
        let e = s.stack[i]
        for candidate in [m.source, e.presentedBy] {
            if let c = candidate, let p = placement(of: c), p.layer <= i {
                return PopoverLayout.make(m, source: c, anchor: p.location, env: env)
            }
        }
        return PopoverLayout.make(m, source: nil, anchor: nil, env: env)
    }
}
