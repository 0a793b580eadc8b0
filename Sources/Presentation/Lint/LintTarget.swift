import Prototype

/// The windows a prototype can run in, from its devices: what the static rules that depend on
/// size classes look at.
///
/// Policy, applied the same way by every rule:
/// - an iPhone runs in portrait (wC/hR) and in landscape (wC/hC; wR/hC on the Max);
/// - an iPad runs full screen in both orientations (wR/hR), and — because multitasking is on by
///   default in iPadOS — at half width in landscape (wC/hR, wR/hR on the largest iPad Pro; see
///   ``Environment/horizontalSizeClass``) and in Slide Over (wC/hR), unless the prototype says
///   `"requiresFullScreen": true` (UIKit's `UIRequiresFullScreen`).
///
/// So a target "can be wR" when it has an iPad or an iPhone Pro Max, and "can show a popover"
/// when it has a wR/hR window — an iPad (`popover.anchor-required`, `actionsheet.anchor-required`,
/// `activity.anchor-required`: a popover, an action sheet and an activity view are all popovers
/// only there, and adapt in a compact width or height, the Pro Max in landscape included). It
/// "can be wC" when it has an iPhone or an iPad that allows multitasking
/// (`currentcontext.declare-compact`, `popover.avoid-compact`, `popover.compact-dismiss-button`).
///
/// Every window has the target's text size (``contentSize``, `modallab lint --content-size`),
/// at which the length rules measure text.
public struct LintTarget: Sendable {
    /// The devices linted for.
    public var devices: [Device]
    /// The text size the length rules measure at (`large`, the default, unless asked).
    public var contentSize: ContentSizeCategory
    /// Every window considered: device × orientation × multitasking, at ``contentSize``.
    public var environments: [Environment]

    /// The windows of `devices`; `requiresFullScreen` drops the iPad's compact-width windows;
    /// `contentSize` is every window's text size.
    public init(devices: [Device], requiresFullScreen: Bool = false, contentSize: ContentSizeCategory = .large) {
        self.devices = devices
        self.contentSize = contentSize
        var envs: [Environment] = []
        func add(_ d: Device, _ o: Orientation, _ m: Multitasking = .full) {
            envs.append(Environment(device: d, orientation: o, multitasking: m, contentSize: contentSize))
        }
        for d in devices {
            switch d.family {
            case .iPhone:
                add(d, .portrait)
                add(d, .landscape)
            case .iPad:
                add(d, .portrait)
                add(d, .landscape)
                if !requiresFullScreen {
                    add(d, .landscape, .half)
                    add(d, .portrait, .slideOver)
                }
            }
        }
        environments = envs
    }

    /// The lengths of the layout at ``contentSize`` (text sizes and line heights).
    public var metrics: LayoutMetrics {
        LayoutMetrics(
            environment: environments.first ?? Environment(device: DeviceCatalogue.all[1], contentSize: contentSize))
    }

    /// Whether any window is horizontally regular.
    public var canBeRegularWidth: Bool { environments.contains { $0.horizontalSizeClass == .regular } }
    /// Whether any window is regular in both directions, where a popover (and an action sheet or
    /// an activity view) is drawn as a popover.
    public var canShowPopover: Bool {
        environments.contains { $0.horizontalSizeClass == .regular && $0.verticalSizeClass == .regular }
    }
    /// Whether any window is horizontally compact.
    public var canBeCompactWidth: Bool { environments.contains { $0.horizontalSizeClass == .compact } }
    /// Whether any device is an iPhone.
    public var hasIPhone: Bool { devices.contains { $0.family == .iPhone } }
    /// Whether any device is an iPad.
    public var hasIPad: Bool { devices.contains { $0.family == .iPad } }
    /// Full-screen iPad windows (wR/hR): where a popover is drawn as a popover.
    public var popoverWindows: [Environment] {
        environments.filter {
            $0.horizontalSizeClass == .regular && $0.verticalSizeClass == .regular && $0.multitasking == .full
        }
    }
    /// Windows where an action sheet slides up from the bottom (wC, or hC: every iPhone in landscape).
    public var bottomActionSheetWindows: [Environment] {
        environments.filter { $0.horizontalSizeClass == .compact || $0.verticalSizeClass == .compact }
    }
    /// Full-screen windows (every device, both orientations), for the alert height check.
    public var fullScreenWindows: [Environment] { environments.filter { $0.multitasking == .full } }
}

extension Environment {
    /// "iPhone SE (3rd generation) in landscape", "iPad mini in Slide Over".
    var label: String {
        if multitasking == .slideOver { return "\(device.name) in Slide Over" }
        if multitasking == .half { return "\(device.name) in Split View" }
        return "\(device.name) in \(orientation.rawValue)"
    }
    /// The same in Simplified Chinese.
    var labelZh: String {
        if multitasking == .slideOver { return "\(device.name)（侧拉）" }
        if multitasking == .half { return "\(device.name)（分屏）" }
        return "\(device.name)（\(orientation == .portrait ? "竖屏" : "横屏")）"
    }
}
