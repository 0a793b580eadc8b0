import EventSchema
import JSON

/// RFC 4180 CSV writing: fields separated by `,`, records ended by CRLF; a field holding `,`,
/// `"`, CR or LF is enclosed in double quotes with its quotes doubled; everything else is
/// written as it is. The default export is exact (data for DuckDB and pandas, byte for byte);
/// the *spreadsheet-safe* export (``formulaPrefix``) changes the text cells a spreadsheet would
/// run as formulas.
///
/// Null and the empty string differ, as in PostgreSQL's `COPY … (FORMAT csv)`: null is an empty
/// unquoted cell, the empty string is `""`. DuckDB's `read_csv` and pandas' `read_csv` with
/// `keep_default_na=False` read them back as `NULL`/`NaN` and `''`.
public enum CSV {
    /// What the spreadsheet-safe export puts before a text cell that a spreadsheet would read
    /// as a formula: `'`, which spreadsheets take as "this cell is text". A cell is such when
    /// it starts with `=`, `+`, `-`, `@`, a tab or a carriage return — the characters of
    /// OWASP's "CSV Injection" guidance. Only text cells are changed: the log's numbers (`x`,
    /// `y`, `t_ms`, …) are JSON numbers, never formulas, and a negative one stays a number;
    /// `props` is JSON text starting with `{`.
    public static let formulaPrefix: UInt8 = 0x27

    /// Whether a text cell starting with `first` is read as a formula by a spreadsheet (see
    /// ``formulaPrefix``).
    @inline(__always)
    static func startsFormula(_ first: UInt8) -> Bool {
        first == 0x3D || first == 0x2B || first == 0x2D || first == 0x40 || first == 0x09 || first == 0x0D
    }

    /// Appends one field to `out` (`""` when it is empty); with `spreadsheetSafe`, a field that
    /// starts like a formula gets ``formulaPrefix`` first.
    public static func appendField(_ field: String, into out: inout [UInt8], spreadsheetSafe: Bool = false) {
        var f = field
        f.withUTF8 { appendField($0, into: &out, spreadsheetSafe: spreadsheetSafe) }
    }

    /// Appends one field, given as UTF-8, to `out` (`""` when it is empty); with
    /// `spreadsheetSafe`, a field that starts like a formula gets ``formulaPrefix`` first.
    public static func appendField(
        _ field: UnsafeBufferPointer<UInt8>, into out: inout [UInt8], spreadsheetSafe: Bool = false
    ) {
        let prefixed = spreadsheetSafe && !field.isEmpty && startsFormula(field[0])
        var needsQuotes = field.isEmpty
        for b in field where b == 0x2C || b == 0x22 || b == 0x0D || b == 0x0A {
            needsQuotes = true
            break
        }
        guard needsQuotes else {
            if prefixed { out.append(formulaPrefix) }
            out.append(contentsOf: field)
            return
        }
        out.append(0x22)
        if prefixed { out.append(formulaPrefix) }
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
    /// key) as an empty cell, `props` as its JSON text; with `spreadsheetSafe`, a string that
    /// starts like a formula gets ``formulaPrefix`` first.
    static func appendRecord(_ r: RawLine, into out: inout [UInt8], spreadsheetSafe: Bool = false) {
        for col in 0..<LogColumns.count {
            if col > 0 { out.append(0x2C) }
            switch r.kind(col) {
            case .missing, .null: break
            case .number, .bool: out.append(contentsOf: r.raw(col))
            case .string:
                if r.slots[col].escaped {
                    appendField(r.string(col) ?? "", into: &out, spreadsheetSafe: spreadsheetSafe)
                } else {
                    appendField(r.raw(col), into: &out, spreadsheetSafe: spreadsheetSafe)
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
