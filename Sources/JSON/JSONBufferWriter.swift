/// Writes JSON text into a fixed buffer (one the caller keeps on its stack) and appends the buffer
/// to an array in one copy when it is full or when ``flush(_:)`` is called: the hot paths' writer
/// (a log line, an action's answer), where appending each piece to the array would check its
/// uniqueness and capacity every time.
///
/// The text is byte for byte ``JSONWriter``'s compact text (not HTML-safe): strings escaped as
/// ``JSONWriter/appendQuoted(_:into:htmlSafe:)`` escapes them, numbers as
/// ``JSONWriter/appendNumber(_:into:)`` writes them. A string longer than the buffer can take, a
/// number with a fraction and an array go through ``JSONWriter`` itself, after a flush.
///
/// ```swift
/// withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { buffer in
///     var w = JSONBufferWriter(buffer)
///     w.putASCII("{\"id\":", &out)
///     w.putQuoted(id, &out)
///     w.putByte(UInt8(ascii: "}"), &out)
///     w.flush(&out)
/// }
/// ```
/// Every `put` takes the array the bytes end up in, for when the buffer is full; nothing is in
/// it until the last ``flush(_:)``.
public struct JSONBufferWriter {
    @usableFromInline let buffer: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int
    /// Bytes in the buffer not appended yet.
    @usableFromInline var count = 0

    /// A writer into `buffer` (its memory must outlive the writer; one byte at least).
    @inlinable public init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        precondition(buffer.count > 0, "a JSONBufferWriter needs a buffer")
        self.buffer = buffer.baseAddress!
        self.capacity = buffer.count
    }

    /// Appends what the buffer holds to `out` and empties it.
    @inlinable public mutating func flush(_ out: inout [UInt8]) {
        if count > 0 { out.append(contentsOf: UnsafeBufferPointer(start: buffer, count: count)) }
        count = 0
    }

    /// Makes room for `n` bytes, flushing when needed; false when they can never fit (then
    /// `out` has everything written so far).
    @inlinable @inline(__always) public mutating func reserve(_ n: Int, _ out: inout [UInt8]) -> Bool {
        if count + n <= capacity { return true }
        flush(&out)
        return n <= capacity
    }

    /// `n` bytes written by `write` at the pointer it is given (which must write exactly `n`).
    @inlinable public mutating func putRaw(
        count n: Int, _ out: inout [UInt8], _ write: (UnsafeMutablePointer<UInt8>) -> Void
    ) {
        guard reserve(n, &out) else {
            let bytes = [UInt8](unsafeUninitializedCapacity: n) { b, c in
                write(b.baseAddress!)
                c = n
            }
            out.append(contentsOf: bytes)
            return
        }
        write(buffer + count)
        count += n
    }

    /// `n` bytes from `bytes`.
    @inlinable public mutating func putBytes(_ bytes: UnsafePointer<UInt8>, count n: Int, _ out: inout [UInt8]) {
        guard reserve(n, &out) else {
            out.append(contentsOf: UnsafeBufferPointer(start: bytes, count: n))
            return
        }
        (buffer + count).update(from: bytes, count: n)
        count += n
    }

    /// One byte.
    @inlinable public mutating func putByte(_ b: UInt8, _ out: inout [UInt8]) {
        _ = reserve(1, &out)
        buffer[count] = b
        count += 1
    }

    /// The bytes of a literal: punctuation and keys written as they are, `null`, `true`.
    @inlinable public mutating func putASCII(_ s: StaticString, _ out: inout [UInt8]) {
        putBytes(s.utf8Start, count: s.utf8CodeUnitCount, &out)
    }

    /// `s` as a JSON string literal, with its quotes: copied and checked in one pass, `"`, `\`
    /// and control characters escaped as ``JSONWriter/appendQuoted(_:into:htmlSafe:)`` does.
    public mutating func putQuoted(_ s: String, _ out: inout [UInt8]) {
        let done: Bool? = s.utf8.withContiguousStorageIfAvailable { utf8 in
            // Room for the worst case: every byte a `\u00XX`.
            guard reserve(6 * utf8.count + 2, &out) else { return false }
            var j = count
            buffer[j] = 0x22
            j += 1
            let n = utf8.count
            var i = 0
            if let src = utf8.baseAddress {
                // Eight bytes at a time, all the way: a word is copied whole, and when it holds
                // a byte to escape, only the bytes before that one are kept, then its escape is
                // written and the next word starts right after it. (There is room: a word copied
                // at `j` ends before the worst case's `6 * n + 2`.)
                while i + 8 <= n {
                    let w = UnsafeRawPointer(src + i).loadUnaligned(as: UInt64.self)
                    UnsafeMutableRawPointer(buffer + j).storeBytes(of: w, as: UInt64.self)
                    let flags = Self.escapeFlags(UInt64(littleEndian: w))
                    if flags == 0 {
                        i += 8
                        j += 8
                        continue
                    }
                    let clean = flags.trailingZeroBitCount >> 3
                    i += clean
                    j += clean
                    j += Self.escape(src[i], buffer + j)
                    i += 1
                }
            }
            while i < n {
                let b = utf8[i]
                if b >= 0x20 && b != 0x22 && b != 0x5C {
                    buffer[j] = b
                    j += 1
                } else {
                    j += Self.escape(b, buffer + j)
                }
                i += 1
            }
            buffer[j] = 0x22
            count = j + 1
            return true
        }
        if done == true { return }
        flush(&out)
        JSONWriter.appendQuoted(s, into: &out)
    }

    /// `s` as a JSON string literal, or `null`.
    public mutating func putQuoted(_ s: String?, _ out: inout [UInt8]) {
        if let s { putQuoted(s, &out) } else { putASCII("null", &out) }
    }

    /// The high bit of each byte of `w` (its first byte in the lowest bits) that is below 0x20,
    /// `"` or `\`: zero exactly when none is, and the lowest bit set is always the first such
    /// byte. A byte above that one may be flagged wrongly (a borrow carries upward only from a
    /// byte that matched). The tests for a byte less than n and for a zero byte of "Bit
    /// Twiddling Hacks", Sean Eron Anderson, Stanford.
    @inline(__always) static func escapeFlags(_ w: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quote = w ^ (ones &* 0x22)
        let backslash = w ^ (ones &* 0x5C)
        let below = (w &- ones &* 0x20) & ~w
        let zeroQuote = (quote &- ones) & ~quote
        let zeroBackslash = (backslash &- ones) & ~backslash
        return (below | zeroQuote | zeroBackslash) & high
    }

    /// Writes the escape of `b` (`"`, `\` or a control character) at `p`; returns its length.
    @inline(__always) static func escape(_ b: UInt8, _ p: UnsafeMutablePointer<UInt8>) -> Int {
        p[0] = 0x5C
        switch b {
        case 0x22, 0x5C:
            p[1] = b
            return 2
        case 0x0A:
            p[1] = UInt8(ascii: "n")
            return 2
        case 0x0D:
            p[1] = UInt8(ascii: "r")
            return 2
        case 0x09:
            p[1] = UInt8(ascii: "t")
            return 2
        default:
            let hex: StaticString = "0123456789abcdef"
            p[1] = UInt8(ascii: "u")
            p[2] = UInt8(ascii: "0")
            p[3] = UInt8(ascii: "0")
            p[4] = hex.utf8Start[Int(b >> 4)]
            p[5] = hex.utf8Start[Int(b & 15)]
            return 6
        }
    }

    /// The decimal digits of `v`, with a `-` when negative.
    public mutating func putInteger(_ v: Int, _ out: inout [UInt8]) {
        guard reserve(20, &out) else {  // "-9223372036854775808"
            JSONWriter.appendInteger(v, into: &out)
            return
        }
        if v < 0 {
            buffer[count] = UInt8(ascii: "-")
            count += 1
        }
        var m = v.magnitude
        var digits = 1
        var rest = m / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var i = count + digits
        count = i
        repeat {
            i -= 1
            buffer[i] = UInt8(48 + m % 10)
            m /= 10
        } while m > 0
    }

    /// ``JSONWriter/appendNumber(_:into:)``'s text: a whole number as an integer, NaN and the
    /// infinities as `null`.
    public mutating func putNumber(_ n: Double, _ out: inout [UInt8]) {
        if n.isFinite && abs(n) < 1e15 && Double(Int64(n)) == n {
            putInteger(Int(n), &out)
        } else {
            flush(&out)
            JSONWriter.appendNumber(n, into: &out)
        }
    }

    /// `value` as ``JSONWriter`` writes it compact (an array through ``JSONWriter`` itself).
    public mutating func putValue(_ value: JSONValue, _ out: inout [UInt8]) {
        switch value {
        case .string(let s): putQuoted(s, &out)
        case .number(let n): putNumber(n, &out)
        case .bool(let b): putASCII(b ? "true" : "false", &out)
        case .null: putASCII("null", &out)
        case .object(let o): putObject(o, &out)
        case .array:
            flush(&out)
            JSONWriter().write(value, into: &out)
        }
    }

    /// `o` as ``JSONWriter`` writes it compact: `{}`, or its members in order, `"key":value`
    /// between commas.
    public mutating func putObject(_ o: JSONObject, _ out: inout [UInt8]) {
        putByte(UInt8(ascii: "{"), &out)
        // By index: `for (k, v) in o` copies each member.
        let members = o.members
        for i in members.indices {
            if i > 0 { putByte(UInt8(ascii: ","), &out) }
            putQuoted(members[i].key, &out)
            putByte(UInt8(ascii: ":"), &out)
            putValue(members[i].value, &out)
        }
        putByte(UInt8(ascii: "}"), &out)
    }
}
