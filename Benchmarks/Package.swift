// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The library is a path dependency, whose package identity is the name of the repository's
// folder; that name differs between checkouts, so it is read here.
let libraryPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "URLEncodedFormBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/vapor/vapor.git", exact: "4.122.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "FormCoding",
            dependencies: [
                .product(name: "URLEncodedForm", package: libraryPackage),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Benchmarks/FormCoding",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // What Vapor's and Hummingbird's own encoders write, recorded for the tests' fixtures.
        .executableTarget(
            name: "PeerEncoders",
            dependencies: [
                .product(name: "URLEncodedForm", package: libraryPackage),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "PeerEncoders"
        ),
    ],
    swiftLanguageModes: [.v6]
)
