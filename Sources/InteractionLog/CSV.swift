import EventSchema
import JSON

/// RFC 4180 CSV writing: fields separated by `,`, records ended by CRLF; a field holding `,`,
/// `"`, CR or LF is enclosed in double quotes with its quotes doubled; everything else is
/// written as it is (no formula escaping: the export is data for DuckDB, pandas and
/// spreadsheets, byte for byte).
///
/// Null and the empty string differ, as in PostgreSQL's `COPY … (FORMAT csv)`: null is an empty
/// unquoted cell, the empty string is `""`. DuckDB's `read_csv` and pandas' `read_csv` with
/// `keep_default_na=False` read them back as `NULL`/`NaN` and `''`.
public enum CSV {
    /// Appends one field to `out` (`""` when it is empty).
    public static func appendField(_ field: String, into out: inout [UInt8]) {
        var f = field
        f.withUTF8 { appendField($0, into: &out) }
    }

    /// Appends one field, given as UTF-8, to `out` (`""` when it is empty).
    public static func appendField(_ field: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var needsQuotes = field.isEmpty
        for b in field where b == 0x2C || b == 0x22 || b == 0x0D || b == 0x0A {
            needsQuotes = true
            break
        }
        guard needsQuotes else {
            out.append(contentsOf: field)
            return
        }
        out.append(0x22)
        for b in field {
            if b == 0x22 { out.append(0x22) }
            out.append(b)
        }
        out.append(0x22)
    }

    /// Appends a record of fields (`nil` → an empty cell, `""` → `""`) and its CRLF.
    public static func appendRecord(_ fields: [String?], into out: inout [UInt8]) {
        for (i, f) in fields.enumerated() {
            if i > 0 { out.append(0x2C) }
            if let f { appendField(f, into: &out) }
        }
        out.append(contentsOf: [0x0D, 0x0A])
    }

    /// Appends the CSV record of a scanned log line, columns in ``LogColumns/names`` order:
    /// strings unescaped (the empty string as `""`), numbers as written, `null` (or a missing
    /// key) as an empty cell, `props` as its JSON text.
    static func appendRecord(_ r: RawLine, into out: inout [UInt8]) {
        for col in 0..<LogColumns.count {
            if col > 0 { out.append(0x2C) }
            switch r.kind(col) {
            case .missing, .null: break
            case .number, .bool: out.append(contentsOf: r.raw(col))
            case .string:
                if r.slots[col].escaped {
                    appendField(r.string(col) ?? "", into: &out)
                } else {
                    appendField(r.raw(col), into: &out)
                }
            case .object, .array: appendField(r.json(col), into: &out)
            }
        }
        out.append(contentsOf: [0x0D, 0x0A])
    }
}

extension LogEvent {
    /// The event as one CSV record (RFC 4180, CRLF-terminated), columns as ``LogColumns/csvHeader``.
    public var csvRecord: [UInt8] {
        let line = ndjsonLine
        var out: [UInt8] = []
        line.withUnsafeBufferPointer { buf in
            var r = RawLine()
            if r.scan(UnsafeBufferPointer(rebasing: buf.dropLast())) { CSV.appendRecord(r, into: &out) }
        }
        return out
    }
}
