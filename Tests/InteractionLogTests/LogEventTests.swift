import EventSchema
import Foundation
import JSON
import Testing

@testable import InteractionLog

@Suite struct LogEventTests {
    let full = LogEvent(
        eventID: "e-1", seq: 7, ts: sampleTs, tMs: 5120,
        EventFields(
            type: .dismiss, prototype: "mail", prototypeVersion: "sha256:abc", session: "s1", share: "sh1",
            device: "iphone-16", orientation: "portrait", sizeClass: "compact/regular", screen: "inbox",
            modal: "compose", target: "cancel, \"now\"\nplease", style: "pageSheet", requestedStyle: "automatic",
            how: "button", rule: "sheet.compact-width-card", severity: "info", x: 120.5, y: 640, durationMs: 4200,
            props: JSONObject([("note", "café ✓ 🎉"), ("cancel", true), ("n", 3), ("nested", ["a": [1, 2]])])))

    @Test func lineHasEveryKeyInColumnOrderAndNulls() throws {
        let event = LogEvent(eventID: "e-2", seq: 1, ts: sampleTs, EventFields(type: .tap))
        let line = event.ndjsonLine
        #expect(line.last == 0x0A)
        #expect(line.dropLast().contains(0x0A) == false)
        let value = try JSONParser.parse(Array(line.dropLast()))
        let object = try #require(value.objectValue)
        #expect(object.keys == LogColumns.names)
        #expect(object["schema"] == 1)
        #expect(object["ts"] == "2026-11-29T11:40:22.123456Z")
        #expect(object["props"] == .object(JSONObject()))
        for key in LogColumns.names where !["schema", "event_id", "seq", "ts", "type", "props"].contains(key) {
            #expect(object[key] == .null, "\(key) should be null")
        }
        let text = String(decoding: line, as: UTF8.self)
        #expect(
            text.hasPrefix(
                #"{"schema":1,"event_id":"e-2","seq":1,"ts":"2026-11-29T11:40:22.123456Z","t_ms":null,"type":"tap","prototype":null"#
            ))
        #expect(
            text.hasSuffix(
                #","duration_ms":null,"props":{},"appearance":null,"content_size":null,"layout_direction":null,"#
                    + #""multitasking":null,"keyboard_height":null,"action":null,"task":null,"outcome":null,"#
                    + #""state_seq":null,"target_os":null,"audience":null,"share_label":null,"pid":null}"# + "\n"))
    }

    @Test func lineMatchesTheGenericWriter() throws {
        #expect(full.ndjsonLine == JSONWriter().bytes(full.jsonValue) + [0x0A])
    }

    /// The tail is written through a buffer on the stack (`NDJSONTail`): every column set, with
    /// strings to escape, long strings that don't fit the buffer or fill it mid-line, and numbers
    /// written as integers or not, gives the generic writer's line and decodes to the same event.
    @Test func everyColumnMatchesTheGenericWriter() throws {
        let texts = [
            "inbox", "", "a \"quoted\" \\ back\nslash\t\u{1}\u{1F}", "café ✓ 🎉 مرحبا",
            String(repeating: "x", count: 1500), String(repeating: "é", count: 1200),
            String(repeating: "ab\"", count: 900), String(repeating: "y", count: 5000),
        ]
        // (The generic writer writes an integer as a Double, with a fraction from 1e15 on; Int.max and
        // Int.min are checked below.)
        let integers = [0, 7, -1, 4200, 999_999_999_999_999, -999_999_999_999_999]
        let numbers: [Double] = [0, -0.0, 120.5, -640, 1e15, 999_999_999_999_999, 0.1, 1e300, -2.5e-8, .nan, .infinity]
        for round in 0..<texts.count {
            var fields = EventFields(type: .dismiss, props: round % 2 == 0 ? JSONObject() : ["n": 3, "s": "é\n"])
            var k = round
            for column in LogColumns.all {
                k += 1
                switch column.cell {
                case .text(_, let set): set(&fields, k % 9 == 0 ? nil : texts[k % texts.count])
                case .integer(_, let set): set(&fields, integers[k % integers.count])
                case .number(_, let set): set(&fields, numbers[k % numbers.count])
                case .assigned, .type, .props: break
                }
            }
            let event = LogEvent(eventID: "e-\(round)", seq: round + 1, ts: sampleTs, tMs: 5120, fields)
            #expect(event.ndjsonLine == JSONWriter().bytes(event.jsonValue) + [0x0A], "round \(round)")
            // NaN and the infinities are written as null.
            var expected = fields
            for column in LogColumns.all {
                if case .number(let get, let set) = column.cell, let n = get(fields), !n.isFinite {
                    set(&expected, nil)
                }
            }
            #expect(try LogEvent(ndjsonLine: event.ndjsonLine).fields == expected, "round \(round)")
        }
        for v in [Int.max, Int.min] {
            let line = LogEvent(eventID: "e", seq: 1, ts: sampleTs, EventFields(type: .tap, durationMs: v)).ndjsonLine
            #expect(String(decoding: line, as: UTF8.self).contains(#","duration_ms":\#(v),"#))
        }
    }

    /// Strings are escaped in the stack buffer (`NDJSONTail.Writer.putQuoted`) and a `props` of
    /// strings, numbers, booleans and nulls written there (`putObject`): every ASCII byte, strings
    /// either side of the longest the buffer takes escaped (170 bytes), and props of every kind of
    /// value give the generic writer's bytes; so do events whose columns are all null but one, at
    /// each place (the keys and nulls between values are copied as one run).
    @Test func escapesPropsAndRunsMatchTheGenericWriter() throws {
        let ascii = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        let texts = [
            ascii, String(repeating: "\u{1}", count: 170), String(repeating: "\u{1}", count: 171),
            String(repeating: "\"", count: 169) + "é", "\u{7F}\u{2028}</script>&", ascii + ascii + ascii,
        ]
        let props: [JSONObject] = [
            ["s": .string(ascii), "t": true, "f": false, "z": .null, "n": 1.5, "i": -3],
            ["nested": ["a": [1, "x\n", ["b": .null]]], "list": [], "empty": .object(JSONObject())],
            [ascii: "k", "nan": .number(.nan), "big": 1e20],
        ]
        for (round, text) in texts.enumerated() {
            let fields = EventFields(
                type: .tap, prototype: text, screen: text, x: 0.25, props: props[round % props.count], pid: text)
            let event = LogEvent(eventID: String(text.prefix(100)), seq: 1, ts: sampleTs, tMs: nil, fields)
            #expect(event.ndjsonLine == JSONWriter().bytes(event.jsonValue) + [0x0A], "round \(round)")
            // (NaN is written as null, so that round doesn't decode to the same props.)
            if round % props.count != 2 {
                #expect(try LogEvent(ndjsonLine: event.ndjsonLine) == event, "round \(round)")
            }
        }
        for column in LogColumns.all {
            var fields = EventFields(type: .misclick)
            switch column.cell {
            case .text(_, let set): set(&fields, "v")
            case .integer(_, let set): set(&fields, 12)
            case .number(_, let set): set(&fields, -7.5)
            case .props: fields.props = ["only": 1]
            case .assigned, .type: continue
            }
            let event = LogEvent(eventID: "e", seq: 2, ts: sampleTs, tMs: 9, fields)
            #expect(event.ndjsonLine == JSONWriter().bytes(event.jsonValue) + [0x0A], "\(column.name)")
        }
    }

    @Test func strictAndFastDecodingRoundTrip() throws {
        let strict = try LogEvent(ndjsonLine: full.ndjsonLine)
        #expect(strict == full)
        let line = full.ndjsonLine
        let fast = line.withUnsafeBufferPointer { buf -> LogEvent? in
            var r = RawLine()
            guard r.scan(UnsafeBufferPointer(rebasing: buf.dropLast())) else { return nil }
            return LogEvent(raw: r)
        }
        #expect(fast == full)
    }

    @Test func decodingErrorsNameThePath() {
        #expect(throws: LogLineError.self) { try LogEvent(ndjsonLine: Array(#"{"schema":1,"event_"#.utf8)) }
        do {
            _ = try LogEvent(ndjsonLine: Array(#"{"event_id":"a","seq":1,"ts":"2026-11-29","type":"tapp"}"#.utf8))
            Issue.record("expected a shape error")
        } catch {
            guard case .shape(let e) = error else {
                Issue.record("expected shape, got \(error)")
                return
            }
            #expect(e.path.description == "$.type")
            #expect(e.message.contains("did you mean \"tap\""))
        }
    }

    @Test func unknownColumnsAreIgnoredByBothDecoders() throws {
        var text = String(decoding: full.ndjsonLine.dropLast(), as: UTF8.self)
        text.removeLast()
        text += #","future_column":{"a":[1,"}"]}}"#
        #expect(try LogEvent(ndjsonLine: Array(text.utf8)) == full)
        let bytes = Array(text.utf8)
        let fast = bytes.withUnsafeBufferPointer { buf -> LogEvent? in
            var r = RawLine()
            return r.scan(buf) ? LogEvent(raw: r) : nil
        }
        #expect(fast == full)
    }

    @Test func scannerReadsNumbers() {
        func xy(_ x: String, _ y: String) -> (Double?, Double?) {
            Array(#"{"x":\#(x),"y":\#(y)}"#.utf8).withUnsafeBufferPointer { buf in
                var r = RawLine()
                guard r.scan(buf) else { return (nil, nil) }
                return (r.double(LogColumns.position("x")), r.double(LogColumns.position("y")))
            }
        }
        #expect(xy("640", "-42") == (640, -42))
        #expect(xy("120.5", "-2e3") == (120.5, -2000))
        #expect(xy("999999999999999", "12345678901234567") == (999_999_999_999_999, 12_345_678_901_234_568))
        let (zero, negativeZero) = xy("0", "-0")
        #expect(zero?.sign == .plus && negativeZero?.sign == .minus)
        #expect(xy("1-2", "--3") == (nil, nil))
    }

    @Test func scannerRejectsTornAndGarbageLines() {
        let line = Array(full.ndjsonLine.dropLast())
        for cut in stride(from: 1, to: line.count, by: 7) {
            let torn = Array(line.prefix(cut))
            let ok = torn.withUnsafeBufferPointer { buf in
                var r = RawLine()
                return r.scan(buf)
            }
            #expect(!ok, "prefix of \(cut) bytes should not scan")
        }
        let garbage = [
            "", "null", "[1]", "{\"a\":1} x", "{\"a\":\"\u{1}\"}", "{\"a\":tru}", String(repeating: "\0", count: 9),
        ]
        for g in garbage {
            let ok = Array(g.utf8).withUnsafeBufferPointer { buf in
                var r = RawLine()
                return r.scan(buf)
            }
            #expect(!ok, "\(g.debugDescription) should not scan")
        }
    }

    @Test func timestamps() {
        #expect(LogTimestamp.format(0) == "1970-01-01T00:00:00.000000Z")
        #expect(LogTimestamp.format(sampleTs) == "2026-11-29T11:40:22.123456Z")
        #expect(LogTimestamp.format(-1) == "1969-12-31T23:59:59.999999Z")
        #expect(LogTimestamp.parse("2024-02-29T00:00:00Z") == LogTimestamp.parse("2024-02-29"))
        #expect(LogTimestamp.parse("2023-02-29") == nil)
        #expect(LogTimestamp.parse("2026-11-29T12:40:22.123456+01:00") == sampleTs)
        #expect(LogTimestamp.parse("2026-11-29T11:40:22.1234567Z") == sampleTs)
        #expect(LogTimestamp.parse("2026-11-29T11:40:22.1Z") == sampleTs - 23456)
        #expect(LogTimestamp.parse("2026-11-29T11:40:22") == nil)
        #expect(LogTimestamp.parse("yesterday") == nil)
        #expect(LogTimestamp.dayString(sampleTs) == "2026-11-29")
        #expect(LogTimestamp.dayString(-1) == "1969-12-31")
        for micros: Int64 in [0, 1, 86_399_999_999, 951_782_400_000_000, sampleTs, 253_402_300_799_999_999] {
            #expect(LogTimestamp.parse(LogTimestamp.format(micros)) == micros)
        }
        // Years outside 0000…9999 are clamped.
        #expect(LogTimestamp.format(.min) == "0000-01-01T00:00:00.000000Z")
        #expect(LogTimestamp.format(.max) == "9999-12-31T23:59:59.999999Z")
        let date = LogEvent(eventID: "a", seq: 1, ts: sampleTs, EventFields(type: .tap)).date
        #expect(abs(date.timeIntervalSince1970 - 1_795_952_422.123456) < 1e-5)
    }

    @Test func csvHeaderIsExact() {
        #expect(
            LogColumns.csvHeader
                == "schema,event_id,seq,ts,t_ms,type,prototype,prototype_version,session,share,device,orientation,"
                + "size_class,screen,modal,target,style,requested_style,how,rule,severity,x,y,duration_ms,props,"
                + "appearance,content_size,layout_direction,multitasking,keyboard_height,action,task,outcome,state_seq,"
                + "target_os,audience,share_label,pid\r\n")
    }

    /// The columns of the first schema, in order, with their DuckDB types: new columns are only
    /// ever appended, so these stay where they are.
    @Test func columnsAreOnlyEverAppended() {
        let first: [(String, String)] = [
            ("schema", "BIGINT"), ("event_id", "VARCHAR"), ("seq", "BIGINT"), ("ts", "TIMESTAMP"),
            ("t_ms", "BIGINT"), ("type", "VARCHAR"), ("prototype", "VARCHAR"), ("prototype_version", "VARCHAR"),
            ("session", "VARCHAR"), ("share", "VARCHAR"), ("device", "VARCHAR"), ("orientation", "VARCHAR"),
            ("size_class", "VARCHAR"), ("screen", "VARCHAR"), ("modal", "VARCHAR"), ("target", "VARCHAR"),
            ("style", "VARCHAR"), ("requested_style", "VARCHAR"), ("how", "VARCHAR"), ("rule", "VARCHAR"),
            ("severity", "VARCHAR"), ("x", "DOUBLE"), ("y", "DOUBLE"), ("duration_ms", "BIGINT"), ("props", "JSON"),
        ]
        #expect(LogColumns.count >= first.count)
        for (i, (name, type)) in first.enumerated() where i < LogColumns.count {
            #expect(LogColumns.all[i].name == name && LogColumns.all[i].duckDBType == type, "column \(i)")
        }
        #expect(Set(LogColumns.names).count == LogColumns.count, "column names are unique")
    }

    /// Null is an empty unquoted cell, the empty string `""` (as PostgreSQL's CSV writes them).
    @Test func csvTellsNullFromTheEmptyString() throws {
        let event = LogEvent(
            eventID: "e", seq: 1, ts: 0, EventFields(type: .tap, screen: "", modal: nil, target: "", x: 0))
        #expect(
            String(decoding: event.csvRecord, as: UTF8.self)
                == #"1,e,1,1970-01-01T00:00:00.000000Z,,tap,,,,,,,,"",,"",,,,,,0,,,{},,,,,,,,,,,,,"# + "\r\n")
        var out: [UInt8] = []
        CSV.appendRecord(["", nil, "a"], into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "\"\",,a\r\n")
    }

    @Test func csvRecordQuotesPerRFC4180() throws {
        let record = full.csvRecord
        let text = String(decoding: record, as: UTF8.self)
        #expect(text.hasSuffix("\r\n"))
        #expect(text.contains(",\"cancel, \"\"now\"\"\nplease\","))
        let rows = try parseCSV(record)
        #expect(rows.count == 1)
        let row = rows[0]
        #expect(row.count == LogColumns.names.count)
        #expect(row[LogColumns.position("target")] == "cancel, \"now\"\nplease")
        #expect(row[LogColumns.position("ts")] == "2026-11-29T11:40:22.123456Z")
        #expect(row[LogColumns.position("x")] == "120.5")
        #expect(row[LogColumns.position("y")] == "640")
        let props = try JSONParser.parse(row[LogColumns.position("props")])
        #expect(props == .object(full.props))
        let empty = try parseCSV(LogEvent(eventID: "e", seq: 1, ts: 0, EventFields(type: .tap)).csvRecord)[0]
        #expect(empty[LogColumns.position("modal")] == "")
        #expect(empty[LogColumns.position("props")] == "{}")
    }

    @Test func clientEvents() throws {
        let ok = try JSONParser.parse(
            #"{"event_id":"c-1","type":"misclick","t_ms":5120,"x":120.5,"y":640,"target":null,"props":{"k":1}}"#)
        let e = try PendingEvent(clientEvent: JSONReader(ok))
        #expect(e.eventID == "c-1" && e.type == .misclick && e.tMs == 5120 && e.x == 120.5 && e.y == 640)
        #expect(e.target == nil && e.props["k"] == 1)
        func error(_ text: String) -> String {
            do {
                _ = try PendingEvent(clientEvent: JSONReader(try JSONParser.parse(text)))
                return "no error"
            } catch { return "\(error)" }
        }
        #expect(error(#"{"event_id":"c","type":"misclick","tms":1}"#).contains(#"did you mean "t_ms""#))
        #expect(error(#"{"event_id":"c","type":"present"}"#).hasPrefix("$.type: expected one of misclick"))
        #expect(error(#"{"type":"scroll"}"#).hasPrefix("$.event_id: required"))
        #expect(error(#"{"event_id":"","type":"scroll"}"#).hasPrefix("$.event_id: expected 1 to 128 bytes"))
        #expect(error(#"{"event_id":"c","type":"scroll","t_ms":-4}"#).hasPrefix("$.t_ms"))
    }
}
