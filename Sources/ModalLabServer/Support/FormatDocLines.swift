import Foundation
import JSON

/// The doc line of each member of the prototype format, read from `docs/format.md`: the one
/// source of what a member does, which the editor's inspector shows under each field
/// (`GET /schema/format-docs.json`). A section of the document begins at its kind's anchor
/// (`<a id="modal"></a>`, as the schema's `$defs` name them; `document` for the root) and ends at
/// the next anchor; each row of its member tables (`| member | … | what it does |`) gives the
/// members named in its first cell (`` `width`, `height` ``) the text of its last, without
/// Markdown's links, emphasis and code marks.
enum FormatDocLines {
    /// `markdown`'s member lines, by kind and member.
    static func parse(_ markdown: String) -> [String: [String: String]] {
        var out: [String: [String: String]] = [:]
        var kind: String?
        var inMemberTable = false
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("<a id=\""), let end = line.dropFirst(7).firstIndex(of: "\"") {
                kind = String(line.dropFirst(7)[..<end])
                inMemberTable = false
                continue
            }
            guard let kind, line.hasPrefix("|") else {
                inMemberTable = false
                continue
            }
            let cells = Self.cells(line)
            if cells.first == "member" {
                inMemberTable = true
                continue
            }
            guard inMemberTable, cells.count >= 2, !cells[0].hasPrefix("---") else { continue }
            let text = Self.plain(cells[cells.count - 1])
            for name in Self.codeSpans(cells[0]) where out[kind]?[name] == nil {
                out[kind, default: [:]][name] = text
            }
        }
        return out
    }

    /// ``parse(_:)`` as a JSON object `{kind: {member: line}}`.
    static func json(_ markdown: String) -> JSONValue {
        var o = JSONObject()
        for (kind, members) in parse(markdown).sorted(by: { $0.key < $1.key }) {
            var m = JSONObject()
            for (name, text) in members.sorted(by: { $0.key < $1.key }) { m[name] = .string(text) }
            o[kind] = .object(m)
        }
        return .object(o)
    }

    /// A table row's cells, split at `|` but not at `\|`.
    static func cells(_ row: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        for ch in row {
            if escaped {
                current.append(ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else if ch == "|" {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(ch)
            }
        }
        cells.append(current.trimmingCharacters(in: .whitespaces))
        // The row's leading and trailing pipes leave an empty cell at each end.
        if cells.first == "" { cells.removeFirst() }
        if cells.last == "" { cells.removeLast() }
        return cells
    }

    /// The names written as code in a cell: `` `width`, `height` `` → width, height.
    static func codeSpans(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// A cell's text without Markdown: `[text](url)` → text, and no `**` or backticks.
    static func plain(_ cell: String) -> String {
        var out = ""
        var rest = Substring(cell)
        while let open = rest.firstIndex(of: "[") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "]"), after[after.index(after: close)...].hasPrefix("("),
                let paren = after[close...].firstIndex(of: ")")
            {
                out += after[..<close]
                rest = after[after.index(after: paren)...]
            } else {
                out += "["
                rest = after
            }
        }
        out += rest
        return out.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "`", with: "")
    }
}
