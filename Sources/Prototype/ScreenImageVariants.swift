/// A screen image's variant for a device family, a device and/or an orientation
/// (docs/format.md, "Variants per device and orientation"): its own picture (with its scale and
/// dark variant) and, where the layout differs, its own frames for the screen's hotspots.
///
/// As an asset catalog's image set holds one picture per device ("Devices": iPhone, iPad) and
/// per size class and appearance, and UIKit draws the one that fits the trait collection best
/// (Apple, Xcode Help, "Add images to asset catalogs"; Apple, "UITraitCollection"). Orientation
/// is not one of the catalog's traits (an iPad is regular × regular both ways); it is this
/// format's, since an exported frame is drawn for one orientation.
public struct ScreenImageVariant: Sendable, Equatable {
    /// The device it is for (a ``DeviceCatalogue`` id), if it names one.
    public var device: String?
    /// The device family it is for, if it names one (never with ``device``).
    public var family: Device.Family?
    /// The orientation it is for; `nil` for both.
    public var orientation: Orientation?
    /// Its picture: asset, scale and dark variant.
    public var picture: ScreenImage
    /// Frames of the screen's hotspots, by hotspot id, in the picture's points, replacing the
    /// screen's `frame` of each hotspot it names; the others keep theirs.
    public var frames: [String: PointRect]

    /// A variant drawing `picture` where each condition given holds (the decoder requires at
    /// least one, and not both `device` and `family`), with `frames` for the hotspots it moves.
    public init(
        device: String? = nil, family: Device.Family? = nil, orientation: Orientation? = nil,
        picture: ScreenImage, frames: [String: PointRect] = [:]
    ) {
        self.device = device
        self.family = family
        self.orientation = orientation
        self.picture = picture
        self.frames = frames
    }

    /// Whether it may be drawn on `device` in `orientation`: each condition it names holds.
    public func applies(to device: Device, _ orientation: Orientation) -> Bool {
        if let id = self.device, id != device.id { return false }
        if let f = family, f != device.family { return false }
        if let o = self.orientation, o != orientation { return false }
        return true
    }

    /// How specific it is: a device before a family before neither, then an orientation before
    /// none. That the device outranks the orientation is ModalLab's choice (unverified: an asset
    /// catalog has no orientation); a device's picture is as wide as that device's screen, which
    /// a family's picture for the same orientation may not be.
    public var specificity: Int { (device != nil ? 4 : family != nil ? 2 : 0) + (orientation != nil ? 1 : 0) }

    /// What it is for, as the document writes it: `"device": "ipad-pro-11", "orientation":
    /// "landscape"` (for messages).
    public var conditions: String {
        var parts: [String] = []
        if let device { parts.append("\"device\": \"\(device)\"") }
        if let family { parts.append("\"family\": \"\(family.rawValue)\"") }
        if let orientation { parts.append("\"orientation\": \"\(orientation.rawValue)\"") }
        return parts.joined(separator: ", ")
    }
}

extension Device.Family: CaseIterable {
    /// iPhone and iPad, as asset catalogs name their devices.
    public static var allCases: [Device.Family] { [.iPhone, .iPad] }
}

extension ScreenImage {
    /// The index in ``variants`` of the variant drawn on `device` in `orientation`: the most
    /// specific that applies (``ScreenImageVariant/specificity``), else `nil` for the screen's
    /// own picture.
    public func variantIndex(on device: Device, _ orientation: Orientation) -> Int? {
        var best: (index: Int, rank: Int)? = nil
        for (i, v) in variants.enumerated() where v.applies(to: device, orientation) {
            if best == nil || v.specificity > best!.rank { best = (i, v.specificity) }
        }
        return best?.index
    }

    /// The picture drawn on `device` in `orientation` (its asset, scale and dark variant): the
    /// chosen variant's, else the screen's own.
    public func picture(on device: Device, _ orientation: Orientation) -> ScreenImage {
        guard let i = variantIndex(on: device, orientation) else {
            return ScreenImage(asset: asset, declaredScale: declaredScale, dark: dark)
        }
        return variants[i].picture
    }

    /// The hotspot frames the chosen variant gives on `device` in `orientation` (empty for the
    /// screen's own picture).
    public func frames(on device: Device, _ orientation: Orientation) -> [String: PointRect] {
        variantIndex(on: device, orientation).map { variants[$0].frames } ?? [:]
    }
}

extension Screen {
    /// The screen as drawn on `device` in `orientation`: an image screen's hotspots with the
    /// frames of the variant chosen there (``ScreenImage/frames(on:_:)``); any other screen
    /// unchanged.
    public func drawn(on device: Device, _ orientation: Orientation) -> Screen {
        guard let image, !image.variants.isEmpty else { return self }
        let frames = image.frames(on: device, orientation)
        guard !frames.isEmpty else { return self }
        var s = self
        s.hotspots = hotspots.map { h in
            var h = h
            if let f = frames[h.id] { h.frame = f }
            return h
        }
        return s
    }
}
