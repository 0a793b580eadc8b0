import Prototype
import Testing

@testable import Presentation

/// iOS 26's shared Liquid Glass background of bar buttons (``BarGlass``): neighbours share one,
/// `sharesBackground: false` has its own, `hidesSharedBackground` none, toolbar items their own.
@Suite struct BarGlassTests {
    func bar(_ items: String) throws -> [Control] {
        let json = #"""
            {"format": "modallab/1", "id": "g", "start": "home",
             "screens": [{"id": "home", "title": "Home", "navigationBar": {"trailing": [\#(items)]}}]}
            """#
        let r = try Prototype.decode(Array(json.utf8))
        #expect(r.issues.isEmpty, "\(r.issues)")
        return try #require(r.prototype?.screen("home")?.navigationBar?.trailing)
    }

    @Test func neighboursShareOneBackgroundUnlessTheyOptOut() throws {
        let items = try bar(
            #"""
            {"id": "a", "systemImage": "plus", "accessibilityLabel": "Add"},
            {"id": "b", "title": "Edit"},
            {"id": "c", "title": "Select", "sharesBackground": false},
            {"id": "d", "systemImage": "ellipsis.circle", "accessibilityLabel": "More"},
            {"id": "e", "title": "Filter"},
            {"id": "f", "title": "Done", "hidesSharedBackground": true},
            {"id": "g", "title": "Sort"}
            """#)
        #expect(items.map(\.sharesBackground) == [true, true, false, true, true, true, true])
        #expect(items.map(\.hidesSharedBackground) == [false, false, false, false, false, true, false])
        #expect(BarGlass.parts(items) == [.first, .last, .only, .first, .last, .none, .only])
        #expect(BarGlass.parts(items, spaced: true) == [.only, .only, .only, .only, .only, .none, .only])
        #expect(BarGlass.parts([]) == [])
    }

    @Test func threeOrMoreNeighboursShareOneWithInnerParts() throws {
        let items = try bar(
            #"""
            {"id": "a", "systemImage": "plus", "accessibilityLabel": "Add"},
            {"id": "b", "systemImage": "trash", "accessibilityLabel": "Delete"},
            {"id": "c", "systemImage": "square.and.arrow.up", "accessibilityLabel": "Share"},
            {"id": "d", "title": "Edit"}
            """#)
        #expect(BarGlass.parts(items) == [.first, .middle, .middle, .last])
        #expect(BarGlass.parts(Array(items.prefix(1))) == [.only], "a symbol alone: its own circle")
    }

    @Test func aControlThatIsNotAButtonHasNoneAndSeparatesItsNeighbours() throws {
        let items = try bar(
            #"""
            {"id": "a", "title": "Edit"},
            {"type": "segmented", "id": "s", "segments": ["Day", "Week"]},
            {"id": "b", "title": "Done", "sharesBackground": true}
            """#)
        #expect(BarGlass.parts(items) == [.only, .none, .only])
    }

    @Test func aBackgroundKeyMustBeABoolean() throws {
        let json = #"""
            {"format": "modallab/1", "id": "g", "start": "home",
             "screens": [{"id": "home", "title": "Home", "navigationBar": {"trailing": [
               {"id": "a", "title": "A", "hidesSharedBackground": "yes"}]}}]}
            """#
        let r = try Prototype.decode(Array(json.utf8))
        #expect(
            r.issues.contains { $0.path.description == "$.screens[0].navigationBar.trailing[0].hidesSharedBackground" },
            "\(r.issues)")
    }
}
