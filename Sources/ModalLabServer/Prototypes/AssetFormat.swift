import Foundation
import Prototype

/// The image formats a prototype's assets may have, recognised by their bytes (magic numbers and
/// a structural read of the header), never by their name: PNG (its signature and `IHDR` chunk,
/// PNG Specification, Third Edition, sections 5.2 and 11.2.1), JPEG (the SOI marker and a
/// start-of-frame segment, ITU-T T.81 annex B), WebP (`RIFF` … `WEBP` with a `VP8 `, `VP8L` or
/// `VP8X` chunk, RFC 9649) and SVG (UTF-8 XML whose root element is `svg`).
public enum AssetFormat: String, Sendable, CaseIterable {
    case png, jpeg, webp, svg
    /// Fonts, for the app font (docs/format.md, "font"): WOFF2 (W3C WOFF File Format 2.0,
    /// section 5.1: `wOF2`), WOFF (WOFF 1.0, section 3: `wOFF`), and the sfnt fonts, TrueType
    /// (`00 01 00 00` or `true`) and OpenType with CFF outlines (`OTTO`) (OpenType specification,
    /// "Organization of an OpenType font": the table directory).
    case woff2, woff, ttf, otf

    /// Whether it is a font (else an image).
    public var isFont: Bool { [.woff2, .woff, .ttf, .otf].contains(self) }

    /// What it is in messages: "image" or "font".
    public var noun: String { isFont ? "font" : "image" }

    /// The media type it is served as.
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        case .svg: "image/svg+xml"
        case .woff2: "font/woff2"
        case .woff: "font/woff"
        case .ttf: "font/ttf"
        case .otf: "font/otf"
        }
    }

    /// Its name in messages.
    public var displayName: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        case .svg: "SVG"
        case .woff2: "WOFF2"
        case .woff: "WOFF"
        case .ttf: "TrueType"
        case .otf: "OpenType"
        }
    }

    /// The format a name's extension claims (`nil`: no image extension).
    public static func claimed(by name: String) -> AssetFormat? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "png": return .png
        case "jpg", "jpeg": return .jpeg
        case "webp": return .webp
        case "svg": return .svg
        case "woff2": return .woff2
        case "woff": return .woff
        case "ttf": return .ttf
        case "otf": return .otf
        default: return nil
        }
    }
}

/// What an asset's bytes are: their format and size in pixels (an SVG's from its `width` and
/// `height`, or its `viewBox`, when they are plain numbers; else `nil`).
public struct AssetInfo: Sendable, Equatable {
    public var format: AssetFormat
    public var width: Int?
    public var height: Int?

    public init(format: AssetFormat, width: Int? = nil, height: Int? = nil) {
        self.format = format
        self.width = width
        self.height = height
    }
}

/// Why bytes are not an acceptable asset.
public enum AssetRefusal: Error, Sendable, Equatable {
    /// Not an image of any accepted format; `what` says what they look like.
    case notAnImage(what: String)
    /// An image of a format, with a header that doesn't parse.
    case malformed(AssetFormat, String)
    /// An SVG that could run script or load something (refused at upload, served never).
    case activeSVG(String)
}

extension AssetInfo {
    /// Reads `bytes` as an image: its format and pixel size, or why it is none.
    public static func read(_ bytes: [UInt8]) -> Result<AssetInfo, AssetRefusal> {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return jpeg(bytes) }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return webp(bytes)
        }
        if let font = font(bytes) { return font }
        if let svg = svg(bytes) { return svg }
        return .failure(.notAnImage(what: describe(bytes)))
    }

    /// A font by its signature, and its header as far as it says how long the file is: WOFF and
    /// WOFF2 give their length (it must be the file's), an sfnt its table directory (it must fit).
    /// `nil` when the bytes have no font signature.
    static func font(_ b: [UInt8]) -> Result<AssetInfo, AssetRefusal>? {
        func has(_ s: String) -> Bool { b.starts(with: Array(s.utf8)) }
        if has("wOF2") || has("wOFF") {
            let format: AssetFormat = has("wOF2") ? .woff2 : .woff
            let header = format == .woff2 ? 48 : 44
            guard b.count >= header else {
                return .failure(.malformed(format, "it is too short for a \(format.displayName) header"))
            }
            guard be32(b, 8) == b.count else {
                return .failure(
                    .malformed(format, "its header says it is \(be32(b, 8)) bytes long, but it is \(b.count)"))
            }
            return .success(AssetInfo(format: format))
        }
        let sfnt: AssetFormat? =
            b.starts(with: [0, 1, 0, 0]) || has("true") ? .ttf : has("OTTO") ? .otf : nil
        guard let format = sfnt else { return nil }
        guard b.count >= 12, be16(b, 4) > 0, 12 + 16 * be16(b, 4) <= b.count else {
            return .failure(.malformed(format, "its table directory is missing or longer than the file"))
        }
        return .success(AssetInfo(format: format))
    }

    static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }
    static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    static func le24(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 }

    /// PNG: the signature, then the `IHDR` chunk first, 13 bytes long, width and height 1 to 2³¹−1,
    /// a bit depth and colour type the specification allows together.
    static func png(_ b: [UInt8]) -> Result<AssetInfo, AssetRefusal> {
        guard b.count >= 33, be32(b, 8) == 13, Array(b[12..<16]) == Array("IHDR".utf8) else {
            return .failure(.malformed(.png, "it has the PNG signature but no IHDR chunk first"))
        }
        let w = be32(b, 16)
        let h = be32(b, 20)
        let depth = b[24]
        let colour = b[25]
        let allowed: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard w > 0, h > 0, w < 1 << 31, h < 1 << 31, allowed[colour]?.contains(depth) == true else {
            return .failure(
                .malformed(.png, "its IHDR chunk is not valid (\(w) × \(h), colour type \(colour), bit depth \(depth))")
            )
        }
        return .success(AssetInfo(format: .png, width: w, height: h))
    }

    /// JPEG: SOI, then marker segments up to a start-of-frame (SOF0–SOF15 but DHT, JPG and DAC),
    /// whose height and width are read; none before the scan is malformed.
    static func jpeg(_ b: [UInt8]) -> Result<AssetInfo, AssetRefusal> {
        var i = 2
        while i + 3 < b.count {
            guard b[i] == 0xFF else { break }
            let marker = b[i + 1]
            if marker == 0xFF {
                i += 1
                continue
            }
            // Markers without a length: TEM, RSTn, SOI, EOI.
            if marker == 0x01 || (0xD0...0xD8).contains(marker) {
                i += 2
                continue
            }
            if marker == 0xD9 || marker == 0xDA { break }
            let length = be16(b, i + 2)
            guard length >= 2 else { break }
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard i + 8 < b.count, length >= 8 else { break }
                let h = be16(b, i + 5)
                let w = be16(b, i + 7)
                guard w > 0, h > 0 else {
                    return .failure(.malformed(.jpeg, "its frame header gives a size of \(w) × \(h)"))
                }
                return .success(AssetInfo(format: .jpeg, width: w, height: h))
            }
            i += 2 + length
        }
        return .failure(.malformed(.jpeg, "it starts as a JPEG but has no frame header (SOF) before its image data"))
    }

    /// WebP: the RIFF header, then `VP8 ` (a key frame's start code and 14-bit sizes), `VP8L`
    /// (signature 0x2F and 14-bit sizes less one) or `VP8X` (24-bit canvas sizes less one).
    static func webp(_ b: [UInt8]) -> Result<AssetInfo, AssetRefusal> {
        guard b.count >= 30 else { return .failure(.malformed(.webp, "it is too short for a WebP header")) }
        let chunk = String(decoding: b[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else {
                return .failure(.malformed(.webp, "its VP8 chunk has no key frame start code"))
            }
            let w = le16(b, 26) & 0x3FFF
            let h = le16(b, 28) & 0x3FFF
            guard w > 0, h > 0 else { return .failure(.malformed(.webp, "its VP8 frame is \(w) × \(h)")) }
            return .success(AssetInfo(format: .webp, width: w, height: h))
        case "VP8L":
            guard b[20] == 0x2F else { return .failure(.malformed(.webp, "its VP8L chunk has no signature")) }
            let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
            return .success(AssetInfo(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1))
        case "VP8X":
            return .success(AssetInfo(format: .webp, width: le24(b, 24) + 1, height: le24(b, 27) + 1))
        default:
            return .failure(.malformed(.webp, "its first chunk is \(JSONSafe.quoted(chunk)), not VP8, VP8L or VP8X"))
        }
    }

    /// SVG: UTF-8 text whose first element, after an optional BOM, XML declaration, comments and
    /// processing instructions, is `<svg`. `nil` when the bytes don't look like XML at all.
    /// Refused when it could run script or fetch anything: a `<script>` or `<foreignObject>`
    /// element, an event-handler attribute (`on…=`), a `javascript:` URL (after removing the
    /// whitespace and character references that could hide one), a DOCTYPE (entities), or
    /// `<?xml-stylesheet`.
    static func svg(_ b: [UInt8]) -> Result<AssetInfo, AssetRefusal>? {
        let body = b.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(b.dropFirst(3)) : b
        guard let text = String(validating: body, as: UTF8.self) else { return nil }
        var rest = Substring(text)
        func skipSpace() { rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" } }
        skipSpace()
        guard rest.hasPrefix("<") else { return nil }
        let lower = text.lowercased()
        if lower.contains("<!doctype") || lower.contains("<!entity") {
            return .failure(.activeSVG("it has a DOCTYPE (entities are not accepted)"))
        }
        if lower.contains("<?xml-stylesheet") {
            return .failure(.activeSVG("it loads a stylesheet (<?xml-stylesheet?>)"))
        }
        while rest.hasPrefix("<?") || rest.hasPrefix("<!--") {
            let close = rest.hasPrefix("<?") ? "?>" : "-->"
            guard let end = rest.range(of: close) else { return nil }
            rest = rest[end.upperBound...]
            skipSpace()
        }
        let name = rest.dropFirst().prefix {
            !($0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == ">" || $0 == "/")
        }
        guard name == "svg" || name.hasSuffix(":svg") else {
            if name.isEmpty { return nil }
            return .failure(.notAnImage(what: "XML whose root element is <\(name.prefix(40))>, not <svg>"))
        }
        if lower.contains("<script") || lower.contains(":script") {
            return .failure(.activeSVG("it has a <script> element"))
        }
        if lower.contains("<foreignobject") {
            return .failure(.activeSVG("it has a <foreignObject> element, which can hold HTML"))
        }
        if let handler = lower.firstMatch(of: /[\s"'\/]on[a-z]+\s*=/) {
            let attribute = handler.output.dropFirst().prefix { $0 != "=" && !$0.isWhitespace }
            return .failure(.activeSVG("it has an event-handler attribute (\(attribute)=)"))
        }
        let squeezed = String(
            String.UnicodeScalarView(
                decodeCharacterReferences(lower).unicodeScalars.filter { $0.value > 0x20 }))
        if squeezed.contains("javascript:") || squeezed.contains("vbscript:") {
            return .failure(.activeSVG("it has a javascript: URL"))
        }
        if squeezed.contains("data:text/html") || squeezed.contains("data:image/svg") {
            return .failure(.activeSVG("it embeds a document in a data: URL"))
        }
        return .success(AssetInfo(format: .svg, width: nil, height: nil))
    }

    /// `text` with numeric character references (`&#106;`, `&#x6A;`) and `&colon;`/`&tab;`/
    /// `&newline;` replaced by what they stand for, so that a hidden `javascript:` is seen.
    static func decodeCharacterReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[rest.index(after: amp)...]
            let entity = rest.prefix { $0 != ";" && $0 != "&" }.prefix(12)
            var value: UInt32? = nil
            if entity.hasPrefix("#x") {
                value = UInt32(entity.dropFirst(2), radix: 16)
            } else if entity.hasPrefix("#") {
                value = UInt32(entity.dropFirst(), radix: 10)
            } else if entity == "colon" {
                value = 0x3A
            } else if entity == "tab" || entity == "newline" {
                value = 0x20
            }
            if let value, let scalar = Unicode.Scalar(value) {
                out.unicodeScalars.append(scalar)
                rest = rest.dropFirst(entity.count)
                if rest.first == ";" { rest = rest.dropFirst() }
            } else {
                out += "&"
            }
        }
        return out + rest
    }

    /// What bytes that are no accepted image look like, for the 415's detail.
    static func describe(_ b: [UInt8]) -> String {
        if b.isEmpty { return "an empty file" }
        let known: [([UInt8], String)] = [
            (Array("GIF8".utf8), "a GIF image (not accepted: use PNG)"), (Array("%PDF".utf8), "a PDF document"),
            ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive"), (Array("BM".utf8), "a BMP image (not accepted: use PNG)"),
            ([0x00, 0x00, 0x01, 0x00], "an ICO icon"), ([0x1F, 0x8B], "gzip-compressed data"),
            (Array("II*".utf8), "a TIFF image (not accepted: use PNG)"),
            (Array("MM".utf8), "a TIFF image (not accepted: use PNG)"), ([0x7F, 0x45, 0x4C, 0x46], "an ELF program"),
        ]
        for (magic, what) in known where b.starts(with: magic) { return what }
        if b.count >= 12, Array(b[4..<8]) == Array("ftyp".utf8) {
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            return brand.hasPrefix("heic") || brand.hasPrefix("mif1") || brand.hasPrefix("heix")
                ? "a HEIC image (not accepted: export PNG or JPEG)" : "an ISO media file (\(brand))"
        }
        if let text = String(validating: b.prefix(512), as: UTF8.self) {
            let start = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            if start.hasPrefix("<!doctype html") || start.hasPrefix("<html") { return "an HTML document" }
            if start.hasPrefix("{") || start.hasPrefix("[") { return "JSON text" }
            return "text"
        }
        return "data of no image format (it starts with bytes "
            + b.prefix(4).map { String(format: "%02X", $0) }.joined(separator: " ") + ")"
    }
}

/// JSON-style quoting for messages.
enum JSONSafe {
    static func quoted(_ s: String) -> String {
        "\"" + s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined() + "\""
    }
}
