import Foundation
import Platform

/// A template file's path (relative to the library's directory), modification time and size:
/// what ``MustacheLibrary/reloadIfChanged()`` compares to decide whether to reload.
struct FileStamp: Equatable, Sendable {
    var path: String
    var seconds: Int
    var nanoseconds: Int
    var size: Int64

    /// Directories nested deeper than this are not searched (guards against symbolic-link loops).
    static let maxDepth = 16

    /// Stamps of every `*.<fileExtension>` file under `directory`, sorted by path, found with
    /// `opendir`/`readdir`/`stat`. Names starting with `.` are skipped.
    ///
    /// - Throws: ``MustacheError`` naming the directory when it cannot be opened.
    static func scan(directory: String, fileExtension: String) throws(MustacheError) -> [FileStamp] {
        var info = stat()
        guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw MustacheError(name: directory, message: "not a readable directory")
        }
        var stamps: [FileStamp] = []
        try scan(directory, prefix: "", suffix: "." + fileExtension, depth: 0, into: &stamps)
        stamps.sort { $0.path < $1.path }
        return stamps
    }

    private static func scan(
        _ directory: String, prefix: String, suffix: String, depth: Int, into stamps: inout [FileStamp]
    )
        throws(MustacheError)
    {
        guard depth < maxDepth, let dir = opendir(directory) else {
            if depth == 0 { throw MustacheError(name: directory, message: "cannot open directory") }
            return
        }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name.hasPrefix(".") { continue }
            let path = directory + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }  // vanished, or a dangling link
            if info.st_mode & S_IFMT == S_IFDIR {
                try scan(path, prefix: prefix + name + "/", suffix: suffix, depth: depth + 1, into: &stamps)
            } else if info.st_mode & S_IFMT == S_IFREG, name.hasSuffix(suffix), name.count > suffix.count {
                let modified = Sys.modificationTime(info)
                stamps.append(
                    FileStamp(
                        path: prefix + name, seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec),
                        size: Int64(info.st_size)))
            }
        }
    }
}
