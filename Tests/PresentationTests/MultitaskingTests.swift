import Prototype
import Testing

@testable import Presentation

/// iPad multitasking as iPadOS offers it: which shares each orientation has, the window's width
/// and its size class, from Apple's tables (HIG "Layout"; "Adopting Multitasking Enhancements on
/// iPad"), and what the engine does with a share iPadOS does not offer.
@Suite struct MultitaskingTests {
    static let app = """
        {"format": "modallab/1", "id": "mt", "start": "home",
         "screens": [{"id": "home", "title": "Home",
           "content": [{"type": "button", "id": "open", "title": "Open", "action": {"present": "page"}}]}],
         "modals": [{"id": "page", "style": "pageSheet", "title": "Page",
           "navigationBar": {"leading": [{"id": "close", "title": "Close", "action": "dismiss"}]},
           "content": [{"type": "text", "id": "t", "text": "Text"}]}]}
        """

    struct Row: Sendable, CustomStringConvertible {
        var device: String, orientation: Orientation, multitasking: Multitasking
        var width: Double, horizontal: SizeClass
        var description: String { "\(device) \(orientation) \(multitasking)" }
    }

    /// Every iPad × orientation × share iPadOS offers: the window's width (points) and its
    /// horizontal size class.
    static let table: [Row] = [
        // iPad mini 744 × 1133
        Row(device: "ipad-mini", orientation: .portrait, multitasking: .full, width: 744, horizontal: .regular),
        Row(device: "ipad-mini", orientation: .portrait, multitasking: .twoThirds, width: 414, horizontal: .compact),
        Row(device: "ipad-mini", orientation: .portrait, multitasking: .third, width: 320, horizontal: .compact),
        Row(device: "ipad-mini", orientation: .portrait, multitasking: .slideOver, width: 320, horizontal: .compact),
        Row(device: "ipad-mini", orientation: .landscape, multitasking: .full, width: 1133, horizontal: .regular),
        Row(device: "ipad-mini", orientation: .landscape, multitasking: .twoThirds, width: 803, horizontal: .regular),
        Row(device: "ipad-mini", orientation: .landscape, multitasking: .half, width: 561, horizontal: .compact),
        Row(device: "ipad-mini", orientation: .landscape, multitasking: .third, width: 320, horizontal: .compact),
        // iPad Pro 11-inch 834 × 1210
        Row(device: "ipad-pro-11", orientation: .portrait, multitasking: .twoThirds, width: 504, horizontal: .compact),
        Row(device: "ipad-pro-11", orientation: .landscape, multitasking: .twoThirds, width: 880, horizontal: .regular),
        Row(device: "ipad-pro-11", orientation: .landscape, multitasking: .half, width: 600, horizontal: .compact),
        Row(device: "ipad-pro-11", orientation: .landscape, multitasking: .slideOver, width: 320, horizontal: .compact),
        // iPad Air 11-inch 820 × 1180
        Row(device: "ipad-air-11", orientation: .landscape, multitasking: .half, width: 585, horizontal: .compact),
        // iPad Pro 13-inch 1032 × 1376: the largest, regular at half in landscape; a third is 375
        Row(device: "ipad-pro-13", orientation: .portrait, multitasking: .twoThirds, width: 647, horizontal: .compact),
        Row(device: "ipad-pro-13", orientation: .portrait, multitasking: .third, width: 375, horizontal: .compact),
        Row(device: "ipad-pro-13", orientation: .landscape, multitasking: .twoThirds, width: 991, horizontal: .regular),
        Row(device: "ipad-pro-13", orientation: .landscape, multitasking: .half, width: 683, horizontal: .regular),
        Row(device: "ipad-pro-13", orientation: .landscape, multitasking: .third, width: 375, horizontal: .compact),
        Row(device: "ipad-pro-13", orientation: .landscape, multitasking: .slideOver, width: 375, horizontal: .compact),
    ]

    @Test(arguments: table) func widthAndSizeClass(_ row: Row) throws {
        let env = Environment(
            device: try #require(DeviceCatalogue.device(row.device)), orientation: row.orientation,
            multitasking: row.multitasking)
        #expect(env.isSupported)
        #expect(env.windowSize.width == row.width)
        #expect(env.horizontalSizeClass == row.horizontal)
        #expect(env.verticalSizeClass == .regular)
    }

    @Test func portraitHasNoHalfAndIPhonesOnlyFull() throws {
        for d in DeviceCatalogue.all where d.family == .iPad {
            #expect(Environment.supportedMultitasking(on: d, .portrait) == [.full, .twoThirds, .third, .slideOver])
            #expect(Environment.supportedMultitasking(on: d, .landscape) == Multitasking.allCases)
            #expect(!Environment(device: d, orientation: .portrait, multitasking: .half).isSupported)
        }
        for d in DeviceCatalogue.all where d.family == .iPhone {
            #expect(Environment.supportedMultitasking(on: d, .landscape) == [.full])
        }
    }

    @Test func theEngineRefusesAShareIPadOSDoesNotOfferAndRotationKeepsASupportedOne() throws {
        var s = Session(try prototype(Self.app), device: "ipad-pro-11")
        do {
            try s.apply(.resize(device: nil, multitasking: .half))
            Issue.record("half in portrait was accepted")
        } catch let e as EngineRequestError {
            #expect("\(e)".contains("supported: full, twoThirds, third, slideOver"), "\(e)")
        }
        #expect(s.state.environment.multitasking == .full)
        try s.apply(.rotate(.landscape))
        try s.apply(.resize(device: nil, multitasking: .half))
        try s.tap("open")
        #expect(s.forms == [.card], "a page sheet at half width on an 11-inch iPad Pro is a card")
        try s.apply(.rotate(.portrait))
        #expect(s.state.environment.multitasking == .twoThirds)
        #expect(s.state.environment.isSupported)
        try s.apply(.resize(device: "ipad-pro-13", multitasking: .full))
        try s.apply(.rotate(.landscape))
        try s.apply(.resize(device: nil, multitasking: .half))
        #expect(s.forms == [.centered], "half on the 13-inch iPad Pro in landscape is regular width")
    }

    @Test func traitsTravelInTheStateAndAResize() throws {
        var s = Session(try prototype(Self.app))
        #expect(s.state.json["appearance"] == "light")
        #expect(s.state.json["contentSize"] == "large")
        #expect(s.state.json["layoutDirection"] == "ltr")
        try s.apply(
            .resize(
                device: nil, multitasking: nil, appearance: .dark, contentSize: .accessibilityLarge,
                layoutDirection: .rtl))
        #expect(s.state.environment.appearance == .dark)
        #expect(s.state.environment.contentSize == .accessibilityLarge)
        #expect(s.state.environment.layoutDirection == .rtl)
        try s.apply(.rotate(.landscape))
        #expect(s.state.environment.appearance == .dark, "a rotation keeps the traits")
        var bytes: [UInt8] = []
        s.state.appendJSON(into: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self).contains(
                #""appearance":"dark","contentSize":"accessibilityLarge","layoutDirection":"rtl""#))
    }
}
