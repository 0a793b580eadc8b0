import HTTPServer
import Mustache
import Presentation
import Prototype

/// The reader's language on one page: its strings, and the toggle to the other language.
///
/// Every page renders inside it (``LocalizedPage``), so `layout.mustache` and every partial
/// find `{{lang}}`, `{{t.…}}` and the toggle's `{{toggleHref}}` whatever view they are in.
struct PageLocale: Sendable {
    /// The page's strings (and language).
    let strings: Strings
    /// This page with `?lang=` set to the other language (the rest of the query kept as sent), as
    /// a relative reference: `?device=ipad-pro-11&lang=zh-Hans`.
    let toggleHref: String

    var language: Language { strings.language }

    /// The language ``LanguageNegotiation`` chooses for `request`, and the toggle to the other.
    init(_ request: HTTPRequest) {
        let language = LanguageNegotiation.language(for: request)
        strings = Strings(language)
        toggleHref = PageLocale.href(request, language: language == .en ? .zhHans : .en)
    }

    /// A link to this page (a relative reference, RFC 3986 §4.2: the query alone) with the query
    /// as sent, without `token`, and every `lang` parameter replaced by one naming `language`. The path is not
    /// repeated: a page never echoes its own path (`/s/<token>`'s error page would show the token).
    static func href(_ request: HTTPRequest, language: Language) -> String {
        let target = request.rawTarget
        var pairs: [String] = []
        // By UTF-8 code unit: `firstIndex(of: Character)` breaks the whole target into
        // grapheme clusters (about 16,000 instructions for an action's target).
        if let q = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            pairs = target[target.index(after: q)...].split(separator: "&").map(String.init)
        }
        // Never a credential: a wrong `?token=` on `/` is answered with a page.
        pairs.removeAll { $0 == "lang" || $0.hasPrefix("lang=") || $0 == "token" || $0.hasPrefix("token=") }
        pairs.append("lang=" + language.rawValue)
        return "?" + pairs.joined(separator: "&")
    }
}

/// A page's view model inside its ``PageLocale``: `lang`, `t`, `toggleHref`, `toggleLabel`,
/// `toggleTitle`, `toggleLang` come from the locale, every other key from the view.
struct LocalizedPage<View: MustacheContext>: MustacheContext {
    let locale: PageLocale
    let view: View

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "lang": locale.strings.htmlLang
        case "t": locale.strings
        case "toggleHref": locale.toggleHref
        case "toggleLabel": locale.strings[.languageToggle]
        case "toggleTitle": locale.strings[.languageToggleTitle]
        case "toggleLang": (locale.language == .en ? Language.zhHans : .en).rawValue
        default: view.mustacheValue(forKey: key)
        }
    }
}

/// Sets the cookie ``LanguageNegotiation/cookieName`` when a page is asked for with a `?lang=`
/// that names a language, so the reader's choice (the toggle's links carry it) is remembered:
/// `modallab_lang=zh-Hans; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly` (a year;
/// `Secure` behind an `https://` origin).
struct LanguageCookie: HTTPMiddleware {
    let secure: Bool

    func didHandle(_ request: HTTPRequest, response: inout HTTPResponse, duration: Double) {
        guard let asked = request.query("lang"), let language = LanguageNegotiation.language(tag: asked) else { return }
        response.headers.add(
            name: "Set-Cookie",
            value:
                "\(LanguageNegotiation.cookieName)=\(language.rawValue); Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly"
                + (secure ? "; Secure" : ""))
    }
}
