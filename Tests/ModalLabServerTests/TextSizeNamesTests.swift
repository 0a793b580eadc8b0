import Foundation
import Prototype
import TestSupport
import Testing

@testable import ModalLabServer

/// The text sizes are named as a person reads them — UIKit's `UIContentSizeCategory` constants'
/// words, "Large (default)" — in the player's text-size menu and the links dialog, in English and
/// Simplified Chinese, over sockets; the API's values stay the options' values.
@Suite struct TextSizeNamesTests {
    /// Each language names the twelve sizes, each differently, none by its API value.
    @Test func everySizeHasItsOwnNameInEachLanguage() {
        for language in [Language.en, .zhHans] {
            let strings = Strings(language)
            let names = ContentSizeCategory.allCases.map { strings.contentSize($0) }
            #expect(Set(names).count == ContentSizeCategory.allCases.count, "\(language): \(names)")
            for c in ContentSizeCategory.allCases {
                #expect(strings.contentSize(c) != c.rawValue, "\(language): \(c) is named by its API value")
            }
        }
        let en = Strings(.en)
        #expect(en.contentSize(.extraSmall) == "Extra Small")
        #expect(en.contentSize(.large) == "Large (default)")
        #expect(en.contentSize(.accessibilityMedium) == "Accessibility Medium")
        #expect(Strings(.zhHans).contentSize(.large) == "大（默认）")
    }

    /// The player's menu (its choice selected) and the links dialog's menu carry the names.
    @Test func thePlayerAndTheLinksDialogNameTheSizes() async throws {
        let dir = try StudyTests.studyFolder()
        defer { dir.remove() }
        let s = try TestApp(socket: true, prototypes: dir.path)
        let expected = [
            ("en", "Accessibility Large", "Extra Small"),
            ("zh-Hans", "辅助功能：大", "特小"),
        ]
        for (lang, big, small) in expected {
            let player = try await s.client.request(
                "GET", "/p/mail?device=iphone-16&contentSize=accessibilityLarge&lang=\(lang)")
            #expect(player.status == 200)
            #expect(player.text.contains(#"<option value="accessibilityLarge" selected>\#(big)</option>"#), "\(lang)")
            #expect(player.text.contains(#"<option value="extraSmall">\#(small)</option>"#), "\(lang)")
            #expect(!player.text.contains(#">accessibilityLarge</option>"#), "\(lang)")
            let gallery = try await s.client.request("GET", "/?lang=\(lang)")
            #expect(gallery.text.contains(#"<option value="accessibilityLarge">\#(big)</option>"#), "\(lang)")
            #expect(!gallery.text.contains(#">accessibilityLarge</option>"#), "\(lang)")
        }
    }
}
