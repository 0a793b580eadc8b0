import Foundation

/// A new, empty folder under the system's temporary folder, for one test; remove it when done:
///
/// ```swift
/// let dir = try TemporaryDirectory()
/// defer { dir.remove() }
/// try Data().write(to: URL(fileURLWithPath: dir.file("empty.json")))
/// ```
///
/// Its name says which test made it (`modallab-<label>-<8 random hex digits>`), so a folder left
/// by a crash is recognisable.
public struct TemporaryDirectory: Sendable, CustomStringConvertible {
    /// The folder's absolute path, without a trailing slash.
    public let path: String

    /// Makes the folder; `label` (the calling function's name unless given) goes into its name,
    /// letters and digits only.
    /// - Throws: what `FileManager` throws when the folder can't be made.
    public init(_ label: String = #function) throws {
        let safe = String(label.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }.prefix(40))
        path =
            NSTemporaryDirectory().replacingOccurrences(of: "/+$", with: "", options: .regularExpression)
            + "/modallab-\(safe)-\(UUID().uuidString.prefix(8).lowercased())"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` in the folder (which need not exist yet).
    public func file(_ name: String) -> String { path + "/" + name }

    /// Removes the folder and everything in it (nothing when it is gone already).
    public func remove() { try? FileManager.default.removeItem(atPath: path) }

    public var description: String { path }
}
