import Foundation

/// The temporary files that atomic writes leave behind when the process dies mid-write
/// (`kill -9`, a power cut): Foundation's `Data.write(to:options: .atomic)` writes into a
/// temporary file beside the destination and renames it over, and that file is named
/// `.dat.nosync` followed by random characters (as swift-corelibs-foundation and
/// swift-foundation name it; seen on Linux with Swift 6.3). Every file ModalLab writes
/// atomically — prototypes (`PUT /api/prototypes/{id}`), kept versions, `shares.json`,
/// `owner-sessions.json` — is written that way.
///
/// Such a file is never a prototype (the library lists `*.json` files not starting with `.`),
/// but it holds up to 8 MiB of a half-written body; they are removed when the server starts,
/// once the data folder's log lock is held (one server per data folder).
enum InterruptedWrites {
    /// The prefix of Foundation's temporary files for atomic writes.
    static let temporaryPrefix = ".dat.nosync"

    /// Removes the temporary files of interrupted atomic writes directly inside `directories`
    /// (folders that don't exist are skipped; nothing below them is visited). Returns the paths
    /// removed.
    @discardableResult
    static func removeTemporaryFiles(in directories: [String]) -> [String] {
        var removed: [String] = []
        for dir in Set(directories).sorted() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
            for name in names.sorted() where name.hasPrefix(temporaryPrefix) {
                let path = dir + "/" + name
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
                else { continue }
                if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
            }
        }
        return removed
    }

    /// The folders ModalLab writes atomically into for a data folder and a writable prototypes
    /// folder: the data folder itself, the prototypes folder, and each prototype's folder under
    /// each of `perPrototype` (kept versions `<data>/versions/<id>`, the API's history
    /// `<data>/history/<id>`, assets `<prototypes>/assets/<id>`).
    static func folders(data: String, prototypes: String, perPrototype: [String]) -> [String] {
        var out = [data, prototypes] + perPrototype
        for root in perPrototype {
            if let ids = try? FileManager.default.contentsOfDirectory(atPath: root) {
                out += ids.map { root + "/" + $0 }
            }
        }
        return out
    }
}
