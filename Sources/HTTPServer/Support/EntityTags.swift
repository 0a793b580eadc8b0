/// Entity tags (RFC 9110, section 8.8.3) as the conditional request fields list them:
/// `If-Match` and `If-None-Match` (section 13.1) hold `*` or a comma-separated list of tags,
/// each quoted and weak when it starts with `W/`. The one reader of those lists, for static
/// files and the prototype API alike.
public enum EntityTags {
    /// Whether `field` matches the entity tag `etag` (with its quotes, and `W/` when weak):
    /// a list member `*` matches any; otherwise a member equal to `etag` by the weak comparison
    /// (`weak: true`, `If-None-Match`: equal once `W/` is dropped from both) or the strong one
    /// (`weak: false`, `If-Match`: both strong and equal). A comma inside a tag's quotes (which
    /// RFC 9110 allows) doesn't split it.
    public static func field(_ field: String, matches etag: String, weak: Bool) -> Bool {
        if !weak && etag.hasPrefix("W/") { return false }
        let bare = etag.hasPrefix("W/") ? etag.dropFirst(2) : etag[...]
        var quoted = false
        var start = field.startIndex
        var i = field.startIndex
        while true {
            let atEnd = i == field.endIndex
            if atEnd || (field.utf8[i] == UInt8(ascii: ",") && !quoted) {
                var tag = Substring(field[start..<i].trimmingOWS)
                if tag == "*" { return true }
                if weak && tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
                if tag == bare { return true }
                if atEnd { return false }
                start = field.utf8.index(after: i)
            } else if field.utf8[i] == UInt8(ascii: "\"") {
                quoted.toggle()
            }
            i = field.utf8.index(after: i)
        }
    }
}
