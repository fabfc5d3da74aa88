// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The library is a path dependency, whose package identity is the name of the repository's
// folder; that name differs between checkouts, so it is read here.
let libraryPackage = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// What the Hummingbird server and LoadAdapters (the adapter against collect-then-decode in one
// process, count.sh) are built on.
let hummingbirdTarget: [Target.Dependency] = [
    "LoadModel",
    .product(name: "URLEncodedForm", package: libraryPackage),
    .product(name: "URLEncodedFormHummingbird", package: libraryPackage),
    .product(name: "Hummingbird", package: "hummingbird"),
]

// The load benchmark's two servers (run.sh drives them with wrk on loopback), and LoadAdapters. A
// package of its own, so that neither the library nor CI builds them.
let package = Package(
    name: "Load",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "../..", traits: ["Hummingbird", "Vapor"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor.git", exact: "4.122.3"),
    ],
    targets: [
        .target(name: "LoadModel", path: "Sources/LoadModel"),
        .executableTarget(
            name: "LoadHummingbird",
            dependencies: hummingbirdTarget,
            path: "Sources/LoadHummingbird"
        ),
        .executableTarget(
            name: "LoadAdapters",
            dependencies: hummingbirdTarget,
            path: "Sources/LoadAdapters"
        ),
        .executableTarget(
            name: "LoadVapor",
            dependencies: [
                "LoadModel",
                .product(name: "URLEncodedForm", package: libraryPackage),
                .product(name: "URLEncodedFormVapor", package: libraryPackage),
                .product(name: "Vapor", package: "vapor"),
            ],
            path: "Sources/LoadVapor"
        ),
    ],
    swiftLanguageModes: [.v6]
)
