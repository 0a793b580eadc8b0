import Testing

@testable import Mustache

@Test func mustacheModuleBuilds() {}
