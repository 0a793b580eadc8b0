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
///         case "message": message.asMustacheValue
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
/// So a key whose value may be absent returns ``Swift/Optional/asMustacheValue`` — `case
/// "subtitle": subtitle.asMustacheValue` — which is found, falsy when `nil`, and renders as
/// nothing; a bare `subtitle` would turn a `nil` into "no such key". A conforming value is
/// truthy in sections and is pushed onto the context stack.
public protocol MustacheContext {
    /// The value named `key` (one part of a dotted name, never containing a period), or `nil`
    /// when this context has no such key.
    func mustacheValue(forKey key: String) -> Any?
}

/// The value of a key that is present but holds nothing (an optional that is `nil`): a name
/// finds it, so a strict render accepts it, and it is falsy in sections and renders as nothing,
/// like `nil`. Recognised by its type, without the dynamic casts that an `Optional` boxed in
/// `Any` takes. Made by ``Swift/Optional/asMustacheValue``.
public struct MustacheNothing: Sendable {
    public init() {}
}

extension Optional {
    /// This optional as the value of a key that a context has: the wrapped value, or
    /// ``MustacheNothing`` for `nil` — not `nil`, which ``MustacheContext`` reads as "no such
    /// key" (so the lookup would go on down the stack, and a strict render would fail).
    public var asMustacheValue: Any {
        switch self {
        case .some(let wrapped): wrapped
        case .none: MustacheNothing()
        }
    }
}
