import Foundation

/// A value guarded by a lock, for state that threads share: the server's, and the tests'.
///
/// The lock is an `NSLock`, an object of its own on the heap, so its address never moves (a
/// `pthread_mutex_t` stored inline in a Swift property may be moved or copied, which POSIX
/// forbids); `NSLock` rather than `Mutex` so the module also builds for macOS 14.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    /// Touched only while `lock` is held, which already makes each access exclusive (a body that
    /// asked for the lock again would wait for itself before it could overlap): Swift's dynamic
    /// exclusivity check on it would add ~80 instructions to each use (callgrind).
    @exclusivity(unchecked) private var value: Value

    /// A lock over `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock; returns what `body` returns.
    @inline(__always) public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value, read under the lock.
    public var current: Value { withLock { $0 } }
}
