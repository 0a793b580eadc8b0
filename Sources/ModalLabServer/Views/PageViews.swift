import Foundation
import HTTPServer
import InteractionLog
import JSON
import Mustache
import Presentation
import Prototype
import Sharing

// The view models of the pages in `Templates/pages/`: what each template names, typed, and how
// each is built from the library, the log or the catalogue. Routes only choose which to render.

/// `partials/diagnostic`: one finding, in the gallery, the player's rule panel, and the answers
/// to actions (`diagnosticsHTML`); `partials/refusal` and `partials/refusal-toast` show a
/// refusal with it.
struct DiagnosticView: MustacheContext {
    var rule: String
    var severity: String
    /// The severity in the page's language ("error", "错误").
    var severityLabel: String
    /// The rule's short name from the catalogue, in the page's language; empty for a format finding.
    var ruleName: String
    var message: String
    /// The language the message is written in (BCP 47), for its `lang` attribute: the engine's
    /// findings are English whatever the page's language.
    var messageLanguage: String
    var source: String
    /// Where: a static finding's JSON path, a runtime finding's modal; or empty.
    var location: String

    /// The view of `d` on a page in `strings`' language, whose message is in `messageLanguage`.
    init(_ d: Diagnostic, _ strings: Strings, messageLanguage: Language = .en) {
        rule = d.rule
        severity = d.severity.rawValue
        severityLabel = strings.severity(d.severity)
        // A switch on the code, not `d.ruleID.map`: Swift 6.3.1's optimiser (CopyPropagation)
        // crashed on that form in release builds ("Found outside of lifetime use").
        switch d.code {
        case .rule(let id): ruleName = RuleCatalogue.rule(id).name(strings.language)
        case .format: ruleName = ""
        }
        message = d.message
        self.messageLanguage = messageLanguage.rawValue
        source = d.source
        location = d.path ?? d.modal ?? ""
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "rule": rule
        case "severity": severity
        case "severityLabel": severityLabel
        case "ruleName": ruleName
        case "message": message
        case "messageLang": messageLanguage
        case "source": source
        case "location": location
        default: nil
        }
    }
}

extension DiagnosticView {
    /// The findings of a prototype file on a page in `strings`' language. The library keeps
    /// them in English; in another language the file is linted again in it, and each finding
    /// says which language its message came out in (the lint rules' messages are translated in
    /// the catalogue; a message the second lint leaves as it was is English).
    static func findings(of p: LoadedPrototype, _ strings: Strings) -> [DiagnosticView] {
        guard strings.language != .en else { return p.diagnostics.map { DiagnosticView($0, strings) } }
        let again = Linter(language: strings.language).lint(file: p.bytes).diagnostics
        let same = { (a: Diagnostic, b: Diagnostic) in a.rule == b.rule && a.path == b.path && a.modal == b.modal }
        return p.diagnostics.enumerated().map { i, d in
            // The same lint in another language: the same findings in the same order.
            let t = i < again.count && same(again[i], d) ? again[i] : again.first { same($0, d) }
            guard let t, t.message != d.message else { return DiagnosticView(d, strings) }
            var translated = d
            translated.message = t.message
            return DiagnosticView(translated, strings, messageLanguage: strings.language)
        }
    }
}

/// `partials/diagnostics`: a list of findings (the items of a `<ul class="diagnostics">`).
struct DiagnosticListView: MustacheContext {
    var diagnostics: [DiagnosticView]

    init(_ diagnostics: [Diagnostic], _ strings: Strings, messageLanguage: Language = .en) {
        self.diagnostics = diagnostics.map { DiagnosticView($0, strings, messageLanguage: messageLanguage) }
    }

    func mustacheValue(forKey key: String) -> Any? { key == "diagnostics" ? diagnostics : nil }
}

/// A count of findings of one severity, as a badge: "1 error", "2 warnings", "0 notes".
struct CountBadgeView: MustacheContext {
    var severity: String
    var count: Int
    var label: String

    /// The three badges of a prototype, in `strings`' language.
    static func badges(_ p: LoadedPrototype, _ strings: Strings) -> [CountBadgeView] {
        [
            (Severity.error, p.errorCount, UIString.errorsOne, UIString.errorsOther),
            (.warning, p.warningCount, .warningsOne, .warningsOther), (.info, p.infoCount, .notesOne, .notesOther),
        ].map { severity, n, one, other in
            CountBadgeView(severity: severity.rawValue, count: n, label: strings.count(n, one: one, other: other))
        }
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "severity": severity
        case "hasAny": count > 0
        case "label": label
        default: nil
        }
    }
}

/// A link to the player on one device.
struct DeviceLinkView: MustacheContext {
    var id: String
    var device: String
    var deviceName: String

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "id": id
        case "device": device
        case "deviceName": deviceName
        default: nil
        }
    }
}

/// `gallery`: every prototype of the library.
struct GalleryView: MustacheContext {
    struct Item: MustacheContext {
        var id: String
        var name: String
        var file: String
        var counts: [CountBadgeView]
        var isPlayable: Bool
        var diagnostics: [DiagnosticView]
        var devices: [DeviceLinkView]
        /// Its share links' dialog (``ShareManagerView``), when it can be played.
        var shares: ShareManagerView?

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "shares": shares.asMustacheValue
            case "id": id
            case "name": name
            case "file": file
            case "counts": counts
            case "isPlayable": isPlayable
            case "hasDiagnostics": !diagnostics.isEmpty
            case "diagnostics": diagnostics
            case "devices": devices
            default: nil
            }
        }
    }

    var directory: String
    var prototypes: [Item]
    /// What "New prototype" may copy: every loaded prototype, by id and name.
    var sources: [OptionView]
    /// Whether "New prototype" is offered: not when the server serves one file
    /// (`POST /api/prototypes` answers 409 then).
    var canCreate: Bool

    init(library: PrototypeLibrary, _ strings: Strings) {
        directory = library.writableDirectory
        canCreate = library.file == nil
        sources = library.all.map { OptionView(id: $0.id, name: $0.name, isSelected: false) }
        prototypes = library.all.map { p in
            Item(
                id: p.id, name: p.name, file: ModalLabApp.displayPath(p.file),
                counts: CountBadgeView.badges(p, strings), isPlayable: p.prototype != nil,
                diagnostics: DiagnosticView.findings(of: p, strings),
                devices: (p.prototype?.devices ?? []).compactMap { DeviceCatalogue.device($0) }.map {
                    DeviceLinkView(id: p.id, device: $0.id, deviceName: $0.name)
                }, shares: p.prototype.map { ShareManagerView($0, strings) })
        }
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "directory": directory
        case "prototypes": prototypes
        case "sources": sources
        case "canCreate": canCreate
        default: nil
        }
    }
}

/// `editor`: a prototype's editor page (issue 25). The server gives the frame (the outline,
/// inspector, palette and player's places, the strings); `Public/editor.js` fills it from
/// `GET /api/prototypes/{id}` and the schema (`/schema/prototype.json`), and changes the file
/// with `PATCH /api/prototypes/{id}`.
struct EditorPageView: MustacheContext {
    var id: String
    var name: String
    var file: String
    /// Whether the file decodes: a prototype with format errors has no player yet.
    var isDecoded: Bool

    /// The editor of `loaded`, in `strings`' language.
    init(_ loaded: LoadedPrototype, _ strings: Strings) {
        id = loaded.id
        name = loaded.name
        file = ModalLabApp.displayPath(loaded.file)
        isDecoded = loaded.prototype != nil
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "id": id
        case "name": name
        case "file": file
        case "isDecoded": isDecoded
        default: nil
        }
    }
}

/// An option of a `<select>`.
struct OptionView: MustacheContext {
    var id: String
    var name: String
    var isSelected: Bool

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "id": id
        case "name": name
        case "isSelected": isSelected
        default: nil
        }
    }
}

/// `player`: the toolbar, the device frame and the rule panel.
struct PlayerPageView: MustacheContext {
    var id: String
    var name: String
    var environment: Environment
    var isOwner: Bool
    var canComment: Bool
    var isEmbedded: Bool
    var devices: [OptionView]
    var multitaskings: [OptionView]
    var appearances: [OptionView]
    var contentSizes: [OptionView]
    var layoutDirections: [OptionView]
    /// The iOS versions the toolbar offers (``SystemVersion/listed(including:)``).
    var versions: [OptionView]
    /// The values the page's address leaves out (`data-environment-defaults`): the
    /// prototype's defaults but for the device and the orientation, which it always names.
    var addressDefaults: EnvironmentRequest
    var frame: DeviceView
    var diagnostics: [DiagnosticView]
    var countsText: String
    var stateJSON: String
    /// For a participant link: the tasks it plays, as JSON `[{id, prompt}]` (the page's
    /// `data-study-tasks`); `nil` otherwise.
    var studyTasks: String? = nil
    /// For a participant link whose prototype asks questions (`"questions"`): the forms after
    /// each task and at the end; `nil` otherwise.
    var studyQuestions: StudyQuestionsView? = nil
    /// For a participant link that asks for the participant id (``ShareLink/askPid``), when the
    /// address has none: the page asks for it before the study starts.
    var asksPid = false
    /// A participant's page shows the device and the task, as a study's participant should see
    /// the app: no environment menus, board, restart or rule panel (findings, state, comments),
    /// and a refusal does nothing visible, as in iOS.
    var isParticipant: Bool { studyTasks != nil }
    /// The owner's share links' dialog (``ShareManagerView``); `nil` for others, an embedded
    /// player and a preview.
    var shares: ShareManagerView? = nil
    /// The share link this page previews for the owner (`?preview=` its id): the page is the
    /// one its viewers get, and its session is not logged; `nil` otherwise.
    var preview: (id: String, label: String)? = nil

    /// The player of `loaded` (whose prototype is `p`) in `environment`, for `viewer`, in
    /// `strings`' language.
    init(
        _ loaded: LoadedPrototype, _ p: Prototype, environment env: Environment, viewer: Viewer, embedded: Bool,
        strings: Strings
    ) {
        let state = PresentationEngine.start(p, environment: env).state
        let listed = p.devices + DeviceCatalogue.all.map(\.id).filter { !p.devices.contains($0) }
        id = p.id
        name = p.name
        environment = env
        isOwner = viewer == .owner
        canComment = viewer.canComment
        isEmbedded = embedded
        devices = listed.compactMap { DeviceCatalogue.device($0) }.map {
            OptionView(id: $0.id, name: $0.name, isSelected: $0.id == env.device.id)
        }
        // Every share; the toolbar hides those the orientation lacks (panel.js).
        multitaskings = Multitasking.allCases.map {
            OptionView(id: $0.rawValue, name: PlayerPageView.name(of: $0, strings), isSelected: $0 == env.multitasking)
        }
        appearances = Appearance.allCases.map {
            OptionView(
                id: $0.rawValue, name: strings[$0 == .light ? .appearanceLight : .appearanceDark],
                isSelected: $0 == env.appearance)
        }
        contentSizes = ContentSizeCategory.allCases.map {
            OptionView(id: $0.rawValue, name: strings.contentSize($0), isSelected: $0 == env.contentSize)
        }
        layoutDirections = LayoutDirection.allCases.map {
            OptionView(
                id: $0.rawValue, name: strings[$0 == .ltr ? .layoutLTR : .layoutRTL],
                isSelected: $0 == env.layoutDirection)
        }
        var defaults = EnvironmentRequest.defaults(for: p)
        defaults.device = nil
        defaults.orientation = nil
        addressDefaults = defaults
        let running = state.environment.systemVersion
        versions = SystemVersion.listed(including: p.targetOS).map {
            OptionView(id: String($0), name: SystemVersion.name($0), isSelected: $0 == running)
        }
        frame = PlayerView(prototype: p, state: state).frame()
        diagnostics = DiagnosticView.findings(of: loaded, strings)
        countsText = CountBadgeView.badges(loaded, strings).map(\.label).joined(separator: " · ")
        stateJSON = JSONWriter(pretty: true).string(state.json)
    }

    /// How the toolbar names a multitasking share (Apple's names: Split View, Slide Over).
    static func name(of m: Multitasking, _ strings: Strings) -> String {
        switch m {
        case .full: return strings[.multitaskingFull]
        case .twoThirds: return strings[.multitaskingTwoThirds]
        case .half: return strings[.multitaskingHalf]
        case .third: return strings[.multitaskingThird]
        case .slideOver: return strings[.multitaskingSlideOver]
        case .window: return strings[.multitaskingWindow]
        }
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "id": id
        case "name": name
        case "environmentKeys": JSONWriter().string(.array(EnvironmentKey.allCases.map { .string($0.rawValue) }))
        case "environmentJSON": JSONWriter().string(.object(EnvironmentRequest(environment).json))
        case "environmentDefaults": JSONWriter().string(.object(addressDefaults.json))
        case "isPortrait": environment.orientation == .portrait
        case "isLandscape": environment.orientation == .landscape
        case "isPad": environment.device.family == .iPad
        case "isOwner": isOwner
        case "canComment": canComment
        case "embed": isEmbedded
        case "devices": devices
        case "multitaskings": multitaskings
        case "appearances": appearances
        case "contentSizes": contentSizes
        case "layoutDirections": layoutDirections
        case "versions": versions
        case "frame": frame
        case "diagnostics": diagnostics
        case "studyTasks": studyTasks.asMustacheValue
        case "isParticipant": isParticipant
        case "shares": shares.asMustacheValue
        case "previewID": (preview?.id).asMustacheValue
        case "previewBanner": preview.map { _ in true } ?? false
        case "previewLabel": (preview?.label).asMustacheValue
        case "studyQuestions": studyQuestions.asMustacheValue
        case "asksPid": asksPid
        case "countsText": countsText
        case "stateJSON": stateJSON
        case "commentMaxLength": CommentStore.maxLength
        default: nil
        }
    }
}

/// `board`: every device × orientation, iPhones then iPads, each device's portrait and landscape
/// side by side. Frames carry their device's size in points; the stylesheet scales them, one
/// scale per family and window width, and the embedded player fits the device to its frame.
struct BoardView: MustacheContext {
    struct Family: MustacheContext {
        var name: String
        var family: String
        var devices: [DeviceRow]

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "name": name
            case "family": family
            case "devices": devices
            default: nil
            }
        }
    }

    struct DeviceRow: MustacheContext {
        var device: String
        var deviceName: String
        var isInPrototype: Bool
        var points: String
        var cells: [Cell]

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "device": device
            case "deviceName": deviceName
            case "isInPrototype": isInPrototype
            case "points": points
            case "cells": cells
            default: nil
            }
        }
    }

    struct Cell: MustacheContext {
        /// The iOS version of the frame when the board compares versions (`&targetOS=26`, and
        /// its name in the caption), else empty.
        var version: String = ""
        var versionQuery: String = ""
        var versionName: String = ""
        var orientation: String
        /// The orientation in the page's language.
        var orientationName: String
        var sizeClass: String
        var frameWidth: Int
        var frameHeight: Int

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "version": version
            case "versionQuery": versionQuery
            case "versionName": versionName
            case "isComparing": !versionName.isEmpty
            case "orientation": orientation
            case "orientationName": orientationName
            case "sizeClass": sizeClass
            case "frameWidth": frameWidth
            case "frameHeight": frameHeight
            default: nil
            }
        }
    }

    var id: String
    var name: String
    var isOwner: Bool
    var families: [Family]
    /// `&appearance=dark&contentSize=…&layoutDirection=rtl&targetOS=26`: the traits of the
    /// board's query that differ from the defaults, passed on to every frame (empty when none).
    var traitsQuery: String
    /// Whether the board shows each frame once per iOS version (`?versions=18,26`).
    var isComparingVersions: Bool

    /// The board of `p`; every frame gets the appearance, text size, layout direction and iOS
    /// version of `traits` (the board's own query). With `versions`, each device shows each
    /// orientation once per version, side by side, so one prototype can be compared across
    /// versions.
    init(_ p: Prototype, viewer: Viewer, traits: Environment, versions: [Int]? = nil, _ strings: Strings) {
        // Each frame has its own device, orientation and (when comparing) version.
        let passed = EnvironmentKey.traits.filter { versions == nil || $0 != .targetOS }
        traitsQuery = EnvironmentRequest(traits).only(passed)
            .queryItems(omitting: EnvironmentRequest.defaults(for: p))
            .map { "&\($0.name)=\($0.value)" }.joined()
        isComparingVersions = versions != nil
        let shown: [Int?] = versions ?? [nil]
        id = p.id
        name = p.name
        isOwner = viewer == .owner
        families = [Device.Family.iPhone, .iPad].map { family in
            Family(
                name: family == .iPhone ? "iPhone" : "iPad", family: family == .iPhone ? "phone" : "pad",
                devices: DeviceCatalogue.all.filter { $0.family == family }.map { d in
                    DeviceRow(
                        device: d.id, deviceName: d.name, isInPrototype: p.devices.contains(d.id),
                        points: "\(Int(d.width)) × \(Int(d.height)) pt",
                        cells: BoardView.cells(of: d, versions: shown, strings))
                })
        }
    }

    /// A device's frames: each orientation, once per version in `versions` (`nil`: the board's
    /// own version, named nowhere).
    static func cells(of d: Device, versions: [Int?], _ strings: Strings) -> [Cell] {
        var out: [Cell] = []
        for version in versions {
            for o in Orientation.allCases {
                let env = Environment(device: d, orientation: o)
                let s = env.screenSize
                // The frame's bezel (Public/modallab.css): 14 pt, 22 pt on iPad, 76 × 20 pt
                // around a home button.
                let pad = d.family == .iPad
                var bezel = (w: pad ? 22.0 : 14.0, h: pad ? 22.0 : 14.0)
                if !pad && d.safeBottom == 0 { bezel = o == .portrait ? (20, 76) : (76, 20) }
                var cell = Cell(
                    orientation: o.rawValue, orientationName: strings.orientation(o),
                    sizeClass: env.sizeClassDescription,
                    frameWidth: Int(s.width + 2 * bezel.w), frameHeight: Int(s.height + 2 * bezel.h))
                if let version {
                    cell.version = String(version)
                    cell.versionQuery = "&targetOS=\(version)"
                    cell.versionName = SystemVersion.name(version)
                }
                out.append(cell)
            }
        }
        return out
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "id": id
        case "name": name
        case "isOwner": isOwner
        case "families": families
        case "traitsQuery": traitsQuery
        case "isComparingVersions": isComparingVersions
        default: nil
        }
    }
}

/// `rules`: the catalogue by section.
struct RulesView: MustacheContext {
    struct Section: MustacheContext {
        /// The catalogue's section title, which groups the rules.
        var id: String
        var name: String
        var rules: [RuleView]

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "name": name
            case "rules": rules
            default: nil
            }
        }
    }

    struct RuleView: MustacheContext {
        var id: String
        var severity: String
        var severityLabel: String
        var kind: String
        var title: String
        var message: String
        var check: String
        var source: String

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "id": id
            case "severity": severity
            case "severityLabel": severityLabel
            case "kind": kind
            case "title": title
            case "message": message
            case "check": check
            case "source": source
            default: nil
            }
        }
    }

    var count: Int
    var intro: String
    var sections: [Section]

    /// The catalogue in `strings`' language: rule names and messages from the catalogue's own
    /// translations, section titles and kinds from the page's strings; the checks and sources
    /// as the catalogue gives them (English, and the sources' own words).
    init(_ strings: Strings) {
        var sections: [Section] = []
        let language = strings.language
        for r in RuleCatalogue.all {
            let kinds = r.kinds.map { k in
                switch k {
                case .static: strings[.kindStatic]
                case .runtime: strings[.kindRuntime]
                case .adapt: strings[.kindAdapt]
                }
            }
            let rule = RuleView(
                id: r.id.rawValue, severity: r.severity.rawValue,
                severityLabel: r.severityNote == nil ? strings.severity(r.severity) : strings[.severityVaries],
                kind: kinds.joined(separator: " + "), title: r.name(language), message: r.message(language),
                check: r.check, source: r.source)
            if let i = sections.firstIndex(where: { $0.id == r.section }) {
                sections[i].rules.append(rule)
            } else {
                sections.append(Section(id: r.section, name: RulesView.sectionTitle(r.section, strings), rules: [rule]))
            }
        }
        count = RuleCatalogue.all.count
        intro = strings.format(.rulesIntro, ["count": String(count)])
        self.sections = sections
    }

    /// A catalogue section's title in `strings`' language, by its number ("3.3 Popovers" →
    /// "3.3 弹出框"); the catalogue's own title where no translation is known.
    static func sectionTitle(_ section: String, _ strings: Strings) -> String {
        guard strings.language == .zhHans else { return section }
        let number = String(section.prefix { $0 != " " })
        return Strings.ruleSections[number] ?? section
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "count": count
        case "intro": intro
        case "sections": sections
        default: nil
        }
    }
}

/// `error`: a problem as a page; it reloads itself when the prototype it is about changes. The
/// page of a prototype whose file has errors (``init(broken:strings:)``) names it as its
/// designer does and lists every error, with the `modallab lint` line that shows them too.
struct ErrorPageView: MustacheContext {
    var status: Int
    /// Whether the heading starts with the status code (not on a broken prototype's page,
    /// which is about the file, not about HTTP).
    var showsStatus = true
    /// A broken prototype's errors.
    var diagnostics: [DiagnosticView] = []
    /// `modallab lint FILE`, for a broken prototype.
    var lintCommand = ""
    var title: String
    var detail: String
    var prototype: String
    var watchesPrototype: Bool
    /// The language the title and detail are in: English unless the title is the status's
    /// reason phrase, which the page's strings know (the problems' details are English).
    var titleLanguage: String = "en"
    /// The language the detail is in: English, unless the problem carries it in the page's
    /// language too (``Problem/localizedDetail``).
    var detailLanguage: String = "en"
    /// Whether the page links back to the gallery (not for a share link's holder: only the
    /// owner can open it).
    var showsGallery = true
    /// For a working share link's holder, the page their link opens (``ShareLink/opens``), which
    /// the page links back to; empty for anyone else.
    var sharedLink = ""

    /// The page of `problem` in `strings`' language: in English the problem's own title; in
    /// another language the reason phrase of its status (the problem's English title is
    /// specific, its detail stays as written).
    init(_ problem: Problem, prototype: String?, strings: Strings) {
        status = problem.status.code
        title = problem.title
        detail = problem.detail ?? ""
        self.prototype = prototype ?? ""
        // A change to the file can only mend a prototype that has errors (409) or doesn't
        // exist yet (404); a bad address stays bad whatever the file says.
        watchesPrototype = prototype != nil && (problem.status == .conflict || problem.status == .notFound)
        if strings.language != .en, let reason = ErrorPageView.reason(problem.status.code) {
            title = strings[reason]
            titleLanguage = strings.language.rawValue
        }
        if let localized = problem.localizedDetail {
            detail = localized(strings.language)
            detailLanguage = strings.language.rawValue
        }
    }

    /// The page of `loaded`, a prototype whose file has errors (409): "Northwind Bank can’t be
    /// played yet", the file and how many errors, each error, and the lint command.
    init(broken loaded: LoadedPrototype, strings: Strings) {
        let file = ModalLabApp.displayPath(loaded.file)
        status = HTTPStatus.conflict.code
        showsStatus = false
        // The name isolated (FSI … PDI): a right-to-left name doesn't reorder the words around it.
        title = strings.format(.brokenHeading, ["name": "\u{2068}\(loaded.name)\u{2069}"])
        titleLanguage = strings.language.rawValue
        let errors = strings.count(loaded.errorCount, one: .errorsOne, other: .errorsOther)
        detail = strings.format(.brokenDetail, ["file": file, "errors": errors])
        detailLanguage = strings.language.rawValue
        prototype = loaded.id
        watchesPrototype = true
        var errorsOnly = loaded
        errorsOnly.diagnostics = loaded.diagnostics.filter { $0.severity == .error }
        diagnostics = DiagnosticView.findings(of: errorsOnly, strings)
        lintCommand = "modallab lint " + (file.contains(" ") ? "'\(file)'" : file)
    }

    /// The page of a share link that no longer works (expired, revoked, or never made), for its
    /// holder: neutral words in the reader's language, nothing of why, no prototype, no gallery.
    init(linkEnded status: HTTPStatus, strings: Strings) {
        self.init(holder: status, title: .linkEndedHeading, detail: .linkEndedDetail, strings: strings)
    }

    /// An owner's page (401) as a working share link's holder meets it: words for them in the
    /// reader's language, not the owner's instructions (the token `modallab serve` printed);
    /// the page links back to their prototype (``sharedLink``).
    init(ownersPage status: HTTPStatus, strings: Strings) {
        self.init(holder: status, title: .ownersPageHeading, detail: .ownersPageDetail, strings: strings)
    }

    /// A page for a share link's holder: `title` and `detail` in the reader's language, no
    /// status in the heading, no prototype, no gallery.
    private init(holder status: HTTPStatus, title: UIString, detail: UIString, strings: Strings) {
        self.status = status.code
        showsStatus = false
        self.title = strings[title]
        self.detail = strings[detail]
        titleLanguage = strings.language.rawValue
        detailLanguage = strings.language.rawValue
        prototype = ""
        watchesPrototype = false
        showsGallery = false
    }

    /// The string of a status's reason phrase (RFC 9110 §15), for the statuses ModalLab answers with.
    static func reason(_ code: Int) -> UIString? {
        switch code {
        case 400: .status400
        case 401: .status401
        case 403: .status403
        case 404: .status404
        case 409: .status409
        case 413: .status413
        case 429: .status429
        case 500: .status500
        case 503: .status503
        default: nil
        }
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "status": status
        case "showsStatus": showsStatus
        case "diagnostics": diagnostics
        case "hasDiagnostics": !diagnostics.isEmpty
        case "lintCommand": lintCommand
        case "title": title
        case "titleLang": titleLanguage
        case "detail": detail
        case "detailLang": detailLanguage
        case "prototype": prototype
        case "watch": watchesPrototype
        case "showsGallery": showsGallery
        case "sharedLink": sharedLink
        default: nil
        }
    }
}

/// `insights`: the log summary of one prototype as bars, tables and a heat map of taps (SVG, no
/// script).
struct InsightsView: MustacheContext {
    struct Bar: MustacheContext {
        var y: Int
        var modal: String
        var presentations: Int
        var width: Double
        var cancelWidth: Double
        var valueX: Double
        /// "3 · 33% cancelled", in the page's language.
        var valueText: String

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "y": y
            case "modal": modal
            case "presentations": presentations
            case "width": width
            case "cancelWidth": cancelWidth
            case "valueX": valueX
            case "valueText": valueText
            default: nil
            }
        }
    }

    struct ModalRow: MustacheContext {
        var modal: String
        var presentations: Int
        var dismissals: Int
        var how: String
        var median: String
        var p90: String
        var cancelRate: String
        var refusals: String

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "modal": modal
            case "presentations": presentations
            case "dismissals": dismissals
            case "how": how
            case "median": median
            case "p90": p90
            case "cancelRate": cancelRate
            case "refusals": refusals
            default: nil
            }
        }
    }

    struct Dot: MustacheContext {
        var x: Double
        var y: Double
        var kind: String

        func mustacheValue(forKey key: String) -> Any? {
            switch key {
            case "x": x
            case "y": y
            case "kind": kind
            default: nil
            }
        }
    }

    var id: String
    var name: String
    var events: Int
    var sessionCount: Int
    var bars: [Bar]
    var modals: [ModalRow]
    var device: Device
    var dots: [Dot]
    var summaryText: String
    var tapsHeading: String

    /// The insights of `p` from its log `summary` and up to 5,000 `taps` (taps and misclicks
    /// with a position). The heat map shows the device with the most taps, portrait.
    init(_ p: LoadedPrototype, summary: LogSummary, taps: [LogEvent], strings: Strings) {
        var deviceCounts: [String: Int] = [:]
        for e in taps where e.x != nil && e.y != nil { deviceCounts[e.device ?? "", default: 0] += 1 }
        let deviceID = deviceCounts.max { $0.value < $1.value }?.key ?? p.prototype?.devices.first ?? "iphone-16"
        let device = DeviceCatalogue.device(deviceID) ?? DeviceCatalogue.all[1]
        let maxPresented = max(1, summary.modals.map(\.presentations).max() ?? 1)
        let (ms, pct) = (StudyViews.ms, StudyViews.pct)
        id = p.id
        name = p.name
        events = summary.events
        sessionCount = summary.sessions.count
        bars = summary.modals.enumerated().map { i, m in
            let w = 300.0 * Double(m.presentations) / Double(maxPresented)
            return Bar(
                y: i * 24, modal: m.modal, presentations: m.presentations, width: w,
                cancelWidth: w * (m.cancelRate ?? 0),
                valueX: 178 + w,
                valueText: strings.format(
                    .barValue, ["presentations": String(m.presentations), "percent": pct(m.cancelRate)]))
        }
        modals = summary.modals.map { m in
            ModalRow(
                modal: m.modal, presentations: m.presentations, dismissals: m.dismissals,
                how: m.dismissalsByHow.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map {
                    "\($0.key) \($0.value)"
                }
                .joined(separator: ", "),
                median: ms(m.medianTimeUpMs), p90: ms(m.p90TimeUpMs), cancelRate: pct(m.cancelRate),
                refusals: m.refusalsByRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                    separator: ", "))
        }
        self.device = device
        summaryText = strings.format(
            .eventsInSessions, ["events": String(summary.events), "sessions": String(summary.sessions.count)])
        tapsHeading = strings.format(.tapsOn, ["device": device.name])
        dots = taps.compactMap { e in
            guard let x = e.x, let y = e.y, e.device == device.id else { return nil }
            return Dot(x: x, y: y, kind: e.type == .misclick ? "misclick" : "tap")
        }
    }

    func mustacheValue(forKey key: String) -> Any? {
        let scale = min(1, 420 / device.height)
        switch key {
        case "id": return id
        case "name": return name
        case "events": return events
        case "sessionCount": return sessionCount
        case "hasModals": return !modals.isEmpty
        case "bars": return bars
        case "chartWidth": return 640
        case "chartHeight": return max(24, bars.count * 24)
        case "modals": return modals
        case "deviceName": return device.name
        case "deviceWidth": return device.width
        case "deviceHeight": return device.height
        case "heatWidth": return Int(device.width * scale)
        case "heatHeight": return Int(device.height * scale)
        case "dots": return dots
        case "summaryText": return summaryText
        case "tapsHeading": return tapsHeading
        default: return nil
        }
    }
}
