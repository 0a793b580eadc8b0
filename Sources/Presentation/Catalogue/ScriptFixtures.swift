// Pieces the rules' action scripts are written with: the base prototype's home screen with
// actions on its buttons, and small modals of each kind. Each returns JSON text.

extension RuleCatalogue {
    /// The members of a script's prototype: `screens` (one of ``home(open:edit:more:share:content:)``)
    /// and `modals`, plus `extra` top-level members (`"devices": […]`, say).
    static func app(_ screens: String, _ modals: String..., extra: String = "") -> String {
        "{" + screens + #", "modals": ["# + modals.joined(separator: ", ") + "]" + (extra.isEmpty ? "" : ", " + extra)
            + "}"
    }

    /// The base prototype's home screen with an action on each of its buttons: Open
    /// (`open-button`) and Edit (`edit-button`) in the content, More (`more-button`) and Share
    /// (`share-button`) in the bar — `{"present": id}` for each id given. `content` adds controls.
    static func home(
        open: String? = nil, edit: String? = nil, more: String? = nil, share: String? = nil, content: String = ""
    ) -> String {
        func action(_ id: String?) -> String { id.map { #", "action": {"present": "\#($0)"}"# } ?? "" }
        return #"""
            "screens": [{"id": "home", "title": "Home",
              "navigationBar": {"trailing": [
                {"id": "share-button", "title": "Share", "systemImage": "square.and.arrow.up"\#(action(share))},
                {"id": "more-button", "title": "More", "systemImage": "ellipsis.circle"\#(action(more))}]},
              "content": [
                {"type": "button", "id": "open-button", "title": "Open"\#(action(open))},
                {"type": "button", "id": "edit-button", "title": "Edit"\#(action(edit))}\#(content.isEmpty ? "" : ", " + content)]}]
            """#
    }

    /// A custom modal `id` of `style` titled after its id, with a Done button (`<id>-done`) that
    /// dismisses it, and `members` (`"content": […]`, `"detents": […]`, …).
    static func view(_ id: String, _ style: String = "pageSheet", _ members: String = "") -> String {
        #"{"id": "\#(id)", "style": "\#(style)", "title": "\#(id)", "navigationBar": {"trailing": [{"id": "\#(id)-done", "title": "Done", "role": "done", "action": "dismiss"}]}"#
            + (members.isEmpty ? "" : ", " + members) + "}"
    }

    /// A button `id` titled `title` that presents `modal`.
    static func button(_ id: String, presents modal: String, title: String = "Next") -> String {
        #"{"type": "button", "id": "\#(id)", "title": "\#(title)", "action": {"present": "\#(modal)"}}"#
    }

    /// An alert `id` asking to discard changes: Cancel, and Discard (destructive) with `action`.
    static func alert(_ id: String, discard action: String = #""dismiss""#) -> String {
        #"{"id": "\#(id)", "style": "alert", "title": "Discard changes?", "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Discard", "role": "destructive", "action": \#(action)}]}"#
    }

    /// A popover `id` anchored to `source`, with a Done button and `members`.
    static func popover(_ id: String, source: String, _ members: String = "") -> String {
        view(id, "popover", #""source": "\#(source)""# + (members.isEmpty ? "" : ", " + members))
    }

    /// A page sheet `id` whose Next button (`next`) presents `modal`.
    static func sheet(_ id: String, presenting modal: String) -> String {
        view(id, "pageSheet", #""content": [\#(button("next", presents: modal))]"#)
    }

    /// A page sheet `id` that rests at its medium detent and leaves the screen behind it
    /// undimmed there (`largestUndimmedDetent` medium).
    static func undimmedSheet(_ id: String) -> String {
        view(id, "pageSheet", #""detents": ["medium", "large"], "largestUndimmedDetent": "medium""#)
    }

    /// A popover `id` at the More button whose Next button (`next`) presents `modal`.
    static func popover(_ id: String, presenting modal: String) -> String {
        popover(id, source: "more-button", #""content": [\#(button("next", presents: modal))]"#)
    }

    /// An action sheet `id` at the Edit button: Delete Photo (destructive) and Cancel.
    static func deletePhotoSheet(_ id: String) -> String {
        #"{"id": "\#(id)", "style": "actionSheet", "source": "edit-button", "actions": [{"title": "Delete Photo", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]}"#
    }

    /// A compose sheet `id` with a To field that makes it dirty and `confirm` as its
    /// `confirmDiscard`, followed by that action sheet (Delete Draft, Cancel): two modals.
    static func draftSheet(_ id: String, confirm: String) -> String {
        view(
            id, "pageSheet",
            #""content": [{"type": "textField", "id": "to", "label": "To", "userContent": true}], "confirmDiscard": "\#(confirm)""#
        )
            + #", {"id": "\#(confirm)", "style": "actionSheet", "actions": [{"title": "Delete Draft", "role": "destructive", "action": "dismissAll"}, {"title": "Cancel", "role": "cancel"}]}"#
    }
}
