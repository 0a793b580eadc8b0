import Testing

@testable import Presentation

@Test func presentationModuleBuilds() {}
