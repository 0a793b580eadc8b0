import Testing

@testable import Sharing

@Test func sharingModuleBuilds() {}
