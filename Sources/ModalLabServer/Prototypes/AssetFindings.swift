import Foundation
import JSON
import Presentation
import Prototype

/// Findings about a prototype's assets, which only the server can make, since it holds the files
/// (docs/format.md, "Findings about assets"). This project's own advice, not a rule of Apple's:
///
/// - `asset.missing` (warning): the document names an asset its folder doesn't hold; the player
///   draws it empty.
/// - `asset.device-width` (warning): a device the prototype lists has no picture of an app
///   screen as wide, in points, as its screen: the picture drawn there (the screen's own, or the
///   variant chosen for that device in portrait (docs/format.md, "Variants per device and orientation"), or a landscape variant in
///   landscape) is drawn at its own size from the top-left corner (never scaled), so that device
///   shows space beside it or cuts it off. A frame exported for a device is as wide as the
///   device's screen (Apple, Human Interface Guidelines, "Layout": the sizes of iPhone and iPad
///   screens in points).
///
/// They come with the editing API's answers (`GET` and `PATCH /api/prototypes/{id}`),
/// `GET /api/prototypes/{id}/lint` and `modallab lint` (with the assets folder beside the
/// file), after the document's own findings.
enum AssetFindings {
    /// A place the document names an asset: the JSON path of the member and the asset.
    struct Reference: Equatable {
        var path: JSONPath
        var name: String
    }

    /// An app screen's picture as the document writes it, read leniently (what the decoder
    /// refuses is its to report): the screen's id and path, the image with the variants that
    /// read, and the path of the asset member of the image and of each variant kept.
    struct AppScreenImage {
        var id: String
        var path: JSONPath
        var image: ScreenImage
        var assetPath: JSONPath
        var variantPaths: [JSONPath]
    }

    /// The findings of `definition` (prototype `id`'s document) against `assets`, in `language`.
    /// A document that is not an object names nothing.
    static func diagnostics(
        definition: JSONValue, id: String, devices: [String], assets: AssetStore, language: Language
    ) -> [Diagnostic] {
        let refs = references(definition)
        guard !refs.isEmpty else { return [] }
        var missing: [JSONPath: Diagnostic] = [:]
        for r in refs where !assets.exists(id, r.name) {
            missing[r.path] =
                (Diagnostic(
                    format: "asset.missing", severity: .warning,
                    message: LocalizedText(
                        "asset \(r.name) is not uploaded: it is drawn empty; upload it (the editor's Assets, or PUT /api/prototypes/\(id)/assets/\(r.name))",
                        "素材 \(r.name) 尚未上传：它显示为空白；请上传它（编辑器的“素材”，或 PUT /api/prototypes/\(id)/assets/\(r.name)）"
                    )(language), path: r.path.description))
        }
        var widthFindings: [JSONPath: [Diagnostic]] = [:]
        var widths: [String: Int?] = [:]
        func pixels(_ name: String) -> Int? {
            guard assets.exists(id, name) else { return nil }
            if widths[name] == nil { widths[name] = pixelWidth(assets.path(id, name)) }
            return widths[name] ?? nil
        }
        var listed: [Device] = []
        for d in devices.compactMap({ DeviceCatalogue.device($0) }) where !listed.contains(d) { listed.append(d) }
        for screen in appScreenImages(definition) {
            for device in listed {
                for orientation in Orientation.allCases {
                    let index = screen.image.variantIndex(on: device, orientation)
                    // In landscape only a landscape variant is checked: the portrait picture
                    // drawn in landscape is not a frame for it (nothing to warn about twice).
                    guard orientation == .portrait || index.map({ screen.image.variants[$0].orientation }) == .landscape
                    else { continue }
                    let picture = screen.image.picture(on: device, orientation)
                    guard let px = pixels(picture.asset) else { continue }
                    let want = orientation == .portrait ? device.width : device.height
                    let points = Double(px) / Double(picture.scale)
                    guard abs(want - points) > 0.5 else { continue }
                    let path = index.map { screen.variantPaths[$0] } ?? screen.assetPath
                    widthFindings[path, default: []].append(
                        widthFinding(
                            screen, picture: picture, px: px, device: device, orientation: orientation, want: want,
                            variant: index.map { screen.image.variants[$0] }, path: path, language: language))
                }
            }
        }
        // In document order: each member's findings after those of the members before it.
        var out: [Diagnostic] = []
        for r in refs {
            if let m = missing[r.path] { out.append(m) }
            out += widthFindings.removeValue(forKey: r.path) ?? []
        }
        return out
    }

    /// `asset.device-width` for `screen` on `device` in `orientation`: what is drawn there, how
    /// wide it is against the screen's `want` points, and the variant to add.
    static func widthFinding(
        _ screen: AppScreenImage, picture: ScreenImage, px: Int, device: Device, orientation: Orientation,
        want: Double, variant: ScreenImageVariant?, path: JSONPath, language: Language
    ) -> Diagnostic {
        let points = Double(px) / Double(picture.scale)
        let pt = number(points)
        let wanted = number(want)
        let scale = picture.scale
        // Exported for the device: at its own scale (an iPad's 2×, not the picture's 3×).
        let exportScale = device.scale
        let wantPx = number(want * Double(exportScale))
        // An image named alone has no `variants` until it is an object.
        let bare = screen.assetPath == screen.path.appending("image")
        let asset = screen.image.asset
        let landscape = orientation == .landscape
        var add = "{\"device\": \"\(device.id)\""
        if landscape { add += ", \"orientation\": \"landscape\"" }
        add += ", \"asset\": …}"
        let family = variant == nil && !landscape ? "{\"family\": \"\(device.family.rawValue)\", \"asset\": …}" : nil
        let drawn = variant.map { "the variant for \($0.conditions), " } ?? ""
        let drawnZh = variant.map { "适用于 \($0.conditions) 的变体 " } ?? ""
        return Diagnostic(
            format: "asset.device-width", severity: .warning,
            message: LocalizedText(
                "screen “\(screen.id)” (\(screen.path)) has no picture for \(device.name) (\(device.id)), whose screen is \(wanted) pt wide in \(orientation.rawValue): it draws \(drawn)\(picture.asset), which is \(pt) pt wide (\(px) px at \(scale)×), unscaled from the top-left corner, so it \(points < want ? "leaves space beside it" : "is cut off"); add \(add)\(family.map { " (or \($0) for the family)" } ?? "") to \(screen.path.appending("image").appending("variants"))\(bare ? " (first write \"image\" as an object, {\"asset\": \"\(asset)\", \"variants\": […]}: a name alone takes no variants)" : ""), exported at \(wanted) pt (\(wantPx) px at \(exportScale)×, \(device.name)'s scale), or leave \(device.name) out of \"devices\"",
                "屏幕“\(screen.id)”（\(screen.path)）没有适合 \(device.name)（\(device.id)）的图片，该设备\(landscape ? "横屏" : "竖屏")时屏幕宽 \(wanted) pt：此处绘制\(drawnZh)\(picture.asset)，宽 \(pt) pt（\(scale)× 下 \(px) 像素），从左上角按原尺寸绘制，不缩放，因此\(points < want ? "旁边会留白" : "会被裁切")；请在 \(screen.path.appending("image").appending("variants")) 中添加 \(add)\(family.map { "（或整个系列的 \($0)）" } ?? "")\(bare ? "（先把 \"image\" 写成对象 {\"asset\": \"\(asset)\", \"variants\": […]}：只写名称时不能带变体）" : "")，以 \(wanted) pt（\(device.name) 的 \(exportScale)× 下 \(wantPx) 像素）导出，或从 \"devices\" 中去掉 \(device.name)"
            )(language), path: path.description)
    }

    /// `12`, `12.5`: a number of points as messages write it.
    static func number(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.1f", v)
    }

    /// Where `definition` names assets, in document order: each screen's `image` (a name, or
    /// the object's `asset`, `dark` and each variant's `asset` and `dark`) — app screens in
    /// `screens`, a modal's in its `screens` — and each `image` control's `asset` and `dark`,
    /// wherever controls are. Names that are no asset names are the decoder's to report, not
    /// these findings'.
    static func references(_ definition: JSONValue) -> [Reference] {
        var out: [Reference] = []
        func add(_ path: JSONPath, _ value: JSONValue?) {
            guard let name = value?.stringValue, Prototype.isAssetName(name) else { return }
            out.append(Reference(path: path, name: name))
        }
        func screen(_ s: JSONValue, _ path: JSONPath) {
            guard let o = s.objectValue else { return }
            let p = path.appending("image")
            switch o["image"] {
            case .string?:
                add(p, o["image"])
            case .object(let image)?:
                add(p.appending("asset"), image["asset"])
                add(p.appending("dark"), image["dark"])
                for (i, v) in (image["variants"]?.arrayValue ?? []).enumerated() {
                    add(p.appending("variants").appending(i).appending("asset"), v["asset"])
                    add(p.appending("variants").appending(i).appending("dark"), v["dark"])
                }
            default: break
            }
        }
        // Controls anywhere (content, toolbars, modals' content, lists' rows): every object with
        // `"type": "image"`. The walk keeps one list of the components down to where it is and
        // makes a path only for a reference (a 1,000-modal document has some 50,000 values).
        var at: [JSONPath.Component] = []
        func controls(_ v: JSONValue) {
            switch v {
            case .object(let o):
                if o["type"]?.stringValue == "image" {
                    let path = JSONPath(components: at)
                    add(path.appending("asset"), o["asset"])
                    add(path.appending("dark"), o["dark"])
                }
                for (k, x) in o where k != "image" && x.isContainer {
                    at.append(.key(k))
                    controls(x)
                    at.removeLast()
                }
            case .array(let a):
                for (i, x) in a.enumerated() where x.isContainer {
                    at.append(.index(i))
                    controls(x)
                    at.removeLast()
                }
            default: break
            }
        }
        guard let doc = definition.objectValue else { return [] }
        if let font = doc["font"]?.stringValue, Prototype.isFontAssetName(font) {
            out.append(Reference(path: JSONPath.root.appending("font"), name: font))
        }
        for (i, s) in (doc["screens"]?.arrayValue ?? []).enumerated() {
            screen(s, JSONPath.root.appending("screens").appending(i))
        }
        for (i, m) in (doc["modals"]?.arrayValue ?? []).enumerated() {
            for (j, s) in (m["screens"]?.arrayValue ?? []).enumerated() {
                screen(s, JSONPath.root.appending("modals").appending(i).appending("screens").appending(j))
            }
        }
        controls(definition)
        return out
    }

    /// The app screens (`screens`) drawn as pictures, with their variants, read leniently: a
    /// variant the decoder refuses (no asset name, an unknown device, family or orientation, a
    /// device and a family, none of the three) is left out, as the player leaves it out.
    static func appScreenImages(_ definition: JSONValue) -> [AppScreenImage] {
        var out: [AppScreenImage] = []
        func picture(_ o: JSONObject) -> ScreenImage? {
            guard let name = o["asset"]?.stringValue, Prototype.isAssetName(name) else { return nil }
            let scale = o["scale"]?.intValue.flatMap { (1...3).contains($0) ? $0 : nil }
            return ScreenImage(asset: name, declaredScale: scale, dark: o["dark"]?.stringValue)
        }
        for (i, s) in (definition["screens"]?.arrayValue ?? []).enumerated() {
            let path = JSONPath.root.appending("screens").appending(i)
            let id = s["id"]?.stringValue ?? ""
            switch s["image"] {
            case .string(let name)? where Prototype.isAssetName(name):
                out.append(
                    AppScreenImage(
                        id: id, path: path, image: ScreenImage(asset: name), assetPath: path.appending("image"),
                        variantPaths: []))
            case .object(let o)?:
                guard var image = picture(o) else { continue }
                var paths: [JSONPath] = []
                for (j, v) in (o["variants"]?.arrayValue ?? []).enumerated() {
                    guard let vo = v.objectValue, let p = picture(vo) else { continue }
                    let device = vo["device"]?.stringValue
                    let family = vo["family"]?.stringValue.flatMap(Device.Family.init(rawValue:))
                    let orientation = vo["orientation"]?.stringValue.flatMap(Orientation.init(rawValue:))
                    guard device.map({ DeviceCatalogue.device($0) != nil }) ?? true,
                        (vo["family"] == nil) == (family == nil), (vo["orientation"] == nil) == (orientation == nil),
                        device == nil || family == nil, device != nil || family != nil || orientation != nil
                    else { continue }
                    image.variants.append(
                        ScreenImageVariant(device: device, family: family, orientation: orientation, picture: p))
                    paths.append(path.appending("image").appending("variants").appending(j).appending("asset"))
                }
                out.append(
                    AppScreenImage(
                        id: id, path: path, image: image, assetPath: path.appending("image").appending("asset"),
                        variantPaths: paths))
            default: continue
            }
        }
        return out
    }

    /// The pixel width of the PNG, JPEG or WebP at `file`, read from its header
    /// (``AssetStore/describe(_:size:)``); `nil` for an SVG or what can't be read.
    static func pixelWidth(_ file: String) -> Int? {
        guard AssetFormat.claimed(by: file) != .svg,
            let size = ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.intValue
        else { return nil }
        return AssetStore.describe(file, size: size)?.width
    }
}

extension PrototypeController {
    /// The assets' findings of `p` (``AssetFindings``): of `definition` when given, else of its
    /// bytes; none for a file that is no JSON.
    func assetDiagnostics(_ p: LoadedPrototype, definition: JSONValue?, language: Language) -> [Diagnostic] {
        // Its file read again only for a prototype that draws assets.
        if definition == nil, let decoded = p.prototype, decoded.assetNames.isEmpty { return [] }
        guard let doc = definition ?? (try? JSONParser.parse(p.bytes)) else { return [] }
        let devices = p.prototype?.devices ?? doc["devices"]?.arrayValue?.compactMap(\.stringValue) ?? []
        return AssetFindings.diagnostics(
            definition: doc, id: p.id, devices: devices, assets: assets, language: language)
    }
}

extension JSONValue {
    /// Whether it is an object or an array: a scalar holds no control.
    fileprivate var isContainer: Bool {
        switch self {
        case .object, .array: return true
        default: return false
        }
    }
}
