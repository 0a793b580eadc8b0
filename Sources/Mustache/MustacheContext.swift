/// A value that templates can look names up in, without reflection.
///
/// Conform view models to it so that `{{title}}` or `{{#modals}}` resolve against their
/// properties:
///
/// ```swift
/// struct AlertViewModel: MustacheContext {
///     var title: String
///     var message: String?
///     var actions: [ActionViewModel]
///     func mustacheValue(forKey key: String) -> Any? {
///         switch key {
///         case "title": title
///         case "message": message as Any
///         case "actions": actions
///         default: nil
///         }
///     }
/// }
/// ```
///
/// Returning `nil` means "no such key": the lookup goes on down the context stack, as it does for
/// a dictionary without the key (spec: sections.json overview, name resolution step 3), and a
/// strict render (``MustacheTemplate/render(_:library:strict:)``) fails when no context has it.
/// So a key whose value may be absent returns its optional as `Any` — `case "subtitle":
/// subtitle as Any` — which is found, falsy when `nil`, and renders as nothing; a bare
/// `subtitle` would turn a `nil` into "no such key". A conforming value is truthy in sections
/// and is pushed onto the context stack.
public protocol MustacheContext {
    /// The value named `key` (one part of a dotted name, never containing a period), or `nil`
    /// when this context has no such key.
    func mustacheValue(forKey key: String) -> Any?
}
