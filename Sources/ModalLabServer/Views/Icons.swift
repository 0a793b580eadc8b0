/// Inline SVG glyphs standing in for SF Symbols (whose font can't be bundled; RULES §7 notes
/// the SF Pro licence). Keyed by the symbol name a prototype uses; unknown names fall back to
/// a neutral glyph. The markup is ours, never user input, so templates may emit it unescaped.
enum Icons {
    private static func svg(_ body: String) -> String {
        #"<svg class="glyph" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">"#
            + body + "</svg>"
    }

    static let table: [String: String] = [
        "square.and.arrow.up": svg(#"<path d="M12 3v12M8 7l4-4 4 4"/><path d="M6 11H5v10h14V11h-1"/>"#),
        "square.and.pencil": svg(#"<path d="M4 6h8M4 6v14h14v-8"/><path d="M17.5 3.5l3 3L12 15l-4 1 1-4z"/>"#),
        "plus": svg(#"<path d="M12 5v14M5 12h14"/>"#),
        "trash": svg(#"<path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13"/>"#),
        "book": svg(#"<path d="M3 5c3-1 6-1 9 1 3-2 6-2 9-1v14c-3-1-6-1-9 1-3-2-6-2-9-1z"/><path d="M12 6v14"/>"#),
        "heart": svg(#"<path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z"/>"#),
        "star": svg(#"<path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z"/>"#),
        "calendar": svg(#"<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>"#),
        "pin": svg(#"<path d="M9 3h6l-1 6 3 3H7l3-3zM12 12v9"/>"#),
        "globe": svg(#"<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18"/>"#),
        "square.on.square": svg(
            #"<rect x="8" y="8" width="12" height="12" rx="2"/><path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3"/>"#
        ),
        "plus.square.on.square": svg(
            #"<rect x="8" y="8" width="12" height="12" rx="2"/><path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3M14 11v6M11 14h6"/>"#
        ),
        "arrowshape.turn.up.left": svg(#"<path d="M10 5L4 11l6 6M4 11h10a6 6 0 0 1 6 6v2"/>"#),
        "photo.on.rectangle": svg(
            #"<rect x="6" y="6" width="15" height="12" rx="2"/><path d="M3 9v11h14M6 16l4-4 3 3 2-2 6 5"/>"#),
        "rectangle.stack.badge.plus": svg(
            #"<rect x="3" y="8" width="14" height="12" rx="2"/><path d="M6 5h11a2 2 0 0 1 2 2v8M18 2v6M15 5h6"/>"#),
        "xmark": svg(#"<path d="M6 6l12 12M18 6L6 18"/>"#),
        "gear": svg(
            #"<circle cx="12" cy="12" r="3"/><path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1"/>"#
        ),
        "magnifyingglass": svg(#"<circle cx="10.5" cy="10.5" r="6.5"/><path d="M15.5 15.5L21 21"/>"#),
        "ellipsis.circle": svg(#"<circle cx="12" cy="12" r="9"/><path d="M8 12h.01M12 12h.01M16 12h.01"/>"#),
        "info.circle": svg(#"<circle cx="12" cy="12" r="9"/><path d="M12 11v6M12 7.5h.01"/>"#),
        "chevron.left": svg(#"<path d="M15 4l-8 8 8 8"/>"#),
        "person": svg(#"<circle cx="12" cy="8" r="4"/><path d="M4 21c1-4 4-6 8-6s7 2 8 6"/>"#),
        "envelope": svg(#"<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 7l9 6 9-6"/>"#),
        "message": svg(#"<path d="M4 5h16v11H9l-5 4z"/>"#),
        "doc.on.doc": svg(#"<rect x="8" y="7" width="11" height="14" rx="2"/><path d="M16 7V4H5v14h3"/>"#),
        "printer": svg(#"<path d="M7 9V3h10v6M7 17H4V9h16v8h-3M7 14h10v7H7z"/>"#),
        "airplayaudio": svg(#"<circle cx="12" cy="10" r="3"/><path d="M6.3 15.7a8 8 0 1 1 11.4 0M9 21h6l-3-4z"/>"#),
        "eyeglasses": svg(
            #"<circle cx="6.5" cy="14" r="3.5"/><circle cx="17.5" cy="14" r="3.5"/><path d="M10 14h4M3 14l2-7M21 14l-2-7"/>"#
        ),
        "folder": svg(#"<path d="M3 6h6l2 2h10v11H3z"/>"#),
        "safari": svg(#"<circle cx="12" cy="12" r="9"/><path d="M15.5 8.5l-2 5-5 2 2-5z"/>"#),
        "photo": svg(#"<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 16l5-5 4 4 3-3 6 5"/>"#),
        "person.crop.circle": svg(
            #"<circle cx="12" cy="12" r="9"/><circle cx="12" cy="10" r="3"/><path d="M6.5 18.5c1.5-2.5 3.5-3.5 5.5-3.5s4 1 5.5 3.5"/>"#
        ),
    ]

    /// The glyph for an SF Symbol name.
    static func glyph(_ name: String) -> String {
        if let g = table[name] { return g }
        let base = name.split(separator: ".").first.map(String.init) ?? name
        if let g = table.first(where: { $0.key.hasPrefix(base) })?.value { return g }
        return svg(#"<rect x="5" y="5" width="14" height="14" rx="4"/>"#)
    }

    /// System activities: glyph names.
    static let activityGlyphs: [String: String] = [
        "airdrop": "airplayaudio", "messages": "message", "mail": "envelope", "copy": "doc.on.doc", "print": "printer",
        "saveToPhotos": "photo", "addToReadingList": "eyeglasses", "assignToContact": "person.crop.circle",
        "saveToFiles": "folder", "openInBrowser": "safari",
    ]
}
