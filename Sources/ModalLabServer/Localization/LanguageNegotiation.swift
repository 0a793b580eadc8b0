import HTTPServer
import Presentation
import Prototype

/// Which language a request is answered in: English or Simplified Chinese.
///
/// One decision for pages and the API alike (``language(for:)``), in this order:
/// 1. `?lang=` — a language tag (`zh-Hans`, `zh-CN`, `en`, …); on a page it also sets the
///    cookie (``LanguageCookie``);
/// 2. the cookie `modallab_lang` — what the reader chose with the pages' toggle;
/// 3. `Accept-Language` (RFC 9110 §12.5.4), weighed by its q-values;
/// 4. English.
///
/// Tags map to a language by their subtags, case-insensitively (RFC 4647 §2.1): `en`, `en-*` are
/// English; `zh`, `zh-Hans`, `zh-Hans-*`, `zh-CN`, `zh-SG` and `zh-MY` are Simplified Chinese
/// (the script those regions write, per CLDR's likely subtags); `zh-Hant`, `zh-TW`, `zh-HK` and
/// `zh-MO` are Traditional Chinese, which ModalLab does not have, so they match nothing (a reader
/// who asks only for them gets English). Other languages match nothing.
public enum LanguageNegotiation {
    /// The name of the cookie that remembers the reader's choice.
    public static let cookieName = "modallab_lang"

    /// The language of `request`'s answer (pages and API alike): `?lang=`, the cookie, then
    /// `Accept-Language`, else English. Never fails: a value that names no language is ignored.
    public static func language(for request: HTTPRequest) -> Language {
        if let q = request.query("lang"), let l = language(tag: q) { return l }
        if let c = request.cookie(cookieName), let l = language(tag: c) { return l }
        let accept = request.headers.values("accept-language").joined(separator: ",")
        return negotiate(acceptLanguage: accept) ?? .en
    }

    /// The language a tag names, or nil for a language ModalLab doesn't speak (`fr`, `zh-TW`,
    /// `zh-Hant`, `*`, or text that is not a tag).
    public static func language(tag: String) -> Language? {
        let subtags = tag.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = subtags.first, subtags.count <= 8,
            subtags.allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return nil }
        switch primary {
        case "en": return .en
        case "zh":
            // The script, when given, decides; else the region (zh-CN Simplified, zh-TW Traditional).
            let rest = subtags.dropFirst()
            if rest.contains("hans") { return .zhHans }
            if rest.contains("hant") { return nil }
            if rest.contains(where: { ["tw", "hk", "mo"].contains($0) }) { return nil }
            return .zhHans
        default: return nil
        }
    }

    /// The language an `Accept-Language` field value prefers (RFC 9110 §12.5.4), or nil when it
    /// names none that ModalLab speaks (or is empty).
    ///
    /// Each language gets the weight of the most specific range that names it (`zh-CN;q=0.9`
    /// beats `zh;q=0.1` for Simplified Chinese); `*` weighs the languages no range names; a weight
    /// of 0 means "not this one". The highest weight wins; a tie goes to the range listed first.
    /// A range with a malformed weight is skipped; at most 64 ranges are read.
    public static func negotiate(acceptLanguage field: String) -> Language? {
        // language → (weight, specificity, position of the range that gave it)
        var best: [Language: (q: Double, specificity: Int, position: Int)] = [:]
        var wildcard: (q: Double, position: Int)?
        for (position, element) in field.split(separator: ",").prefix(64).enumerated() {
            let parts = element.split(separator: ";")
            guard let first = parts.first else { continue }
            let range = first.trimmingSpacesAndTabs
            guard !range.isEmpty else { continue }
            var q = 1.0
            var valid = true
            for parameter in parts.dropFirst() {
                let p = parameter.trimmingSpacesAndTabs
                guard p.lowercased().hasPrefix("q=") else { continue }
                if let w = qvalue(p.dropFirst(2)) { q = w } else { valid = false }
            }
            guard valid else { continue }
            if range == "*" {
                if wildcard == nil { wildcard = (q, position) }
                continue
            }
            guard let language = language(tag: String(range)) else { continue }
            let specificity = range.split(separator: "-").count
            if let b = best[language] {
                if specificity < b.specificity || (specificity == b.specificity && q <= b.q) { continue }
            }
            best[language] = (q, specificity, position)
        }
        var candidates = best.map { (language: $0.key, q: $0.value.q, position: $0.value.position) }
        if let wildcard {
            for l in Language.allCases where best[l] == nil {
                candidates.append((l, wildcard.q, wildcard.position))
            }
        }
        let winner = candidates.filter { $0.q > 0 }.min {
            $0.q != $1.q ? $0.q > $1.q : $0.position != $1.position ? $0.position < $1.position : $0.language == .en
        }
        return winner?.language
    }

    /// A weight (RFC 9110 §12.4.2: `0`, `0.5`, `1.000`, at most three decimals, at most 1).
    static func qvalue(_ text: Substring) -> Double? {
        let t = text.trimmingSpacesAndTabs
        guard let head = t.first, head == "0" || head == "1" else { return nil }
        let fraction = t.dropFirst()
        if !fraction.isEmpty {
            guard fraction.first == ".", fraction.count <= 4,
                fraction.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
            else { return nil }
        }
        guard let v = Double(t), v <= 1 else { return nil }
        return v
    }
}

extension Substring {
    /// Without leading and trailing spaces and horizontal tabs (HTTP's optional whitespace).
    fileprivate var trimmingSpacesAndTabs: Substring {
        let isOWS: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isOWS($0) }), let end = lastIndex(where: { !isOWS($0) }) else {
            return ""
        }
        return self[start...end]
    }
}

extension HTTPRequest {
    /// The language of the messages an API answer carries (rule findings, format errors and
    /// hints): `?lang=zh-Hans`, else English. The prototype's own text is never translated.
    var messageLanguage: Language { query("lang").flatMap(Language.init(rawValue:)) ?? .en }
}
