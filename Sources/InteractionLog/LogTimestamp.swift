import Foundation

/// Timestamps of the interaction log (docs/log.md): microseconds since the Unix epoch, UTC.
///
/// The log stores `ts` as RFC 3339 text with exactly six fraction digits and a `Z`
/// (`2026-11-29T11:40:22.123456Z`): fixed width, so text order is time order and the day
/// partition is the first ten characters. In memory a timestamp is an `Int64` of
/// microseconds since 1970-01-01T00:00:00Z — exact, cheap to compare, no `Date` rounding.
public enum LogTimestamp {
    /// Microseconds in one UTC day (leap seconds are not counted, as in POSIX time).
    public static let microsecondsPerDay: Int64 = 86_400_000_000

    /// The system's wall clock now, in microseconds since the Unix epoch.
    public static func now() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Int64(t.tv_sec) * 1_000_000 + Int64(t.tv_nsec) / 1000
    }

    /// `2026-11-29T11:40:22.123456Z` for a timestamp in microseconds.
    /// Years outside 0000…9999 are clamped to that range.
    public static func format(_ micros: Int64) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(27)
        append(micros, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `0000-01-01T00:00:00.000000Z`: ``format(_:)`` writes earlier timestamps as this.
    static let earliest = daysFromCivil(0, 1, 1) * microsecondsPerDay
    /// `9999-12-31T23:59:59.999999Z`: ``format(_:)`` writes later timestamps as this.
    static let latest = daysFromCivil(10_000, 1, 1) * microsecondsPerDay - 1

    /// Appends the 27 bytes of ``format(_:)`` (no quotes) to `out`.
    public static func append(_ micros: Int64, into out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 27) { buffer in
            write(micros, to: buffer.baseAddress!)
            out.append(contentsOf: buffer)
        }
    }

    /// Writes the 27 bytes of ``format(_:)`` (no quotes) at `p`.
    static func write(_ micros: Int64, to p: UnsafeMutablePointer<UInt8>) {
        let m = min(max(micros, earliest), latest)
        let day = floorDiv(m, microsecondsPerDay)
        var rest = m - day * microsecondsPerDay
        let (y, mo, d) = civilFromDays(day)
        let fraction = rest % 1_000_000
        rest /= 1_000_000
        let s = rest % 60
        let mi = (rest / 60) % 60
        let h = rest / 3600
        digits(Int64(y), 4, p)
        p[4] = UInt8(ascii: "-")
        digits(Int64(mo), 2, p + 5)
        p[7] = UInt8(ascii: "-")
        digits(Int64(d), 2, p + 8)
        p[10] = UInt8(ascii: "T")
        digits(h, 2, p + 11)
        p[13] = UInt8(ascii: ":")
        digits(mi, 2, p + 14)
        p[16] = UInt8(ascii: ":")
        digits(s, 2, p + 17)
        p[19] = UInt8(ascii: ".")
        digits(fraction, 6, p + 20)
        p[26] = UInt8(ascii: "Z")
    }

    /// `YYYY-MM-DD`, the UTC day of a timestamp (the log's `date=` partition).
    public static func dayString(_ micros: Int64) -> String {
        dayString(day: floorDiv(micros, microsecondsPerDay))
    }

    /// `YYYY-MM-DD` of a day number (days since 1970-01-01).
    public static func dayString(day: Int64) -> String {
        let (y, m, d) = civilFromDays(day)
        return String(unsafeUninitializedCapacity: 10) { buffer in
            let p = buffer.baseAddress!
            digits(Int64(y), 4, p)
            p[4] = UInt8(ascii: "-")
            digits(Int64(m), 2, p + 5)
            p[7] = UInt8(ascii: "-")
            digits(Int64(d), 2, p + 8)
            return 10
        }
    }

    /// The day number (days since 1970-01-01, UTC) of a timestamp in microseconds.
    public static func day(_ micros: Int64) -> Int64 { floorDiv(micros, microsecondsPerDay) }

    /// Parses RFC 3339 text (`2026-11-29T11:40:22.123456Z`, any number of fraction digits
    /// — beyond six they are truncated —, `Z` or a `±HH:MM` offset, `t`/`z`/space accepted)
    /// or a bare date `2026-11-29` (midnight UTC). Returns microseconds since the epoch,
    /// or `nil` when the text is not one of those forms.
    public static func parse(_ text: String) -> Int64? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { parse(UnsafeBufferPointer($0)) }
    }

    /// ``parse(_:)`` over UTF-8 bytes.
    public static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Int64? {
        func num(_ at: Int, _ n: Int) -> Int64? {
            guard at + n <= b.count else { return nil }
            var v: Int64 = 0
            for i in at..<(at + n) {
                let c = b[i]
                guard c >= 48 && c <= 57 else { return nil }
                v = v * 10 + Int64(c - 48)
            }
            return v
        }
        guard let y = num(0, 4), b.count > 4, b[4] == UInt8(ascii: "-"),
            let mo = num(5, 2), b.count > 7, b[7] == UInt8(ascii: "-"), let d = num(8, 2),
            (1...12).contains(mo), d >= 1, d <= daysInMonth(Int(y), Int(mo))
        else { return nil }
        let dayMicros = daysFromCivil(Int(y), Int(mo), Int(d)) * microsecondsPerDay
        if b.count == 10 { return dayMicros }
        let sep = b[10]
        guard sep == UInt8(ascii: "T") || sep == UInt8(ascii: "t") || sep == UInt8(ascii: " "),
            let h = num(11, 2), b.count > 13, b[13] == UInt8(ascii: ":"), let mi = num(14, 2),
            b.count > 16, b[16] == UInt8(ascii: ":"), let s = num(17, 2),
            h < 24, mi < 60, s < 61
        else { return nil }
        var i = 19
        var fraction: Int64 = 0
        if i < b.count && b[i] == UInt8(ascii: ".") {
            i += 1
            var n = 0
            while i < b.count, b[i] >= 48, b[i] <= 57 {
                if n < 6 { fraction = fraction * 10 + Int64(b[i] - 48) }
                n += 1
                i += 1
            }
            guard n > 0 else { return nil }
            for _ in min(n, 6)..<6 { fraction *= 10 }
        }
        guard i < b.count else { return nil }
        var offset: Int64 = 0
        if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
            i += 1
        } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            let sign: Int64 = b[i] == UInt8(ascii: "+") ? 1 : -1
            guard let oh = num(i + 1, 2), b.count > i + 3, b[i + 3] == UInt8(ascii: ":"),
                let om = num(i + 4, 2), oh < 24, om < 60
            else { return nil }
            offset = sign * (oh * 3600 + om * 60) * 1_000_000
            i += 6
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        return dayMicros + ((h * 60 + mi) * 60 + min(s, 59)) * 1_000_000 + fraction - offset
    }

    /// Parses the fixed-width form the log writes, `YYYY-MM-DDTHH:MM:SS.ffffffZ`, fast;
    /// falls back to ``parse(_:)`` for any other form.
    static func parseLogged(_ b: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard b.count == 27, b[10] == UInt8(ascii: "T"), b[19] == UInt8(ascii: "."), b[26] == UInt8(ascii: "Z")
        else { return parse(b) }
        var ok = true
        func n(_ at: Int, _ len: Int) -> Int64 {
            var v: Int64 = 0
            for i in at..<(at + len) {
                let c = b[i] &- 48
                if c > 9 { ok = false }
                v = v * 10 + Int64(c)
            }
            return v
        }
        let y = n(0, 4)
        let mo = n(5, 2)
        let d = n(8, 2)
        let h = n(11, 2)
        let mi = n(14, 2)
        let s = n(17, 2)
        let f = n(20, 6)
        guard ok, (1...12).contains(mo), d >= 1, d <= daysInMonth(Int(y), Int(mo)), h < 24, mi < 60, s < 60
        else { return parse(b) }
        return daysFromCivil(Int(y), Int(mo), Int(d)) * microsecondsPerDay + ((h * 60 + mi) * 60 + s) * 1_000_000 + f
    }

    /// Parses `YYYY-MM-DD` to a day number, or `nil`.
    static func parseDay(_ text: Substring) -> Int64? {
        let u = Array(text.utf8)
        guard u.count == 10 else { return nil }
        return u.withUnsafeBufferPointer { parse($0) }.map { floorDiv($0, microsecondsPerDay) }
    }

    // Howard Hinnant's civil-date algorithms (public domain), proleptic Gregorian calendar.
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (Int(y + (m <= 2 ? 1 : 0)), Int(m), Int(d))
    }

    static func daysInMonth(_ y: Int, _ m: Int) -> Int {
        switch m {
        case 2: return (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// The last `width` decimal digits of `v` (not negative), zero-padded, at `p`.
    private static func digits(_ v: Int64, _ width: Int, _ p: UnsafeMutablePointer<UInt8>) {
        var v = v
        var i = width
        while i > 0 {
            i -= 1
            p[i] = UInt8(48 + v % 10)
            v /= 10
        }
    }
}
