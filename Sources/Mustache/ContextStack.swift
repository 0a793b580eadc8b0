/// The context stack of a render (spec: sections.json overview): contexts pushed by sections,
/// looked up from the top down.
///
/// Dictionaries — nearly every context — are also kept in an array of their own, so that a
/// lookup reads them in place instead of copying each ``Frame`` it passes.
struct ContextStack {
    private var frames: [Frame] = []
    /// `dictionaries[i]` is frame `i`'s dictionary, or `nil` when frame `i` is something else.
    private var dictionaries: [[String: Any]?] = []

    init() {
        frames.reserveCapacity(16)
        dictionaries.reserveCapacity(16)
    }

    mutating func push(_ frame: Frame) {
        if case .dictionary(let dictionary) = frame {
            dictionaries.append(dictionary)
        } else {
            dictionaries.append(nil)
        }
        frames.append(frame)
    }

    mutating func pop() {
        frames.removeLast()
        dictionaries.removeLast()
    }

    /// The top of the stack, for the implicit iterator `.`.
    var top: Any? { frames.last?.value }

    /// The value of `key` in the topmost context that has the key (spec: sections.json overview,
    /// step 3), or `nil`.
    func find(_ key: String) -> Any? {
        dictionaries.withUnsafeBufferPointer { dictionaries in
            var i = dictionaries.count - 1
            while i >= 0 {
                if dictionaries[i] != nil {
                    if let value = dictionaries[i]![key] { return value }
                } else if let value = frames[i].member(key) {
                    return value
                }
                i -= 1
            }
            return nil
        }
    }

    /// Resolves a dotted name (spec: sections.json overview, steps 1–7; interpolation.json —
    /// 'Dotted Names'): the first part is looked up from the top of the stack down, each further
    /// part only in the value before it; `.` is the top. `nil` when any part is missing.
    ///
    /// A method of the stack rather than of the renderer: a render calls it for every name, and
    /// borrowing the renderer for it would copy the whole renderer each time.
    func lookup(_ name: Name) -> Any? {
        guard let first = name.first else { return top }
        guard var current = find(first) else { return nil }
        for part in name.rest {
            guard let next = Frame.member(part, of: current) else { return nil }
            current = next
        }
        return current
    }
}
