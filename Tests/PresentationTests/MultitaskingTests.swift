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
            #expect(Environment.supportedMultitasking(on: d, .landscape) == Multitasking.shares)
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

    /// iPadOS's resizable windows: any size within the screen from 320 pt, regular width from
    /// 678 pt (the narrowest regular-width window of Apple's tables), reported in the state.
    @Test func aResizableWindowTakesAnySizeAndItsWidthDecidesTheSizeClass() throws {
        var s = Session(try prototype(Self.app), device: "ipad-pro-11")
        try s.apply(.resize(device: nil, multitasking: nil, window: Size(width: 700, height: 900)))
        #expect(s.state.environment.multitasking == .window)
        #expect(s.state.json["multitasking"] == "window")
        #expect(s.state.json["window"] == ["width": 700, "height": 900])
        #expect(s.state.environment.horizontalSizeClass == .regular)
        try s.tap("open")
        #expect(s.forms == [.centered])
        try s.apply(.resize(device: nil, multitasking: nil, window: Size(width: 677, height: 900)))
        #expect(s.state.environment.horizontalSizeClass == .compact)
        #expect(s.forms == [.card], "below 678 pt the page sheet adapts to a card")
        // Centred on the screen, with the insets of the screen edges it reaches.
        let l = FrameLayout(prototype: try prototype(Self.app), state: s.state)
        #expect(l.window == Rect(x: 79, y: 155, width: 677, height: 900))
        #expect(l.safeArea.top == 0 && l.safeArea.bottom == 0)
        try s.apply(.resize(device: nil, multitasking: nil, window: Size(width: 834, height: 1210)))
        #expect(FrameLayout(prototype: try prototype(Self.app), state: s.state).safeArea.top == 24)
        // A rotation keeps the window within the screen; a share clears it.
        try s.apply(.rotate(.landscape))
        #expect(s.state.environment.windowSize == Size(width: 834, height: 834))
        try s.apply(.resize(device: nil, multitasking: .half))
        #expect(s.state.environment.window == nil)
        #expect(s.state.json["window"] == ["width": 600, "height": 834])
        // Without a size, a window starts at two thirds of the width and three quarters of the height.
        try s.apply(.resize(device: nil, multitasking: .window))
        #expect(s.state.environment.windowSize == Size(width: 807, height: 626))
    }

    @Test func aWindowThatDoesNotFitIsABadRequestNamingItsMember() throws {
        var s = Session(try prototype(Self.app), device: "ipad-mini")
        for (size, path) in [
            (Size(width: 200, height: 500), "$.window.width"), (Size(width: 745, height: 500), "$.window.width"),
            (Size(width: 500, height: 1200), "$.window.height"), (Size(width: .nan, height: 500), "$.window.width"),
        ] {
            do {
                try s.apply(.resize(device: nil, multitasking: nil, window: size))
                Issue.record("\(size) was accepted")
            } catch let e as EngineRequestError {
                #expect(e.path == path, "\(size): \(e)")
            }
        }
        #expect(throws: EngineRequestError.self) {
            try s.apply(.resize(device: nil, multitasking: .half, window: Size(width: 500, height: 500)))
        }
        var phone = Session(try prototype(Self.app))
        do {
            try phone.apply(.resize(device: nil, multitasking: nil, window: Size(width: 350, height: 500)))
            Issue.record("an iPhone window was accepted")
        } catch let e as EngineRequestError {
            #expect(e.path == "$.window")
        }
        #expect(s.state.environment.multitasking == .full)
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
