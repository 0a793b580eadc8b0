import EventSchema
import Foundation
import JSON
import TestSupport
import Testing

@testable import InteractionLog

extension TemporaryDirectory {
    /// Where a test's log goes: `logs` in the folder.
    var logs: String { path + "/logs" }
}

/// 2026-11-29T11:40:22.123456Z in microseconds.
let sampleTs: Int64 = LogTimestamp.parse("2026-11-29T11:40:22.123456Z")!

func pending(
    _ type: LogEventType, session: String? = "s1", id: String? = nil, ts: Int64? = nil, modal: String? = nil,
    screen: String? = nil, target: String? = nil, how: String? = nil, rule: String? = nil,
    durationMs: Int? = nil, prototype: String? = "mail", props: JSONObject = JSONObject()
) -> PendingEvent {
    PendingEvent(
        EventFields(
            type: type, prototype: prototype, prototypeVersion: prototype == nil ? nil : "v1", session: session,
            device: "iphone-16", orientation: "portrait", sizeClass: "compact/regular", screen: screen, modal: modal,
            target: target, how: how, rule: rule, durationMs: durationMs, props: props),
        eventID: id, ts: ts)
}

func readFile(_ path: String) -> [UInt8] {
    (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } ?? []
}

func lines(_ bytes: [UInt8]) -> [[UInt8]] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map(Array.init)
}

func partFiles(_ logs: String) -> [String] {
    let fm = FileManager.default
    var out: [String] = []
    for day in ((try? fm.contentsOfDirectory(atPath: logs)) ?? []).sorted() where day.hasPrefix("date=") {
        for f in ((try? fm.contentsOfDirectory(atPath: logs + "/" + day)) ?? []).sorted() {
            out.append(day + "/" + f)
        }
    }
    return out
}

/// A small RFC 4180 parser for checking exports: records of fields; `"` quoting, CRLF records.
func parseCSV(_ bytes: [UInt8]) throws -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field: [UInt8] = []
    var i = 0
    var quoted = false
    var atFieldStart = true
    while i < bytes.count {
        let b = bytes[i]
        if quoted {
            if b == 0x22 {
                if i + 1 < bytes.count && bytes[i + 1] == 0x22 {
                    field.append(0x22)
                    i += 2
                    continue
                }
                quoted = false
                i += 1
                continue
            }
            field.append(b)
            i += 1
            continue
        }
        switch b {
        case 0x22 where atFieldStart:
            quoted = true
            atFieldStart = false
            i += 1
        case 0x22:
            throw CSVError(message: "quote inside an unquoted field at byte \(i)")
        case 0x2C:
            record.append(String(decoding: field, as: UTF8.self))
            field = []
            atFieldStart = true
            i += 1
        case 0x0D:
            guard i + 1 < bytes.count, bytes[i + 1] == 0x0A else {
                throw CSVError(message: "bare CR at byte \(i)")
            }
            record.append(String(decoding: field, as: UTF8.self))
            records.append(record)
            record = []
            field = []
            atFieldStart = true
            i += 2
        case 0x0A:
            throw CSVError(message: "bare LF at byte \(i)")
        default:
            field.append(b)
            atFieldStart = false
            i += 1
        }
    }
    if quoted { throw CSVError(message: "unterminated quoted field") }
    if !field.isEmpty || !record.isEmpty { throw CSVError(message: "last record without CRLF") }
    return records
}

struct CSVError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
