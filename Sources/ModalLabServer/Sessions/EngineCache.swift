import Foundation
import Presentation
import Prototype

/// One engine per prototype version, shared by every session of it: an engine holds lookups
/// over its prototype's modals and controls, which for a prototype at the size limits is
/// megabytes — made once, not once per session. Sessions keep the engine they started with;
/// the cache only decides whether the next session finds one made.
final class EngineCache: @unchecked Sendable {
    private let lock = NSLock()
    private var engines: [String: PresentationEngine] = [:]
    /// Engines kept; past it the cache starts over (prototypes are edited, each edit a version).
    static let capacity = 64

    /// The engine for `prototype` with `options`, made on first use.
    func engine(for prototype: Prototype, options: EngineOptions) -> PresentationEngine {
        let key = prototype.id + "\u{0}" + prototype.version
        if let hit = lock.withLock({ engines[key] }), hit.options == options { return hit }
        let engine = PresentationEngine(prototype: prototype, options: options)
        lock.withLock {
            if engines.count >= Self.capacity { engines.removeAll() }
            engines[key] = engine
        }
        return engine
    }
}
