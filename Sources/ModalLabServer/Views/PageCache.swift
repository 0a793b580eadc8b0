import Foundation
import HTTPServer
import Prototype

/// Rendered player pages (`GET /p/{id}`), by what they are drawn from: the prototype's loaded
/// file, the page's address (its query chooses the environment, `embed` and the language
/// toggle's link), the reader's language and who reads (``Key/viewer``).
///
/// A player page is a pure function of those: the engine's first state, the device frame, the
/// findings and the menus all come from the prototype's file, and no part of the page is drawn
/// per request (the session starts from the page's script). Drawing one costs a few hundred
/// microseconds of CPU (the engine's start, the frame, the state's JSON and about 30 KB of
/// Mustache); a hit costs a lock and a hash of the key. An entry is used only while the
/// library serves the very file it was drawn from (the same path and bytes), so a reload, an
/// edit or a `PUT` draws the page anew; templates reloaded with `--dev` drop every entry.
/// Bounded: cleared at ``capacity`` pages or ``byteCapacity`` bytes of them (a page's query is
/// the client's to choose).
final class PageCache: @unchecked Sendable {
    /// What a page is drawn from, besides the prototype's file.
    struct Key: Hashable {
        /// The prototype's id.
        var prototype: String
        /// The request's target as sent, path and query.
        var target: String
        /// The page's language.
        var language: Language
        /// Who reads: `owner`, a share link's role (`view`, `comment`), or for a participant
        /// link its id and the tasks it plays, which its page lists.
        var viewer: String
    }

    private struct Entry {
        var file: String
        var bytes: [UInt8]
        var response: HTTPResponse
        var size: Int
    }

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private var bytes = 0
    /// The most pages kept.
    static let capacity = 256
    /// The most bytes of pages kept (16 MiB unless a test sets less).
    let byteCapacity: Int

    init(byteCapacity: Int = 16 << 20) { self.byteCapacity = byteCapacity }

    /// How many pages are cached.
    var count: Int { lock.withLock { entries.count } }

    /// The page of `key` drawn from `loaded`: the one drawn before from the same file, else
    /// `render`'s, kept when it is a `200` with bytes.
    /// - Throws: what `render` throws (nothing is kept then).
    func page(
        _ key: Key, of loaded: LoadedPrototype, render: () throws(Problem) -> HTTPResponse
    ) throws(Problem) -> HTTPResponse {
        if let hit = lock.withLock({ entries[key] }), hit.file == loaded.file, hit.bytes == loaded.bytes {
            return hit.response
        }
        let response = try render()
        guard response.status == .ok, case .bytes(let body) = response.body else { return response }
        lock.withLock {
            if entries.count >= PageCache.capacity || bytes + body.count > byteCapacity {
                entries.removeAll(keepingCapacity: true)
                bytes = 0
            }
            let old = entries.updateValue(
                Entry(file: loaded.file, bytes: loaded.bytes, response: response, size: body.count), forKey: key)
            bytes += body.count - (old?.size ?? 0)
        }
        return response
    }

    /// Drops every page (templates were reloaded).
    func removeAll() {
        lock.withLock {
            entries.removeAll()
            bytes = 0
        }
    }
}
