import Prototype

/// Adaptive presentation: what UIKit draws for a requested style in an environment
/// (docs/rules.md and its matrix of resolved styles, iOS 13 and later; the legacy popover
/// mapping for `targetOS` 12 and lower).
public enum Adaptation {
    /// The resolution of `m` in `env` for a prototype targeting iOS `targetOS`.
    ///
    /// - `automatic` → `formSheet` from iOS 18, `pageSheet` on 13–17, `fullScreen` before 13
    ///   (`modal.automatic-resolves`), then as that style.
    /// - Page and form sheets: centred in wR/hR, a card in wC/hR (`sheet.compact-width-card`),
    ///   full screen in hC unless `prefersEdgeAttachedInCompactHeight` (`sheet.compact-height-fullscreen`).
    /// - Popovers: a popover in wR/hR; as a form sheet in wC or hC (`popover.compact-adapts`):
    ///   a card in wC/hR, full screen in hC unless edge-attached. `adaptivePresentationStyle`
    ///   `none` keeps the popover (`popover.avoid-compact` lints it); `fullScreen` or
    ///   `overFullScreen` makes the compact form full screen, as UIKit's
    ///   `adaptivePresentationStyle(for:)` delegate does. Targets of iOS 12 or lower use the
    ///   legacy mapping: wC → `fullScreen`, wR/hC → a centred `formSheet`.
    /// - Current-context styles: inside their context in wR (the root when `contextFound` is
    ///   false: `currentcontext.context-owner`); in wC `fullScreen`, or a page sheet when
    ///   `compactAdaptation` is `sheet` (full screen again in hC) (`currentcontext.compact-adapts`).
    /// - Action sheets and activity views: popovers in wR/hR (`actionsheet.regular-as-popover`,
    ///   `activity.adapt`); a bottom action sheet / a card in a compact width *or* height
    ///   (`activity.adapt`), so on a large iPhone in landscape (wR/hC) too. Both are popover
    ///   presentations ("The modalPresentationStyle of a UIAlertController with this style is
    ///   UIModalPresentationPopover", UIKit's exception; an activity view must have a popover
    ///   anchor on iPad), and Apple's `UIModalPresentationStyle.popover` says "In iOS 13 and
    ///   later, for horizontally or vertically compact environments, this option behaves the same
    ///   as formSheet": a popover adapts in compact height, so an action sheet or an activity
    ///   view there is drawn as on every other iPhone in landscape, not as a popover. From iOS 26
    ///   an action sheet with a `source` is drawn inline over it wherever it would otherwise slide
    ///   up from the bottom (a compact width or height, so on a large iPhone in landscape too), as
    ///   a popover without an arrow and without Cancel (`actionsheet.inline-at-source`); the
    ///   engine keeps the bottom action sheet when its source is not on screen
    ///   (``inlineFallback(_:)``).
    /// - Alerts, `fullScreen` and `overFullScreen`: unchanged everywhere.
    ///
    /// `contextFound` says whether a context-defining owner was found for a current-context
    /// style; `nil` takes it from whether the definition names a `context`.
    public static func resolve(_ m: Modal, in env: Environment, targetOS: Int, contextFound: Bool? = nil)
        -> Resolution
    {
        let wC = env.horizontalSizeClass == .compact
        let hC = env.verticalSizeClass == .compact
        var rules: [RuleID] = []
        var style = m.style

        func sheet(_ s: PresentationStyle) -> Resolution {
            if hC {
                rules.append(.sheetCompactHeightFullScreen)
                if m.prefersEdgeAttachedInCompactHeight { return Resolution(style: s, form: .card, rules: rules) }
                return Resolution(style: .fullScreen, form: .fullScreen, rules: rules)
            }
            if wC {
                rules.append(.sheetCompactWidthCard)
                return Resolution(style: s, form: .card, rules: rules)
            }
            return Resolution(style: s, form: .centered, rules: rules)
        }

        if style == .automatic {
            style = targetOS >= 18 ? .formSheet : targetOS >= 13 ? .pageSheet : .fullScreen
            rules.append(.modalAutomaticResolves)
        }
        switch style {
        case .pageSheet, .formSheet, .automatic:
            return sheet(style)
        case .popover:
            if !(wC || hC) || m.adaptivePresentationStyle == "none" {
                return Resolution(style: .popover, form: .popover, rules: rules)
            }
            rules.append(.popoverCompactAdapts)
            if targetOS <= 12 {
                if wC { return Resolution(style: .fullScreen, form: .fullScreen, rules: rules) }
                return Resolution(style: .formSheet, form: .centered, rules: rules)
            }
            if m.adaptivePresentationStyle == "fullScreen" || m.adaptivePresentationStyle == "overFullScreen" {
                let s: PresentationStyle = m.adaptivePresentationStyle == "fullScreen" ? .fullScreen : .overFullScreen
                return Resolution(style: s, form: .fullScreen, rules: rules)
            }
            if hC && !m.prefersEdgeAttachedInCompactHeight {
                return Resolution(style: .fullScreen, form: .fullScreen, rules: rules)
            }
            return Resolution(style: .formSheet, form: .card, rules: rules)
        case .fullScreen, .overFullScreen:
            return Resolution(style: style, form: .fullScreen, rules: rules)
        case .currentContext, .overCurrentContext:
            if wC {
                rules.append(.currentContextCompactAdapts)
                if m.compactAdaptation == .sheet && !hC {
                    return Resolution(style: .pageSheet, form: .card, rules: rules)
                }
                return Resolution(style: .fullScreen, form: .fullScreen, rules: rules)
            }
            if !(contextFound ?? (m.context != nil)) { rules.append(.currentContextContextOwner) }
            return Resolution(style: style, form: .context, rules: rules)
        case .alert:
            return Resolution(style: .alert, form: .alert, rules: rules)
        case .actionSheet:
            if !wC && !hC {
                rules.append(.actionSheetRegularAsPopover)
                return Resolution(style: .popover, form: .popover, rules: rules)
            }
            if targetOS >= SystemVersion.liquidGlass && m.source != nil {
                rules.append(.actionSheetInlineAtSource)
                return Resolution(style: .popover, form: .popover, rules: rules)
            }
            return Resolution(style: .actionSheet, form: .actionSheet, rules: rules)
        case .activity:
            rules.append(.activityAdapt)
            if !wC && !hC { return Resolution(style: .popover, form: .popover, rules: rules) }
            return Resolution(style: .pageSheet, form: .card, rules: rules)
        case .none:
            return Resolution(style: .fullScreen, form: .fullScreen, rules: rules)
        }
    }

    /// Whether `r` is an action sheet drawn inline at its source in compact width (iOS 26).
    static func isInline(_ r: Resolution) -> Bool { r.rules.last == .actionSheetInlineAtSource }

    /// An inline action sheet with nothing on screen to grow out of: the bottom action sheet of
    /// compact width, with its Cancel, as it was before iOS 26 (WWDC25 "Build a UIKit app with the
    /// new design": without a source set, the action sheet keeps a Cancel button).
    static func inlineFallback(_ r: Resolution) -> Resolution {
        var rules = r.rules
        rules.removeLast()
        return Resolution(style: .actionSheet, form: .actionSheet, rules: rules)
    }

    /// What an entry that would be a popover is drawn as while something other than an alert
    /// (or a current-context presentation inside it) is above it. This happens only when a
    /// window grows from compact to regular with presentations stacked on an adapted popover
    /// (or a popover kept in compact width by `adaptivePresentationStyle: none`): the server
    /// never lets anything but an alert cover a popover (rule popover.no-modal-over), so the
    /// entry keeps a sheet form until what covers it is dismissed — a centred form sheet in
    /// wR/hR, a card in wC, full screen in hC; an action sheet stays a bottom action sheet.
    /// UIKit itself would re-adapt to a popover under the presentations; the HIG forbids that.
    static func covered(_ natural: Resolution, requested: PresentationStyle, in env: Environment) -> Resolution {
        var rules = natural.rules
        rules.append(.popoverNoModalOver)
        if requested == .actionSheet { return Resolution(style: .actionSheet, form: .actionSheet, rules: rules) }
        let style: PresentationStyle = requested == .activity ? .pageSheet : .formSheet
        if env.verticalSizeClass == .compact { return Resolution(style: .fullScreen, form: .fullScreen, rules: rules) }
        if env.horizontalSizeClass == .compact { return Resolution(style: style, form: .card, rules: rules) }
        return Resolution(style: style, form: .centered, rules: rules)
    }

    /// The rule an `adapted` event names when an entry's resolution changes from `old` to `new`:
    /// the rule that now applies, or, when the change undoes an adaptation, the rule that
    /// describes the unadapted rendering.
    static func changeRule(from old: Resolution, to new: Resolution, requested: PresentationStyle) -> RuleID {
        if let r = new.adaptedBy, !old.rules.contains(r) { return r }
        switch requested {
        case .popover: return .popoverRegular
        case .pageSheet, .formSheet: return .sheetRegular
        case .automatic: return new.form == .centered ? .sheetRegular : .modalAutomaticResolves
        case .actionSheet: return .actionSheetRegularAsPopover
        case .activity: return .activityAdapt
        case .currentContext, .overCurrentContext:
            return new.adaptedBy ?? .currentContextCompactAdapts
        default: return new.adaptedBy ?? .modalAutomaticResolves
        }
    }

    /// A sheet's detents in ascending height for `env` (rule sheet.detents-order: the server
    /// sorts them; equal heights keep their declared order). Defaults: activity views
    /// `[medium, large]` (a share sheet starts at medium), other sheets `[large]`.
    public static func detents(of m: Modal, in env: Environment) -> [Detent] {
        let declared = m.detents ?? (m.style == .activity ? [.medium, .large] : [.large])
        if declared.isEmpty { return [.large] }
        if declared.count == 1 { return declared }
        let h = env.windowSize.height - env.safeArea.top - env.safeArea.bottom
        return declared.enumerated().sorted { a, b in
            let (ha, hb) = (a.element.height(in: h), b.element.height(in: h))
            return ha == hb ? a.offset < b.offset : ha < hb
        }.map(\.element)
    }
}
