import Platform

/// An ordered list of header fields (RFC 9110 §5) with case-insensitive lookup by name.
///
/// Parsed request headers point into one copy of the request head's bytes; names and values
/// become `String`s only when asked for, so a request whose headers nobody reads costs no
/// string allocations. Field order and repeated fields are kept as received.
///
/// Values added by an application are sanitised: CR, LF and NUL become spaces, and bytes of a
/// name that are not token characters (RFC 9110 §5.6.2) are dropped, so a header cannot be
/// used to inject another header or response.
public struct HTTPHeaders: Sendable, ExpressibleByDictionaryLiteral, Sequence, CustomStringConvertible {
    struct Field: Sendable {
        var nameStart: Int32
        var nameEnd: Int32
        var valueStart: Int32
        var valueEnd: Int32
    }

    var bytes: [UInt8]
    var fields: [Field]

    /// No fields.
    public init() {
        bytes = []
        fields = []
    }

    /// Fields in the order given; a name may repeat.
    public init(_ pairs: [(name: String, value: String)]) {
        self.init()
        for pair in pairs { add(name: pair.name, value: pair.value) }
    }

    /// Fields from a literal, in order: `["Content-Type": "text/plain", "ETag": "\"1\""]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init()
        bytes.reserveCapacity(elements.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count })
        fields.reserveCapacity(elements.count)
        for (name, value) in elements { add(name: name, value: value) }
    }

    init(bytes: [UInt8], fields: [Field]) {
        self.bytes = bytes
        self.fields = fields
    }

    /// The number of fields (a repeated name counts once per line).
    public var count: Int { fields.count }
    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The first value of the field `name` (case-insensitive); setting replaces every field of
    /// that name with one field (appended at the end), setting `nil` removes them.
    public subscript(name: String) -> String? {
        get {
            guard let index = firstIndex(of: name) else { return nil }
            return value(at: index)
        }
        set {
            remove(name: name)
            if let newValue { add(name: name, value: newValue) }
        }
    }

    /// Every value of the field `name`, in order (e.g. several `Cookie` or `Set-Cookie` lines).
    /// Values are not split on commas.
    public func values(_ name: String) -> [String] {
        var result: [String] = []
        for index in fields.indices where matches(index, name) { result.append(value(at: index)) }
        return result
    }

    /// How many fields are named `name` (case-insensitive), without building their values.
    public func occurrences(of name: String) -> Int {
        var n = 0
        for index in fields.indices where matches(index, name) { n += 1 }
        return n
    }

    /// Whether a field named `name` is present (case-insensitive).
    public func contains(_ name: String) -> Bool { firstIndex(of: name) != nil }

    /// Appends a field, keeping any others of the same name.
    public mutating func add(name: String, value: String) {
        var name = name
        var value = value
        let nameStart = bytes.count
        name.withUTF8 { utf8 in
            if utf8.allSatisfy(ByteClass.isTokenChar) {
                bytes.append(contentsOf: utf8)
            } else {
                for byte in utf8 where ByteClass.isTokenChar(byte) { bytes.append(byte) }
            }
        }
        let nameEnd = bytes.count
        guard nameEnd > nameStart else { return }
        let valueStart = bytes.count
        value.withUTF8 { utf8 in
            // Leading and trailing whitespace is not part of a field value (RFC 9110 §5.5).
            var lower = 0
            var upper = utf8.count
            while lower < upper && (utf8[lower] == 0x20 || utf8[lower] == 0x09) { lower += 1 }
            while upper > lower && (utf8[upper - 1] == 0x20 || utf8[upper - 1] == 0x09) { upper -= 1 }
            let trimmed = UnsafeBufferPointer(rebasing: utf8[lower..<upper])
            if trimmed.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) {
                for byte in trimmed { bytes.append(byte == 0x0D || byte == 0x0A || byte == 0x00 ? 0x20 : byte) }
            } else {
                bytes.append(contentsOf: trimmed)
            }
        }
        fields.append(
            Field(
                nameStart: Int32(nameStart), nameEnd: Int32(nameEnd), valueStart: Int32(valueStart),
                valueEnd: Int32(bytes.count)))
    }

    /// Appends each field of `defaults` whose name is not among these fields yet (case-insensitive),
    /// in `defaults`' order: header fields every response carries unless its handler chose its
    /// own. The names are compared as bytes and the fields copied as they are (they were
    /// sanitised when `defaults` was built), so no `String` is made.
    public mutating func addMissing(_ defaults: HTTPHeaders) {
        // A block built with these defaults already at its end (a prebuilt response's, a cached
        // file's) has them all: one comparison of bytes instead of a search for each name.
        if endsWithFields(of: defaults) { return }
        // One bit per field of `defaults` that is missing here (the sets are a handful of fields;
        // beyond 64, the rest are checked one by one as they are appended).
        var missing: UInt64 = 0
        var extra = 0
        for index in defaults.fields.indices.prefix(64) where !contains(defaults.fields[index], of: defaults) {
            missing |= 1 << UInt64(index)
            extra += Int(defaults.fields[index].valueEnd - defaults.fields[index].nameStart)
        }
        if missing == 0 && defaults.fields.count <= 64 { return }
        bytes.reserveCapacity(bytes.count + extra)
        fields.reserveCapacity(fields.count + missing.nonzeroBitCount)
        for index in defaults.fields.indices {
            let field = defaults.fields[index]
            if index < 64 ? missing & (1 << UInt64(index)) == 0 : contains(field, of: defaults) { continue }
            let shift = Int32(bytes.count) - field.nameStart
            defaults.bytes.withUnsafeBufferPointer { source in
                bytes.append(
                    contentsOf: UnsafeBufferPointer(rebasing: source[Int(field.nameStart)..<Int(field.valueEnd)]))
            }
            fields.append(
                Field(
                    nameStart: field.nameStart + shift, nameEnd: field.nameEnd + shift,
                    valueStart: field.valueStart + shift, valueEnd: field.valueEnd + shift))
        }
    }

    /// Whether the first value of the field `name` (case-insensitive) starts with `prefix`
    /// (compared as bytes, case-insensitively), without making a `String` of it: say, whether
    /// `Content-Type` is `text/html`. `prefix` is in lowercase.
    public func value(of name: String, hasPrefix prefix: StaticString) -> Bool {
        withValue(of: name) { value in value.map { Self.bytes($0, haveLowercasePrefix: prefix) } ?? false }
    }

    /// Whether `bytes` start with `prefix` (given in lowercase), compared case-insensitively:
    /// ASCII `A`…`Z` match `a`…`z`, every other byte only itself (RFC 9110 §5.1 for field
    /// names, §8.3.1 for media types). Equal when `bytes.count` is the prefix's length too.
    public static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, haveLowercasePrefix prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        for i in 0..<count where ByteClass.lower(bytes[i]) != prefix.utf8Start[i] { return false }
        return true
    }

    /// Calls `body` with the bytes of the first value of the field `name` (case-insensitive),
    /// in place, or with nil when there is none: for a check that needs no `String` of the
    /// value (a credential compared with a secret, say). The bytes are valid only inside `body`.
    public func withValue<R>(of name: String, _ body: (UnsafeBufferPointer<UInt8>?) throws -> R) rethrows -> R {
        guard let index = firstIndex(of: name) else { return try body(nil) }
        let field = fields[index]
        return try bytes.withUnsafeBufferPointer { buffer in
            try body(UnsafeBufferPointer(rebasing: buffer[Int(field.valueStart)..<Int(field.valueEnd)]))
        }
    }

    /// Whether the last fields are `other`'s fields, byte for byte and in order (as
    /// ``addMissing(_:)`` leaves them when every one was missing).
    private func endsWithFields(of other: HTTPHeaders) -> Bool {
        let count = other.fields.count
        guard count > 0, fields.count >= count else { return false }
        let offset = fields.count - count
        let base = Int(fields[offset].nameStart)
        let otherBase = Int(other.fields[0].nameStart)
        for index in 0..<count {
            let mine = fields[offset + index]
            let theirs = other.fields[index]
            guard Int(mine.nameStart) - base == Int(theirs.nameStart) - otherBase,
                Int(mine.nameEnd) - base == Int(theirs.nameEnd) - otherBase,
                Int(mine.valueStart) - base == Int(theirs.valueStart) - otherBase,
                Int(mine.valueEnd) - base == Int(theirs.valueEnd) - otherBase
            else { return false }
        }
        let length = Int(other.fields[count - 1].valueEnd) - otherBase
        guard base + length <= bytes.count, otherBase + length <= other.bytes.count else { return false }
        guard length > 0 else { return true }
        return bytes.withUnsafeBufferPointer { mine in
            other.bytes.withUnsafeBufferPointer { theirs in
                Sys.bytesEqual(mine.baseAddress! + base, theirs.baseAddress! + otherBase, length)
            }
        }
    }

    /// Whether a field has the name of `other`'s field `field` (case-insensitive).
    private func contains(_ field: Field, of other: HTTPHeaders) -> Bool {
        let length = Int(field.nameEnd - field.nameStart)
        return bytes.withUnsafeBufferPointer { mine in
            other.bytes.withUnsafeBufferPointer { theirs in
                fields.contains { candidate in
                    guard Int(candidate.nameEnd - candidate.nameStart) == length else { return false }
                    for i in 0..<length
                    where ByteClass.lower(mine[Int(candidate.nameStart) + i])
                        != ByteClass.lower(theirs[Int(field.nameStart) + i])
                    {
                        return false
                    }
                    return true
                }
            }
        }
    }

    /// Removes every field named `name` (case-insensitive).
    public mutating func remove(name: String) {
        fields.removeAll { field in Self.equalsIgnoringCase(bytes, field.nameStart, field.nameEnd, name) }
    }

    /// The fields as (name, value) pairs, in order.
    public func makeIterator() -> AnyIterator<(name: String, value: String)> {
        var index = 0
        return AnyIterator {
            guard index < fields.count else { return nil }
            defer { index += 1 }
            return (name: name(at: index), value: value(at: index))
        }
    }

    /// `Name: value` lines, for logs and debugging.
    public var description: String {
        map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    // MARK: - Internals used by the parser and the encoder

    func name(at index: Int) -> String {
        let field = fields[index]
        return String(decoding: bytes[Int(field.nameStart)..<Int(field.nameEnd)], as: UTF8.self)
    }

    func value(at index: Int) -> String {
        let field = fields[index]
        return String(decoding: bytes[Int(field.valueStart)..<Int(field.valueEnd)], as: UTF8.self)
    }

    func firstIndex(of name: String) -> Int? {
        // The name's UTF-8 once, and a length check before any byte is compared: a response's
        // fields are searched on every request (`Content-Type`, by SecurityHeaders).
        var name = name
        return name.withUTF8 { other in
            bytes.withUnsafeBufferPointer { buffer in
                fields.firstIndex { Self.nameEquals(buffer, $0.nameStart, $0.nameEnd, other) }
            }
        }
    }

    @inline(__always) func matches(_ index: Int, _ name: String) -> Bool {
        let field = fields[index]
        return Self.equalsIgnoringCase(bytes, field.nameStart, field.nameEnd, name)
    }

    static func equalsIgnoringCase(_ bytes: [UInt8], _ start: Int32, _ end: Int32, _ name: String) -> Bool {
        var name = name
        return name.withUTF8 { other in
            bytes.withUnsafeBufferPointer { buffer in nameEquals(buffer, start, end, other) }
        }
    }

    /// Whether `buffer[start..<end]` (a field's name) is `other` (a name's UTF-8), ignoring ASCII
    /// case; the length is compared before any byte.
    @inline(__always) static func nameEquals(
        _ buffer: UnsafeBufferPointer<UInt8>, _ start: Int32, _ end: Int32, _ other: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard other.count == Int(end - start) else { return false }
        var i = Int(start)
        for byte in other {
            if ByteClass.lower(buffer[i]) != ByteClass.lower(byte) { return false }
            i += 1
        }
        return true
    }

    /// Whether some field `name` has `token` among its comma-separated elements (case-insensitive),
    /// as for `Connection: keep-alive, Upgrade` (RFC 9110 §5.6.1). `token` is in lowercase.
    func containsToken(_ name: String, _ token: StaticString) -> Bool {
        fields.indices.contains { matches($0, name) && value(at: $0, hasToken: token) }
    }

    /// Whether the value of the field at `index` has `token` among its comma-separated elements
    /// (case-insensitive). `token` is in lowercase.
    func value(at index: Int, hasToken token: StaticString) -> Bool {
        let field = fields[index]
        return bytes.withUnsafeBufferPointer { buffer in
            let value = UnsafeBufferPointer(rebasing: buffer[Int(field.valueStart)..<Int(field.valueEnd)])
            return RequestHeadParser.listElements(value).contains { RequestHeadParser.equalsLower($0, token) }
        }
    }

    /// The bytes ``encode(into:skipping:)`` writes: `name: value\r\n` for every field but those at `skip`.
    func encodedCount(skipping skip: [Int] = []) -> Int {
        var count = 0
        for (index, field) in fields.enumerated() where skip.isEmpty || !skip.contains(index) {
            count += Int(field.nameEnd - field.nameStart) + Int(field.valueEnd - field.valueStart) + 4
        }
        return count
    }

    /// Writes `name: value\r\n` for every field but those at `skip` (which ``encodedCount(skipping:)`` counts).
    func encode(into writer: inout HeadWriter, skipping skip: [Int] = []) {
        bytes.withUnsafeBytes { buffer in
            for (index, field) in fields.enumerated() where skip.isEmpty || !skip.contains(index) {
                writer.append(UnsafeRawBufferPointer(rebasing: buffer[Int(field.nameStart)..<Int(field.nameEnd)]))
                writer.append(": ")
                writer.append(UnsafeRawBufferPointer(rebasing: buffer[Int(field.valueStart)..<Int(field.valueEnd)]))
                writer.append("\r\n")
            }
        }
    }
}
