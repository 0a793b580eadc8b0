import Foundation
import JSON
import Presentation
import Prototype

/// Findings about a prototype's assets, which only the server can make, since it holds the files
/// (docs/format.md, "Findings about assets"). This project's own advice, not a rule of Apple's:
///
/// - `asset.missing` (warning): the document names an asset its folder doesn't hold; the player
///   draws it empty.
/// - `asset.device-width` (warning): an app screen's picture is not as wide, in points, as the
///   screen of a device the prototype lists, in portrait: it is drawn at its own size from the
///   top-left corner (never scaled), so that device shows space beside it or cuts it off. A
///   frame exported for a device is as wide as the device's screen (Apple, Human Interface
///   Guidelines, "Layout": the sizes of iPhone and iPad screens in points).
///
/// They come with the editing API's answers (`GET` and `PATCH /api/prototypes/{id}`) and
/// `GET /api/prototypes/{id}/lint`, after the document's own findings.
enum AssetFindings {
    /// A place the document names an asset: the JSON path of the member, the asset, and for an
    /// app screen's light picture its scale (the width check's).
    struct Reference: Equatable {
        var path: JSONPath
        var name: String
        /// The app screen (`$.screens[i]`) whose light picture this is, with its scale.
        var appScreen: (id: String, scale: Int)?

        static func == (a: Reference, b: Reference) -> Bool {
            a.path == b.path && a.name == b.name && a.appScreen?.id == b.appScreen?.id
                && a.appScreen?.scale == b.appScreen?.scale
        }
    }

    /// The findings of `definition` (prototype `id`'s document) against `assets`, in `language`.
    /// A document that is not an object names nothing.
    static func diagnostics(
        definition: JSONValue, id: String, devices: [String], assets: AssetStore, language: Language
    ) -> [Diagnostic] {
        let refs = references(definition)
        guard !refs.isEmpty else { return [] }
        var out: [Diagnostic] = []
        var widths: [String: Int?] = [:]
        for r in refs {
            guard assets.exists(id, r.name) else {
                out.append(
                    Diagnostic(
                        format: "asset.missing", severity: .warning,
                        message: LocalizedText(
                            "asset \(r.name) is not uploaded: it is drawn empty; upload it (the editor's Assets, or PUT /api/prototypes/\(id)/assets/\(r.name))",
                            "素材 \(r.name) 尚未上传：它显示为空白；请上传它（编辑器的“素材”，或 PUT /api/prototypes/\(id)/assets/\(r.name)）"
                        )(language), path: r.path.description))
                continue
            }
            guard let screen = r.appScreen else { continue }
            if widths[r.name] == nil { widths[r.name] = pixelWidth(assets.path(id, r.name)) }
            guard let px = widths[r.name] ?? nil else { continue }
            let points = Double(px) / Double(screen.scale)
            for deviceID in devices {
                guard let device = DeviceCatalogue.device(deviceID), abs(device.width - points) > 0.5 else { continue }
                let pt = Self.number(points)
                let want = Self.number(device.width)
                out.append(
                    Diagnostic(
                        format: "asset.device-width", severity: .warning,
                        message: LocalizedText(
                            "the picture of screen “\(screen.id)”, \(r.name), is \(pt) pt wide (\(px) px at \(screen.scale)×), but \(device.name)'s screen is \(want) pt wide in portrait: it is drawn unscaled from the top-left corner, so it \(points < device.width ? "leaves space beside it" : "is cut off"); export the frame at \(want) pt (\(Self.number(device.width * Double(screen.scale))) px at \(screen.scale)×) or leave \(device.name) out of \"devices\"",
                            "屏幕“\(screen.id)”的图片 \(r.name) 宽 \(pt) pt（\(screen.scale)× 下 \(px) 像素），而 \(device.name) 的屏幕竖屏时宽 \(want) pt：图片从左上角按原尺寸绘制，不缩放，因此\(points < device.width ? "旁边会留白" : "会被裁切")；请以 \(want) pt（\(screen.scale)× 下 \(Self.number(device.width * Double(screen.scale))) 像素）导出该画面，或从 \"devices\" 中去掉 \(device.name)"
                        )(language), path: r.path.description))
            }
        }
        return out
    }

    /// `12`, `12.5`: a number of points as messages write it.
    static func number(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.1f", v)
    }

    /// Where `definition` names assets, in document order: each screen's `image` (a name, or
    /// the object's `asset` and `dark`) — app screens in `screens`, a modal's in its `screens` —
    /// and each `image` control's `asset` and `dark`, wherever controls are. Names that are no
    /// asset names are the decoder's to report, not these findings'.
    static func references(_ definition: JSONValue) -> [Reference] {
        var out: [Reference] = []
        func add(_ path: JSONPath, _ value: JSONValue?, appScreen: (id: String, scale: Int?)? = nil) {
            guard let name = value?.stringValue, Prototype.isAssetName(name) else { return }
            out.append(
                Reference(
                    path: path, name: name,
                    appScreen: appScreen.map { ($0.id, $0.scale ?? ScreenImage.scale(ofName: name) ?? 1) }))
        }
        func screen(_ s: JSONValue, _ path: JSONPath, app: Bool) {
            guard let o = s.objectValue else { return }
            let id = o["id"]?.stringValue ?? ""
            switch o["image"] {
            case .string?:
                add(path.appending("image"), o["image"], appScreen: app ? (id, nil) : nil)
            case .object(let image)?:
                let scale = image["scale"]?.intValue
                add(path.appending("image").appending("asset"), image["asset"], appScreen: app ? (id, scale) : nil)
                add(path.appending("image").appending("dark"), image["dark"])
            default: break
            }
        }
        // Controls anywhere (content, toolbars, modals' content, lists' rows): every object with
        // `"type": "image"`.
        func controls(_ v: JSONValue, _ path: JSONPath) {
            switch v {
            case .object(let o):
                if o["type"]?.stringValue == "image" {
                    add(path.appending("asset"), o["asset"])
                    add(path.appending("dark"), o["dark"])
                }
                for (k, x) in o where k != "image" { controls(x, path.appending(k)) }
            case .array(let a):
                for (i, x) in a.enumerated() { controls(x, path.appending(i)) }
            default: break
            }
        }
        guard let doc = definition.objectValue else { return [] }
        if let font = doc["font"]?.stringValue, Prototype.isFontAssetName(font) {
            out.append(Reference(path: JSONPath.root.appending("font"), name: font, appScreen: nil))
        }
        for (i, s) in (doc["screens"]?.arrayValue ?? []).enumerated() {
            screen(s, JSONPath.root.appending("screens").appending(i), app: true)
        }
        for (i, m) in (doc["modals"]?.arrayValue ?? []).enumerated() {
            for (j, s) in (m["screens"]?.arrayValue ?? []).enumerated() {
                screen(s, JSONPath.root.appending("modals").appending(i).appending("screens").appending(j), app: false)
            }
        }
        controls(definition, .root)
        return out
    }

    /// The pixel width of the PNG, JPEG or WebP at `file`, read from its first 256 KiB (its
    /// header); `nil` for an SVG or what can't be read.
    static func pixelWidth(_ file: String) -> Int? {
        guard AssetFormat.claimed(by: file) != .svg, let h = FileHandle(forReadingAtPath: file) else { return nil }
        defer { try? h.close() }
        guard let data = try? h.read(upToCount: 256 << 10), case .success(let info) = AssetInfo.read([UInt8](data))
        else { return nil }
        return info.width
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
