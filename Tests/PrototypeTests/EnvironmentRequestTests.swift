import JSON
import Testing

@testable import Prototype

/// The environment's one codec: a JSON body and a query decode to the same request, encode back,
/// and resolve over a prototype's defaults or a session's environment with every check once;
/// errors name the member (a JSON path, a query parameter) and what it takes.
@Suite struct EnvironmentRequestTests {
    func prototype(devices: [String] = ["ipad-pro-11"], targetOS: Int? = nil) throws -> Prototype {
        var doc: JSONObject = [
            "format": "modallab/1", "id": "env", "start": "home", "devices": .array(devices.map { .string($0) }),
            "screens": [["id": "home"]],
        ]
        if let targetOS { doc["targetOS"] = .string(String(targetOS)) }
        return try #require(try Prototype.decode(JSONWriter().bytes(.object(doc))).prototype)
    }

    func body(_ json: JSONValue, keys: [EnvironmentKey] = EnvironmentKey.allCases) throws(JSONShapeError)
        -> EnvironmentRequest
    {
        let o = try JSONReader(json).object()
        let r = try EnvironmentRequest(reading: o, keys: keys)
        try o.finish()
        return r
    }

    func query(_ items: [String: String]) throws(EnvironmentError) -> EnvironmentRequest {
        try EnvironmentRequest(query: { items[$0] })
    }

    @Test func aBodyAndAQueryAreTheSameRequestAndEncodeBack() throws {
        let json: JSONValue = [
            "device": "ipad-pro-11", "orientation": "landscape", "multitasking": "window", "appearance": "dark",
            "contentSize": "accessibilityLarge", "layoutDirection": "rtl", "window": ["width": 700, "height": 600],
            "targetOS": 26,
        ]
        let fromBody = try body(json)
        let fromQuery = try query([
            "device": "ipad-pro-11", "orientation": "landscape", "multitasking": "window", "appearance": "dark",
            "contentSize": "accessibilityLarge", "layoutDirection": "rtl", "window": "700x600", "targetOS": "26.1",
        ])
        #expect(fromBody == fromQuery)
        #expect(fromBody.names == EnvironmentKey.allCases)
        // Encoded as read: the JSON in the codec's order (targetOS as a string), the query too.
        let again = try body(.object(fromBody.json))
        #expect(again == fromBody)
        #expect(fromBody.json.keys == EnvironmentKey.allCases.map(\.rawValue))
        #expect(fromBody.json["targetOS"] == "26")
        let items = fromBody.queryItems()
        #expect(items.map(\.name) == EnvironmentKey.allCases.map(\.rawValue))
        #expect(items.first { $0.name == "window" }?.value == "700x600")
        #expect(try query(Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value) })) == fromBody)
    }

    @Test func errorsNameTheMemberAndWhatItTakes() throws {
        for (json, path, words) in [
            (["contentSize": "huge"] as JSONValue, "$.contentSize", "accessibilityExtraExtraExtraLarge"),
            (["window": ["width": "wide", "height": 500]], "$.window.width", "a number"),
            (["window": ["width": 500]], "$.window.height", "height"),
            (["window": ["width": 500, "height": 500, "depth": 1]], "$.window.depth", "unknown member"),
            (["targetOS": "six"], "$.targetOS", "7 to 99"),
            (["orientation": "sideways"], "$.orientation", "portrait, landscape"),
        ] {
            do {
                _ = try body(json)
                Issue.record("\(json) was read")
            } catch {
                #expect(error.path.description == path, "\(json)")
                #expect(error.message.contains(words), "\(json): \(error.message)")
            }
        }
        for (items, parameter, words) in [
            (["appearance": "sepia"], "appearance", "light, dark"),
            (["window": "700"], "window", "WIDTHxHEIGHT"),
            (["targetOS": "6"], "targetOS", "7 to 99"),
            (["orientation": "up"], "orientation", "portrait or landscape"),
        ] {
            #expect(throws: EnvironmentError.self) { try query(items) }
            do { _ = try query(items) } catch {
                #expect(error.parameter == parameter)
                #expect(error.message.contains(words), "\(items): \(error.message)")
            }
        }
        // Members outside the keys asked for are left to the caller, who names them unknown.
        #expect(throws: JSONShapeError.self) {
            _ = try body(["orientation": "landscape"], keys: EnvironmentKey.allCases.filter { $0 != .orientation })
        }
    }

    @Test func resolvesOverThePrototypesDefaults() throws {
        let p = try prototype(devices: ["ipad-pro-11"], targetOS: 26)
        let env = try EnvironmentRequest().resolved(for: p)
        #expect(env.device.id == "ipad-pro-11" && env.orientation == .portrait && env.multitasking == .full)
        #expect(env.appearance == .light && env.contentSize == .large && env.layoutDirection == .ltr)
        #expect(env.targetOS == 26)
        #expect(EnvironmentRequest(env) == EnvironmentRequest.defaults(for: p))
        let none = try prototype(devices: [])
        #expect(try EnvironmentRequest().resolved(for: none).device.id == EnvironmentRequest.defaultDeviceID)
        // A window makes the share `window`.
        let w = try EnvironmentRequest(window: Size(width: 700, height: 900)).resolved(for: p)
        #expect(w.multitasking == .window && w.windowSize == Size(width: 700, height: 900))
    }

    /// Every check of the device, the window and the share, once, whoever asks: the member it
    /// names as a JSON path and as a query parameter.
    @Test(arguments: [
        (EnvironmentRequest(device: "ipad-pro-12"), "$.device", "did you mean"),
        (
            EnvironmentRequest(multitasking: .half, window: Size(width: 700, height: 700)), "$.multitasking",
            "or left out"
        ),
        (EnvironmentRequest(device: "iphone-16", window: Size(width: 390, height: 800)), "$.window", "iPadOS's"),
        (EnvironmentRequest(window: Size(width: 100, height: 900)), "$.window.width", "from 320 to 834"),
        (EnvironmentRequest(window: Size(width: 500, height: 5000)), "$.window.height", "from 320 to 1210"),
        (EnvironmentRequest(multitasking: .half), "$.multitasking", "supported: full, twoThirds, third, slideOver"),
    ])
    func checksOnce(request: EnvironmentRequest, path: String, words: String) throws {
        let p = try prototype()
        let ipad = try EnvironmentRequest().resolved(for: p)
        for resolve in [{ try request.resolved(for: p) }, { try request.resolved(keeping: ipad) }] {
            do {
                _ = try resolve()
                Issue.record("\(request) resolved")
            } catch let error as EnvironmentError {
                #expect(error.path().description == path)
                #expect(error.parameter == String(path.dropFirst(2).prefix { $0 != "." }))
                #expect(error.message.contains(words), "\(error.message)")
            }
        }
    }

    @Test func aResizeKeepsWhatItDoesNotName() throws {
        let p = try prototype()
        let start = try EnvironmentRequest(orientation: .landscape, multitasking: .half, appearance: .dark)
            .resolved(for: p)
        let next = try EnvironmentRequest(contentSize: .extraLarge).resolved(keeping: start)
        #expect(next.orientation == .landscape && next.multitasking == .half && next.appearance == .dark)
        #expect(next.contentSize == .extraLarge)
        // A share asked of an iPhone is not an error: an iPhone app is always full screen.
        let phone = try EnvironmentRequest(device: "iphone-16", multitasking: .half).resolved(keeping: start)
        #expect(phone.multitasking == .full)
        // A log an older version wrote: what can't be read is left to the defaults.
        let logged = EnvironmentRequest(leniently: ["device": "ipad-mini", "appearance": "sepia"].get)
        #expect(logged == EnvironmentRequest(device: "ipad-mini"))
    }
}

extension Dictionary where Key == String, Value == String {
    /// The dictionary as a query's lookup.
    fileprivate var get: (String) -> String? { { self[$0] } }
}
