import JSON

/// A member of the environment a session runs in, by the one name it has everywhere: the body
/// of `POST /api/sessions`, a `resize` action, the query of `/p/{id}` and of the board, the
/// state's JSON, the log's `action` column, and the player's scripts (the page lists the keys
/// in `data-environment-keys`, so `Public/environment.js` needs no list of its own).
///
/// Adding a trait is one case here, its member of ``EnvironmentRequest`` (decoding, encoding,
/// resolution) and of ``Environment``, the engine where it matters, and `docs/format.md`.
public enum EnvironmentKey: String, Sendable, CaseIterable, Codable {
    case device, orientation, multitasking, appearance, contentSize, layoutDirection, window, targetOS

    /// The traits the system gives the app whatever its window (`UITraitCollection`'s
    /// appearance, text size, layout direction, and the iOS version it runs as): what the board
    /// passes on to each of its frames, which have their own device, orientation and window.
    public static let traits: [EnvironmentKey] = [.appearance, .contentSize, .layoutDirection, .targetOS]

    /// What a value of this member is, for messages: "portrait or landscape", "an iOS version
    /// from 7 to 99, such as 26", ….
    public var expected: String {
        switch self {
        case .device: return "a device id (" + DeviceCatalogue.all.map(\.id).joined(separator: ", ") + ")"
        case .orientation: return "portrait or landscape"
        case .multitasking: return "one of " + Multitasking.allCases.map(\.rawValue).joined(separator: ", ")
        case .appearance: return "one of " + Appearance.allCases.map(\.rawValue).joined(separator: ", ")
        case .contentSize: return "one of " + ContentSizeCategory.names
        case .layoutDirection: return "one of " + LayoutDirection.allCases.map(\.rawValue).joined(separator: ", ")
        case .window: return "a resizable window's size in points"
        case .targetOS: return "an iOS version from 7 to 99, such as 26"
        }
    }
}

/// What a request asks of the environment: each member it names, the others left to a base
/// (the prototype's defaults when a session starts or a page opens, the session's environment
/// for a `resize`). The one codec of the environment: it decodes a JSON body
/// (``init(reading:keys:)``) and a query (``init(query:keys:)``), encodes both back (``json``,
/// ``queryItems(omitting:)``), and resolves over a base with every check of the device, the
/// window and the multitasking share (``resolved(for:)``, ``resolved(keeping:)``), once.
///
/// Errors name the member: a JSON path for a body (``JSONShapeError``, or
/// ``EnvironmentError/path(in:)``) and the parameter for a query (``EnvironmentError/key``).
public struct EnvironmentRequest: Sendable, Hashable {
    /// A device id of ``DeviceCatalogue`` (checked when resolved).
    public var device: String?
    public var orientation: Orientation?
    public var multitasking: Multitasking?
    public var appearance: Appearance?
    public var contentSize: ContentSizeCategory?
    public var layoutDirection: LayoutDirection?
    /// A resizable window's size in points (iPad only; it makes `multitasking` `window`).
    public var window: Size?
    /// The iOS major version to run as (``SystemVersion``).
    public var targetOS: Int?

    /// A request for the members given (every one optional: `nil` leaves it to the base).
    public init(
        device: String? = nil, orientation: Orientation? = nil, multitasking: Multitasking? = nil,
        appearance: Appearance? = nil, contentSize: ContentSizeCategory? = nil, layoutDirection: LayoutDirection? = nil,
        window: Size? = nil, targetOS: Int? = nil
    ) {
        self.device = device
        self.orientation = orientation
        self.multitasking = multitasking
        self.appearance = appearance
        self.contentSize = contentSize
        self.layoutDirection = layoutDirection
        self.window = window
        self.targetOS = targetOS
    }

    /// Every member of `environment`: the request that resolves to it (its window's size only
    /// with `multitasking` `window`; its iOS version as ``Environment/systemVersion``).
    public init(_ environment: Environment) {
        self.init(
            device: environment.device.id, orientation: environment.orientation,
            multitasking: environment.multitasking, appearance: environment.appearance,
            contentSize: environment.contentSize, layoutDirection: environment.layoutDirection,
            window: environment.multitasking == .window ? environment.windowSize : nil,
            targetOS: environment.systemVersion)
    }

    /// Whether the request names no member.
    public var isEmpty: Bool { names.isEmpty }

    /// The members the request names, in ``EnvironmentKey`` order.
    public var names: [EnvironmentKey] { EnvironmentKey.allCases.filter { has($0) } }

    /// Whether the request names `key`.
    public func has(_ key: EnvironmentKey) -> Bool {
        switch key {
        case .device: return device != nil
        case .orientation: return orientation != nil
        case .multitasking: return multitasking != nil
        case .appearance: return appearance != nil
        case .contentSize: return contentSize != nil
        case .layoutDirection: return layoutDirection != nil
        case .window: return window != nil
        case .targetOS: return targetOS != nil
        }
    }

    /// `key`'s value as text, as a query writes it (`700x600` for a window); `nil` when not named.
    public func text(_ key: EnvironmentKey) -> String? {
        switch key {
        case .device: return device
        case .orientation: return orientation?.rawValue
        case .multitasking: return multitasking?.rawValue
        case .appearance: return appearance?.rawValue
        case .contentSize: return contentSize?.rawValue
        case .layoutDirection: return layoutDirection?.rawValue
        case .window: return window.map { "\(JSONWriter.numberText($0.width))x\(JSONWriter.numberText($0.height))" }
        case .targetOS: return targetOS.map(String.init)
        }
    }
}

// MARK: Decoding

extension EnvironmentRequest {
    /// Reads the members `keys` names from the JSON object `o` (a session's body, a `resize`
    /// action): `device` a string, the traits their raw values (UIKit's names), `window`
    /// `{"width": W, "height": H}` in points, `targetOS` `26`, `"26"` or `"26.1"`. Members
    /// of `o` outside `keys` are left for the caller's ``ObjectReader/finish(allowing:)``, which
    /// then names them as unknown.
    /// - Throws: ``JSONShapeError`` at the member's path, naming what was expected and found.
    public init(reading o: ObjectReader, keys: [EnvironmentKey] = EnvironmentKey.allCases) throws(JSONShapeError) {
        self.init()
        for key in keys {
            guard let r = o.optional(key.rawValue) else { continue }
            switch key {
            case .device: device = try r.string()
            case .orientation: orientation = try r.enum(Orientation.self)
            case .multitasking: multitasking = try r.enum(Multitasking.self)
            case .appearance: appearance = try r.enum(Appearance.self)
            case .contentSize: contentSize = try r.enum(ContentSizeCategory.self)
            case .layoutDirection: layoutDirection = try r.enum(LayoutDirection.self)
            case .window:
                let w = try r.object()
                let width = try w.required("width", "the window's width in points").number()
                let height = try w.required("height", "the window's height in points").number()
                try w.finish()
                window = Size(width: width, height: height)
            case .targetOS: targetOS = try r.osVersion()
            }
        }
    }

    /// Reads the parameters `keys` names from a query (`?device=ipad-pro-11&orientation=landscape
    /// &window=700x600&targetOS=26`); `query` gives a parameter's value, `nil` when absent. A
    /// window is `WIDTHxHEIGHT` in points.
    /// - Throws: ``EnvironmentError`` naming the parameter and what it takes.
    public init(query: (String) -> String?, keys: [EnvironmentKey] = EnvironmentKey.allCases) throws(EnvironmentError) {
        self.init()
        for key in keys {
            guard let text = query(key.rawValue) else { continue }
            func value<E: RawRepresentable & CaseIterable>(_: E.Type) throws(EnvironmentError) -> E
            where E.RawValue == String {
                guard let e = E(rawValue: text) else { throw EnvironmentError.notOneOf(key, text) }
                return e
            }
            switch key {
            case .device: device = text
            case .orientation: orientation = try value(Orientation.self)
            case .multitasking: multitasking = try value(Multitasking.self)
            case .appearance: appearance = try value(Appearance.self)
            case .contentSize: contentSize = try value(ContentSizeCategory.self)
            case .layoutDirection: layoutDirection = try value(LayoutDirection.self)
            case .window:
                let parts = text.split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else {
                    throw EnvironmentError(
                        key: .window,
                        message: "window is a resizable window's WIDTHxHEIGHT in points, e.g. 800x600; not "
                            + JSONWriter.quoted(text))
                }
                window = Size(width: width, height: height)
            case .targetOS:
                guard let v = SystemVersion.parse(text) else {
                    throw EnvironmentError(
                        key: .targetOS, message: "targetOS is \(key.expected); not \(JSONWriter.quoted(text))")
                }
                targetOS = v
            }
        }
    }
}

extension EnvironmentRequest {
    /// ``init(query:keys:)`` that leaves out a value it can't read instead of throwing: for what
    /// ModalLab wrote itself, such as a log an older version wrote.
    public init(leniently query: (String) -> String?) {
        self.init()
        for key in EnvironmentKey.allCases {
            if let one = try? EnvironmentRequest(query: query, keys: [key]) { self = merging(one) }
        }
    }

    /// This request with the members `other` names taking their value from it.
    public func merging(_ other: EnvironmentRequest) -> EnvironmentRequest {
        var r = self
        if let v = other.device { r.device = v }
        if let v = other.orientation { r.orientation = v }
        if let v = other.multitasking { r.multitasking = v }
        if let v = other.appearance { r.appearance = v }
        if let v = other.contentSize { r.contentSize = v }
        if let v = other.layoutDirection { r.layoutDirection = v }
        if let v = other.window { r.window = v }
        if let v = other.targetOS { r.targetOS = v }
        return r
    }
}

// MARK: Encoding

extension EnvironmentRequest {
    /// The members the request names as a JSON object, as ``init(reading:keys:)`` reads them
    /// (`targetOS` as a string, `"26"`): what the page's `data-environment` and the log's
    /// `action` column hold.
    public var json: JSONObject {
        var o = JSONObject()
        appendJSON(to: &o)
        return o
    }

    /// Adds the members the request names to `o`, in ``EnvironmentKey`` order.
    public func appendJSON(to o: inout JSONObject) {
        for key in EnvironmentKey.allCases {
            if key == .window, let w = window {
                o[key.rawValue] = ["width": .number(w.width), "height": .number(w.height)]
            } else if let text = text(key) {
                o[key.rawValue] = .string(text)
            }
        }
    }

    /// The members the request names as query parameters, as ``init(query:keys:)`` reads them,
    /// leaving out those whose value is `defaults`' (`?appearance=dark` for a dark board of a
    /// prototype whose other traits are its defaults).
    public func queryItems(omitting defaults: EnvironmentRequest = EnvironmentRequest()) -> [(
        name: String, value: String
    )] {
        EnvironmentKey.allCases.compactMap { key in
            guard let v = text(key), v != defaults.text(key) else { return nil }
            return (key.rawValue, v)
        }
    }

    /// Only the members `keys` names.
    public func only(_ keys: [EnvironmentKey]) -> EnvironmentRequest {
        var r = EnvironmentRequest()
        if keys.contains(.device) { r.device = device }
        if keys.contains(.orientation) { r.orientation = orientation }
        if keys.contains(.multitasking) { r.multitasking = multitasking }
        if keys.contains(.appearance) { r.appearance = appearance }
        if keys.contains(.contentSize) { r.contentSize = contentSize }
        if keys.contains(.layoutDirection) { r.layoutDirection = layoutDirection }
        if keys.contains(.window) { r.window = window }
        if keys.contains(.targetOS) { r.targetOS = targetOS }
        return r
    }
}

// MARK: Resolving

extension EnvironmentRequest {
    /// The id of the device a prototype that names none runs on.
    public static let defaultDeviceID = "iphone-16"

    /// The environment a prototype starts in when nothing is asked: its first device (else
    /// ``defaultDeviceID``), portrait, full screen, light, `large`, left to right, its `targetOS`.
    public static func defaults(for prototype: Prototype) -> EnvironmentRequest {
        EnvironmentRequest(
            device: prototype.devices.first ?? defaultDeviceID, orientation: .portrait, multitasking: .full,
            appearance: .light, contentSize: .large, layoutDirection: .ltr, targetOS: prototype.targetOS)
    }

    /// The environment this request asks for where `prototype` starts (``defaults(for:)``
    /// for what it doesn't name): a session's start, a page's environment.
    /// - Throws: ``EnvironmentError`` as ``resolved(keeping:)`` does.
    public func resolved(for prototype: Prototype) throws(EnvironmentError) -> Environment {
        let base = EnvironmentRequest.defaults(for: prototype)
        let id = device ?? base.device ?? EnvironmentRequest.defaultDeviceID
        guard let d = DeviceCatalogue.device(id) else {
            throw EnvironmentError(key: .device, message: DeviceCatalogue.unknownDeviceMessage(id))
        }
        return try resolve(on: d, keeping: Environment(device: d, targetOS: prototype.targetOS))
    }

    /// `current` changed by what this request names (a `resize`): the orientation, share,
    /// window and traits it doesn't name stay as they are. A window of the current size is kept
    /// across a change of device only when it fits the new one.
    ///
    /// - Throws: ``EnvironmentError`` for a device the catalogue lacks; a `window` with another
    ///   `multitasking` than `window`; a window on an iPhone ("resizable windows are iPadOS's");
    ///   a window smaller than ``Environment/minimumWindowSide`` or larger than the screen (at
    ///   `window.width` or `window.height`); a share iPadOS doesn't offer on the device in its
    ///   orientation (half in portrait), listing those it does. A share asked of an iPhone is
    ///   not an error: an iPhone app is always full screen.
    public func resolved(keeping current: Environment) throws(EnvironmentError) -> Environment {
        var d = current.device
        if let id = device {
            guard let found = DeviceCatalogue.device(id) else {
                throw EnvironmentError(key: .device, message: DeviceCatalogue.unknownDeviceMessage(id))
            }
            d = found
        }
        return try resolve(on: d, keeping: current)
    }

    private func resolve(on d: Device, keeping base: Environment) throws(EnvironmentError) -> Environment {
        if window != nil, let m = multitasking, m != .window {
            throw EnvironmentError(
                key: .multitasking,
                message:
                    "\"window\" is a resizable window's size, so \"multitasking\" is \"window\" or left out; found \"\(m.rawValue)\""
            )
        }
        if window != nil && d.family == .iPhone {
            throw EnvironmentError(key: .window, message: Environment.phoneWindowMessage(d))
        }
        let env = Environment(
            device: d, orientation: orientation ?? base.orientation,
            multitasking: window != nil ? .window : (multitasking ?? base.multitasking),
            appearance: appearance ?? base.appearance, contentSize: contentSize ?? base.contentSize,
            layoutDirection: layoutDirection ?? base.layoutDirection, window: window ?? base.window,
            targetOS: targetOS ?? base.targetOS)
        if let problem = env.windowProblem { throw problem }
        if !env.isSupported {
            throw EnvironmentError(
                key: env.multitasking == .window ? .window : .multitasking, message: env.unsupportedMultitaskingMessage)
        }
        return env
    }
}

/// What is wrong with an environment a request asked for: the member (``key``, and within a
/// window ``member``, `width` or `height`) and a message that says what it takes.
public struct EnvironmentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The member at fault: a query's parameter, a JSON body's member.
    public var key: EnvironmentKey
    /// The part of the member's value at fault (`width`, `height` of a window), if one is.
    public var member: String?
    /// What was wrong and what is accepted (English).
    public var message: String

    public init(key: EnvironmentKey, member: String? = nil, message: String) {
        self.key = key
        self.member = member
        self.message = message
    }

    /// A value of `key` that is none of its cases, as a query gives it.
    static func notOneOf(_ key: EnvironmentKey, _ text: String) -> EnvironmentError {
        EnvironmentError(key: key, message: "\(key.rawValue) is \(key.expected); not \(JSONWriter.quoted(text))")
    }

    /// The JSON path of the member in a body whose environment members are those of `object`:
    /// `$.window.width`, `$.multitasking`.
    public func path(in object: JSONPath = .root) -> JSONPath {
        let p = object.appending(key.rawValue)
        return member.map { p.appending($0) } ?? p
    }

    /// The query parameter at fault.
    public var parameter: String { key.rawValue }

    public var description: String { "\(path()): \(message)" }
}
