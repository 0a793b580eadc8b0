/// A value that templates can look names up in, without reflection.
///
/// Conform view models to it so that `{{title}}` or `{{#modals}}` resolve against their
/// properties:
///
/// ```swift
/// struct AlertViewModel: MustacheContext {
///     var title: String
///     var actions: [ActionViewModel]
///     func mustacheValue(forKey key: String) -> Any? {
///         switch key {
///         case "title": title
///         case "actions": actions
///         default: nil
///         }
///     }
/// }
/// ```
///
/// Returning `nil` means "no such key": the lookup goes on down the context stack, as it does for
/// a dictionary without the key (spec: sections.json overview, name resolution step 3). A
/// conforming value is truthy in sections and is pushed onto the context stack.
public protocol MustacheContext {
    /// The value named `key` (one part of a dotted name, never containing a period), or `nil`
    /// when this context has no such key.
    func mustacheValue(forKey key: String) -> Any?
}
