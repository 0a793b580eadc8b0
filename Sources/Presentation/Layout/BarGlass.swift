import Prototype

/// A bar button's part of the shared Liquid Glass background that iOS 26 draws behind the items
/// of a navigation bar or a toolbar. Apple, "UIBarButtonItem.sharesBackground" (iOS 26): "whether
/// this bar button item can share a background with other items in a navigation bar or a
/// toolbar"; when false, "this item will not be visually grouped with any other items"; default
/// true. Apple, "UIBarButtonItem.hidesSharedBackground" (iOS 26): true prevents "the standard
/// shared background (typically using the Glass effect) from being drawn behind this bar button
/// item. This item will not be visually grouped with any other items"; default false. The
/// stylesheet draws the background outside the item's box (`Public/liquid-glass.css`), so it
/// changes no geometry of ``ScreenLayout``, and only in the Liquid Glass design: iOS 17 and 18
/// draw none.
public enum BarGlass: String, Sendable, Hashable {
    /// No background: `hidesSharedBackground`, or an item that is not a button.
    case none
    /// A background of its own: a capsule around a title, a circle around a symbol.
    case only
    /// The leading, an inner or the trailing part of a background shared with its neighbours.
    case first, middle, last

    /// The part of each of `items`, in order (leading to trailing). Neighbouring buttons that
    /// share (`sharesBackground`, not `hidesSharedBackground`) make one group; a button that
    /// doesn't share has a background of its own; a button that hides it, and any other kind of
    /// control in a bar, has none and separates its neighbours.
    ///
    /// `spaced`: the items are spread apart, as ModalLab's toolbar spreads them (as flexible
    /// spaces between every two items would), so each has a background of its own. UIKit groups
    /// a toolbar's items between its spaces, and the format has no spaces: that each toolbar item
    /// stands alone is ModalLab's choice (unverified).
    public static func parts(_ items: [Control], spaced: Bool = false) -> [BarGlass] {
        let drawn = items.map { $0.kind == .button && !$0.hidesSharedBackground }
        let shares = items.indices.map { drawn[$0] && items[$0].sharesBackground && !spaced }
        return items.indices.map { i in
            guard drawn[i] else { return .none }
            guard shares[i] else { return .only }
            let before = i > 0 && shares[i - 1]
            let after = i + 1 < items.count && shares[i + 1]
            switch (before, after) {
            case (false, false): return .only
            case (false, true): return .first
            case (true, true): return .middle
            case (true, false): return .last
            }
        }
    }
}
