/// Decodes a chunked request body (RFC 9112 §7.1) incrementally: chunk sizes in hex, chunk
/// extensions (checked for characters, then ignored), data, and a trailer section (checked
/// for field syntax, then discarded, as §7.1.2 allows).
struct ChunkedDecoder {
    enum State {
        case size, ext, sizeLF, data, dataCR, dataLF, trailerStart, trailerName, trailerValue, trailerLF, finalLF, done
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
    private var trailerBytes = 0

    /// The longest chunk-size line, extensions included, in bytes.
    static let maxSizeLine = 4096

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
                } else if c == 0x3B || c == 0x20 || c == 0x09 {
                    state = .ext
                } else if c == 0x0D {
                    state = .sizeLF
                } else {
                    return fail("A chunk size is malformed.")
                }
                lineBytes += 1
            case .ext:
                lineBytes += 1
                guard lineBytes <= Self.maxSizeLine else { return fail("Chunk extensions are too long.") }
                if c == 0x0D {
                    state = .sizeLF
                } else if !ByteClass.isFieldValueChar(c) {
                    return fail("A chunk extension is malformed.")
                }
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
}
