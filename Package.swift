// swift-tools-version: 6.3
// URLEncodedForm 1.0.0 (CHANGELOG.md), under the Apache License 2.0 (LICENSE).
import PackageDescription

let package = Package(
    name: "URLEncodedForm",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "URLEncodedForm", targets: ["URLEncodedForm"]),
        // A module of its own, so servers on Linux never link FoundationNetworking.
        .library(name: "URLEncodedFormRequest", targets: ["URLEncodedFormRequest"]),
        .executable(name: "urlform", targets: ["urlform"]),
        // The framework adapters. Each is empty unless its trait is enabled, and a package that
        // does not enable the trait resolves, fetches and builds no framework:
        // .package(url: "…/URLEncodedForm.git", from: "…", traits: ["Vapor"])
        .library(name: "URLEncodedFormHummingbird", targets: ["URLEncodedFormHummingbird"]),
        .library(name: "URLEncodedFormVapor", targets: ["URLEncodedFormVapor"]),
    ],
    traits: [
        // On by default. Without it the core imports FoundationEssentials alone on Linux, so a
        // static binary links neither Foundation nor ICU: `traits: []` in the dependency.
        .trait(
            name: "FoundationAPI",
            description:
                "The API only full Foundation can offer: allowedCharacters as a CharacterSet (Alamofire's), DateFormatter date strategies, NSNumber and NSNull in untyped parameters."
        ),
        .trait(name: "Hummingbird", description: "Builds URLEncodedFormHummingbird: a RequestDecoder and a ResponseEncoder for Hummingbird 2."),
        // Vapor 4 links Foundation itself, so its trait keeps the Foundation API on.
        .trait(
            name: "Vapor",
            description: "Builds URLEncodedFormVapor: ContentDecoder, ContentEncoder, URLQueryDecoder and URLQueryEncoder for Vapor 4.",
            enabledTraits: ["FoundationAPI"]
        ),
        .default(enabledTraits: ["FoundationAPI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
    ],
    targets: [
        .target(
            name: "URLEncodedFormHummingbird",
            dependencies: [
                "URLEncodedForm",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
            ]
        ),
        .target(
            name: "URLEncodedFormVapor",
            dependencies: [
                "URLEncodedForm",
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
            ]
        ),
        .testTarget(
            name: "URLEncodedFormHummingbirdTests",
            dependencies: [
                "URLEncodedFormHummingbird", "AdapterRefusals",
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
            ]
        ),
        .testTarget(
            name: "URLEncodedFormVaporTests",
            dependencies: [
                "URLEncodedFormVapor", "AdapterRefusals",
                .product(name: "VaporTesting", package: "vapor", condition: .when(traits: ["Vapor"])),
            ]
        ),
        // The refusals both adapters' tests send, read from Tests/Fixtures/adapter-refusals.json.
        .target(name: "AdapterRefusals", path: "Tests/AdapterRefusals"),
        // The Vapor example app (Examples/VaporForms): a stub unless the `Vapor` trait is enabled.
        .executableTarget(
            name: "url-encoded-form-vapor-example",
            dependencies: [
                "URLEncodedFormVapor",
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
            ],
            path: "Examples/VaporForms",
            exclude: ["README.md", "test.sh"]
        ),
        .target(name: "URLEncodedForm"),
        .target(name: "URLEncodedFormRequest", dependencies: ["URLEncodedForm"]),
        .executableTarget(name: "urlform", dependencies: ["URLEncodedForm"]),
        .executableTarget(
            name: "url-encoded-form-example",
            dependencies: ["URLEncodedForm"],
            path: "Examples/QuickStart"
        ),
        .testTarget(name: "URLEncodedFormTests", dependencies: ["URLEncodedForm"]),
        // Imports a module that declares Alamofire's names as Alamofire does, beside this package's.
        .testTarget(name: "URLEncodedFormRequestTests", dependencies: ["URLEncodedFormRequest", "AlamofireNames"]),
        .target(name: "AlamofireNames", path: "Tests/AlamofireNames"),
        // Measures the decoder's memory in a process of its own, for the resource bound tests.
        .executableTarget(name: "form-memory-probe", dependencies: ["URLEncodedForm"], path: "Tests/MemoryProbe"),
        // Times hostile bodies at n and 8n bytes and fails on a super-linear ratio; run by CI in release.
        .executableTarget(name: "form-complexity-check", dependencies: ["URLEncodedForm"], path: "Tests/ComplexityCheck"),
        // Runs values and forms nested 100,000 deep through the library, for the depth tests, in a
        // process of their own, so that a crash fails a test rather than the test runner.
        .executableTarget(name: "form-depth-probe", dependencies: ["URLEncodedForm"], path: "Tests/DepthProbe"),
        // Depends on the executables only so that they are built before the tests run them.
        .testTarget(name: "URLFormCommandTests", dependencies: ["urlform", "form-memory-probe", "form-depth-probe"]),
    ],
    swiftLanguageModes: [.v6]
)
