import Foundation
import JSON
import Prototype

/// `modallab new NAME [--from EXAMPLE] [--prototypes DIR]`: writes `DIR/NAME.json`, a copy of a
/// bundled example (default `mail`) with its id and name replaced, ready to edit.
public enum NewCommand {
    public static let usage = "usage: modallab new NAME [--from mail|photos|calendar|safari] [--prototypes DIR]"

    public static func run(_ args: [String]) -> Int32 {
        func fail(_ m: String, _ code: Int32 = 2) -> Int32 {
            FileHandle.standardError.write(Data("modallab new: \(m)\n".utf8))
            return code
        }
        let a: Arguments
        do { a = try Arguments(args, options: ["from", "prototypes", "root"], flags: ["help"], usage: usage) } catch {
            return fail("\(error)\n\(usage)")
        }
        if a.flag("help") {
            print(usage)
            return 0
        }
        guard a.positionals.count == 1, let name = a.positionals.first else { return fail(usage) }
        let id = name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
            .split(separator: "-").joined(separator: "-")
        guard Prototype.isValidID(id) else { return fail("\"\(name)\" does not make a valid id (a-z, 0-9 and '-')") }
        guard let root = ResourceLocator.root(explicit: a.value("root")) else {
            return fail("can't find Templates/prototypes", 1)
        }
        let example = a.value("from") ?? "mail"
        let source = root + "/Templates/prototypes/\(example).json"
        guard let data = FileManager.default.contents(atPath: source) else {
            let known = ((try? FileManager.default.contentsOfDirectory(atPath: root + "/Templates/prototypes")) ?? [])
                .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
            return fail("no example \"\(example)\"; examples: \(known.joined(separator: ", "))")
        }
        guard case .object(var doc)? = try? JSONParser.parse([UInt8](data)) else {
            return fail("the example \(source) is not JSON", 1)
        }
        doc["id"] = .string(id)
        doc["name"] = .string(name)
        let dir = a.value("prototypes") ?? "prototypes"
        let path = dir + "/\(id).json"
        if FileManager.default.fileExists(atPath: path) { return fail("\(path) already exists", 1) }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try Data((JSONWriter(pretty: true).string(.object(doc)) + "\n").utf8).write(to: URL(fileURLWithPath: path))
        } catch { return fail("\(error)", 1) }
        print(path)
        FileHandle.standardError.write(
            Data("created \(path) from \(example); serve it with: modallab serve --prototypes \(dir)\n".utf8))
        return 0
    }
}
