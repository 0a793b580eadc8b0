import Foundation
import Platform
import TestSupport
import Testing

@testable import Mustache

/// A library made from a directory: names, partials, and reloading for `serve --dev`.
@Suite struct LibraryTests {
    /// A fresh temporary directory holding `files` (relative path → content).
    final class TemplateDirectory: Sendable {
        private let folder: TemporaryDirectory
        let path: String

        init(_ files: [String: String]) throws {
            folder = try TemporaryDirectory("mustache")
            path = folder.path
            for (name, content) in files { try write(name, content) }
        }

        func write(_ name: String, _ content: String) throws {
            let url = URL(fileURLWithPath: path).appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url, options: .atomic)  // as editors save
        }

        func remove(_ name: String) throws {
            try FileManager.default.removeItem(atPath: path + "/" + name)
        }

        /// Moves a file's modification time, as a save within the same clock tick might not.
        func touch(_ name: String, secondsFromNow: TimeInterval) throws {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: secondsFromNow)], ofItemAtPath: path + "/" + name)
        }

        deinit { folder.remove() }
    }

    @Test func namesAreRelativePathsWithoutTheExtension() throws {
        let directory = try TemplateDirectory([
            "player.mustache": "<main>{{>partials/alert}}</main>",
            "partials/alert.mustache": "<div role=\"alertdialog\">{{title}}</div>",
            "partials/deep/sheet.mustache": "sheet",
            "notes.txt": "not a template",
            ".#player.mustache": "an editor's lock file",
            ".hidden/x.mustache": "hidden",
        ])
        let library = try MustacheLibrary(directory: directory.path)
        #expect(library.templateNames == ["partials/alert", "partials/deep/sheet", "player"])
        #expect(try library.render("player", ["title": "Hi"]) == "<main><div role=\"alertdialog\">Hi</div></main>")
        #expect(library.template(named: "player")?.name == "player")
    }

    @Test func otherExtensions() throws {
        let directory = try TemplateDirectory(["a.html": "A", "b.mustache": "B"])
        let library = try MustacheLibrary(directory: directory.path, fileExtension: "html")
        #expect(library.templateNames == ["a"])
    }

    @Test func compileErrorsNameTheFile() throws {
        let directory = try TemplateDirectory(["partials/alert.mustache": "<div>\n  {{#actions}}\n</div>\n"])
        let error = #expect(throws: MustacheError.self) { try MustacheLibrary(directory: directory.path) }
        #expect(
            error?.description == #"partials/alert.mustache:2:3: unclosed section "actions", expected {{/actions}}"#)
        #expect(error?.name == "partials/alert")
    }

    @Test func aMissingDirectoryThrows() {
        #expect(throws: MustacheError.self) { try MustacheLibrary(directory: "/nonexistent/templates") }
    }

    @Test func reloadPicksUpChangedAddedAndRemovedFiles() throws {
        let directory = try TemplateDirectory([
            "page.mustache": "<p>{{>alert}}</p>",
            "alert.mustache": "Alert v1",
        ])
        let library = try MustacheLibrary(directory: directory.path)
        #expect(try library.render("page", nil) == "<p>Alert v1</p>")
        #expect(try library.reloadIfChanged() == false)

        try directory.write("alert.mustache", "Alert, version 2")  // size changes
        #expect(try library.reloadIfChanged() == true)
        #expect(try library.render("page", nil) == "<p>Alert, version 2</p>")
        #expect(try library.reloadIfChanged() == false)

        try directory.write("alert.mustache", "Alert, version 3")  // same size, later time
        try directory.touch("alert.mustache", secondsFromNow: 5)
        #expect(try library.reloadIfChanged() == true)
        #expect(try library.render("page", nil) == "<p>Alert, version 3</p>")

        try directory.write("sheets/new.mustache", "new")
        #expect(try library.reloadIfChanged() == true)
        #expect(library.template(named: "sheets/new") != nil)

        try directory.remove("sheets/new.mustache")
        #expect(try library.reloadIfChanged() == true)
        #expect(library.template(named: "sheets/new") == nil)
        #expect(try library.reloadIfChanged() == false)
    }

    @Test func aBrokenEditThrowsAndKeepsTheOldTemplates() throws {
        let directory = try TemplateDirectory([
            "page.mustache": "<p>{{>alert}}</p>",
            "alert.mustache": "Alert v1",
        ])
        let library = try MustacheLibrary(directory: directory.path)
        try directory.write("page.mustache", "<p>{{>alert}} and more</p>")
        try directory.write("alert.mustache", "Alert {{#broken}}")
        for _ in 0..<2 {  // keeps failing until fixed, so a dev server keeps showing the error
            let error = #expect(throws: MustacheError.self) { try library.reloadIfChanged() }
            #expect(error?.file == "alert.mustache")
            #expect(error?.line == 1)
            #expect(error?.column == 7)
            // All or nothing: the page that did compile is not swapped in either.
            #expect(try library.render("page", nil) == "<p>Alert v1</p>")
        }
        try directory.write("alert.mustache", "Alert fixed")
        #expect(try library.reloadIfChanged() == true)
        #expect(try library.render("page", nil) == "<p>Alert fixed and more</p>")
    }

    @Test func aLibraryFromStringsNeverReloads() throws {
        let library = try MustacheLibrary(templates: ["a": "A"])
        #expect(try library.reloadIfChanged() == false)
    }

    @Test func rendersWhileReloadingOnOtherThreads() throws {
        let directory = try TemplateDirectory([
            "page.mustache": "{{#items}}{{>item}}{{/items}}",
            "item.mustache": "[{{.}}]",
        ])
        let library = try MustacheLibrary(directory: directory.path)
        let context: [String: [Int]] = ["items": Array(0..<50)]  // Sendable, and not [String: Any]
        let expected = (0..<50).map { "[\($0)]" }.joined()
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 400) { i in
            if i % 50 == 0 {
                try? directory.write(
                    "page.mustache", "{{#items}}{{>item}}{{/items}}" + String(repeating: " ", count: i / 50))
                _ = try? library.reloadIfChanged()
            }
            let output = (try? library.render("page", context)) ?? ""
            if output.trimmingCharacters(in: .whitespaces) != expected { failures.withLock { $0 += 1 } }
        }
        #expect(failures.current == 0)
    }
}
