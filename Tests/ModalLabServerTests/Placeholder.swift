import Testing

@testable import ModalLabServer

@Test func modalLabServerModuleBuilds() {}
