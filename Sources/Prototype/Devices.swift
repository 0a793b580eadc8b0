import JSON

/// A simulated device (SPEC §4). Sizes are in points, portrait; 1 CSS px = 1 pt in the frame.
public struct Device: Sendable, Hashable {
    /// Phone or tablet.
    public enum Family: String, Sendable { case iPhone, iPad }

    public var id: String
    public var name: String
    public var family: Family
    /// Portrait width in points.
    public var width: Double
    /// Portrait height in points.
    public var height: Double
    /// Portrait safe-area insets, top and bottom, in points.
    public var safeTop: Double
    public var safeBottom: Double
    /// Horizontal size class in landscape (full screen).
    public var landscapeHorizontal: SizeClass
    /// Screen corner radius in points (drawn by the frame).
    public var cornerRadius: Double
}

/// `UIUserInterfaceSizeClass`.
public enum SizeClass: String, Sendable, Codable { case compact, regular }

/// Device orientation.
public enum Orientation: String, Sendable, CaseIterable, Codable { case portrait, landscape }

/// iPad multitasking: the app's window share. SPEC §4: `third` and `slideOver` are compact width.
public enum Multitasking: String, Sendable, CaseIterable, Codable { case full, half, third, slideOver }

/// The device catalogue of SPEC §4: one row per device, so a device is one row to add.
/// Source: Apple's layout pages and the simulator presets.
public enum DeviceCatalogue {
    /// Every device, iPhones first, smallest first.
    public static let all: [Device] = [
        Device(
            id: "iphone-se-3", name: "iPhone SE (3rd generation)", family: .iPhone, width: 375, height: 667,
            safeTop: 20, safeBottom: 0, landscapeHorizontal: .compact, cornerRadius: 0),
        Device(
            id: "iphone-16", name: "iPhone 16", family: .iPhone, width: 393, height: 852, safeTop: 59, safeBottom: 34,
            landscapeHorizontal: .compact, cornerRadius: 55),
        Device(
            id: "iphone-16-pro", name: "iPhone 16 Pro", family: .iPhone, width: 402, height: 874, safeTop: 62,
            safeBottom: 34, landscapeHorizontal: .compact, cornerRadius: 55),
        Device(
            id: "iphone-16-pro-max", name: "iPhone 16 Pro Max", family: .iPhone, width: 440, height: 956, safeTop: 62,
            safeBottom: 34, landscapeHorizontal: .regular, cornerRadius: 55),
        Device(
            id: "ipad-mini", name: "iPad mini", family: .iPad, width: 744, height: 1133, safeTop: 24, safeBottom: 20,
            landscapeHorizontal: .regular, cornerRadius: 21),
        Device(
            id: "ipad-air-11", name: "iPad Air 11-inch", family: .iPad, width: 820, height: 1180, safeTop: 24,
            safeBottom: 20, landscapeHorizontal: .regular, cornerRadius: 18),
        Device(
            id: "ipad-pro-11", name: "iPad Pro 11-inch", family: .iPad, width: 834, height: 1210, safeTop: 24,
            safeBottom: 20, landscapeHorizontal: .regular, cornerRadius: 18),
        Device(
            id: "ipad-pro-13", name: "iPad Pro 13-inch", family: .iPad, width: 1032, height: 1376, safeTop: 24,
            safeBottom: 20, landscapeHorizontal: .regular, cornerRadius: 18),
    ]

    private static let byID: [String: Device] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// The message for an id that names no device: `unknown device "x" (did you mean "y"?);
    /// known: …` — the same wherever a device is asked for (API, engine `resize`).
    public static func unknownDeviceMessage(_ id: String) -> String {
        let ids = all.map(\.id)
        return "unknown device \"\(id)\"" + Suggest.hint(id, in: ids) + "; known: " + ids.joined(separator: ", ")
    }

    /// The device with this id.
    public static func device(_ id: String) -> Device? { byID[id] }
}

/// Insets in points.
public struct EdgeInsets: Sendable, Hashable, Codable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// The window the prototype runs in: a device, an orientation and (on iPad) a multitasking share.
///
/// Size classes follow the window, not the device (SPEC §4): iPhones are compact/regular in
/// portrait and `landscapeHorizontal`/compact in landscape; an iPad window is regular/regular at
/// `full` and `half`, compact/regular at `third` and `slideOver`.
public struct Environment: Sendable, Hashable {
    public var device: Device
    public var orientation: Orientation
    public var multitasking: Multitasking

    /// An environment; `multitasking` is forced to `full` on iPhones.
    public init(device: Device, orientation: Orientation = .portrait, multitasking: Multitasking = .full) {
        self.device = device
        self.orientation = orientation
        self.multitasking = device.family == .iPad ? multitasking : .full
    }

    /// The screen's size in points in this orientation.
    public var screenSize: Size {
        orientation == .portrait
            ? Size(width: device.width, height: device.height) : Size(width: device.height, height: device.width)
    }

    /// The app window's size in points: the screen, or the multitasking share of it.
    /// `half` is half the screen less the 10 pt divider; `third` is 320 pt (375 pt on screens at
    /// least 1,300 pt wide); `slideOver` is 320 pt wide and 40 pt shorter than the screen.
    public var windowSize: Size {
        let s = screenSize
        switch multitasking {
        case .full: return s
        case .half: return Size(width: ((s.width - 10) / 2).rounded(.down), height: s.height)
        case .third: return Size(width: s.width >= 1300 ? 375 : 320, height: s.height)
        case .slideOver: return Size(width: 320, height: s.height - 40)
        }
    }

    /// Horizontal size class of the window.
    public var horizontalSizeClass: SizeClass {
        switch device.family {
        case .iPhone: return orientation == .portrait ? .compact : device.landscapeHorizontal
        case .iPad: return multitasking == .third || multitasking == .slideOver ? .compact : .regular
        }
    }

    /// Vertical size class of the window.
    public var verticalSizeClass: SizeClass {
        device.family == .iPhone && orientation == .landscape ? .compact : .regular
    }

    /// "compact/regular" and the like, as the log's `size_class`.
    public var sizeClassDescription: String { "\(horizontalSizeClass.rawValue)/\(verticalSizeClass.rawValue)" }

    /// Safe-area insets of the window in points. Notched iPhones in landscape move the top inset to
    /// the sides and keep 21 pt at the bottom; the iPhone SE hides its status bar in landscape.
    public var safeArea: EdgeInsets {
        let d = device
        switch (d.family, orientation) {
        case (.iPhone, .portrait): return EdgeInsets(top: d.safeTop, left: 0, bottom: d.safeBottom, right: 0)
        case (.iPhone, .landscape):
            if d.safeBottom == 0 { return EdgeInsets(top: 0, left: 0, bottom: 0, right: 0) }
            return EdgeInsets(top: 0, left: d.safeTop, bottom: 21, right: d.safeTop)
        case (.iPad, _): return EdgeInsets(top: d.safeTop, left: 0, bottom: d.safeBottom, right: 0)
        }
    }
}
