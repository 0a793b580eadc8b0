import Prototype

/// Adaptive presentation: what UIKit draws for a requested style in an environment
/// (RULES.md §2 and its matrix of resolved styles, iOS 13 and later; the legacy popover
/// mapping for `targetOS` 12 and lower).
public enum Adaptation {
    /// The resolution of `modal` in `env` for a prototype targeting iOS `targetOS`.
    ///
    /// - `automatic` → `formSheet` from iOS 18, `pageSheet` on 13–17, `fullScreen` before 13
    ///   (`modal.automatic-resolves`), then as that style.
    /// - Page and form sheets: centred in wR/hR, a card in wC/hR (`sheet.compact-width-card`),
    ///   full screen in hC unless `prefersEdgeAttachedInCompactHeight` (`sheet.compact-height-fullscreen`).
    /// - Popovers: a popover in wR/hR; as a form sheet in wC or hC (`popover.compact-adapts`),
    ///   unless `adaptivePresentationStyle` is `none`.
    /// - Current-context styles: inside their context in wR; full screen in wC, or a sheet when
    ///   `compactAdaptation` is `sheet` (`currentcontext.compact-adapts`).
    /// - Action sheets and activity views: popovers in wR (`actionsheet.regular-as-popover`,
    ///   `activity.adapt`); a bottom action sheet / a card in wC.
    public static func resolve(_ m: Modal, in env: Environment, targetOS: Int) -> Resolution {
        let wC = env.horizontalSizeClass == .compact
        let hC = env.verticalSizeClass == .compact
        var rules: [String] = []
        var style = m.style

        func sheet(_ s: PresentationStyle) -> Resolution {
            if hC {
                rules.append("sheet.compact-height-fullscreen")
                if m.prefersEdgeAttachedInCompactHeight { return Resolution(style: s, form: .card, rules: rules) }
                return Resolution(style: .fullScreen, form: .fullScreen, rules: rules)
            }
            if wC {
                rules.append("sheet.compact-width-card")
                return Resolution(style: s, form: .card, rules: rules)
            }
            return Resolution(style: s, form: .centered, rules: rules)
        }

        if style == .automatic {
            style = targetOS >= 18 ? .formSheet : targetOS >= 13 ? .pageSheet : .fullScreen
            rules.append("modal.automatic-resolves")
        }
        switch style {
        case .pageSheet, .formSheet, .automatic:
            return sheet(style)
        case .popover:
            if !(wC || hC) || m.adaptivePresentationStyle == "none" {
                return Resolution(style: .popover, form: .popover, rules: rules)
            }
            rules.append("popover.compact-adapts")
            if targetOS <= 12 {
                // Legacy mapping: wC → fullScreen; wR/hC → formSheet.
                if wC { return Resolution(style: .fullScreen, form: .fullScreen, rules: rules) }
                return Resolution(style: .formSheet, form: .centered, rules: rules)
            }
            if hC && !m.prefersEdgeAttachedInCompactHeight {
                return Resolution(style: .fullScreen, form: .fullScreen, rules: rules)
            }
            return Resolution(style: .formSheet, form: .card, rules: rules)
        case .fullScreen, .overFullScreen:
            return Resolution(style: style, form: .fullScreen, rules: rules)
        case .currentContext, .overCurrentContext:
            if wC {
                rules.append("currentcontext.compact-adapts")
                if m.compactAdaptation == .sheet {
                    if hC { return Resolution(style: .fullScreen, form: .fullScreen, rules: rules) }
                    return Resolution(style: .pageSheet, form: .card, rules: rules)
                }
                return Resolution(style: .fullScreen, form: .fullScreen, rules: rules)
            }
            if m.context == nil { rules.append("currentcontext.context-owner") }
            return Resolution(style: style, form: .context, rules: rules)
        case .alert:
            return Resolution(style: .alert, form: .alert, rules: rules)
        case .actionSheet:
            if !wC {
                rules.append("actionsheet.regular-as-popover")
                return Resolution(style: .popover, form: .popover, rules: rules)
            }
            return Resolution(style: .actionSheet, form: .actionSheet, rules: rules)
        case .activity:
            rules.append("activity.adapt")
            if !wC { return Resolution(style: .popover, form: .popover, rules: rules) }
            return Resolution(style: .pageSheet, form: .card, rules: rules)
        case .none:
            return Resolution(style: .fullScreen, form: .fullScreen, rules: rules)
        }
    }

    /// A sheet's detents in ascending height for `env` (RULES sheet.detents-order: the server
    /// sorts them). Defaults: activity views `[medium, large]`, other sheets `[large]`.
    public static func detents(of m: Modal, in env: Environment) -> [Detent] {
        let declared = m.detents ?? (m.style == .activity ? [.medium, .large] : [.large])
        if declared.isEmpty { return [.large] }
        let h = env.windowSize.height - env.safeArea.top - env.safeArea.bottom
        return declared.enumerated().sorted { a, b in
            let (ha, hb) = (a.element.height(in: h), b.element.height(in: h))
            return ha == hb ? a.offset < b.offset : ha < hb
        }.map(\.element)
    }
}
