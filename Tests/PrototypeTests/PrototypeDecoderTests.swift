import Foundation
import JSON
import TestSupport
import Testing

@testable import Prototype

func decode(_ text: String) throws -> DecodeResult { try Prototype.decode(Array(text.utf8)) }

let minimal = #"""
    {"format": "modallab/1", "id": "t", "start": "home",
     "screens": [{"id": "home", "content": [{"type": "button", "id": "go", "title": "Go", "action": {"present": "sheet"}}]}],
     "modals": [{"id": "sheet", "style": "pageSheet", "title": "Sheet",
                 "navigationBar": {"trailing": [{"id": "done", "title": "Done", "role": "done", "action": "dismiss"}]}}]}
    """#

@Suite struct PrototypeDecoderTests {
    @Test func bundledExamplesDecodeCleanly() throws {
        let dir = URL(fileURLWithPath: repositoryRoot + "/Templates/prototypes")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }
        #expect(files.count >= 4)
        for f in files {
            let bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent(f)))
            let r = try Prototype.decode(bytes)
            #expect(r.issues.isEmpty, "\(f): \(r.issues)")
            #expect(r.prototype != nil)
        }
    }

    @Test func minimalPrototypeDecodesWithDefaults() throws {
        let r = try decode(minimal)
        let p = try #require(r.prototype)
        #expect(p.targetOS == 18)
        #expect(p.modal("sheet")?.style == .pageSheet)
        #expect(p.control("done")?.modal == "sheet")
        #expect(p.control("done")?.placement == "trailing")
        #expect(p.control("go")?.screen == "home")
        #expect(p.version.count == 16)
    }

    @Test func unknownKeysAreErrorsWithSuggestions() throws {
        let r = try decode(
            minimal.replacingOccurrences(of: #""style": "pageSheet""#, with: #""style": "pageSheet", "grabbr": true"#))
        #expect(r.prototype == nil)
        #expect(
            r.issues.map(\.description) == [
                #"$.modals[0].grabbr: error: unknown member "grabbr" (did you mean "grabber"?) [format.unknown-key]"#
            ])
    }

    @Test func wrongShapesNameThePathAndTheExpectation() throws {
        let r = try decode(minimal.replacingOccurrences(of: #""style": "pageSheet""#, with: #""style": "pagesheet""#))
        #expect(r.issues.first?.path.description == "$.modals[0].style")
        #expect(r.issues.first?.message.contains("expected one of automatic, pageSheet") == true)
        #expect(r.issues.first?.message.contains(#"did you mean "pageSheet""#) == true)
        let r2 = try decode(minimal.replacingOccurrences(of: #""id": "t""#, with: #""id": 3"#))
        #expect(r2.issues.first?.description == "$.id: error: expected a string, found 3 [format]")
    }

    @Test func danglingReferencesAreErrors() throws {
        let r = try decode(
            minimal.replacingOccurrences(of: #"{"present": "sheet"}"#, with: #"{"present": "shet"}"#)
                .replacingOccurrences(of: #""title": "Sheet","#, with: #""title": "Sheet", "confirmDiscard": "nope", "#)
        )
        let messages = r.issues.map(\.description)
        #expect(
            messages.contains(
                #"$.screens[0].content[0].action.present: error: "present" names no modal: "shet" (did you mean "sheet"?) [format.reference]"#
            ))
        #expect(
            messages.contains { $0.hasPrefix(#"$.modals[0].confirmDiscard: error: "confirmDiscard" names no modal"#) })
    }

    @Test func sourceMustBeAControl() throws {
        let text = minimal.replacingOccurrences(
            of: #""modals": ["#, with: #""modals": [{"id": "pop", "style": "popover", "source": "home"},"#)
        let r = try decode(text)
        #expect(
            r.issues.map(\.description) == [
                #"$.modals[0].source: error: "source" names "home", the id of a screen, not of a control [format.reference]"#
            ])
    }

    @Test func idsAreCheckedForSyntaxAndUniqueness() throws {
        let r = try decode(minimal.replacingOccurrences(of: #""id": "done""#, with: #""id": "go""#))
        #expect(
            r.issues.contains {
                $0.code == "format.id" && $0.path.description == "$.modals[0].navigationBar.trailing[0].id"
            })
        let r2 = try decode(minimal.replacingOccurrences(of: #""id": "go""#, with: #""id": "Go Now""#))
        #expect(r2.issues.contains { $0.code == "format.id" && $0.message.contains("not a valid id") })
    }

    @Test func aControlMayShareItsIdWithTheModalItPresents() throws {
        // the docs/format.md's own example: the bar button "compose" presents the sheet "compose".
        let r = try decode(minimal.replacingOccurrences(of: #""id": "go""#, with: #""id": "sheet""#))
        #expect(r.issues.isEmpty)
        let r2 = try decode(
            minimal.replacingOccurrences(of: #""id": "home""#, with: #""id": "sheet""#).replacingOccurrences(
                of: #""start": "home""#, with: #""start": "sheet""#))
        #expect(r2.issues.contains { $0.code == "format.id" })
    }

    @Test func styleKeysOfOtherStylesAreWarnings() throws {
        let r = try decode(
            minimal.replacingOccurrences(
                of: #""style": "pageSheet""#, with: #""style": "pageSheet", "passthrough": []"#))
        #expect(r.prototype != nil)
        #expect(r.issues.map(\.code) == ["format.style-key"])
    }

    @Test func brokenJSONGivesLineAndColumn() {
        #expect {
            _ = try decode("{\n  \"format\": \"modallab/1\",\n  \"id\" \"x\"\n}")
        } throws: { e in
            let s = e as? JSONSyntaxError
            return s?.line == 3 && s?.column == 8
        }
    }

    @Test func collectsSeveralIssuesAtOnce() throws {
        let r = try decode(#"{"format": "modallab/2", "id": "x", "start": 1, "screens": {}, "extra": 1}"#)
        #expect(r.issues.count == 4)
        // Every unknown member is reported, not only the first, each with its own path and code.
        let r2 = try decode(#"{"format": "modallab/2", "id": "x", "start": 1, "screens": {}, "extra": 1, "extra2": 2}"#)
        #expect(r2.prototype == nil)
        #expect(r2.issues.map { "\($0.path)" } == ["$.format", "$.start", "$.screens", "$.extra", "$.extra2"])
        #expect(r2.issues.map(\.code) == ["format", "format", "format", "format.unknown-key", "format.unknown-key"])
        #expect(r2.issues.allSatisfy { $0.severity == .error })
        #expect(r2.issues[3].message == #"unknown member "extra""#)
        #expect(r2.issues[4].message == #"unknown member "extra2""#)
    }
}

@Suite struct DeviceCatalogueTests {
    @Test func allEightDevicesWithSpecSizes() {
        #expect(DeviceCatalogue.all.count == 8)
        let d = DeviceCatalogue.device("iphone-16")!
        #expect((d.width, d.height, d.safeTop, d.safeBottom) == (393, 852, 59, 34))
        #expect(DeviceCatalogue.device("ipad-pro-13")!.width == 1032)
    }

    @Test(arguments: [
        ("iphone-se-3", Orientation.portrait, Multitasking.full, "compact/regular"),
        ("iphone-16", .landscape, .full, "compact/compact"),
        ("iphone-16-pro-max", .landscape, .full, "regular/compact"),
        ("ipad-mini", .portrait, .full, "regular/regular"),
        ("ipad-pro-11", .landscape, .half, "compact/regular"),
        ("ipad-pro-13", .landscape, .half, "regular/regular"),
        ("ipad-pro-11", .landscape, .third, "compact/regular"),
        ("ipad-pro-13", .portrait, .slideOver, "compact/regular"),
        ("iphone-16", .portrait, .slideOver, "compact/regular"),
    ])
    func sizeClassesFollowTheWindow(device: String, o: Orientation, m: Multitasking, expected: String) {
        let env = Environment(device: DeviceCatalogue.device(device)!, orientation: o, multitasking: m)
        #expect(env.sizeClassDescription == expected)
    }

    @Test func windowSizes() {
        let pad = DeviceCatalogue.device("ipad-pro-13")!
        #expect(Environment(device: pad, orientation: .landscape).windowSize == Size(width: 1376, height: 1032))
        #expect(Environment(device: pad, orientation: .landscape, multitasking: .slideOver).windowSize.width == 375)
        #expect(Environment(device: DeviceCatalogue.device("iphone-16")!, multitasking: .half).multitasking == .full)
    }
}
