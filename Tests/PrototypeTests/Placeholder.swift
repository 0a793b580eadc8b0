import Testing

@testable import Prototype

@Test func prototypeModuleBuilds() {}
