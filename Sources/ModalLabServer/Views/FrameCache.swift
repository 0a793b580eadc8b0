import Foundation
import JSON
import Presentation
import Prototype

/// What the device frame's HTML depends on: the prototype's version and everything of the
/// state that is drawn (not the times, which change on every action).
struct FrameKey: Hashable {
    struct Entry: Hashable {
        var modal: String
        var resolution: Resolution
        var detents: [Detent]
        var selectedDetent: String?
        var dirty: Bool
        var screens: [String]
        var presentedBy: String?
        var values: [String: JSONValue]
        var contextOwner: String?
        var popover: PopoverLayout?
        var grabberVisible: Bool
        var zoomUnavailable: Bool

        /// What tells one layer's frames apart as the person moves through a prototype: the
        /// modal, its screens, its detent, its values and whether it is dirty. The rest (how it
        /// was resolved, placed and presented) seldom differs where those agree, and `==`
        /// compares it all.
        func hash(into h: inout Hasher) {
            h.combine(modal)
            h.combine(screens)
            h.combine(selectedDetent)
            h.combine(dirty)
            h.combine(values)
        }
    }

    var version: String
    var environment: Environment
    var appScreens: [String]
    var appValues: [String: JSONValue]
    var entries: [Entry]
    var keyboard: KeyboardFocus?
    /// The open menu (its items' checkmarks are in the values).
    var menu: OpenMenu?

    init(_ p: Prototype, _ s: PresentationState) {
        version = p.version
        environment = s.environment
        appScreens = s.appScreens
        appValues = s.appValues
        keyboard = s.keyboard
        entries = s.stack.map {
            Entry(
                modal: $0.modal, resolution: $0.resolution, detents: $0.detents, selectedDetent: $0.selectedDetent,
                dirty: $0.dirty, screens: $0.screens, presentedBy: $0.presentedBy, values: $0.values,
                contextOwner: $0.contextOwner, popover: $0.popover, grabberVisible: $0.grabberVisible,
                zoomUnavailable: $0.zoomUnavailable)
        }
        menu = s.menu
    }

    /// Every member but each layer's placement (``Entry/hash(into:)``), with the environment's
    /// device by its id only (its dozen sizes and names) and its enumerations by their case
    /// (``combineCase(_:into:)``): equal keys still hash alike, and `==` compares every member.
    /// Hashing the whole key, each `String`-backed enumeration by its raw string, cost ~3,200
    /// instructions per lookup (callgrind).
    func hash(into h: inout Hasher) {
        h.combine(version)
        h.combine(environment.device.id)
        Self.combineCase(environment.orientation, into: &h)
        Self.combineCase(environment.multitasking, into: &h)
        Self.combineCase(environment.appearance, into: &h)
        Self.combineCase(environment.contentSize, into: &h)
        Self.combineCase(environment.layoutDirection, into: &h)
        h.combine(environment.window)
        h.combine(environment.targetOS)
        h.combine(appScreens)
        h.combine(appValues)
        h.combine(entries)
        h.combine(keyboard)
        h.combine(menu)
    }

    /// Hashes an enumeration without associated values by its case, the one byte that holds it,
    /// where the standard library's default for a `RawRepresentable` hashes its raw `String`
    /// (~150 instructions). Equal values are the same case, so the same byte.
    private static func combineCase<Case: RawRepresentable & CaseIterable>(_ value: Case, into h: inout Hasher) {
        withUnsafeBytes(of: value) { h.combine(bytes: $0) }
    }
}

/// Rendered device frames, as JSON string literals ready to splice into an API response.
///
/// Rendering a frame is a pure function of (prototype version, drawn state); people revisit
/// states all the time (open a sheet, close it, open it again), so a hit skips both the
/// Mustache render and the JSON escaping of ~20–40 KB of HTML. Bounded: cleared at 512 frames
/// or 64 MiB of them (a frame showing a megabyte of typed text is a megabyte).
final class FrameCache: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [FrameKey: [UInt8]] = [:]
    private var bytes = 0
    static let capacity = 512
    /// The most bytes of frames kept (64 MiB unless a test sets less).
    let byteCapacity: Int

    init(byteCapacity: Int = 64 << 20) { self.byteCapacity = byteCapacity }

    /// How many frames are cached.
    var count: Int { lock.withLock { frames.count } }

    /// The frame's HTML as a quoted JSON string, rendering it with `render` on a miss.
    func quotedHTML(_ key: FrameKey, render: () throws -> String) rethrows -> [UInt8] {
        if let hit = lock.withLock({ frames[key] }) { return hit }
        var quoted: [UInt8] = []
        JSONWriter.appendQuoted(try render(), into: &quoted)
        lock.withLock {
            if frames.count >= FrameCache.capacity || bytes + quoted.count > byteCapacity {
                frames.removeAll(keepingCapacity: true)
                bytes = 0
            }
            if frames.updateValue(quoted, forKey: key) == nil { bytes += quoted.count }
        }
        return quoted
    }

    /// Drops every frame (templates were reloaded).
    func removeAll() {
        lock.withLock {
            frames.removeAll()
            bytes = 0
        }
    }
}
