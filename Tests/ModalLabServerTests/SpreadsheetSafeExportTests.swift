import Foundation
import JSON
import Testing

@testable import ModalLabServer

/// `GET /api/logs.csv?safe=1`: the spreadsheet-safe export (docs/log.md).
@Suite struct SpreadsheetSafeExportTests {
    /// Text a client chose (a client event's `event_id` and `target`) that starts like a formula
    /// gets `'` before it in the safe export and is exact in the default one; `safe` is 0 or 1,
    /// once, and only on the CSV export.
    @Test func safeCSVExportOverHTTP() async throws {
        let s = try TestApp()
        let sid = try await s.session("mail", device: "iphone-16")
        let events: JSONValue = [
            "events": [
                ["event_id": "=cmd|' /C calc'!A0", "type": "misclick", "target": "@SUM(A1:A9)", "x": -4, "y": 10]
            ]
        ]
        #expect(try await s.client.json("POST", "/api/sessions/\(sid)/events", events).status == 200)
        let exact = try await s.client.request("GET", "/api/logs.csv?session=\(sid)&type=misclick")
        let safe = try await s.client.request("GET", "/api/logs.csv?session=\(sid)&type=misclick&safe=1")
        let off = try await s.client.request("GET", "/api/logs.csv?session=\(sid)&type=misclick&safe=0")
        #expect(exact.status == 200 && safe.status == 200 && off.status == 200)
        #expect(exact.text.contains(",=cmd|' /C calc'!A0,") && exact.text.contains(",@SUM(A1:A9),"))
        #expect(safe.text.contains(",'=cmd|' /C calc'!A0,") && safe.text.contains(",'@SUM(A1:A9),"))
        #expect(safe.text.contains(",-4,10,"))
        #expect(off.text == exact.text)
        for bad in ["/api/logs.csv?safe=yes", "/api/logs.csv?safe=1&safe=1", "/api/logs.ndjson?safe=1"] {
            let r = try await s.client.request("GET", bad)
            #expect(r.status == 400, "\(bad)")
            #expect(r.json?["path"]?.stringValue == "safe", "\(bad)")
        }
    }
}
