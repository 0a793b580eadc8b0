import Foundation
import Platform

/// A value behind a readers–writer lock: readers never wait for each other, so read-mostly
/// state (routes, the file cache) costs the event loops no sleeps when both read at once.
final class ReadMostly<Value>: @unchecked Sendable {
    /// On the heap, at an address that never moves (POSIX forbids using a copy of a lock; a
    /// lock stored in a Swift property may be handed to C as a temporary copy).
    private let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
    /// Read under the read lock and written under the write lock, which already keeps a write
    /// from overlapping any other access: no dynamic exclusivity check (~80 instructions per
    /// route lookup, callgrind).
    @exclusivity(unchecked) private var value: Value

    init(_ value: Value) {
        self.value = value
        lock.initialize(to: pthread_rwlock_t())
        pthread_rwlock_init(lock, nil)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    @inline(__always) func read<R>(_ body: (Value) throws -> R) rethrows -> R {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(value)
    }

    func write<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(&value)
    }
}

/// A small stable number for the calling thread, to pick a shard of per-thread state.
@inline(__always) func currentThreadShard(_ count: Int) -> Int {
    let id = Sys.currentThreadID
    // Thread structures sit far apart at aligned addresses: mix before reducing.
    return Int(truncatingIfNeeded: (id &* 0x9E37_79B9_7F4A_7C15) >> 40) % count
}
