/// A failure to accept a request, with the status to answer. After any of these the framing of
/// the rest of the stream is unknown, so the connection closes after the answer.
struct ParseFailure: Error, Equatable {
    var status: HTTPStatus
    var detail: String
}

/// How the body of a request is delimited (RFC 9112 §6.3).
enum BodyFraming: Equatable {
    case none
    case length(Int)
    case chunked

    /// Whether a body follows the head: chunked, or a length above 0.
    var hasBody: Bool {
        switch self {
        case .none: false
        case .length(let n): n > 0
        case .chunked: true
        }
    }
}

/// The parts of a request head that the connection needs; offsets are relative to the start
/// of the head (the first byte of the request line).
struct ParsedHead {
    var method: HTTPMethod
    var version: HTTPVersion
    var targetRange: Range<Int>
    var path: String
    var queryRange: Range<Int>?
    var fields: [HTTPHeaders.Field]
    var framing: BodyFraming
    var expectContinue: Bool
}

/// Parses request heads (RFC 9112 §2–§3, §5, §6; RFC 9110 §5, §7.2, §8.6, §10.1.1) from bytes
/// that arrive in pieces, without copying until a head is complete.
enum RequestHeadParser {
    enum Scan {
        case incomplete
        /// The head occupies `start..<end` of the buffer (end is past the blank line).
        case complete(end: Int)
        case failure(ParseFailure)
    }

    /// Looks for the end of the head (CRLF CRLF) in `buffer[start..<buffer.count]`, resuming at
    /// `scanFrom` (updated) so a head that arrives one byte at a time is scanned once.
    /// `requestLineEnd` (updated) is the end of the request line once found; before that it
    /// is -1, or -2 once the method has been checked. Start each head with -1.
    /// Enforces the size limits on an incomplete head: a request line longer than
    /// `maxTargetBytes` plus room for method and version → 414, header section over
    /// `maxHeaderBytes` → 431. A bare LF → 400.
    static func scan(
        _ buffer: UnsafeBufferPointer<UInt8>, start: Int, scanFrom: inout Int, requestLineEnd: inout Int,
        maxTargetBytes: Int, maxHeaderBytes: Int
    ) -> Scan {
        var i = max(scanFrom, start)
        let end = buffer.count
        if requestLineEnd == -1 {
            // A request line starts with a method, a token (RFC 9110 §9.1): anything else — a TLS
            // ClientHello, binary noise — is answered at once instead of after the head timeout.
            // The bytes before `scanFrom` were checked by an earlier call (they hold no space);
            // once the space after the method is seen, `requestLineEnd` is -2 until the line ends.
            var j = i
            while j < end && buffer[j] != 0x20 {
                if !ByteClass.isTokenChar(buffer[j]) {
                    return .failure(ParseFailure(status: .badRequest, detail: "The request line is malformed."))
                }
                j += 1
            }
            // However the line is split into reads, an overlong method is the same 501.
            if j - start > maxMethodBytes { return .failure(methodTooLong) }
            if j < end { requestLineEnd = -2 }
        }
        while i < end {
            if buffer[i] == 0x0A {
                guard i > start, buffer[i - 1] == 0x0D else {
                    return .failure(ParseFailure(status: .badRequest, detail: "A line ends with a bare LF."))
                }
                if requestLineEnd < 0 {
                    requestLineEnd = i + 1
                } else if i - 3 >= start && buffer[i - 2] == 0x0A && buffer[i - 3] == 0x0D && i - 1 >= requestLineEnd {
                    scanFrom = i + 1
                    if i + 1 - requestLineEnd > maxHeaderBytes { return tooLargeHeaders }
                    return .complete(end: i + 1)
                } else if i + 1 == requestLineEnd + 2 {
                    // The line right after the request line is empty: no fields.
                    scanFrom = i + 1
                    return .complete(end: i + 1)
                }
            }
            i += 1
        }
        scanFrom = end
        if requestLineEnd < 0 {
            if end - start > maxTargetBytes + 32 {
                return .failure(ParseFailure(status: .uriTooLong, detail: "The request line is longer than allowed."))
            }
        } else if end - requestLineEnd > maxHeaderBytes {
            return tooLargeHeaders
        }
        return .incomplete
    }

    /// The longest method token a request may name, in bytes: a longer one is a 501 that does
    /// not repeat it.
    static let maxMethodBytes = 32
    private static let methodTooLong = ParseFailure(
        status: .notImplemented, detail: "No method of more than \(maxMethodBytes) bytes is implemented.")

    private static let tooLargeHeaders = Scan.failure(
        ParseFailure(status: .requestHeaderFieldsTooLarge, detail: "The header section is larger than allowed."))

    /// Parses a complete head `buffer[start..<end]`.
    static func parse(
        _ buffer: UnsafeBufferPointer<UInt8>, start: Int, end: Int, maxTargetBytes: Int, maxFields: Int = 256
    ) -> Result<ParsedHead, ParseFailure> {
        var storage: [HTTPHeaders.Field] = []
        return parse(
            buffer, start: start, end: end, maxTargetBytes: maxTargetBytes, maxFields: maxFields, storage: &storage)
    }

    /// Parses a complete head `buffer[start..<end]` into the buffer of `storage` (taken, left
    /// empty; its elements are dropped): the connection hands over the last request's fields
    /// array, so once that request is gone parsing allocates nothing.
    static func parse(
        _ buffer: UnsafeBufferPointer<UInt8>, start: Int, end: Int, maxTargetBytes: Int, maxFields: Int = 256,
        storage: inout [HTTPHeaders.Field]
    ) -> Result<ParsedHead, ParseFailure> {
        func fail(_ status: HTTPStatus, _ detail: String) -> Result<ParsedHead, ParseFailure> {
            .failure(ParseFailure(status: status, detail: detail))
        }
        // request-line = method SP request-target SP HTTP-version CRLF
        var i = start
        while i < end && ByteClass.isTokenChar(buffer[i]) { i += 1 }
        guard i > start, i < end, buffer[i] == 0x20 else { return fail(.badRequest, "The request line is malformed.") }
        // No method is that long (WebDAV's longest, UPDATEREDIRECTREF, has 17 bytes); the router
        // would echo the name in its 501, and a whole request line can arrive in one read.
        if i - start > maxMethodBytes { return .failure(methodTooLong) }
        let method = HTTPMethod.from(UnsafeBufferPointer(rebasing: buffer[start..<i]))
        i += 1
        let targetStart = i
        while i < end && ByteClass.isTargetChar(buffer[i]) { i += 1 }
        let targetEnd = i
        guard targetEnd > targetStart, i < end, buffer[i] == 0x20 else {
            return fail(.badRequest, "The request target is malformed.")
        }
        if targetEnd - targetStart > maxTargetBytes {
            return fail(.uriTooLong, "The request target is longer than allowed.")
        }
        i += 1
        // HTTP-version = "HTTP" "/" DIGIT "." DIGIT
        guard end - i >= 10, buffer[i] == 0x48, buffer[i + 1] == 0x54, buffer[i + 2] == 0x54, buffer[i + 3] == 0x50,
            buffer[i + 4] == 0x2F, buffer[i + 6] == 0x2E, buffer[i + 8] == 0x0D, buffer[i + 9] == 0x0A,
            (0x30...0x39).contains(buffer[i + 5]), (0x30...0x39).contains(buffer[i + 7])
        else { return fail(.badRequest, "The HTTP version is malformed.") }
        let major = Int(buffer[i + 5] - 0x30)
        let minor = Int(buffer[i + 7] - 0x30)
        guard major == 1 else { return fail(.httpVersionNotSupported, "Only HTTP/1.0 and HTTP/1.1 are supported.") }
        let version: HTTPVersion = minor == 0 ? .http1_0 : .http1_1
        i += 10

        if method == .connect { return fail(.notImplemented, "CONNECT is not implemented.") }

        // field-line = field-name ":" OWS field-value OWS CRLF
        var fields: [HTTPHeaders.Field] = []
        swap(&fields, &storage)
        fields.removeAll(keepingCapacity: true)
        fields.reserveCapacity(16)
        var hostCount = 0
        var hostValue: Range<Int>?
        var contentLength: Int? = nil
        var transferEncoding: [Range<Int>] = []
        var expectContinue = false
        while true {
            guard i + 1 < end else { return fail(.badRequest, "The header section is malformed.") }
            if buffer[i] == 0x0D && buffer[i + 1] == 0x0A {
                i += 2
                break
            }
            if buffer[i] == 0x20 || buffer[i] == 0x09 {
                return fail(.badRequest, "Obsolete line folding is not accepted (RFC 9112 §5.2).")
            }
            let nameStart = i
            while i < end && ByteClass.isTokenChar(buffer[i]) { i += 1 }
            guard i > nameStart, i < end else { return fail(.badRequest, "A header field name is malformed.") }
            guard buffer[i] == 0x3A else {
                if buffer[i] == 0x20 || buffer[i] == 0x09 {
                    return fail(
                        .badRequest, "Whitespace between a field name and colon is not allowed (RFC 9112 §5.1).")
                }
                return fail(.badRequest, "A header field name is malformed.")
            }
            let nameEnd = i
            i += 1
            while i < end && (buffer[i] == 0x20 || buffer[i] == 0x09) { i += 1 }
            let valueStart = i
            while i < end && buffer[i] != 0x0D {
                guard ByteClass.isFieldValueChar(buffer[i]) else {
                    return fail(.badRequest, "A header field value contains a control character.")
                }
                i += 1
            }
            guard i + 1 < end, buffer[i + 1] == 0x0A else { return fail(.badRequest, "A header line is malformed.") }
            var valueEnd = i
            while valueEnd > valueStart && (buffer[valueEnd - 1] == 0x20 || buffer[valueEnd - 1] == 0x09) {
                valueEnd -= 1
            }
            i += 2
            fields.append(
                HTTPHeaders.Field(
                    nameStart: Int32(nameStart - start), nameEnd: Int32(nameEnd - start),
                    valueStart: Int32(valueStart - start), valueEnd: Int32(valueEnd - start)))
            if fields.count > maxFields {
                return fail(.requestHeaderFieldsTooLarge, "The request has too many header fields.")
            }

            let name = UnsafeBufferPointer(rebasing: buffer[nameStart..<nameEnd])
            let value = UnsafeBufferPointer(rebasing: buffer[valueStart..<valueEnd])
            switch name.count {
            case 4 where equalsLower(name, "host"):
                hostCount += 1
                hostValue = valueStart..<valueEnd
            case 6 where equalsLower(name, "expect"):
                if equalsLower(value, "100-continue") {
                    expectContinue = true
                } else if !value.isEmpty {
                    return fail(.expectationFailed, "Only the 100-continue expectation is supported.")
                }
            case 14 where equalsLower(name, "content-length"):
                // A list of identical values is one value (RFC 9110 §8.6); anything else is invalid.
                for element in listElements(value) {
                    guard let n = parseDecimal(element) else {
                        return fail(.badRequest, "Content-Length is not a number.")
                    }
                    if let contentLength, contentLength != n {
                        return fail(.badRequest, "Content-Length fields differ.")
                    }
                    contentLength = n
                }
                if contentLength == nil { return fail(.badRequest, "Content-Length is empty.") }
            case 17 where equalsLower(name, "transfer-encoding"):
                transferEncoding.append(valueStart..<valueEnd)
            default:
                break
            }
        }

        if version == .http1_1 && hostCount != 1 {
            return fail(
                .badRequest, hostCount == 0 ? "Host is required in HTTP/1.1." : "Host must appear exactly once.")
        }
        if hostCount > 1 { return fail(.badRequest, "Host must appear at most once.") }
        if let hostValue, !isValidHost(UnsafeBufferPointer(rebasing: buffer[hostValue])) {
            return fail(.badRequest, "The Host field is malformed.")
        }

        var framing = BodyFraming.none
        if !transferEncoding.isEmpty {
            // RFC 9112 §6.1 and §6.3: TE in HTTP/1.0 or together with Content-Length is a framing
            // error (possible request smuggling); chunked must be the final coding, once.
            if version == .http1_0 { return fail(.badRequest, "Transfer-Encoding is not allowed in HTTP/1.0.") }
            if contentLength != nil {
                return fail(.badRequest, "Both Transfer-Encoding and Content-Length are present.")
            }
            var codings: [UnsafeBufferPointer<UInt8>] = []
            for range in transferEncoding {
                for element in listElements(UnsafeBufferPointer(rebasing: buffer[range])) {
                    // A coding may carry parameters: token *( OWS ";" OWS transfer-parameter ).
                    var nameEnd = 0
                    while nameEnd < element.count && ByteClass.isTokenChar(element[nameEnd]) { nameEnd += 1 }
                    guard nameEnd > 0 else { return fail(.badRequest, "Transfer-Encoding is malformed.") }
                    codings.append(UnsafeBufferPointer(rebasing: element[0..<nameEnd]))
                }
            }
            guard let last = codings.last else { return fail(.badRequest, "Transfer-Encoding is empty.") }
            for coding in codings.dropLast() where equalsLower(coding, "chunked") {
                return fail(.badRequest, "chunked must be the final transfer coding, applied once.")
            }
            guard equalsLower(last, "chunked") else {
                return fail(.notImplemented, "Only the chunked transfer coding is implemented.")
            }
            if codings.count > 1 { return fail(.notImplemented, "Only the chunked transfer coding is implemented.") }
            framing = .chunked
        } else if let contentLength, contentLength > 0 {
            framing = .length(contentLength)
        }

        guard let target = RequestTarget.parse(buffer, targetStart..<targetEnd) else {
            return fail(.badRequest, "The request target is malformed.")
        }
        if target.path == "*" && method != .options {
            return fail(.badRequest, "The asterisk-form target is only for OPTIONS.")
        }
        return .success(
            ParsedHead(
                method: method, version: version, targetRange: (targetStart - start)..<(targetEnd - start),
                path: target.path, queryRange: target.query.map { ($0.lowerBound - start)..<($0.upperBound - start) },
                fields: fields, framing: framing, expectContinue: expectContinue))
    }

    static func equalsLower(_ bytes: UnsafeBufferPointer<UInt8>, _ lower: StaticString) -> Bool {
        guard bytes.count == lower.utf8CodeUnitCount else { return false }
        let other = lower.utf8Start
        for i in 0..<bytes.count where ByteClass.lower(bytes[i]) != other[i] { return false }
        return true
    }

    static func listElements(_ value: UnsafeBufferPointer<UInt8>) -> [UnsafeBufferPointer<UInt8>] {
        var result: [UnsafeBufferPointer<UInt8>] = []
        var i = 0
        while i <= value.count {
            var j = i
            while j < value.count && value[j] != 0x2C { j += 1 }
            var a = i
            var b = j
            while a < b && (value[a] == 0x20 || value[a] == 0x09) { a += 1 }
            while b > a && (value[b - 1] == 0x20 || value[b - 1] == 0x09) { b -= 1 }
            if b > a { result.append(UnsafeBufferPointer(rebasing: value[a..<b])) }
            i = j + 1
        }
        return result
    }

    /// 1*DIGIT as an Int; values past 18 digits saturate to Int.max (they exceed any limit).
    static func parseDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var n = 0
        for (index, c) in bytes.enumerated() {
            guard c >= 0x30 && c <= 0x39 else { return nil }
            if index >= 18 { n = Int.max } else { n = n * 10 + Int(c - 0x30) }
        }
        return n
    }

    /// uri-host [ ":" port ]: reg-name, IPv4 or a bracketed IP literal (RFC 3986 §3.2.2).
    static func isValidHost(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for c in bytes {
            switch c {
            case 0x61...0x7A, 0x41...0x5A, 0x30...0x39: continue
            case 0x2D, 0x2E, 0x5F, 0x7E, 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D: continue
            case 0x3A, 0x5B, 0x5D, 0x25: continue
            default: return false
            }
        }
        return true
    }
}
