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
/// So a target "can be wR" when it has an iPad or an iPhone Pro Max (`popover.anchor-required`,
/// `actionsheet.anchor-required`, `activity.anchor-required`), and "can be wC" when it has an
/// iPhone or an iPad that allows multitasking (`currentcontext.declare-compact`,
/// `popover.avoid-compact`, `popover.compact-dismiss-button`).
public struct LintTarget: Sendable {
    /// The devices linted for.
    public var devices: [Device]
    /// Every window considered: device × orientation × multitasking.
    public var environments: [Environment]

    /// The windows of `devices`; `requiresFullScreen` drops the iPad's compact-width windows.
    public init(devices: [Device], requiresFullScreen: Bool = false) {
        self.devices = devices
        var envs: [Environment] = []
        for d in devices {
            switch d.family {
            case .iPhone:
                envs.append(Environment(device: d, orientation: .portrait))
                envs.append(Environment(device: d, orientation: .landscape))
            case .iPad:
                envs.append(Environment(device: d, orientation: .portrait))
                envs.append(Environment(device: d, orientation: .landscape))
                if !requiresFullScreen {
                    envs.append(Environment(device: d, orientation: .landscape, multitasking: .half))
                    envs.append(Environment(device: d, orientation: .portrait, multitasking: .slideOver))
                }
            }
        }
        environments = envs
    }

    /// Whether any window is horizontally regular.
    public var canBeRegularWidth: Bool { environments.contains { $0.horizontalSizeClass == .regular } }
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
    /// Windows where an action sheet slides up from the bottom (wC).
    public var compactWidthWindows: [Environment] { environments.filter { $0.horizontalSizeClass == .compact } }
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
