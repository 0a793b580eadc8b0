import JSON

/// A simulated device (docs/format.md, “Devices, windows and size classes”). Sizes are in points, portrait; 1 CSS px = 1 pt in the frame.
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
    /// The screen's scale factor: pixels per point (Apple, Human Interface Guidelines, "Layout",
    /// the device screen sizes: @3x for the iPhone 16 models, @2x for iPhone SE and every iPad),
    /// the scale a frame for it is exported at.
    public var scale: Int
}

/// `UIUserInterfaceSizeClass`.
public enum SizeClass: String, Sendable, Codable { case compact, regular }

/// Device orientation.
public enum Orientation: String, Sendable, CaseIterable, Codable { case portrait, landscape }

/// iPad multitasking: the app's share of the screen in Split View (`twoThirds`, `half`, `third`)
/// or Slide Over, or a resizable `window` of any size (iPadOS's windowed apps and Stage
/// Manager; its size is ``Environment/window``). What iPadOS offers in each orientation, the
/// window's width and its size class are ``Environment/supportedMultitasking(on:_:)``,
/// ``Environment/windowSize`` and ``Environment/horizontalSizeClass``.
public enum Multitasking: String, Sendable, CaseIterable, Codable {
    case full, twoThirds, half, third, slideOver, window

    /// The shares of the screen a person picks from (every case but `window`, which takes a size).
    public static let shares: [Multitasking] = [.full, .twoThirds, .half, .third, .slideOver]
}

/// The device catalogue of docs/format.md, “Devices, windows and size classes”: one row per device, so a device is one row to add.
/// Source: Apple's layout pages and the simulator presets.
public enum DeviceCatalogue {
    /// Every device, iPhones first, smallest first.
    public static let all: [Device] = [
        Device(
            id: "iphone-se-3", name: "iPhone SE (3rd generation)", family: .iPhone, width: 375, height: 667,
            safeTop: 20, safeBottom: 0, landscapeHorizontal: .compact, cornerRadius: 0, scale: 2),
        Device(
            id: "iphone-16", name: "iPhone 16", family: .iPhone, width: 393, height: 852, safeTop: 59, safeBottom: 34,
            landscapeHorizontal: .compact, cornerRadius: 55, scale: 3),
        Device(
            id: "iphone-16-pro", name: "iPhone 16 Pro", family: .iPhone, width: 402, height: 874, safeTop: 62,
            safeBottom: 34, landscapeHorizontal: .compact, cornerRadius: 55, scale: 3),
        Device(
            id: "iphone-16-pro-max", name: "iPhone 16 Pro Max", family: .iPhone, width: 440, height: 956, safeTop: 62,
            safeBottom: 34, landscapeHorizontal: .regular, cornerRadius: 55, scale: 3),
        Device(
            id: "ipad-mini", name: "iPad mini", family: .iPad, width: 744, height: 1133, safeTop: 24, safeBottom: 20,
            landscapeHorizontal: .regular, cornerRadius: 21, scale: 2),
        Device(
            id: "ipad-air-11", name: "iPad Air 11-inch", family: .iPad, width: 820, height: 1180, safeTop: 24,
            safeBottom: 20, landscapeHorizontal: .regular, cornerRadius: 18, scale: 2),
        Device(
            id: "ipad-pro-11", name: "iPad Pro 11-inch", family: .iPad, width: 834, height: 1210, safeTop: 24,
            safeBottom: 20, landscapeHorizontal: .regular, cornerRadius: 18, scale: 2),
        Device(
            id: "ipad-pro-13", name: "iPad Pro 13-inch", family: .iPad, width: 1032, height: 1376, safeTop: 24,
            safeBottom: 20, landscapeHorizontal: .regular, cornerRadius: 18, scale: 2),
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

/// The window the prototype runs in: a device, an orientation, (on iPad) a multitasking share,
/// and the traits the system gives the app (appearance, text size, layout direction).
///
/// Size classes follow the window, not the device: iPhones are compact/regular in portrait and
/// `landscapeHorizontal`/compact in landscape. An iPad window follows Apple's multitasking tables
/// (HIG "Layout", size classes; Apple, "Adopting Multitasking Enhancements on iPad"): full screen
/// is regular width; two thirds is regular in landscape and compact in portrait; half exists only
/// in landscape and is compact "on iPad and iPad mini", regular only on the largest iPad Pro ("on
/// iPad Pro in landscape orientation, the primary and secondary apps each obtain a regular
/// horizontal size class in the half/half Split View configuration"); a third and Slide Over are
/// compact. A resizable `window` is regular width from ``regularWidthThreshold``. Every iPad
/// window is regular height (unverified for short resizable windows).
public struct Environment: Sendable, Hashable {
    public var device: Device
    public var orientation: Orientation
    public var multitasking: Multitasking
    /// Light or dark (`UIUserInterfaceStyle`).
    public var appearance: Appearance
    /// The preferred text size (`UIContentSizeCategory`).
    public var contentSize: ContentSizeCategory
    /// Left to right or right to left.
    public var layoutDirection: LayoutDirection
    /// A resizable window's size in points, with `multitasking` `window` (iPad only); `nil`
    /// otherwise. Without a size, a `window` starts at two thirds of the screen's width and
    /// three quarters of its height.
    public var window: Size?
    /// The iOS version the session runs as (``SystemVersion``): `nil` until the engine starts a
    /// session, which sets it to the one asked for or else the prototype's `targetOS`.
    public var targetOS: Int?

    /// An environment; `multitasking` is forced to `full` on iPhones, and `window` kept only with
    /// `multitasking` `window`. Whether iPadOS offers the combination is ``isSupported``; the
    /// engine and the API refuse those it does not.
    public init(
        device: Device, orientation: Orientation = .portrait, multitasking: Multitasking = .full,
        appearance: Appearance = .light, contentSize: ContentSizeCategory = .large,
        layoutDirection: LayoutDirection = .ltr, window: Size? = nil, targetOS: Int? = nil
    ) {
        self.device = device
        self.orientation = orientation
        self.multitasking = device.family == .iPad ? multitasking : .full
        self.appearance = appearance
        self.contentSize = contentSize
        self.layoutDirection = layoutDirection
        self.targetOS = targetOS
        self.window = nil
        if self.multitasking == .window {
            // Without a size, two thirds of the screen's width and three quarters of its height
            // (ModalLab's choice of a first window).
            let s = screenSize
            self.window =
                window ?? Size(width: (s.width * 2 / 3).rounded(), height: (s.height * 3 / 4).rounded())
        }
    }

    /// The iOS version in effect: ``targetOS``, else ``SystemVersion/defaultVersion``.
    public var systemVersion: Int { targetOS ?? SystemVersion.defaultVersion }

    /// The design drawn at ``systemVersion``.
    public var design: SystemVersion.Design { SystemVersion.design(systemVersion) }

    /// The multitasking shares iPadOS offers on `device` in `orientation`: on an iPhone only
    /// `full`; on an iPad `full`, `twoThirds`, `third` and `slideOver`, and `half` in landscape
    /// only (Apple's tables list no half/half Split View in portrait). A resizable `window` is
    /// offered on every iPad too, with a size (``windowProblem``).
    public static func supportedMultitasking(on device: Device, _ orientation: Orientation) -> [Multitasking] {
        guard device.family == .iPad else { return [.full] }
        return orientation == .landscape ? Multitasking.shares : [.full, .twoThirds, .third, .slideOver]
    }

    /// Whether iPadOS offers this window (see ``supportedMultitasking(on:_:)``; a resizable
    /// window needs a size that ``windowProblem`` accepts).
    public var isSupported: Bool {
        if multitasking == .window { return device.family == .iPad && windowProblem == nil }
        return Environment.supportedMultitasking(on: device, orientation).contains(multitasking)
    }

    /// The message for a multitasking share iPadOS does not offer: names the device, the
    /// orientation and the shares it does offer.
    public var unsupportedMultitaskingMessage: String {
        if multitasking == .window, let p = windowProblem { return p.message }
        let ok = Environment.supportedMultitasking(on: device, orientation).map(\.rawValue)
        return "\(device.name) in \(orientation.rawValue) offers no \(multitasking.rawValue) window; supported: "
            + ok.joined(separator: ", ") + (device.family == .iPad ? ", or a resizable window {width, height}" : "")
    }

    /// The smallest resizable window, in points, each way: the narrowest window iPadOS's Split
    /// View and Slide Over give an app (320 pt); iPadOS's own minimum for resizable windows is
    /// not documented (unverified).
    public static let minimumWindowSide: Double = 320

    /// What is wrong with ``window``, if anything: an ``EnvironmentError`` at `window` (a window
    /// on an iPhone) or at its `width` or `height` (smaller than ``minimumWindowSide`` or larger
    /// than the screen), for a 400.
    public var windowProblem: EnvironmentError? {
        guard multitasking == .window, let w = window else { return nil }
        guard device.family == .iPad else {
            return EnvironmentError(key: .window, message: Environment.phoneWindowMessage(device))
        }
        let s = screenSize
        let m = Environment.minimumWindowSide
        if !(w.width >= m && w.width <= s.width) {
            return EnvironmentError(
                key: .window, member: "width",
                message:
                    "expected a width from \(Int(m)) to \(Int(s.width)) pt (\(device.name) in \(orientation.rawValue)); found \(w.width)"
            )
        }
        if !(w.height >= m && w.height <= s.height) {
            return EnvironmentError(
                key: .window, member: "height",
                message:
                    "expected a height from \(Int(m)) to \(Int(s.height)) pt (\(device.name) in \(orientation.rawValue)); found \(w.height)"
            )
        }
        return nil
    }

    /// Why an iPhone has no resizable window.
    static func phoneWindowMessage(_ device: Device) -> String {
        "resizable windows are iPadOS's; an app on \(device.name) is always full screen"
    }

    /// The share iPadOS gives the app after a rotation to `o`: a landscape half/half Split View
    /// has no portrait form, so it becomes two thirds (unverified on a device: which app gets
    /// the larger share is our choice); a resizable window keeps its size within the rotated
    /// screen (unverified).
    public func rotated(to o: Orientation) -> Environment {
        var e = self
        e.orientation = o
        if let w = e.window {
            let s = e.screenSize
            e.window = Size(width: min(w.width, s.width), height: min(w.height, s.height))
        }
        if !e.isSupported && e.multitasking != .window { e.multitasking = .twoThirds }
        return e
    }

    /// Where a resizable window sits on the screen: centred (iPadOS places a new window where
    /// it sees fit; ModalLab centres it). The origin of every other window is the layout's.
    public var windowOrigin: (x: Double, y: Double) {
        let s = screenSize
        let w = windowSize
        return (((s.width - w.width) / 2).rounded(), ((s.height - w.height) / 2).rounded())
    }

    /// The screen's size in points in this orientation.
    public var screenSize: Size {
        orientation == .portrait
            ? Size(width: device.width, height: device.height) : Size(width: device.height, height: device.width)
    }

    /// Whether this is the largest iPad Pro, the one whose half/half Split View and portrait
    /// two thirds Apple's tables give the widths of the 12.9-inch iPad Pro.
    var isLargestIPad: Bool { device.family == .iPad && max(device.width, device.height) >= 1300 }

    /// The width of a third (and of Slide Over): 320 pt, 375 pt on the largest iPad Pro (Apple's
    /// table for the 12.9-inch iPad Pro: 375 pt in both orientations).
    var thirdWidth: Double { isLargestIPad ? 375 : 320 }

    /// The app window's size in points: the screen, or the multitasking share of it. Apple's
    /// tables put a 10 pt divider between Split View apps (12.9-inch iPad Pro landscape: 981 +
    /// 375, 678 + 678 of 1366; 9.7-inch iPad: 694 + 320, 507 + 507 of 1024): `half` is half the
    /// screen less the divider, `twoThirds` is what a third leaves; `slideOver` is a third's width
    /// and 40 pt shorter than the screen. The widths of devices newer than Apple's table follow
    /// the same rule (unverified on those devices).
    public var windowSize: Size {
        let s = screenSize
        switch multitasking {
        case .full: return s
        case .twoThirds: return Size(width: s.width - 10 - thirdWidth, height: s.height)
        case .half: return Size(width: ((s.width - 10) / 2).rounded(.down), height: s.height)
        case .third: return Size(width: thirdWidth, height: s.height)
        case .slideOver: return Size(width: thirdWidth, height: s.height - 40)
        case .window: return window ?? s
        }
    }

    /// The width from which a resizable window is regular width: 678 pt. Apple's multitasking
    /// tables (HIG "Layout", size classes; "Adopting Multitasking Enhancements on iPad") give no
    /// rule for free sizes, but the narrowest regular-width window they list is 678 pt (half of
    /// the 12.9-inch iPad Pro in landscape) and the widest compact one 639 pt (two thirds of it
    /// in portrait); widths between them are unverified.
    public static let regularWidthThreshold: Double = 678

    /// Horizontal size class of the window (see the type's comment for the sources).
    public var horizontalSizeClass: SizeClass {
        switch device.family {
        case .iPhone: return orientation == .portrait ? .compact : device.landscapeHorizontal
        case .iPad:
            switch multitasking {
            case .full: return .regular
            case .twoThirds: return orientation == .landscape ? .regular : .compact
            case .half: return orientation == .landscape && isLargestIPad ? .regular : .compact
            case .third, .slideOver: return .compact
            case .window: return windowSize.width >= Environment.regularWidthThreshold ? .regular : .compact
            }
        }
    }

    /// Vertical size class of the window.
    public var verticalSizeClass: SizeClass {
        device.family == .iPhone && orientation == .landscape ? .compact : .regular
    }

    /// "compact/regular" and the like, as the log's `size_class`.
    public var sizeClassDescription: String {
        // Literals, not interpolation: the log writes this on every event.
        switch (horizontalSizeClass, verticalSizeClass) {
        case (.compact, .compact): "compact/compact"
        case (.compact, .regular): "compact/regular"
        case (.regular, .compact): "regular/compact"
        case (.regular, .regular): "regular/regular"
        }
    }

    /// Safe-area insets of the window in points. Notched iPhones in landscape move the top inset to
    /// the sides and keep 21 pt at the bottom; the iPhone SE hides its status bar in landscape.
    public var safeArea: EdgeInsets {
        let d = device
        switch (d.family, orientation) {
        case (.iPhone, .portrait): return EdgeInsets(top: d.safeTop, left: 0, bottom: d.safeBottom, right: 0)
        case (.iPhone, .landscape):
            if d.safeBottom == 0 { return EdgeInsets(top: 0, left: 0, bottom: 0, right: 0) }
            return EdgeInsets(top: 0, left: d.safeTop, bottom: 21, right: d.safeTop)
        case (.iPad, _):
            guard multitasking == .window else {
                return EdgeInsets(top: d.safeTop, left: 0, bottom: d.safeBottom, right: 0)
            }
            // A resizable window keeps the insets of the screen's edges it reaches: the status
            // bar above, the home indicator below (unverified).
            let o = windowOrigin
            let below = screenSize.height - o.y - windowSize.height
            return EdgeInsets(top: max(0, d.safeTop - o.y), left: 0, bottom: max(0, d.safeBottom - below), right: 0)
        }
    }
}
