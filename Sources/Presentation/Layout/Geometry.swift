import Prototype

/// A rectangle in points: an origin at its top-left corner and a size, in the coordinates of
/// whatever contains it (``FrameLayout`` says which for each rect it gives). Y grows downwards,
/// as in UIKit and CSS.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width (not negative for a laid-out rect).
    public var width: Double
    /// The height.
    public var height: Double

    /// A rect at (`x`, `y`) of `width` × `height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle of `size` at the origin.
    public init(size: Size) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    /// The empty rect at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var minX: Double { x }
    /// The top edge.
    public var minY: Double { y }
    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// The horizontal middle.
    public var midX: Double { x + width / 2 }
    /// The vertical middle.
    public var midY: Double { y + height / 2 }
    /// The size.
    public var size: Size { Size(width: width, height: height) }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `insets` (grown where they are negative).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: x + insets.left, y: y + insets.top, width: width - insets.left - insets.right,
            height: height - insets.top - insets.bottom)
    }

    /// Whether `(px, py)` lies inside, edges included.
    public func contains(x px: Double, y py: Double) -> Bool { px >= x && px <= maxX && py >= y && py <= maxY }

    /// "x y width height", each rounded to hundredths: the form data attributes carry.
    public var description: String { [x, y, width, height].map(Rect.format).joined(separator: " ") }

    /// A length in points for HTML and CSS: whole numbers without a fraction, others to two
    /// places; never a non-finite number, never beyond ±1,000,000 (so no input can make the
    /// page unreadable).
    public static func format(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let c = min(max(v, -1_000_000), 1_000_000)
        if c == c.rounded() { return String(Int(c)) }
        let r = (c * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : "\(r)"
    }
}
