/// Substring search in linear time, for the lint checks that look for one user text inside
/// another (a button title inside an alert message).
enum TextSearch {
    /// The start offsets of every non-overlapping occurrence of `needle` in `haystack`, left to
    /// right. Knuth–Morris–Pratt (Knuth, Morris and Pratt, "Fast Pattern Matching in Strings",
    /// 1977): O(haystack + needle) comparisons whatever the input; empty for an empty needle.
    static func occurrences<T: Equatable>(of needle: [T], in haystack: [T]) -> [Int] {
        guard !needle.isEmpty, needle.count <= haystack.count else { return [] }
        // failure[i]: the length of the longest proper prefix of needle[0...i] that is also its suffix.
        var failure = [Int](repeating: 0, count: needle.count)
        var k = 0
        for i in 1..<max(needle.count, 1) {
            while k > 0 && needle[i] != needle[k] { k = failure[k - 1] }
            if needle[i] == needle[k] { k += 1 }
            failure[i] = k
        }
        var out: [Int] = []
        var matched = 0
        for (i, x) in haystack.enumerated() {
            while matched > 0 && x != needle[matched] { matched = failure[matched - 1] }
            if x == needle[matched] { matched += 1 }
            if matched == needle.count {
                out.append(i - needle.count + 1)
                matched = 0
            }
        }
        return out
    }
}
