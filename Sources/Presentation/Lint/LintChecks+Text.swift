import JSON
import Prototype

/// `text.control-character`: control characters in the text people see or hear.
extension LintChecks {
    /// Every text of the prototype that is shown or spoken, with its JSON path, in document
    /// order: the name, screen and modal titles, alert and action-sheet messages, every
    /// control's title, label, placeholder, value, text, accessibility label and segments,
    /// list rows' titles and subtitles, alert actions, alert text-field placeholders and custom
    /// activity titles.
    static func visibleTexts(_ c: LintContext) -> [(text: String, path: JSONPath)] {
        var out: [(String, JSONPath)] = []
        func add(_ s: String?, _ path: JSONPath) { if let s { out.append((s, path)) } }
        add(c.prototype.name, JSONPath.root.appending("name"))
        func screen(_ s: ScreenRef) {
            add(s.screen.title, s.path.appending("title"))
            for ref in s.controls where !ref.isListItem {
                let ctl = ref.control
                add(ctl.title, ref.path.appending("title"))
                add(ctl.label, ref.path.appending("label"))
                add(ctl.placeholder, ref.path.appending("placeholder"))
                add(ctl.value, ref.path.appending("value"))
                add(ctl.text, ref.path.appending("text"))
                add(ctl.accessibilityLabel, ref.path.appending("accessibilityLabel"))
                for (k, segment) in ctl.segments.enumerated() {
                    add(segment, ref.path.appending("segments").appending(k))
                }
                for (k, item) in ctl.items.enumerated() {
                    let ip = ref.path.appending("items").appending(k)
                    add(item.title, ip.appending("title"))
                    add(item.subtitle, ip.appending("subtitle"))
                }
            }
        }
        for s in c.appScreens { screen(s) }
        for (i, m) in c.prototype.modals.enumerated() {
            let mp = c.path(i)
            // A custom modal's title is its root screen's, among its screens.
            if m.style.isCustom {
                for s in c.modalScreens[i] { screen(s) }
            } else {
                add(m.title, mp.appending("title"))
            }
            add(m.message, mp.appending("message"))
            for (j, a) in m.actions.enumerated() {
                add(a.title, mp.appending("actions").appending(j).appending("title"))
            }
            for (j, f) in m.textFields.enumerated() {
                add(f.placeholder, mp.appending("textFields").appending(j).appending("placeholder"))
            }
            for (j, a) in m.customActivities.enumerated() {
                add(a.title, mp.appending("customActivities").appending(j).appending("title"))
            }
        }
        return out
    }

    /// text.control-character: a text with a control character other than a line break.
    static func texts(_ c: LintContext) {
        for (text, path) in visibleTexts(c) {
            let codes = TextScalars.reportableControls(text)
            if !codes.isEmpty {
                c.report(
                    "text.control-character", path, nil, ["text": c.q(text), "codes": codes.joined(separator: ", ")])
            }
        }
    }
}
