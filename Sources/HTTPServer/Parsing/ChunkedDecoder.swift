/// Decodes a chunked request body (RFC 9112 §7.1) incrementally: chunk sizes in hex, chunk
/// extensions (checked against their grammar, then ignored), data, and a trailer section
/// (checked for field syntax, then discarded, as §7.1.2 allows).
///
/// A chunk-size line is `chunk-size *( BWS ";" BWS ext-name [ BWS "=" BWS ext-value ] ) CRLF`
/// (§7.1.1; a value is a token or a quoted-string): anything else — `3 4`, `3 junk`, `3;=x`, an
/// unterminated quoted string — is a 400, so the server never reads a size a proxy in front of
/// it could read differently. One line holds at most ``maxSizeLine`` bytes, and the extensions
/// of a whole body at most ``maxExtensionBytes``.
struct ChunkedDecoder {
    enum State {
        case size, sizeBWS, sizeLF, data, dataCR, dataLF, trailerStart, trailerName, trailerValue, trailerLF, finalLF,
            done
        /// Extensions: before a name (after `;`), in a name, after a name and a space, before a
        /// value (after `=`), in a token value, in a quoted value, after a backslash in it,
        /// right after a quoted value, and in the spaces after a value (a `;` must follow them).
        case extBeforeName, extName, extAfterName, extBeforeValue, extToken, extQuoted, extQuotedPair, extAfterValue,
            extValueBWS
    }

    enum Outcome: Equatable {
        /// Needs more input; all of it was consumed.
        case needMore
        /// The body ended; this many bytes of the input were consumed.
        case done(consumed: Int)
        case failure(ParseFailure)
    }

    private(set) var state = State.size
    private var remaining = 0
    private var digits = 0
    private var lineBytes = 0
    private var extensionBytes = 0
    private var trailerBytes = 0

    /// The longest chunk-size line, extensions included, in bytes.
    static let maxSizeLine = 4096
    /// The most bytes of chunk-size lines past their sizes (extensions and their spaces) in one
    /// body: clients hardly use extensions, and without a bound a body of tiny chunks with long
    /// extensions could take thousands of times its limit in input.
    static let maxExtensionBytes = 16 * 1024

    mutating func decode(
        _ input: UnsafeBufferPointer<UInt8>, into body: inout [UInt8], limit: Int, maxTrailerBytes: Int
    ) -> Outcome {
        func fail(_ detail: String) -> Outcome { .failure(ParseFailure(status: .badRequest, detail: detail)) }
        var i = 0
        while i < input.count {
            let c = input[i]
            switch state {
            case .size:
                if let v = ByteClass.hexValue(c) {
                    digits += 1
                    guard digits <= 15 else { return fail("A chunk size is too long.") }
                    remaining = remaining << 4 | v
                    if body.count + remaining > limit {
                        return .failure(
                            ParseFailure(status: .payloadTooLarge, detail: "The body is larger than allowed."))
                    }
                } else if digits == 0 {
                    return fail("A chunk size is malformed.")
                } else if c == 0x3B {
                    state = .extBeforeName
                } else if c == 0x20 || c == 0x09 {
                    state = .sizeBWS
                } else if c == 0x0D {
                    state = .sizeLF
                } else {
                    return fail("A chunk size is malformed.")
                }
                lineBytes += 1
            case .sizeBWS, .extBeforeName, .extName, .extAfterName, .extBeforeValue, .extToken, .extQuoted,
                .extQuotedPair, .extAfterValue, .extValueBWS:
                lineBytes += 1
                extensionBytes += 1
                guard lineBytes <= Self.maxSizeLine, extensionBytes <= Self.maxExtensionBytes else {
                    return fail("Chunk extensions are too long.")
                }
                guard let next = Self.extensionStep(state, c) else {
                    return fail(
                        state == .sizeBWS ? "A chunk size is malformed." : "A chunk extension is malformed.")
                }
                state = next
            case .sizeLF:
                guard c == 0x0A else { return fail("A chunk size line is malformed.") }
                digits = 0
                lineBytes = 0
                state = remaining == 0 ? .trailerStart : .data
            case .data:
                let n = min(remaining, input.count - i)
                body.append(contentsOf: UnsafeBufferPointer(rebasing: input[i..<(i + n)]))
                remaining -= n
                i += n
                if remaining == 0 { state = .dataCR }
                continue
            case .dataCR:
                guard c == 0x0D else { return fail("Chunk data is longer than its size.") }
                state = .dataLF
            case .dataLF:
                guard c == 0x0A else { return fail("Chunk data is not followed by CRLF.") }
                state = .size
            case .trailerStart:
                if c == 0x0D {
                    state = .finalLF
                } else if ByteClass.isTokenChar(c) {
                    state = .trailerName
                } else {
                    return fail("A trailer field is malformed.")
                }
            case .trailerName:
                if c == 0x3A {
                    state = .trailerValue
                } else if !ByteClass.isTokenChar(c) {
                    return fail("A trailer field name is malformed.")
                }
            case .trailerValue:
                if c == 0x0D {
                    state = .trailerLF
                } else if !ByteClass.isFieldValueChar(c) {
                    return fail("A trailer field value is malformed.")
                }
            case .trailerLF:
                guard c == 0x0A else { return fail("A trailer line is malformed.") }
                state = .trailerStart
            case .finalLF:
                guard c == 0x0A else { return fail("The chunked body does not end with CRLF.") }
                state = .done
                return .done(consumed: i + 1)
            case .done:
                return .done(consumed: i)
            }
            if state == .trailerName || state == .trailerValue || state == .trailerLF {
                trailerBytes += 1
                if trailerBytes > maxTrailerBytes {
                    return .failure(
                        ParseFailure(status: .requestHeaderFieldsTooLarge, detail: "The trailer section is too large."))
                }
            }
            i += 1
        }
        return .needMore
    }

    /// The state after byte `c` of a chunk-size line past its size (RFC 9112 §7.1.1, RFC 9110
    /// §5.6.3–§5.6.4), from `state`; `nil` when the line breaks the grammar.
    private static func extensionStep(_ state: State, _ c: UInt8) -> State? {
        // BWS is allowed only before a ";" or an "=" (and after them): never before the CRLF.
        let isSpace = c == 0x20 || c == 0x09
        switch state {
        case .sizeBWS, .extValueBWS:
            if isSpace { return state }
            return c == 0x3B ? .extBeforeName : nil
        case .extBeforeName:
            if isSpace { return state }
            return ByteClass.isTokenChar(c) ? .extName : nil
        case .extName:
            if ByteClass.isTokenChar(c) { return .extName }
            if isSpace { return .extAfterName }
            if c == 0x3D { return .extBeforeValue }
            if c == 0x3B { return .extBeforeName }
            return c == 0x0D ? .sizeLF : nil
        case .extAfterName:
            if isSpace { return state }
            if c == 0x3D { return .extBeforeValue }
            return c == 0x3B ? .extBeforeName : nil
        case .extBeforeValue:
            if isSpace { return state }
            if c == 0x22 { return .extQuoted }
            return ByteClass.isTokenChar(c) ? .extToken : nil
        case .extToken, .extAfterValue:
            if state == .extToken && ByteClass.isTokenChar(c) { return .extToken }
            if isSpace { return .extValueBWS }
            if c == 0x3B { return .extBeforeName }
            return c == 0x0D ? .sizeLF : nil
        case .extQuoted:
            // qdtext = HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text
            if c == 0x22 { return .extAfterValue }
            if c == 0x5C { return .extQuotedPair }
            return isSpace || c == 0x21 || (0x23...0x7E).contains(c) || c >= 0x80 ? .extQuoted : nil
        case .extQuotedPair:
            // quoted-pair = "\\" ( HTAB / SP / VCHAR / obs-text )
            return isSpace || (0x21...0x7E).contains(c) || c >= 0x80 ? .extQuoted : nil
        default:
            return nil
        }
    }
}
