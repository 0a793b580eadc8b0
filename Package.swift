// swift-tools-version: 6.0
// ModalLab: one package, no dependencies outside the toolchain.
import PackageDescription

let package = Package(
    name: "ModalLab",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "modallab", targets: ["modallab"])
    ],
    targets: [
        // What differs between Linux (Glibc) and Darwin: one small file per platform.
        .target(name: "Platform"),
        // Leaf modules: depend on nothing of ours but Platform.
        .target(name: "JSON"),
        .target(name: "HTTPServer", dependencies: ["Platform"]),
        .target(name: "Mustache", dependencies: ["Platform"]),
        // Domain.
        .target(name: "EventSchema", dependencies: ["JSON"]),
        .target(name: "Prototype", dependencies: ["JSON"]),
        .target(name: "Presentation", dependencies: ["Prototype", "JSON", "EventSchema"]),
        .target(name: "InteractionLog", dependencies: ["JSON", "EventSchema", "Platform"]),
        .target(name: "Sharing", dependencies: ["JSON"]),
        // The application and its entry point.
        .target(
            name: "ModalLabServer",
            dependencies: [
                "HTTPServer", "Mustache", "JSON", "Prototype", "Presentation", "InteractionLog", "Sharing", "Platform",
            ]
        ),
        .executableTarget(name: "modallab", dependencies: ["ModalLabServer"]),
        .executableTarget(
            name: "modallab-bench",
            dependencies: [
                "ModalLabServer", "HTTPServer", "Mustache", "JSON", "Prototype", "Presentation", "InteractionLog",
                "Platform", "EventSchema",
            ],
            path: "Benchmarks/Sources/ModalLabBenchmarks"
        ),

        // A small server for the HTTP benchmark and for HTTPServer tests that need their own process.
        .executableTarget(
            name: "http-testserver", dependencies: ["HTTPServer", "Platform"], path: "Benchmarks/http/TestServer"),

        // What several test targets share: temporary folders, outside tools (skipped when missing),
        // running programs, a seeded random generator, a raw-socket HTTP client.
        .target(name: "TestSupport", dependencies: ["Platform"], path: "Tests/TestSupport"),

        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(
            name: "HTTPServerTests", dependencies: ["HTTPServer", "Platform", "TestSupport"], exclude: ["h11_check.py"]),
        .testTarget(
            name: "MustacheTests", dependencies: ["Mustache", "Platform", "TestSupport"], exclude: ["mustache-spec"]),
        .testTarget(name: "PrototypeTests", dependencies: ["Prototype", "JSON", "TestSupport"]),
        .testTarget(
            name: "PresentationTests", dependencies: ["Presentation", "Prototype", "JSON", "Platform", "TestSupport"]),
        .testTarget(
            name: "InteractionLogTests",
            dependencies: ["InteractionLog", "EventSchema", "JSON", "Platform", "TestSupport"],
            exclude: ["duckdb_check.py"]),
        .testTarget(name: "SharingTests", dependencies: ["Sharing", "Platform", "TestSupport"]),
        .testTarget(
            name: "ModalLabServerTests",
            dependencies: ["ModalLabServer", "HTTPServer", "JSON", "Platform", "TestSupport", "EventSchema"],
            exclude: ["study_check.py", "export_order_check.py"]),
    ]
)

// Modules that round numbers without importing Foundation need libm on Linux.
for target in package.targets where target.type == .regular || target.type == .executable {
    target.linkerSettings = (target.linkerSettings ?? []) + [.linkedLibrary("m", .when(platforms: [.linux]))]
}
