import Foundation
import Platform

/// A value guarded by a lock. `NSLock` rather than `Mutex` so the module also builds for macOS 14.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    @inline(__always) func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A value behind a readers–writer lock: readers never wait for each other, so read-mostly
/// state (routes, the file cache) costs the event loops no sleeps when both read at once.
final class ReadMostly<Value>: @unchecked Sendable {
    private var lock = pthread_rwlock_t()
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_rwlock_init(&lock, nil)
    }

    deinit { pthread_rwlock_destroy(&lock) }

    @inline(__always) func read<R>(_ body: (Value) throws -> R) rethrows -> R {
        pthread_rwlock_rdlock(&lock)
        defer { pthread_rwlock_unlock(&lock) }
        return try body(value)
    }

    func write<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_rwlock_wrlock(&lock)
        defer { pthread_rwlock_unlock(&lock) }
        return try body(&value)
    }
}

/// A small stable number for the calling thread, to pick a shard of per-thread state.
@inline(__always) func currentThreadShard(_ count: Int) -> Int {
    let id = Sys.currentThreadID
    // Thread structures sit far apart at aligned addresses: mix before reducing.
    return Int(truncatingIfNeeded: (id &* 0x9E37_79B9_7F4A_7C15) >> 40) % count
}
