import TestSupport
import Testing

@testable import Mustache

/// Compile errors name the template, line and column, and say what was expected.
@Suite struct ErrorTests {
    @Test(arguments: [
        ("<ul>\n{{#modals}}\n  <li>{{title}}</li>\n", 2, 1, #"unclosed section "modals", expected {{/modals}}"#),
        ("{{^empty}}\n", 1, 1, #"unclosed inverted section "empty", expected {{/empty}}"#),
        ("{{<layout}}{{$body}}x{{/body}}", 1, 1, #"unclosed parent "layout", expected {{/layout}}"#),
        ("{{$title}}x", 1, 1, #"unclosed block "title", expected {{/title}}"#),
        (
            "{{#modals}}\n  {{#actions}}\n  {{/modals}}", 3, 3,
            "mismatched closing tag {{/modals}}, expected {{/actions}} to close the section {{#actions}} opened at 2:3"
        ),
        ("text {{/modals}}", 1, 6, "unexpected closing tag {{/modals}}: no section is open"),
        ("Hello, {{name!", 1, 8, #"unclosed tag "{{name!", expected "}}""#),
        ("{{{html}}", 1, 1, #"expected "}}}""#),
        ("{{! a comment", 1, 1, "unclosed tag"),
        (
            "a\n{{=<%=}}", 2, 1,
            "invalid set-delimiter tag: expected an opening and a closing delimiter separated by whitespace"
        ),
        ("{{=<% % %>=}}", 1, 1, "invalid set-delimiter tag"),
        ("{{=<= =>=}}", 1, 1, #"invalid delimiter "<=""#),
        ("x {{}}", 1, 3, "empty tag {{}}, expected a name"),
        ("{{#}}{{/}}", 1, 1, "empty tag {{#}}, expected a name"),
        ("{{modal title}}", 1, 1, "invalid tag {{modal title}}: a name cannot contain whitespace"),
        ("{{=<% %>=}}\n<%#a%>", 2, 1, "unclosed section \"a\", expected <%/a%>"),
        ("é ü {{/x}}", 1, 5, "unexpected closing tag"),
    ])
    func namesLineColumnAndExpectation(source: String, line: Int, column: Int, message: String) {
        #expect {
            _ = try MustacheTemplate(string: source, name: "player")
        } throws: { error in
            guard let e = error as? MustacheError else { return false }
            return e.name == "player" && e.line == line && e.column == column && e.message.contains(message)
        }
    }

    @Test func hostileNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "{{#a}}", count: 5_000) + String(repeating: "{{/a}}", count: 5_000)
        let error = #expect(throws: MustacheError.self) { try MustacheTemplate(string: deep) }
        #expect(error?.message.contains("nested more than") == true)
    }

    /// Random tag soup: every template either compiles or throws a ``MustacheError``, and every
    /// one that compiles renders.
    @Test func randomTemplatesNeverCrash() throws {
        let pieces = [
            "{{", "}}", "{{{", "}}}", "#", "^", "/", "!", ">", "<", "$", "&", "=", "*", ".", "a", "b", "a.b",
            " ", "\n", "\r\n", "x", "<%", "%>", "{{=<% %>=}}", "{{#a}}", "{{/a}}", "{{>p}}", "{{<p}}", "{{/p}}",
            "{{$b}}", "{{/b}}", "{{>*a}}", "é",
        ]
        var generator = SplitMix64(seed: 42)
        let library = try MustacheLibrary(templates: ["p": "[{{$b}}p{{/b}}{{a}}]", "q": "{{>p}}"])
        let context: [String: Any] = ["a": ["b": "q"], "b": [1, 2]]
        var compiled = 0
        for _ in 0..<3_000 {
            let source = (0..<Int.random(in: 1...30, using: &generator))
                .map { _ in pieces.randomElement(using: &generator)! }.joined()
            do {
                let template = try MustacheTemplate(string: source)
                _ = template.render(context, library: library)
                compiled += 1
            } catch {
                #expect(error.line >= 1 && error.column >= 1, "\(error) for \(String(reflecting: source))")
            }
        }
        #expect(compiled > 100)
    }

    @Test func descriptionReadsLikeACompilerDiagnostic() {
        let error = #expect(throws: MustacheError.self) {
            try MustacheTemplate(string: "<ul>\n  {{#modals}}\n", name: "player")
        }
        #expect(error?.description == #"player:2:3: unclosed section "modals", expected {{/modals}}"#)
        let fileError = MustacheError(name: "player", file: "player.mustache", line: 12, column: 5, message: "m")
        #expect(fileError.description == "player.mustache:12:5: m")
        #expect(
            MustacheError(name: "x", message: "no template named \"x\"").description == #"x: no template named "x""#)
    }

    @Test func libraryErrorsNameTheTemplate() {
        let error = #expect(throws: MustacheError.self) {
            try MustacheLibrary(templates: ["ok": "fine", "partials/alert": "<div>\n{{#actions}}</div>"])
        }
        #expect(error?.name == "partials/alert")
        #expect(error?.line == 2)
    }

    @Test func renderingAnUnknownTemplateThrows() throws {
        let library = try MustacheLibrary(templates: ["a": "A"])
        #expect(try library.render("a", nil) == "A")
        let error = #expect(throws: MustacheError.self) { try library.render("b", nil) }
        #expect(error?.message == #"no template named "b""#)
        var bytes: [UInt8] = []
        try library.render("a", nil, appendingTo: &bytes)
        #expect(bytes == Array("A".utf8))
        #expect(throws: MustacheError.self) { try library.render("b", nil, appendingTo: &bytes) }
    }
}
