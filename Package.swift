// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "URLEncodedForm",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "URLEncodedForm", targets: ["URLEncodedForm"]),
        // A module of its own, so servers on Linux never link FoundationNetworking.
        .library(name: "URLEncodedFormRequest", targets: ["URLEncodedFormRequest"]),
        .executable(name: "urlform", targets: ["urlform"]),
    ],
    targets: [
        .target(name: "URLEncodedForm"),
        .target(name: "URLEncodedFormRequest", dependencies: ["URLEncodedForm"]),
        .executableTarget(name: "urlform", dependencies: ["URLEncodedForm"]),
        .executableTarget(
            name: "url-encoded-form-example",
            dependencies: ["URLEncodedForm"],
            path: "Examples/QuickStart"
        ),
        .testTarget(name: "URLEncodedFormTests", dependencies: ["URLEncodedForm"]),
        .testTarget(name: "URLEncodedFormRequestTests", dependencies: ["URLEncodedFormRequest"]),
        // Measures the decoder's memory in a process of its own, for the resource bound tests.
        .executableTarget(name: "form-memory-probe", dependencies: ["URLEncodedForm"], path: "Tests/MemoryProbe"),
        // Times hostile bodies at n and 8n bytes and fails on a super-linear ratio; run by CI in release.
        .executableTarget(name: "form-complexity-check", dependencies: ["URLEncodedForm"], path: "Tests/ComplexityCheck"),
        // Depends on the executables only so that they are built before the tests run them.
        .testTarget(name: "URLFormCommandTests", dependencies: ["urlform", "form-memory-probe"]),
    ],
    swiftLanguageModes: [.v6]
)
