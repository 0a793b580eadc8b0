/// Positions of keys in an append-only list, for a scan whose keys come in runs (a session's
/// events, taps on one place): the key of the previous lookup is answered by one comparison,
/// without hashing; others by a dictionary. Used by the log's summaries and heat maps, which
/// look up one key per event of a million-event log.
struct RunIndex<Key: Hashable & Sendable>: Sendable {
    private var indices: [Key: Int] = [:]
    private var last: (key: Key, index: Int)?

    /// How many keys have an index (the next new key gets this one).
    private(set) var count = 0

    /// The index of `key`; a key never seen gets the next index (`count` before the call) and
    /// `isNew` is true, so the caller appends its entry at that index.
    mutating func index(of key: Key) -> (index: Int, isNew: Bool) {
        if let last, last.key == key { return (last.index, false) }
        let found = indices[key]
        let index = found ?? count
        if found == nil {
            indices[key] = index
            count += 1
        }
        last = (key, index)
        return (index, found == nil)
    }
}
