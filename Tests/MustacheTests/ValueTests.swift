import Foundation
import Testing

@testable import Mustache

struct ActionViewModel: MustacheContext {
    var title: String
    var isCancel: Bool
    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "title": title
        case "isCancel": isCancel
        default: nil
        }
    }
}

struct AlertViewModel: MustacheContext {
    var title: String
    var message: String?
    var actions: [ActionViewModel]
    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "title": title
        case "message": message.asMustacheValue
        case "actions": actions
        default: nil
        }
    }
}

/// The value model: what each kind of value renders as, and which are falsy.
@Suite struct ValueTests {
    func render(_ template: String, _ context: Any?) throws -> String {
        try MustacheTemplate(string: template).render(context)
    }

    @Test func numbers() throws {
        #expect(
            try render(
                "{{a}} {{b}} {{c}} {{d}} {{e}} {{f}} {{g}}",
                [
                    "a": 42, "b": -7, "c": 1.5, "d": 1.0, "e": 0.1, "f": Int64.min, "g": UInt8(200),
                ]) == "42 -7 1.5 1 0.1 -9223372036854775808 200")
        #expect(try render("{{a}} {{b}} {{c}}", ["a": Float(2.5), "b": 1e300, "c": Double.nan]) == "2.5 1e+300 nan")
        #expect(
            try render(
                "{{a}} {{b}} {{c}}", ["a": NSNumber(value: 3), "b": NSNumber(value: 0.25), "c": NSNumber(value: true)])
                == "3 0.25 true")
    }

    @Test func booleansAndNothing() throws {
        #expect(
            try render(
                "{{t}} {{f}} [{{n}}] [{{null}}] [{{missing}}]",
                [
                    "t": true, "f": false, "n": NSNull(), "null": String?.none as Any,
                ]) == "true false [] [] []")
    }

    @Test func falsy() throws {
        let values: [(String, Any?)] = [
            ("false", false), ("nil", nil), ("null", NSNull()), ("emptyList", [Int]()), ("emptyString", ""),
            ("foundationFalse", NSNumber(value: false)), ("noneOptional", Int?.none as Any),
            ("nothing", Int?.none.asMustacheValue),
        ]
        for (key, value) in values {
            var context: [String: Any] = [:]
            context[key] = value
            #expect(try render("{{#\(key)}}yes{{/\(key)}}{{^\(key)}}no{{/\(key)}}", context) == "no", "\(key)")
        }
    }

    @Test func truthy() throws {
        let values: [(String, Any)] = [
            ("true", true), ("zero", 0), ("zeroDouble", 0.0), ("string", "x"), ("emptyDictionary", [String: Any]()),
            ("foundationTrue", NSNumber(value: true)), ("foundationOne", NSNumber(value: 1)),
            ("someOptional", Int?.some(0) as Any),
        ]
        for (key, value) in values {
            #expect(try render("{{#\(key)}}yes{{/\(key)}}{{^\(key)}}no{{/\(key)}}", [key: value]) == "yes", "\(key)")
        }
    }

    @Test func viewModelsThroughMustacheContext() throws {
        let alert = AlertViewModel(
            title: "Delete?", message: nil,
            actions: [
                ActionViewModel(title: "Delete", isCancel: false), ActionViewModel(title: "Cancel", isCancel: true),
            ])
        let template =
            "<h2>{{title}}</h2>{{#message}}<p>{{.}}</p>{{/message}}{{#actions}}<button{{#isCancel}} class=cancel{{/isCancel}}>{{title}}</button>{{/actions}}"
        #expect(
            try render(template, alert)
                == "<h2>Delete?</h2><button>Delete</button><button class=cancel>Cancel</button>")
        // A view model inside a dictionary, and a dotted name through it.
        #expect(try render("{{alert.title}} {{alert.actions}}", ["alert": alert]).hasPrefix("Delete? "))
    }

    @Test func missingKeysOfAViewModelFallThroughToOuterContexts() throws {
        let action = ActionViewModel(title: "OK", isCancel: false)
        #expect(try render("{{#a}}{{title}} {{page}}{{/a}}", ["a": action, "page": "p1"]) == "OK p1")
    }

    @Test func dictionariesOfOtherValueTypesAndOptionals() throws {
        let strings: [String: String] = ["name": "Sheet"]
        let optionals: [String: Any?] = ["a": "x", "b": nil]
        #expect(try render("{{name}}", strings) == "Sheet")
        #expect(try render("{{#o}}{{a}}[{{b}}]{{/o}}", ["o": optionals]) == "x[]")
        #expect(try render("{{#l}}{{.}},{{/l}}", ["l": ["a", "b"][...]]) == "a,b,")
        #expect(try render("{{#l}}{{n}},{{/l}}", ["l": [["n": 1], ["n": 2]]]) == "1,2,")
    }

    @Test func implicitIteratorAndNestedLists() throws {
        #expect(try render("{{#.}}({{#.}}{{.}}{{/.}}){{/.}}", [[1, 2], [3]]) == "(12)(3)")
    }

    @Test func renderingAppendsToAByteBuffer() throws {
        var bytes = Array("<!doctype html>".utf8)
        try MustacheTemplate(string: "<p>{{x}}</p>").render(["x": "é"], appendingTo: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "<!doctype html><p>é</p>")
    }

    @Test func aPartialThatIncludesItselfForeverStops() throws {
        let library = try MustacheLibrary(templates: ["loop": "x{{#.}}{{>loop}}{{/.}}"])
        let output = try library.render("loop", ["a": 1])
        #expect(output.count > 10 && output.count <= Renderer.maxDepth)
    }

    /// The deepest render fits the 512 KiB stack of a secondary thread on Darwin.
    @Test func theDeepestRenderFitsASecondaryThreadsStack() async throws {
        let library = try MustacheLibrary(templates: ["loop": "x{{#.}}{{>loop}}{{/.}}"])
        let output: String = await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: (try? library.render("loop", ["a": 1])) ?? "")
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(output.count > 10)
    }

    @Test func nonASCIITextSurvivesAnywhereInAPage() throws {
        // Few and many stretches of non-ASCII text: both ways of making the String.
        for count in [1, 3, 40, 200] {
            let words = (0..<count).map { "Größe \($0) — “Ansicht” 😀 " + String(repeating: "x", count: $0 % 90) }
            let template = try MustacheTemplate(string: "<p>·</p>{{#words}}<li>{{.}}</li>{{/words}}<p>×</p>")
            let expected = "<p>·</p>" + words.map { "<li>\($0)</li>" }.joined() + "<p>×</p>"
            #expect(template.render(["words": words]) == expected)
        }
    }

    @Test func inheritanceForAPageLayout() throws {
        let library = try MustacheLibrary(templates: [
            "layout": """
            <html>
              <head>
                <title>{{$title}}ModalLab{{/title}}</title>
              </head>
              <body>
                {{$body}}
                <p>empty</p>
                {{/body}}
              </body>
            </html>

            """,
            "board": """
            {{<layout}}
            {{$title}}Board · {{name}}{{/title}}
            {{$body}}
            <main>
              {{#devices}}
              <section>{{.}}</section>
              {{/devices}}
            </main>
            {{/body}}
            {{/layout}}

            """,
        ])
        #expect(
            try library.render("board", ["name": "Demo", "devices": ["iPhone", "iPad"]]) == """
                <html>
                  <head>
                    <title>Board · Demo</title>
                  </head>
                  <body>
                    <main>
                      <section>iPhone</section>
                      <section>iPad</section>
                    </main>
                  </body>
                </html>

                """)
    }
}
