import Foundation
import JSON
import Prototype
import TestSupport
import Testing

@testable import Presentation

/// A bundled example prototype.
func example(_ id: String) throws -> Prototype {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Templates/prototypes/\(id).json")))
    return try #require(try Prototype.decode(bytes).prototype)
}

/// A prototype from JSON text, which must decode without errors.
func prototype(_ text: String) throws -> Prototype {
    let r = try Prototype.decode(Array(text.utf8))
    return try #require(r.prototype, "\(r.issues)")
}

/// Drives an engine through actions, as a session would.
struct Session {
    let engine: PresentationEngine
    var state: PresentationState
    var now = 0
    var last: Outcome?

    init(
        _ p: Prototype, device: String = "iphone-16", orientation: Orientation = .portrait,
        multitasking: Multitasking = .full, options: EngineOptions = EngineOptions(), targetOS: Int? = nil
    ) {
        engine = PresentationEngine(prototype: p, options: options)
        state =
            engine.start(
                environment: Environment(
                    device: DeviceCatalogue.device(device)!, orientation: orientation, multitasking: multitasking,
                    targetOS: targetOS)
            ).state
    }

    /// Applies an action; returns the outcome. The state advances unless refused.
    @discardableResult
    mutating func apply(_ a: EngineAction) throws -> Outcome {
        now += 1000
        let o = try engine.apply(a, to: state, atMs: now)
        state = o.state
        last = o
        return o
    }

    @discardableResult
    mutating func tap(_ target: String, _ choice: String? = nil) throws -> Outcome {
        try apply(.tap(target: target, choice: choice.map { .title($0) }, x: nil, y: nil))
    }

    var modals: [String] { state.stack.map(\.modal) }
    var forms: [Form] { state.stack.map(\.resolution.form) }
    func entry(_ id: String) -> StackEntry? { state.stack.first { $0.modal == id } }
}
