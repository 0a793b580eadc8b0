import Presentation

/// Inline SVG for a prototype's `systemImage`: the drawing of ``SymbolCatalogue`` (our own
/// shapes for the SF Symbols names iOS apps use most; Apple's may not be redistributed), or, for
/// a name it doesn't draw, a visible placeholder labelled with the name (the linter's
/// `symbol.unknown` says the same, with a suggestion). The SVG markup is ours, never user text,
/// so `partials/symbol` emits it unescaped; an unknown name is user text and is escaped there.
enum Icons {
    /// The `<svg>` of a drawn symbol: 22 × 22 pt, stroked or filled in the current colour; a
    /// symbol that points backward or forward carries `data-mirrors` (the stylesheet mirrors it
    /// in right to left).
    static func svg(_ s: SymbolCatalogue.Symbol) -> String {
        let fill = s.isFilled ? "currentColor" : "none"
        let mirrors = s.mirrorsInRightToLeft ? #" data-mirrors="true""# : ""
        return
            #"<svg class="glyph" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" fill=""#
            + fill
            + #"" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" data-symbol=""#
            + s.name + "\"" + mirrors + ">" + s.body + "</svg>"
    }

    /// The glyph for an SF Symbol name: its drawing, or (for a name ``SymbolCatalogue`` doesn't
    /// draw) the labelled placeholder `partials/symbol` draws.
    static func glyph(_ name: String) -> SymbolView {
        if let s = SymbolCatalogue.symbol(name) { return SymbolView(svg: svg(s), missing: "") }
        return SymbolView(svg: "", missing: TextScalars.visible(name))
    }

    /// A neutral rounded square: a custom activity that names no symbol (its image is the app's).
    static let blank = SymbolView(
        svg:
            #"<svg class="glyph" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.8"><rect x="5" y="5" width="14" height="14" rx="4"/></svg>"#,
        missing: "")

    /// System activities: the symbol each one's icon shows.
    static let activityGlyphs: [String: String] = [
        "airdrop": "airplayaudio", "messages": "message.fill", "mail": "envelope.fill", "copy": "doc.on.doc",
        "print": "printer", "saveToPhotos": "photo", "addToReadingList": "eyeglasses",
        "assignToContact": "person.crop.circle", "saveToFiles": "folder", "openInBrowser": "safari",
    ]
}
