import JSON

/// The SF Symbols names ModalLab draws: about 230 of the names iOS apps use most, each with a
/// drawing of our own (Apple's symbols may not be redistributed, so none of their shapes is
/// copied; these are simple line drawings on a 24 × 24 grid that read as the same thing).
///
/// One table for everyone: the player draws a `systemImage` from it
/// (`Sources/ModalLabServer/Views/Icons.swift`), the linter warns about a name that is not in it
/// (`symbol.unknown`, with a did-you-mean from ``suggestion(for:)``), and `docs/format.md` lists
/// its names (a test compares).
///
/// A drawing is SVG markup for a 24 × 24 view box, stroked in the current colour (1.8 wide,
/// round caps and joins) unless it is ``Symbol/isFilled``: then its shapes are filled with the
/// current colour and its details are "knocked out" — drawn in the background's colour, as an
/// SF Symbol's fill variant cuts them out — by the class `ko` (stroked) or `ko-fill` (filled).
public enum SymbolCatalogue {
    /// One symbol: its SF Symbols name and our drawing of it.
    public struct Symbol: Sendable, Hashable {
        /// The SF Symbols name (`square.and.arrow.up`).
        public var name: String
        /// The SVG elements of the drawing (24 × 24 view box).
        public var body: String
        /// Whether the shapes are filled (the `.fill` variants), with knocked-out details.
        public var isFilled: Bool
        /// Whether the symbol's direction follows the reading direction (the `backward` and
        /// `forward` names, lists, the sidebar, signing out), so it mirrors in a right-to-left
        /// layout (HIG "Right to left": flip interface icons that show direction; which SF
        /// Symbols iOS flips is unverified beyond the `backward`/`forward` names).
        public var mirrorsInRightToLeft: Bool
    }

    /// Every symbol drawn, in the order of `docs/format.md`'s list (sorted by name).
    public static let all: [Symbol] = table.map { name, style, body in
        Symbol(
            name: name, body: body, isFilled: style.contains("f"), mirrorsInRightToLeft: style.contains("m"))
    }.sorted { $0.name < $1.name }

    /// Every name drawn, sorted.
    public static let names: [String] = all.map(\.name)

    private static let byName: [String: Symbol] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The symbol named `name`, or `nil` when ModalLab draws none by that name.
    public static func symbol(_ name: String) -> Symbol? { byName[name] }

    /// Whether ModalLab draws `name`.
    public static func contains(_ name: String) -> Bool { byName[name] != nil }

    /// The drawn name a person most likely meant by `name`, or `nil`: a typo's spelling, two
    /// edits at most (`square.and.pencl` → `square.and.pencil`, `sqaure.and.arrow.up` →
    /// `square.and.arrow.up`); else the longest drawn name that `name` extends by whole
    /// components (`trash.circle` → `trash`, `plus.circle.badge` → `plus.circle`); else a near
    /// spelling (``Suggest/nearest(_:in:preferring:synonyms:)``); else the drawn variant of its
    /// first component that shares the most components (`envelope.badge.person` → `envelope`).
    /// Bounded: a name longer than 200 bytes gets none.
    public static func suggestion(for name: String) -> String? {
        guard !name.isEmpty, !contains(name), name.utf8.count <= 200 else { return nil }
        let near = Suggest.nearest(name, in: names)
        if let near, let a = Suggest.scalars(name), let b = Suggest.scalars(near),
            Suggest.distance(a, b, limit: 2) != nil
        {
            return near
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count > 1 {
            for k in stride(from: parts.count - 1, through: 1, by: -1) {
                let prefix = parts[0..<k].joined(separator: ".")
                if contains(prefix) { return prefix }
            }
        }
        if let near { return near }
        guard let first = parts.first, !first.isEmpty else { return nil }
        let words = Set(parts.map(String.init))
        return all.filter { $0.name.split(separator: ".").first == first }
            .max { a, b in
                let sa = a.name.split(separator: ".").filter { words.contains(String($0)) }.count
                let sb = b.name.split(separator: ".").filter { words.contains(String($0)) }.count
                return sa != sb ? sa < sb : a.name.count > b.name.count
            }?.name
    }

    // MARK: The drawings

    /// A circle around the glyph (the `.circle` variants).
    private static let ring = #"<circle cx="12" cy="12" r="9"/>"#
    /// A filled disc (the `.circle.fill` variants).
    private static let disc = #"<circle cx="12" cy="12" r="9.5"/>"#

    /// (name, style, drawing): style "" is stroked, "f" filled, "m" mirrors in right to left.
    private static let table: [(String, String, String)] = [
        // Arrows and chevrons
        ("chevron.left", "", #"<path d="M15 4l-8 8 8 8"/>"#),
        ("chevron.right", "", #"<path d="M9 4l8 8-8 8"/>"#),
        ("chevron.up", "", #"<path d="M4 15.5l8-8 8 8"/>"#),
        ("chevron.down", "", #"<path d="M4 8.5l8 8 8-8"/>"#),
        ("chevron.backward", "m", #"<path d="M15 4l-8 8 8 8"/>"#),
        ("chevron.forward", "m", #"<path d="M9 4l8 8-8 8"/>"#),
        ("arrow.left", "", #"<path d="M20 12H4M10 6l-6 6 6 6"/>"#),
        ("arrow.right", "", #"<path d="M4 12h16M14 6l6 6-6 6"/>"#),
        ("arrow.up", "", #"<path d="M12 20V4M6 10l6-6 6 6"/>"#),
        ("arrow.down", "", #"<path d="M12 4v16M6 14l6 6 6-6"/>"#),
        ("arrow.backward", "m", #"<path d="M20 12H4M10 6l-6 6 6 6"/>"#),
        ("arrow.forward", "m", #"<path d="M4 12h16M14 6l6 6-6 6"/>"#),
        ("arrow.up.right", "", #"<path d="M6 18L18 6M9 6h9v9"/>"#),
        ("arrow.clockwise", "", #"<path d="M19 13a7 7 0 1 1-2.1-5"/><path d="M17.5 3.5V8H13"/>"#),
        ("arrow.counterclockwise", "", #"<path d="M5 13a7 7 0 1 0 2.1-5"/><path d="M6.5 3.5V8H11"/>"#),
        ("arrow.uturn.backward", "m", #"<path d="M9 13.5L4 8.5l5-5"/><path d="M4 8.5h10a6 6 0 0 1 0 12h-3"/>"#),
        ("arrow.uturn.forward", "m", #"<path d="M15 13.5l5-5-5-5"/><path d="M20 8.5H10a6 6 0 0 0 0 12h3"/>"#),
        ("arrow.up.arrow.down", "", #"<path d="M8 20V4M4 8l4-4 4 4M16 4v16M12 16l4 4 4-4"/>"#),
        (
            "arrow.triangle.2.circlepath", "",
            #"<path d="M4.5 10a8 8 0 0 1 14-3.5M19.5 14a8 8 0 0 1-14 3.5"/><path d="M19 3v4h-4M5 21v-4h4"/>"#
        ),
        ("arrow.up.circle", "", ring + #"<path d="M12 17V7M8 11l4-4 4 4"/>"#),
        ("arrow.down.circle", "", ring + #"<path d="M12 7v10M8 13l4 4 4-4"/>"#),
        ("arrow.right.circle", "", ring + #"<path d="M7 12h10M13 8l4 4-4 4"/>"#),
        ("arrow.down.to.line", "", #"<path d="M12 3v13M7 11l5 5 5-5M5 21h14"/>"#),
        ("arrow.up.left.and.arrow.down.right", "", #"<path d="M4 10V4h6M4 4l6 6M20 14v6h-6M20 20l-6-6"/>"#),
        ("arrow.down.right.and.arrow.up.left", "", #"<path d="M10 4v6H4M10 10L4 4M14 20v-6h6M14 14l6 6"/>"#),
        ("arrowshape.turn.up.left", "", #"<path d="M10 5L4 11l6 6M4 11h10a6 6 0 0 1 6 6v2"/>"#),
        ("arrowshape.turn.up.right", "", #"<path d="M14 5l6 6-6 6M20 11H10a6 6 0 0 0-6 6v2"/>"#),
        ("arrowshape.turn.up.backward", "m", #"<path d="M10 5L4 11l6 6M4 11h10a6 6 0 0 1 6 6v2"/>"#),
        ("arrowshape.turn.up.forward", "m", #"<path d="M14 5l6 6-6 6M20 11H10a6 6 0 0 0-6 6v2"/>"#),
        ("arrowshape.turn.up.left.2", "", #"<path d="M8 5l-6 6 6 6M13 5l-6 6 6 6M7 11h7a6 6 0 0 1 6 6v2"/>"#),
        (
            "clock.arrow.circlepath", "",
            #"<path d="M4 12.5a8.5 8.5 0 1 0 2.4-6"/><path d="M3.5 3.5V8H8M12 7.5V12l3 2"/>"#
        ),
        // Adding, removing, confirming
        ("plus", "", #"<path d="M12 5v14M5 12h14"/>"#),
        ("plus.circle", "", ring + #"<path d="M12 8v8M8 12h8"/>"#),
        ("plus.circle.fill", "f", disc + #"<path class="ko" d="M12 7.5v9M7.5 12h9"/>"#),
        ("minus", "", #"<path d="M5 12h14"/>"#),
        ("minus.circle", "", ring + #"<path d="M8 12h8"/>"#),
        ("minus.circle.fill", "f", disc + #"<path class="ko" d="M7.5 12h9"/>"#),
        ("xmark", "", #"<path d="M6 6l12 12M18 6L6 18"/>"#),
        ("xmark.circle", "", ring + #"<path d="M9 9l6 6M15 9l-6 6"/>"#),
        ("xmark.circle.fill", "f", disc + #"<path class="ko" d="M9 9l6 6M15 9l-6 6"/>"#),
        ("checkmark", "", #"<path d="M4.5 12.5l5 5L19.5 6.5"/>"#),
        ("checkmark.circle", "", ring + #"<path d="M7.5 12.5l3 3 6-6.5"/>"#),
        ("checkmark.circle.fill", "f", disc + #"<path class="ko" d="M7.5 12.5l3 3 6-6.5"/>"#),
        (
            "checkmark.shield", "",
            #"<path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z"/><path d="M8.5 12l2.5 2.5 4.5-5"/>"#
        ),
        (
            "checklist", "m",
            #"<path d="M3 6l1.5 1.5L7 5M3 12l1.5 1.5L7 11M3 18l1.5 1.5L7 17M11 6h10M11 12h10M11 18h10"/>"#
        ),
        ("circle", "", ring),
        ("circle.fill", "f", disc),
        ("square", "", #"<rect x="4" y="4" width="16" height="16" rx="3"/>"#),
        // Editing and sharing
        (
            "trash", "",
            #"<path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13"/><path d="M10 11v5.5M14 11v5.5"/>"#
        ),
        (
            "trash.fill", "f",
            #"<path d="M6 7l1 13h10l1-13z"/><path fill="none" d="M4 7h16M9 7V4h6v3"/><path class="ko" d="M10 11v5.5M14 11v5.5"/>"#
        ),
        ("pencil", "", #"<path d="M16.5 3.5l4 4L8 20H4v-4z"/><path d="M14 6l4 4"/>"#),
        ("pencil.circle", "", ring + #"<path d="M14 7.5l2.5 2.5-6 6H8v-2.5z"/>"#),
        (
            "square.and.pencil", "",
            #"<path d="M4 6h8M4 6v14h14v-8"/><path d="M17.5 3.5l3 3L12 15l-4 1 1-4z"/>"#
        ),
        ("square.and.arrow.up", "", #"<path d="M12 3v12M8 7l4-4 4 4"/><path d="M8 10H5v11h14V10h-3"/>"#),
        ("square.and.arrow.down", "", #"<path d="M12 3v12M8 11l4 4 4-4"/><path d="M8 8H5v13h14V8h-3"/>"#),
        (
            "square.on.square", "",
            #"<rect x="8" y="8" width="12" height="12" rx="2"/><path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3"/>"#
        ),
        (
            "plus.square.on.square", "",
            #"<rect x="8" y="8" width="12" height="12" rx="2"/><path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3M14 11v6M11 14h6"/>"#
        ),
        ("doc.on.doc", "", #"<rect x="8" y="7" width="11" height="14" rx="2"/><path d="M16 7V4H5v14h3"/>"#),
        (
            "doc.on.clipboard", "",
            #"<rect x="5" y="4" width="14" height="17" rx="2"/><path d="M9 4V2.8h6V4M9 10h6M9 14h6M9 18h3"/>"#
        ),
        (
            "scissors", "",
            #"<circle cx="6" cy="6" r="3"/><circle cx="6" cy="18" r="3"/><path d="M8.5 7.8L20 18M8.5 16.2L20 6"/>"#
        ),
        ("paperclip", "", #"<path d="M8 12.5l6.5-6.5a3.5 3.5 0 0 1 5 5l-8.5 8.5a5 5 0 0 1-7-7L12 4.5"/>"#),
        (
            "link", "",
            #"<path d="M10 14a4 4 0 0 0 5.7 0l3-3A4 4 0 0 0 13 5.3l-1.5 1.5"/><path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.5-1.5"/>"#
        ),
        ("crop", "", #"<path d="M6 2v16h16M2 6h16v16"/>"#),
        (
            "wand.and.stars", "",
            #"<path d="M4 20L15 9M13 7l4 4"/><path d="M18 2v4M16 4h4M20.5 10v3M19 11.5h3M9 2v3M7.5 3.5h3"/>"#
        ),
        (
            "sparkles", "",
            #"<path d="M10 3l1.8 5.2L17 10l-5.2 1.8L10 17l-1.8-5.2L3 10l5.2-1.8z"/><path d="M18 14l.9 2.1L21 17l-2.1.9L18 20l-.9-2.1L15 17l2.1-.9z"/>"#
        ),
        (
            "printer", "",
            #"<path d="M7 9V3h10v6M7 17H4V9h16v8h-3M7 14h10v7H7z"/>"#
        ),
        ("magnifyingglass", "", #"<circle cx="10.5" cy="10.5" r="6.5"/><path d="M15.5 15.5L21 21"/>"#),
        (
            "ellipsis", "f",
            #"<circle cx="5" cy="12" r="1.8"/><circle cx="12" cy="12" r="1.8"/><circle cx="19" cy="12" r="1.8"/>"#
        ),
        (
            "ellipsis.circle", "",
            ring
                + #"<circle cx="8" cy="12" r=".9" fill="currentColor"/><circle cx="12" cy="12" r=".9" fill="currentColor"/><circle cx="16" cy="12" r=".9" fill="currentColor"/>"#
        ),
        ("line.3.horizontal", "", #"<path d="M4 7h16M4 12h16M4 17h16"/>"#),
        ("line.3.horizontal.decrease", "", #"<path d="M4 7h16M7 12h10M10 17h4"/>"#),
        ("line.3.horizontal.decrease.circle", "", ring + #"<path d="M7 9h10M9 12.5h6M11 16h2"/>"#),
        (
            "slider.horizontal.3", "",
            #"<path d="M4 6h7M15 6h5M4 12h3M11 12h9M4 18h11M19 18h1"/><circle cx="13" cy="6" r="2"/><circle cx="9" cy="12" r="2"/><circle cx="17" cy="18" r="2"/>"#
        ),
        ("gear", "", cog + #"<circle cx="12" cy="12" r="2.6"/>"#),
        ("gearshape", "", cog + #"<circle cx="12" cy="12" r="3"/>"#),
        ("gearshape.fill", "f", cog + #"<circle class="ko" cx="12" cy="12" r="3"/>"#),
        (
            "square.grid.2x2", "",
            #"<rect x="4" y="4" width="7" height="7" rx="1.5"/><rect x="13" y="4" width="7" height="7" rx="1.5"/><rect x="4" y="13" width="7" height="7" rx="1.5"/><rect x="13" y="13" width="7" height="7" rx="1.5"/>"#
        ),
        (
            "list.bullet", "m",
            #"<path d="M9 6h11M9 12h11M9 18h11"/><circle cx="4.5" cy="6" r="1" fill="currentColor"/><circle cx="4.5" cy="12" r="1" fill="currentColor"/><circle cx="4.5" cy="18" r="1" fill="currentColor"/>"#
        ),
        ("text.alignleft", "", #"<path d="M4 6h16M4 10h10M4 14h16M4 18h10"/>"#),
        (
            "textformat", "",
            #"<path d="M3 19l5-13 5 13M4.8 14.5h6.4"/><circle cx="17" cy="15.5" r="3.5"/><path d="M20.5 12v7"/>"#
        ),
        ("bold", "", #"<path stroke-width="2.6" d="M7 4h6a4 4 0 0 1 0 8H7zM7 12h7a4 4 0 0 1 0 8H7z"/>"#),
        ("italic", "", #"<path d="M10 4h8M6 20h8M14 4l-4 16"/>"#),
        ("underline", "", #"<path d="M7 4v7a5 5 0 0 0 10 0V4M5 21h14"/>"#),
        (
            "keyboard", "",
            #"<rect x="2" y="6" width="20" height="12" rx="2"/><path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10"/>"#
        ),
        // Documents, folders, books
        ("doc", "", #"<path d="M6 3h8l5 5v13H6z"/><path d="M14 3v5h5"/>"#),
        ("doc.fill", "f", #"<path d="M6 3h8l5 5v13H6z"/><path class="ko" d="M14 3v5h5"/>"#),
        ("doc.text", "", #"<path d="M6 3h8l5 5v13H6z"/><path d="M14 3v5h5M9 12h7M9 15h7M9 18h5"/>"#),
        ("doc.badge.plus", "", #"<path d="M6 3h8l5 5v13H6z"/><path d="M14 3v5h5M12.5 11v6M9.5 14h6"/>"#),
        ("folder", "", #"<path d="M3 6h6l2 2h10v11H3z"/>"#),
        ("folder.fill", "f", #"<path d="M3 6h6l2 2h10v11H3z"/>"#),
        ("folder.badge.plus", "", #"<path d="M3 6h6l2 2h10v11H3z"/><path d="M12 11v6M9 14h6"/>"#),
        ("tray", "", #"<path d="M3 13l3-8h12l3 8v6H3z"/><path d="M3 13h5l1 2h6l1-2h5"/>"#),
        ("tray.and.arrow.down", "", #"<path d="M3 14h5l1 2h6l1-2h5v6H3z"/><path d="M12 3v9M8.5 8.5L12 12l3.5-3.5"/>"#),
        ("archivebox", "", #"<rect x="3" y="4" width="18" height="5" rx="1"/><path d="M5 9v11h14V9M10 13h4"/>"#),
        (
            "book", "",
            #"<path d="M3 5c3-1 6-1 9 1 3-2 6-2 9-1v14c-3-1-6-1-9 1-3-2-6-2-9-1z"/><path d="M12 6v14"/>"#
        ),
        (
            "books.vertical", "",
            #"<rect x="3" y="4" width="5" height="16" rx="1"/><rect x="9" y="4" width="5" height="16" rx="1"/><path d="M15.5 5.5l3.9-1 3.6 14.6-3.9 1z"/>"#
        ),
        ("bookmark", "", #"<path d="M6 3h12v18l-6-5-6 5z"/>"#),
        ("bookmark.fill", "f", #"<path d="M6 3h12v18l-6-5-6 5z"/>"#),
        (
            "newspaper", "",
            #"<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M7 8h10M7 12h4M7 16h4M14 12h3v4h-3z"/>"#
        ),
        ("tag", "", #"<path d="M3 12V4h8l10 10-8 8z"/><circle cx="7.5" cy="8" r="1.3"/>"#),
        ("flag", "", #"<path d="M5 21V4M5 4h12l-2.5 4.5L17 13H5"/>"#),
        ("flag.fill", "f", #"<path d="M5 4h12l-2.5 4.5L17 13H5z"/><path fill="none" d="M5 21V4"/>"#),
        ("pin", "", #"<path d="M9 3h6l-1 6 3 3H7l3-3zM12 12v9"/>"#),
        ("pin.fill", "f", #"<path d="M9 3h6l-1 6 3 3H7l3-3z"/><path fill="none" d="M12 12v9"/>"#),
        ("calendar", "", #"<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>"#),
        (
            "calendar.badge.plus", "",
            #"<path d="M13 21H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v6M3 10h18M8 3v4M16 3v4M18.5 15v6M15.5 18h6"/>"#
        ),
        ("clock", "", ring + #"<path d="M12 7v5l3 2"/>"#),
        ("alarm", "", #"<circle cx="12" cy="13" r="7.5"/><path d="M12 9v4l2.5 1.5M4 4.5L7 2M20 4.5L17 2"/>"#),
        ("timer", "", #"<circle cx="12" cy="13" r="8"/><path d="M12 13l4-3M10 2h4M12 2v3"/>"#),
        // People and communication
        ("person", "", #"<circle cx="12" cy="8" r="4"/><path d="M4 21c1-4 4-6 8-6s7 2 8 6"/>"#),
        ("person.fill", "f", #"<circle cx="12" cy="8" r="4"/><path d="M4 21c1-4 4-6 8-6s7 2 8 6z"/>"#),
        (
            "person.circle", "",
            ring + #"<circle cx="12" cy="10" r="3"/><path d="M6.5 18.5c1.5-2.5 3.5-3.5 5.5-3.5s4 1 5.5 3.5"/>"#
        ),
        (
            "person.crop.circle", "",
            ring + #"<circle cx="12" cy="9.5" r="3.2"/><path d="M6 18.7c1.5-2.7 3.7-3.9 6-3.9s4.5 1.2 6 3.9"/>"#
        ),
        (
            "person.2", "",
            #"<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20c.8-3.5 3.3-5.5 6.5-5.5s5.7 2 6.5 5.5"/><circle cx="17" cy="9" r="2.8"/><path d="M16.5 14.5c2.6 0 4.4 1.7 5 4.5"/>"#
        ),
        (
            "person.badge.plus", "",
            #"<circle cx="10" cy="8" r="4"/><path d="M3 21c.9-4 3.6-6 7-6s6.1 2 7 6M19 6v6M16 9h6"/>"#
        ),
        ("face.smiling", "", ring + #"<path d="M8 14.5c1 1.5 2.4 2 4 2s3-.5 4-2M9 9.5v.5M15 9.5v.5"/>"#),
        ("envelope", "", #"<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 7l9 6 9-6"/>"#),
        (
            "envelope.fill", "f",
            #"<rect x="3" y="5" width="18" height="14" rx="2"/><path class="ko" d="M3.5 7.5l8.5 5.5 8.5-5.5"/>"#
        ),
        ("envelope.open", "", #"<path d="M3 10l9-6 9 6v10H3z"/><path d="M3 10l9 6 9-6"/>"#),
        ("paperplane", "", #"<path d="M21 3L3 10.5l7 3 3 7.5z"/><path d="M21 3L10 13.5"/>"#),
        ("paperplane.fill", "f", #"<path d="M21 3L3 10.5l7 3 3 7.5z"/><path class="ko" d="M20 4L10 13.5"/>"#),
        ("message", "", #"<path d="M4 5h16v11H9l-5 4z"/>"#),
        ("message.fill", "f", #"<path d="M4 5h16v11H9l-5 4z"/>"#),
        (
            "bubble.left", "",
            #"<path d="M12 4c5 0 9 3.1 9 7s-4 7-9 7c-1 0-2-.1-3-.4L4 20l1.2-3.8C3.8 14.9 3 13.1 3 11c0-3.9 4-7 9-7z"/>"#
        ),
        (
            "bubble.right", "",
            #"<path d="M12 4c-5 0-9 3.1-9 7s4 7 9 7c1 0 2-.1 3-.4L20 20l-1.2-3.8C20.2 14.9 21 13.1 21 11c0-3.9-4-7-9-7z"/>"#
        ),
        (
            "bubble.left.and.bubble.right", "",
            #"<path d="M9 3c3.9 0 7 2.4 7 5.4s-3.1 5.4-7 5.4c-.8 0-1.5-.1-2.2-.3L3 15l.9-2.8C2.7 11.2 2 9.9 2 8.4 2 5.4 5.1 3 9 3z"/><path d="M18.5 10.5c2.1.9 3.5 2.6 3.5 4.5 0 1.2-.5 2.3-1.4 3.2L21.4 21l-3.2-1.2c-.7.2-1.4.2-2.2.2-2.5 0-4.7-1-6-2.6"/>"#
        ),
        (
            "phone", "",
            #"<path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z"/>"#
        ),
        (
            "phone.fill", "f",
            #"<path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z"/>"#
        ),
        ("video", "", #"<rect x="2" y="6" width="14" height="12" rx="2"/><path d="M16 10l6-3v10l-6-3z"/>"#),
        ("video.fill", "f", #"<rect x="2" y="6" width="14" height="12" rx="2"/><path d="M16 10l6-3v10l-6-3z"/>"#),
        (
            "mic", "",
            #"<rect x="9" y="2" width="6" height="12" rx="3"/><path d="M5 11a7 7 0 0 0 14 0M12 18v4M8 22h8"/>"#
        ),
        (
            "mic.fill", "f",
            #"<rect x="9" y="2" width="6" height="12" rx="3"/><path fill="none" d="M5 11a7 7 0 0 0 14 0M12 18v4M8 22h8"/>"#
        ),
        (
            "mic.slash", "",
            #"<rect x="9" y="2" width="6" height="12" rx="3"/><path d="M5 11a7 7 0 0 0 14 0M12 18v4M8 22h8M3 3l18 18"/>"#
        ),
        ("bell", "", #"<path d="M6 17v-6a6 6 0 0 1 12 0v6l2 2H4z"/><path d="M10 21h4"/>"#),
        ("bell.fill", "f", #"<path d="M6 17v-6a6 6 0 0 1 12 0v6l2 2H4z"/><path fill="none" d="M10 21.5h4"/>"#),
        ("bell.slash", "", #"<path d="M6 17v-6a6 6 0 0 1 12 0v6l2 2H4z"/><path d="M10 21h4M3 3l18 18"/>"#),
        ("at", "", #"<circle cx="12" cy="12" r="4"/><path d="M16 8v5a3 3 0 0 0 6 0v-1a10 10 0 1 0-4 8"/>"#),
        // Media
        ("play", "", #"<path d="M7 4v16l13-8z"/>"#),
        ("play.fill", "f", #"<path d="M7 4v16l13-8z"/>"#),
        ("play.circle", "", ring + #"<path d="M10 8.5v7l6-3.5z"/>"#),
        ("play.circle.fill", "f", disc + #"<path class="ko-fill" d="M10 8v8l6.5-4z"/>"#),
        ("pause", "", #"<path d="M8 5v14M16 5v14"/>"#),
        (
            "pause.fill", "f",
            #"<rect x="6" y="5" width="4" height="14" rx="1"/><rect x="14" y="5" width="4" height="14" rx="1"/>"#
        ),
        ("pause.circle", "", ring + #"<path d="M10 9v6M14 9v6"/>"#),
        ("stop.fill", "f", #"<rect x="6" y="6" width="12" height="12" rx="2"/>"#),
        ("backward.fill", "f", #"<path d="M11 6v12L3 12zM21 6v12l-8-6z"/>"#),
        ("forward.fill", "f", #"<path d="M13 6v12l8-6zM3 6v12l8-6z"/>"#),
        ("backward.end.fill", "f", #"<path d="M19 6v12l-11-6z"/><path d="M6 6v12"/>"#),
        ("forward.end.fill", "f", #"<path d="M5 6v12l11-6z"/><path d="M18 6v12"/>"#),
        (
            "shuffle", "",
            #"<path d="M3 7h3c5 0 6 10 11 10h3M3 17h3c2 0 3-1.5 4-3M14 9.5C15 8 16 7 17 7h3M18 4l3 3-3 3M18 14l3 3-3 3"/>"#
        ),
        (
            "repeat", "",
            #"<path d="M4 11V9a2 2 0 0 1 2-2h14M17 4l3 3-3 3M20 13v2a2 2 0 0 1-2 2H4M7 20l-3-3 3-3"/>"#
        ),
        ("music.note", "", #"<path d="M10 17V4l8 2.5"/><circle cx="7" cy="17" r="3"/>"#),
        (
            "music.note.list", "",
            #"<path d="M3 6h11M3 10h11M3 14h7M19 4v12.5"/><circle cx="16.5" cy="16.5" r="2.5"/><path d="M19 4l3 1"/>"#
        ),
        (
            "speaker.wave.2", "",
            #"<path d="M4 9h4l5-4v14l-5-4H4z"/><path d="M16 9.5a3.5 3.5 0 0 1 0 5M18.5 7a7 7 0 0 1 0 10"/>"#
        ),
        (
            "speaker.wave.3", "",
            #"<path d="M3 9h3.5l4.5-4v14l-4.5-4H3z"/><path d="M14 9.5a3.5 3.5 0 0 1 0 5M16.5 7a7 7 0 0 1 0 10M19 4.5a10.5 10.5 0 0 1 0 15"/>"#
        ),
        ("speaker.slash", "", #"<path d="M4 9h4l5-4v14l-5-4H4z"/><path d="M3 3l18 18"/>"#),
        (
            "headphones", "",
            #"<path d="M4 15v-3a8 8 0 0 1 16 0v3"/><rect x="3" y="14" width="4" height="7" rx="1.5"/><rect x="17" y="14" width="4" height="7" rx="1.5"/>"#
        ),
        ("camera", "", #"<path d="M3 8h4l2-3h6l2 3h4v12H3z"/><circle cx="12" cy="13.5" r="3.5"/>"#),
        ("camera.fill", "f", #"<path d="M3 8h4l2-3h6l2 3h4v12H3z"/><circle class="ko" cx="12" cy="13.5" r="3.5"/>"#),
        ("photo", "", #"<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 16l5-5 4 4 3-3 6 5"/>"#),
        (
            "photo.fill", "f",
            #"<rect x="3" y="5" width="18" height="14" rx="2"/><path class="ko" d="M4 16l4-4 4 4 3-3 5 4"/><circle class="ko-fill" cx="16" cy="9" r="1.5"/>"#
        ),
        (
            "photo.on.rectangle", "",
            #"<rect x="6" y="6" width="15" height="12" rx="2"/><path d="M3 9v11h14M6 16l4-4 3 3 2-2 6 5"/>"#
        ),
        (
            "rectangle.stack.badge.plus", "",
            #"<rect x="3" y="8" width="14" height="12" rx="2"/><path d="M6 5h11a2 2 0 0 1 2 2v8M18 2v6M15 5h6"/>"#
        ),
        (
            "film", "",
            #"<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M7 4v16M17 4v16M3 8h4M3 12h4M3 16h4M17 8h4M17 12h4M17 16h4"/>"#
        ),
        ("airplayaudio", "", #"<circle cx="12" cy="10" r="3"/><path d="M6.3 15.7a8 8 0 1 1 11.4 0M9 21h6l-3-4z"/>"#),
        ("airplayvideo", "", #"<path d="M7 17H4V5h16v12h-3"/><path d="M8 21h8l-4-5z"/>"#),
        (
            "gauge.with.dots.needle.33percent", "",
            #"<path d="M4.5 18a9 9 0 1 1 15 0"/><path d="M12 14.5L8.5 9.5"/><circle cx="12" cy="14.5" r="1.3"/><path d="M5.5 13h.01M7.5 8h.01M12 6h.01M16.5 8h.01M18.5 13h.01"/>"#
        ),
        // Places, things, weather
        ("house", "", #"<path d="M3 11l9-8 9 8"/><path d="M5 9.5V21h5v-6h4v6h5V9.5"/>"#),
        ("house.fill", "f", #"<path d="M12 3l9 8h-2v10h-5v-6h-4v6H5V11H3z"/>"#),
        ("heart", "", #"<path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z"/>"#),
        ("heart.fill", "f", #"<path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z"/>"#),
        ("star", "", #"<path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z"/>"#),
        ("star.fill", "f", #"<path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z"/>"#),
        ("lock", "", #"<rect x="5" y="10" width="14" height="11" rx="2"/><path d="M8 10V7a4 4 0 0 1 8 0v3"/>"#),
        (
            "lock.fill", "f",
            #"<rect x="5" y="10" width="14" height="11" rx="2"/><path fill="none" d="M8 10V7a4 4 0 0 1 8 0v3"/>"#
        ),
        ("lock.open", "", #"<rect x="5" y="10" width="14" height="11" rx="2"/><path d="M8 10V7a4 4 0 0 1 7.7-1.5"/>"#),
        ("key", "", #"<circle cx="7.5" cy="15.5" r="4.5"/><path d="M11 12.5L20 3.5M16.5 7l3 3M14 9.5l2 2"/>"#),
        ("shield", "", #"<path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z"/>"#),
        ("eye", "", #"<path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/>"#),
        (
            "eye.slash", "",
            #"<path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/><path d="M3 3l18 18"/>"#
        ),
        (
            "eyeglasses", "",
            #"<circle cx="6.5" cy="14" r="3.5"/><circle cx="17.5" cy="14" r="3.5"/><path d="M10 14h4M3 14l2-7M21 14l-2-7"/>"#
        ),
        ("globe", "", ring + #"<path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18"/>"#),
        ("safari", "", ring + #"<path d="M15.5 8.5l-2 5-5 2 2-5z"/>"#),
        ("map", "", #"<path d="M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2z"/><path d="M9 4v14M15 6v14"/>"#),
        ("mappin", "", #"<circle cx="12" cy="7" r="4"/><path d="M12 11v10"/>"#),
        (
            "mappin.and.ellipse", "",
            #"<circle cx="12" cy="6.5" r="3.5"/><path d="M12 10v8.5"/><ellipse cx="12" cy="18.5" rx="7" ry="2.5"/>"#
        ),
        ("location", "", #"<path d="M20 4L4 11l7 2 2 7z"/>"#),
        ("location.fill", "f", #"<path d="M20 4L4 11l7 2 2 7z"/>"#),
        (
            "cart", "",
            #"<path d="M2 4h3l2.5 11h11L21 7H6.5"/><circle cx="9" cy="19.5" r="1.5"/><circle cx="17" cy="19.5" r="1.5"/>"#
        ),
        ("bag", "", #"<path d="M5 8h14l-1 13H6z"/><path d="M9 8V6a3 3 0 0 1 6 0v2"/>"#),
        ("creditcard", "", #"<rect x="2" y="5" width="20" height="14" rx="2"/><path d="M2 10h20M6 15h4"/>"#),
        (
            "banknote", "",
            #"<rect x="2" y="6" width="20" height="12" rx="2"/><circle cx="12" cy="12" r="2.5"/><path d="M5.5 9v.01M18.5 15v.01"/>"#
        ),
        (
            "dollarsign.circle", "",
            ring
                + #"<path d="M15 8.5c-.5-1-1.6-1.5-3-1.5-1.8 0-3 .9-3 2.3 0 3.2 6 1.7 6 4.9 0 1.4-1.3 2.3-3 2.3-1.5 0-2.6-.6-3.1-1.6M12 5.5V7M12 17v1.5"/>"#
        ),
        (
            "gift", "",
            #"<rect x="3" y="8" width="18" height="4" rx="1"/><path d="M5 12v9h14v-9M12 8v13M12 8c-1-3-5-4-5-1.5S12 8 12 8zM12 8c1-3 5-4 5-1.5S12 8 12 8z"/>"#
        ),
        (
            "shippingbox", "",
            #"<path d="M3 7.5L12 3l9 4.5v9L12 21l-9-4.5z"/><path d="M3 7.5L12 12l9-4.5M12 12v9M7.5 5.2l9 4.5"/>"#
        ),
        ("cube", "", #"<path d="M12 3l8 4.5v9L12 21l-8-4.5v-9z"/><path d="M4 7.5l8 4.5 8-4.5M12 12v9"/>"#),
        (
            "briefcase", "",
            #"<rect x="3" y="7" width="18" height="13" rx="2"/><path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 12h18"/>"#
        ),
        (
            "building.2", "",
            #"<path d="M3 21V8l7-4v17M10 21h11V10l-6-3"/><path d="M6 11v.5M6 15v.5M14 13h3M14 17h3M2 21h20"/>"#
        ),
        ("graduationcap", "", #"<path d="M2 9l10-5 10 5-10 5z"/><path d="M6 11v5c2 2 10 2 12 0v-5M22 9v6"/>"#),
        (
            "fork.knife", "",
            #"<path d="M5 3v6a2 2 0 0 0 2 2h0a2 2 0 0 0 2-2V3M7 3v18M17 21V3c-2 0-3.5 3-3.5 7.5H17"/>"#
        ),
        (
            "car", "",
            #"<path d="M3 16v-4l2-5h14l2 5v4H3z"/><path d="M3 12h18"/><circle cx="7" cy="16" r="1.8"/><circle cx="17" cy="16" r="1.8"/><path d="M5 18v2M19 18v2"/>"#
        ),
        (
            "airplane", "",
            #"<path d="M10.5 3.5c0-1.3 3-1.3 3 0V9l8 5v2l-8-2.5V18l2.5 2v1.5L12 20.5l-4 1V20l2.5-2v-4.5L2.5 16v-2l8-5z"/>"#
        ),
        (
            "figure.walk", "",
            #"<circle cx="13" cy="4" r="2"/><path d="M11 8l-3 5 3 2v6M11 8l3 2.5 3 1M11 8l1.5 6 3.5 3 1 4"/>"#
        ),
        (
            "lightbulb", "",
            #"<path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z"/>"#
        ),
        ("bolt", "", #"<path d="M13 2L4 14h7l-1 8 9-12h-7z"/>"#),
        ("bolt.fill", "f", #"<path d="M13 2L4 14h7l-1 8 9-12h-7z"/>"#),
        (
            "flame", "",
            #"<path d="M12 22c-4 0-7-3-7-7 0-5 5-7 5-12 3 2 4 5 4 7 1-1 2-2 2-4 2 2 3 5 3 9 0 4-3 7-7 7z"/>"#
        ),
        ("drop", "", #"<path d="M12 3s7 7.5 7 12a7 7 0 0 1-14 0c0-4.5 7-12 7-12z"/>"#),
        ("leaf", "", #"<path d="M5 19c0-9 6-14 15-14 0 9-5 15-14 15z"/><path d="M5 19l8-8"/>"#),
        ("cloud", "", #"<path d="M7 19a5 5 0 0 1-.5-10A6 6 0 0 1 18 9.5a4.5 4.5 0 0 1-.5 9.5z"/>"#),
        ("cloud.fill", "f", #"<path d="M7 19a5 5 0 0 1-.5-10A6 6 0 0 1 18 9.5a4.5 4.5 0 0 1-.5 9.5z"/>"#),
        ("icloud", "", #"<path d="M7 18.5a4.5 4.5 0 0 1-.4-9A6 6 0 0 1 18 10a4.3 4.3 0 0 1-.5 8.5z"/>"#),
        (
            "icloud.and.arrow.down", "",
            #"<path d="M8 18.5H7a4.5 4.5 0 0 1-.4-9A6 6 0 0 1 18 10a4.3 4.3 0 0 1-.5 8.5H16"/><path d="M12 11v10M9 18l3 3 3-3"/>"#
        ),
        (
            "sun.max", "",
            #"<circle cx="12" cy="12" r="4"/><path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"/>"#
        ),
        ("moon", "", #"<path d="M20 14.5A8.5 8.5 0 1 1 9.5 4a7 7 0 0 0 10.5 10.5z"/>"#),
        ("moon.fill", "f", #"<path d="M20 14.5A8.5 8.5 0 1 1 9.5 4a7 7 0 0 0 10.5 10.5z"/>"#),
        (
            "wifi", "",
            #"<path d="M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0"/><circle cx="12" cy="19" r="1.2" fill="currentColor"/>"#
        ),
        (
            "antenna.radiowaves.left.and.right", "",
            #"<circle cx="12" cy="12" r="1.5"/><path d="M12 13.5V21M8.5 8.5a5 5 0 0 0 0 7M15.5 8.5a5 5 0 0 1 0 7M5.5 5.5a9.2 9.2 0 0 0 0 13M18.5 5.5a9.2 9.2 0 0 1 0 13"/>"#
        ),
        (
            "battery.100", "",
            #"<rect x="2" y="7" width="18" height="10" rx="2.5"/><rect x="4.5" y="9.5" width="13" height="5" rx="1" fill="currentColor" stroke="none"/><path d="M22 10.5v3"/>"#
        ),
        ("iphone", "", #"<rect x="6" y="2" width="12" height="20" rx="2.5"/><path d="M10.5 5h3"/>"#),
        ("laptopcomputer", "", #"<rect x="4" y="5" width="16" height="11" rx="1.5"/><path d="M2 19h20"/>"#),
        ("desktopcomputer", "", #"<rect x="2" y="3" width="20" height="13" rx="2"/><path d="M12 16v4M8 21h8"/>"#),
        ("tv", "", #"<rect x="2" y="4" width="20" height="13" rx="2"/><path d="M8 21h8"/>"#),
        (
            "qrcode", "",
            #"<rect x="3" y="3" width="7" height="7" rx="1"/><rect x="14" y="3" width="7" height="7" rx="1"/><rect x="3" y="14" width="7" height="7" rx="1"/><path d="M14 14h3v3h-3zM18 18h3v3h-3zM14 20v1M20 14h1"/>"#
        ),
        (
            "paintpalette", "",
            #"<path d="M12 3a9 9 0 0 0 0 18c1.5 0 2-1 2-2 0-1.5-1.5-2-1.5-3.5S13.5 13 15 13h2.5A4.5 4.5 0 0 0 21 8.5C21 5.5 17 3 12 3z"/><circle cx="7.5" cy="11" r="1.2"/><circle cx="10" cy="7" r="1.2"/><circle cx="15" cy="7.5" r="1.2"/>"#
        ),
        (
            "wrench", "",
            #"<path d="M14.5 6.5a4 4 0 0 1 5-5l-2.5 2.5.5 2 2 .5 2.5-2.5a4 4 0 0 1-5 5L8 18.5a2.1 2.1 0 0 1-3-3z"/>"#
        ),
        (
            "hand.thumbsup", "",
            #"<path d="M7 10v11H3V10zM7 10l4-7c1.5 0 2.5 1 2.5 2.5L13 9h6a2 2 0 0 1 2 2.3l-1.3 7.5A2.5 2.5 0 0 1 17.2 21H7"/>"#
        ),
        (
            "hand.raised", "",
            #"<path d="M8 12V5a1.5 1.5 0 0 1 3 0v6M11 11V3.5a1.5 1.5 0 0 1 3 0V11M14 11V5a1.5 1.5 0 0 1 3 0v8M17 10a1.5 1.5 0 0 1 3 0v4a8 8 0 0 1-8 8h-1a6 6 0 0 1-5-2.7L3.5 15a1.5 1.5 0 0 1 2.5-1.6L8 16"/>"#
        ),
        (
            "chart.bar", "",
            #"<rect x="4" y="12" width="4" height="8" rx="1"/><rect x="10" y="4" width="4" height="16" rx="1"/><rect x="16" y="9" width="4" height="11" rx="1"/>"#
        ),
        ("chart.pie", "", #"<path d="M11 4a8.5 8.5 0 1 0 9 9h-9z"/><path d="M14 2.5A7 7 0 0 1 21.5 10H14z"/>"#),
        (
            "sidebar.left", "m",
            #"<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M9 4v16M5.5 8h1.5M5.5 11h1.5"/>"#
        ),
        (
            "rectangle.portrait.and.arrow.right", "m",
            #"<path d="M14 4H6v16h8M10 12h11M17 8l4 4-4 4"/>"#
        ),
        // Information and status
        ("info.circle", "", ring + #"<path d="M12 11v6M12 7.5v.5"/>"#),
        (
            "questionmark.circle", "",
            ring + #"<path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7v.5M12 17v.5"/>"#
        ),
        ("exclamationmark.circle", "", ring + #"<path d="M12 7v6M12 16.5v.5"/>"#),
        ("exclamationmark.triangle", "", #"<path d="M12 3L2 20h20z"/><path d="M12 9.5v5M12 17.5v.5"/>"#),
        (
            "exclamationmark.triangle.fill", "f",
            #"<path d="M12 3L2 20h20z"/><path class="ko" d="M12 9.5v5M12 17.5v.5"/>"#
        ),
    ]

    /// A cog with eight teeth (`gearshape`).
    private static let cog =
        #"<path d="M10.6 2.5h2.8l.5 2.4 1.6.7 2-1.4 2 2-1.4 2 .7 1.6 2.4.5v2.8l-2.4.5-.7 1.6 1.4 2-2 2-2-1.4-1.6.7-.5 2.4h-2.8l-.5-2.4-1.6-.7-2 1.4-2-2 1.4-2-.7-1.6-2.4-.5v-2.8l2.4-.5.7-1.6-1.4-2 2-2 2 1.4 1.6-.7z"/>"#
}
