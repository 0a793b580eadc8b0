import Platform

/// Async waiters held until ``open()``; waiting on an open gate returns at once.
public final class Gate: Sendable {
    /// A closed gate.
    public init() {}

    private let state = Locked<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// Returns once the gate is open.
    public func wait() async {
        await withCheckedContinuation { (k: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { s -> Bool in
                if s.open { return true }
                s.waiters.append(k)
                return false
            }
            if resumeNow { k.resume() }
        }
    }

    /// Opens the gate: every waiter goes on, and later waits return at once.
    public func open() {
        let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.open = true
            defer { s.waiters = [] }
            return s.waiters
        }
        for w in waiters { w.resume() }
    }
}
