import Foundation

/// IMF-fixdate (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`, formatted and parsed without
/// `DateFormatter` (which costs tens of microseconds per call).
public enum HTTPDate {
    private static let days: [StaticString] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months: [StaticString] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// The IMF-fixdate of `seconds` since 1970 (UTC), as 29 ASCII bytes.
    public static func format(_ seconds: Int) -> [UInt8] {
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        var out: [UInt8] = []
        out.reserveCapacity(29)
        func two(_ n: Int32) {
            out.append(UInt8(48 + n / 10))
            out.append(UInt8(48 + n % 10))
        }
        append(days[Int(parts.tm_wday)], to: &out)
        out.append(contentsOf: [0x2C, 0x20])
        two(parts.tm_mday)
        out.append(0x20)
        append(months[Int(parts.tm_mon)], to: &out)
        out.append(0x20)
        let year = parts.tm_year + 1900
        two(year / 100)
        two(year % 100)
        out.append(0x20)
        two(parts.tm_hour)
        out.append(0x3A)
        two(parts.tm_min)
        out.append(0x3A)
        two(parts.tm_sec)
        out.append(contentsOf: Array(" GMT".utf8))
        return out
    }

    /// The IMF-fixdate of `seconds` since 1970 as a String.
    public static func string(_ seconds: Int) -> String { String(decoding: format(seconds), as: UTF8.self) }

    /// Seconds since 1970 of an IMF-fixdate; nil for anything else (the obsolete RFC 850 and
    /// asctime forms are not accepted, and a conditional request with them is unconditional).
    public static func parse(_ text: String) -> Int? {
        let b = Array(text.utf8)
        guard b.count == 29, b[3] == 0x2C, b[4] == 0x20, b[7] == 0x20, b[11] == 0x20, b[16] == 0x20, b[19] == 0x3A,
            b[22] == 0x3A, b[25] == 0x20, b[26] == 0x47, b[27] == 0x4D, b[28] == 0x54
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var n = 0
            for i in range {
                guard b[i] >= 48 && b[i] <= 57 else { return nil }
                n = n * 10 + Int(b[i] - 48)
            }
            return n
        }
        let monthText = b[8..<11]
        guard let day = number(5..<7), let year = number(12..<16), let hour = number(17..<19),
            let minute = number(20..<22), let second = number(23..<25),
            let month = months.firstIndex(where: { m in
                m.withUTF8Buffer { Array($0) } == Array(monthText)
            })
        else { return nil }
        guard (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        // Days from civil (Howard Hinnant's algorithm), so no time zone is involved.
        let y = month <= 1 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 10) % 12  // month is 0-based here
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let daysSinceEpoch = era * 146097 + doe - 719468
        return daysSinceEpoch * 86400 + hour * 3600 + minute * 60 + second
    }

    private static func append(_ s: StaticString, to out: inout [UInt8]) {
        s.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    static func nowSeconds() -> Int { Int(time(nil)) }
}
