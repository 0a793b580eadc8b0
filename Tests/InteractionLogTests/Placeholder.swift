import Testing

@testable import InteractionLog

@Test func interactionLogModuleBuilds() {}
