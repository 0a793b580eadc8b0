import Foundation
import Testing

@testable import Mustache

/// Strict renders: a name the context stack can't resolve, or a partial the library lacks, is a
/// ``MustacheError`` naming the template, line, column and name, instead of empty output.
@Suite struct StrictTests {
    func strict(_ template: String, _ context: Any?, partials: [String: String] = [:]) throws -> String {
        let library = try MustacheLibrary(templates: partials)
        return try MustacheTemplate(string: template, name: "page").render(context, library: library, strict: true)
    }

    func failure(_ template: String, _ context: Any?, partials: [String: String] = [:]) -> MustacheError? {
        #expect(throws: MustacheError.self) { try strict(template, context, partials: partials) }
    }

    /// The spec's cases whose names or partials fail to resolve, and what a strict render names:
    /// the unresolved name, or the template a partial tag asks for.
    static let misses: [String: String] = [
        "interpolation.json — Basic Context Miss Interpolation": "cannot",
        "interpolation.json — Triple Mustache Context Miss Interpolation": "cannot",
        "interpolation.json — Ampersand Context Miss Interpolation": "cannot",
        "interpolation.json — Dotted Names - Broken Chains": "a.b.c",
        "interpolation.json — Dotted Names - Broken Chain Resolution": "a.b.c.name",
        "interpolation.json — Dotted Names - Context Precedence": "b.c",
        "interpolation.json — Dotted Names are never single keys": "a.b",
        "inverted.json — Context Misses": "missing",
        "inverted.json — Dotted Names - Broken Chains": "a.b.c",
        "partials.json — Failed Lookup": "template text",
        "sections.json — Context Misses": "missing",
        "sections.json — Dotted Names - Broken Chains": "a.b.c",
        "~dynamic-names.json — Context Misses - Partial": "missing",
        "~dynamic-names.json — Failed Lookup - Partial": "template content",
        "~dynamic-names.json — Dotted Names - Operator Precedence": "foo.bar.baz",
        "~dynamic-names.json — Dotted Names - Failed Lookup": "text",
        "~dynamic-names.json — Dotted names - Context Stacking Failed Lookup": "value",
        "~dynamic-names.json — Dynamic Names - Double Dereferencing": "*dynamic",
        "~dynamic-names.json — Dynamic Names - Composed Dereferencing": "foo.*bar",
        "~inheritance.json — Negative Sections": "bar",
    ]

    /// Every case of the official spec renders in strict mode exactly as in the default mode,
    /// except the cases of failed lookups, which throw naming what failed.
    @Test func everySpecCaseRendersTheSameOrNamesItsMiss() throws {
        var thrown: [String: String] = [:]
        var failures: [String] = []
        for c in try SpecTests.cases(native: true) {
            let label = "\(c.file) — \(c.name)"
            let library = try MustacheLibrary(templates: c.partials)
            let template = try MustacheTemplate(string: c.template, name: c.name)
            do {
                let actual = try template.render(c.data, library: library, strict: true)
                if actual != c.expected { failures.append("\(label): \(SpecTests.debug(actual))") }
            } catch {
                if let name = error.unresolvedName {
                    thrown[label] = name
                } else if let name = error.message.firstMatch(of: /no template named "([^"]*)"/)?.1 {
                    thrown[label] = "template \(name)"
                } else {
                    failures.append("\(label): \(error)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(thrown == Self.misses)
    }

    @Test func aMisspeltNameNamesTheTemplateLineColumnAndName() throws {
        let error = failure("<h1>{{title}}</h1>\n<p>  {{mesage}}</p>", ["title": "T", "message": "M"])
        #expect(error?.name == "page")
        #expect(error?.line == 2 && error?.column == 6)
        #expect(error?.unresolvedName == "mesage")
        #expect(
            error?.description == #"page:2:6: unresolved name "mesage" in {{mesage}}: no context on the stack has it"#)
        // The default mode renders it empty, as the spec says.
        #expect(
            try MustacheTemplate(string: "<h1>{{title}}</h1>{{mesage}}").render(["title": "T"]) == "<h1>T</h1>")
    }

    /// Sections, inverted sections, triple mustaches and ampersands, under set delimiters too.
    @Test(arguments: ["{{#missing}}x{{/missing}}", "{{^missing}}x{{/missing}}", "{{{missing}}}", "{{& missing}}"])
    func everyKindOfTagIsChecked(template: String) throws {
        #expect(failure("a\n" + template, ["present": 1])?.unresolvedName == "missing")
        #expect(failure("a\n" + template, ["present": 1])?.line == 2)
        let delimited =
            "{{=<% %>=}}\n<%#present%>" + template.replacing("{{", with: "<%").replacing("}}", with: "%>")
            + "<%/present%>"
        #expect(failure(delimited, ["present": 1])?.message.contains("<%") == true)
    }

    /// A key that is present resolves whatever its value: falsy values are values.
    @Test func presentKeysWithFalsyValuesResolve() throws {
        let falsy: [String: Any] = [
            "f": false, "n": NSNull(), "o": String?.none as Any, "m": String?.none.asMustacheValue, "e": "",
            "l": [Int](), "z": 0, "d": [String: Any](),
        ]
        for key in falsy.keys.sorted() {
            #expect(
                try strict("[{{\(key)}}]{{#\(key)}}{{/\(key)}}{{^\(key)}}{{/\(key)}}", falsy).hasPrefix("["), "\(key)")
        }
        // Nothing renders as nothing, and has no keys; something is what it wraps.
        #expect(try strict("[{{m}}]", falsy) == "[]")
        #expect(failure("{{m.count}}", falsy)?.message.hasSuffix(#""m" has no "count""#) == true)
        #expect(try strict("{{s}} {{s.x}}", ["s": Optional(["x": 1]).asMustacheValue]).hasSuffix(" 1"))
        let alert = AlertViewModel(title: "T", message: nil, actions: [])
        #expect(
            try strict("{{title}}[{{message}}]{{^message}}no message{{/message}}{{#actions}}{{/actions}}", alert)
                == "T[]no message")
    }

    /// Dotted names resolve part by part; `.` always resolves; names look down the stack.
    @Test func dottedNamesImplicitIteratorsAndTheStack() throws {
        let context: [String: Any] = ["a": ["b": ["c": 1]], "list": ["x", "y"], "page": "p"]
        #expect(try strict("{{a.b.c}} {{#list}}{{.}}{{page}}{{/list}}", context) == "1 xpyp")
        #expect(try strict("[{{.}}]", nil) == "[]")
        let broken = failure("{{a.b.d}}", context)
        #expect(broken?.unresolvedName == "a.b.d")
        #expect(broken?.message.hasSuffix(#": "a.b" has no "d""#) == true)
        // A value without keys has no parts either.
        #expect(failure("{{page.length}}", context)?.message.hasSuffix(#""page" has no "length""#) == true)
        #expect(failure("{{nope.b}}", context)?.message.hasSuffix(#"no context on the stack has "nope""#) == true)
        // A key the view model doesn't know falls through to the page around it; one that
        // nothing has fails.
        let action = ActionViewModel(title: "OK", isCancel: false)
        #expect(try strict("{{#a}}{{title}} {{page}}{{/a}}", ["a": action, "page": "p1"]) == "OK p1")
        #expect(failure("{{#a}}{{titel}}{{/a}}", ["a": action])?.unresolvedName == "titel")
    }

    /// The error names the partial the tag is in, and its file in a library made from a folder.
    @Test func aNameInAPartialNamesThePartial() throws {
        let error = failure(
            "<main>{{#alerts}}{{>partials/alert}}{{/alerts}}</main>", ["alerts": [["title": "A"]]],
            partials: ["partials/alert": "<div>\n  <h2>{{titel}}</h2>\n</div>"])
        #expect(error?.name == "partials/alert" && error?.line == 2 && error?.column == 7)
        let directory = try LibraryTests.TemplateDirectory([
            "page.mustache": "{{<layout}}{{$body}}{{bdy}}{{/body}}{{/layout}}",
            "layout.mustache": "<body>{{$body}}{{/body}}</body>",
        ])
        #expect(try MustacheLibrary(directory: directory.path).render("page", ["body": "x"]) == "<body></body>")
        let library = try MustacheLibrary(directory: directory.path, strict: true)
        #expect(library.isStrict)
        let inLibrary = #expect(throws: MustacheError.self) { try library.render("page", ["body": "x"]) }
        #expect(inLibrary?.file == "page.mustache" && inLibrary?.unresolvedName == "bdy")
        #expect(inLibrary?.description.hasPrefix("page.mustache:1:21: unresolved name \"bdy\"") == true)
    }

    @Test func aMissingPartialOrParentIsAnError() throws {
        #expect(
            failure("{{>partials/alrt}}", [:])?.message == #"no template named "partials/alrt" for {{>partials/alrt}}"#)
        #expect(failure("x\n{{<layot}}{{/layot}}", [:])?.line == 2)
        #expect(failure("{{>*kind}}", ["kind": "sheet"])?.message.contains(#""sheet""#) == true)
        #expect(failure("{{>*knd}}", ["kind": "sheet"])?.unresolvedName == "knd")
        #expect(try strict("{{>*kind}}", ["kind": "sheet", "t": 1], partials: ["sheet": "S{{t}}"]) == "S1")
    }

    /// A strict render into bytes appends nothing when it fails; a passing one appends the page.
    @Test func aFailedRenderAppendsNothing() throws {
        let sources = ["ok": "<p>{{x}}</p>", "bad": "<p>{{y}}</p>"]
        let library = try MustacheLibrary(templates: sources, strict: true)
        var bytes = Array("<!doctype html>".utf8)
        try library.render("ok", ["x": 1], appendingTo: &bytes)
        #expect(throws: MustacheError.self) { try library.render("bad", ["x": 1], appendingTo: &bytes) }
        #expect(String(decoding: bytes, as: UTF8.self) == "<!doctype html><p>1</p>")
        #expect(try MustacheLibrary(templates: sources).render("bad", ["x": 1]) == "<p></p>")
    }

    /// A strict library notes the templates its renders reached, partials and parents included:
    /// what a test checks its fixtures against.
    @Test func aStrictLibraryNotesTheTemplatesItRendered() throws {
        let sources = [
            "page": "{{<layout}}{{$body}}{{#alerts}}{{>partials/alert}}{{/alerts}}{{/body}}{{/layout}}",
            "layout": "<body>{{$body}}{{/body}}</body>", "partials/alert": "{{title}}", "partials/sheet": "{{title}}",
            "other": "x",
        ]
        let library = try MustacheLibrary(templates: sources, strict: true)
        #expect(try library.render("page", ["alerts": [String]()]) == "<body></body>")
        #expect(library.renderedTemplateNames == ["page", "layout"])
        #expect(try library.render("page", ["alerts": [["title": "A"]]]) == "<body>A</body>")
        #expect(library.renderedTemplateNames == ["page", "layout", "partials/alert"])
        let lenient = try MustacheLibrary(templates: sources)
        _ = try lenient.render("page", ["alerts": [["title": "A"]]])
        #expect(lenient.renderedTemplateNames.isEmpty)
    }
}
