/// The family of the browser a session was played in, from its `User-Agent` field: what a study
/// reports (`session_start`'s `props.browser`), never the whole string, which identifies
/// people more than a study needs.
///
/// Tokens are checked in this order because browsers name the ones they derive from: Edge's
/// user agent also says `Chrome/` and `Safari/`, Chrome's also `Safari/` (Microsoft, "Detecting
/// Microsoft Edge from your website"; MDN, "Browser detection using the user agent", its table
/// of which token to look for). Chrome on iOS says `CriOS/`, Firefox on iOS `FxiOS/`, Edge on
/// iOS `EdgiOS/` and on Android `EdgA/` (same MDN page).
enum BrowserFamily: String, Sendable, CaseIterable {
    case edge = "Edge"
    case opera = "Opera"
    case firefox = "Firefox"
    case chrome = "Chrome"
    case safari = "Safari"
    /// A user agent naming none of the above.
    case other
    /// A request without a `User-Agent` field.
    case unknown

    /// The family `userAgent` names (``unknown`` for `nil` or an empty field).
    static func of(userAgent: String?) -> BrowserFamily {
        guard let ua = userAgent, !ua.isEmpty else { return .unknown }
        let tokens: [(BrowserFamily, [String])] = [
            (.edge, ["Edg/", "EdgA/", "EdgiOS/", "Edge/"]),
            (.opera, ["OPR/", "Opera"]),
            (.firefox, ["Firefox/", "FxiOS/"]),
            (.chrome, ["Chrome/", "CriOS/", "Chromium/"]),
            (.safari, ["Safari/"]),
        ]
        for (family, names) in tokens where names.contains(where: { ua.contains($0) }) { return family }
        return .other
    }
}
