import Testing

@testable import Mustache

/// Values are HTML-escaped by default, so hostile input renders as text, in element content and
/// in quoted attributes alike.
@Suite struct EscapingTests {
    func render(_ template: String, _ context: [String: Any]) throws -> String {
        try MustacheTemplate(string: template).render(context)
    }

    @Test func scriptTagsBecomeText() throws {
        #expect(
            try render("<p>{{v}}</p>", ["v": "<script>alert(1)</script>"])
                == "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")
    }

    @Test func quotesCannotLeaveAnAttribute() throws {
        #expect(
            try render(#"<a title="{{v}}">"#, ["v": #"" onmouseover="x"#])
                == #"<a title="&quot; onmouseover=&quot;x">"#)
        #expect(try render("<a title='{{v}}'>", ["v": "' onmouseover='x"]) == "<a title='&#39; onmouseover=&#39;x'>")
    }

    @Test func entitiesAreEscapedAgain() throws {
        #expect(try render("{{v}}", ["v": "&amp; &lt;"]) == "&amp;amp; &amp;lt;")
    }

    @Test func everySpecialCharacterAndNothingElse() throws {
        #expect(try render("{{v}}", ["v": "a&b<c>d\"e'f/g`h=é😀"]) == "a&amp;b&lt;c&gt;d&quot;e&#39;f/g`h=é😀")
    }

    /// Control characters, which HTML's parser takes as errors, become U+FFFD; HTML's white
    /// space (tab, line feed, form feed, carriage return) and a raw value are left alone.
    @Test func controlCharactersBecomeTheReplacementCharacter() throws {
        let hostile = "a\u{0}b\u{7}c\u{1B}[31md\u{7F}e\u{85}f\u{9F}g\th\ni\u{C}j\rk\u{A0}l"
        #expect(
            try render("{{v}}", ["v": hostile])
                == "a\u{FFFD}b\u{FFFD}c\u{FFFD}[31md\u{FFFD}e\u{FFFD}f\u{FFFD}g\th\ni\u{C}j\rk\u{A0}l")
        #expect(try render("{{{v}}}", ["v": hostile]) == hostile)
        #expect(try render("<{{v}}>", ["v": "\u{0}<"]) == "<\u{FFFD}&lt;>")
    }

    @Test func dynamicNamesAndSubstringsAreEscapedToo() throws {
        let text: Substring = "<b>"[...]
        #expect(try render("{{v}}{{#l}}{{.}}{{/l}}", ["v": text, "l": ["<i>"]]) == "&lt;b&gt;&lt;i&gt;")
    }

    @Test func tripleMustacheAndAmpersandDoNotEscape() throws {
        #expect(try render("{{{v}}}{{&v}}", ["v": "<b>"]) == "<b><b>")
    }

    @Test func valuesAreNotRenderedAsTemplates() throws {
        #expect(try render("{{v}}", ["v": "{{secret}}", "secret": "x"]) == "{{secret}}")
    }
}
