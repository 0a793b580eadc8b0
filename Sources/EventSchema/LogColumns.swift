/// One column of the interaction log: its name, its type, what it means, and how an event's
/// value is read and written (an entry of ``LogColumns/all``).
public struct LogColumn: Sendable {
    /// The NDJSON key and CSV header, snake_case ASCII.
    public let name: String
    /// The column's type in DuckDB's `read_json(…, columns = …)`: `BIGINT`, `DOUBLE`, `VARCHAR`,
    /// `TIMESTAMP` or `JSON`.
    public let duckDBType: String
    /// What the column holds, with units (one or two sentences of Markdown).
    public let meaning: String
    /// Where the value lives.
    public let cell: Cell

    /// Where a column's value lives, and its JSON type.
    public enum Cell: Sendable {
        /// Assigned by the store when it writes the line (`schema`, `event_id`, `seq`, `ts`,
        /// `t_ms`): a property of `LogEvent`, not of ``EventFields``.
        case assigned
        /// ``EventFields/type``, a string that is always present.
        case type
        /// A string or `null`.
        case text(get: @Sendable (EventFields) -> String?, set: @Sendable (inout EventFields, String?) -> Void)
        /// An integer or `null`.
        case integer(get: @Sendable (EventFields) -> Int?, set: @Sendable (inout EventFields, Int?) -> Void)
        /// A number or `null`.
        case number(get: @Sendable (EventFields) -> Double?, set: @Sendable (inout EventFields, Double?) -> Void)
        /// ``EventFields/props``, an object that is always present.
        case props
    }

    /// A column; see the properties.
    public init(name: String, duckDBType: String, meaning: String, cell: Cell) {
        self.name = name
        self.duckDBType = duckDBType
        self.meaning = meaning
        self.cell = cell
    }

    /// A column the store assigns.
    static func assigned(_ name: String, _ duckDBType: String, _ meaning: String) -> LogColumn {
        LogColumn(name: name, duckDBType: duckDBType, meaning: meaning, cell: .assigned)
    }

    /// A string column of ``EventFields``.
    static func text(
        _ name: String, _ meaning: String, _ get: @escaping @Sendable (EventFields) -> String?,
        _ set: @escaping @Sendable (inout EventFields, String?) -> Void
    ) -> LogColumn {
        LogColumn(name: name, duckDBType: "VARCHAR", meaning: meaning, cell: .text(get: get, set: set))
    }

    /// An integer column of ``EventFields``.
    static func integer(
        _ name: String, _ meaning: String, _ get: @escaping @Sendable (EventFields) -> Int?,
        _ set: @escaping @Sendable (inout EventFields, Int?) -> Void
    ) -> LogColumn {
        LogColumn(name: name, duckDBType: "BIGINT", meaning: meaning, cell: .integer(get: get, set: set))
    }

    /// A number column of ``EventFields``.
    static func number(
        _ name: String, _ meaning: String, _ get: @escaping @Sendable (EventFields) -> Double?,
        _ set: @escaping @Sendable (inout EventFields, Double?) -> Void
    ) -> LogColumn {
        LogColumn(name: name, duckDBType: "DOUBLE", meaning: meaning, cell: .number(get: get, set: set))
    }

    /// The JSON type of the column's values: `integer`, `number`, `string` or `object`
    /// (`null` aside).
    public var jsonType: String {
        switch cell {
        case .type, .text: return "string"
        case .integer: return "integer"
        case .number: return "number"
        case .props: return "object"
        case .assigned:
            switch duckDBType {
            case "BIGINT": return "integer"
            case "DOUBLE": return "number"
            default: return "string"
            }
        }
    }
}

/// The log's columns (``all``) and what is derived from them: the CSV header, DuckDB's column
/// spec, the positions readers use.
public enum LogColumns {
    /// The columns' names, in order.
    public static let names: [String] = all.map(\.name)

    /// The number of columns.
    public static let count = all.count

    /// The position of the column called `name` in ``all``.
    ///
    /// - Precondition: `name` is a column (a programming error otherwise: callers name the
    ///   columns they read in code).
    public static func position(_ name: String) -> Int {
        guard let i = names.firstIndex(of: name) else { preconditionFailure("no log column \"\(name)\"") }
        return i
    }

    /// The columns' types for DuckDB, as the `columns` argument of `read_json` — for stable
    /// types whatever the data (`read_json_auto` infers `JSON` for a column that is all `null`):
    ///
    /// ```sql
    /// SELECT * FROM read_json('logs/**/*.ndjson', hive_partitioning = true, columns = <this>)
    /// ```
    public static let duckDBColumns: String =
        "{" + all.map { "'\($0.name)': '\($0.duckDBType)'" }.joined(separator: ", ") + "}"

    /// The CSV header line, CRLF-terminated.
    public static let csvHeader: String = names.joined(separator: ",") + "\r\n"
}
