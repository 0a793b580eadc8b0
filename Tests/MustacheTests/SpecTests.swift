import Foundation
import Testing

@testable import Mustache

/// Runs every case of the official Mustache spec (`../shared/mustache-spec/*.json` beside the
/// repository checkout, or the copy in `Tests/MustacheTests/mustache-spec/` when there is none):
/// the required modules and the optional `~dynamic-names` and
/// `~inheritance` ones. Lambdas are out of scope and their file is absent.
@Suite struct SpecTests {
    struct Case {
        var file: String
        var name: String
        var data: Any?
        var partials: [String: String]
        var template: String
        var expected: String
    }

    /// `mustache-spec/` beside the repository: walk up from this file to the directory that
    /// holds `Package.swift`, then `../shared/mustache-spec`.
    static func specDirectory() -> URL? {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        var directory = here
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                let spec = directory.deletingLastPathComponent().appendingPathComponent("shared/mustache-spec")
                if FileManager.default.fileExists(atPath: spec.path) { return spec }
                break
            }
            directory = directory.deletingLastPathComponent()
        }
        // A checkout that doesn't sit beside `shared/` (a CI clone elsewhere) uses the copy of the
        // same official files kept with this test (MIT licence in its folder).
        let vendored = here.appendingPathComponent("mustache-spec")
        return FileManager.default.fileExists(atPath: vendored.path) ? vendored : nil
    }

    static func cases(native: Bool) throws -> [Case] {
        let directory = try #require(specDirectory(), "mustache-spec not found beside the repository")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        var cases: [Case] = []
        for file in files {
            let data = try Data(contentsOf: directory.appendingPathComponent(file))
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let tests = try #require(root["tests"] as? [[String: Any]], "\(file) has no tests")
            for test in tests {
                cases.append(
                    Case(
                        file: file, name: test["name"] as? String ?? "?",
                        data: native ? Self.native(test["data"] as Any) : test["data"],
                        partials: test["partials"] as? [String: String] ?? [:],
                        template: try #require(test["template"] as? String),
                        expected: try #require(test["expected"] as? String)))
            }
        }
        return cases
    }

    /// `JSONSerialization`'s Foundation objects as plain Swift values: what the server passes.
    static func native(_ value: Any) -> Any {
        switch value {
        case let number as NSNumber:
            if number.isMustacheBool { return number.boolValue }
            let type = String(cString: number.objCType)
            return type == "d" || type == "f" ? number.doubleValue : number.intValue
        case let string as String: return string
        case let array as [Any]: return array.map(native)
        case let dictionary as [String: Any]: return dictionary.mapValues(native)
        default: return value
        }
    }

    /// Renders every case; returns the failures, described.
    static func run(_ cases: [Case]) -> [String] {
        var failures: [String] = []
        for c in cases {
            let label = "\(c.file) — \(c.name)"
            do {
                let library = try MustacheLibrary(templates: c.partials)
                let template = try MustacheTemplate(string: c.template, name: c.name)
                let actual = template.render(c.data, library: library)
                if actual != c.expected {
                    failures.append(
                        "\(label)\n  template: \(debug(c.template))\n  expected: \(debug(c.expected))\n  actual:   \(debug(actual))"
                    )
                }
            } catch {
                failures.append("\(label)\n  template: \(debug(c.template))\n  threw: \(error)")
            }
        }
        return failures
    }

    static func debug(_ s: String) -> String { String(reflecting: s) }

    @Test func everySpecCasePasses() throws {
        let cases = try Self.cases(native: true)
        #expect(cases.count > 150, "expected the whole spec, found \(cases.count) cases")
        #expect(Set(cases.map(\.file)).count == 8, "expected 8 spec files")
        let failures = Self.run(cases)
        print("mustache spec: \(cases.count - failures.count)/\(cases.count)")
        #expect(failures.isEmpty, "\(failures.count) spec cases fail:\n\(failures.joined(separator: "\n"))")
    }

    /// The same cases with `JSONSerialization`'s own objects (`NSNumber`, Foundation booleans):
    /// a server that decodes JSON with Foundation gets the same pages.
    @Test func everySpecCasePassesWithFoundationValues() throws {
        let failures = Self.run(try Self.cases(native: false))
        #expect(failures.isEmpty, "\(failures.count) spec cases fail:\n\(failures.joined(separator: "\n"))")
    }
}
