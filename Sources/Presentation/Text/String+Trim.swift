extension StringProtocol {
    /// The text without leading and trailing white space and newlines. Pure Swift: Foundation's
    /// `trimmingCharacters(in:)` is slow on Linux, and the linter trims every title it reads.
    var trimmed: String { trimming { $0.isWhitespace } }

    /// The text without leading and trailing characters of `set`.
    func trimming(_ set: Set<Character>) -> String { trimming { set.contains($0) } }

    /// The text without leading and trailing characters of `characters`.
    func trimming(_ characters: CharacterClass) -> String { trimming { characters.contains($0) } }

    func trimming(_ drop: (Character) -> Bool) -> String {
        guard let start = firstIndex(where: { !drop($0) }), let end = lastIndex(where: { !drop($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
