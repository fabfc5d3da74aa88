// swift-tools-version:6.1
import Foundation
import PackageDescription

// The library is a path dependency, whose package identity is the name of the repository's
// folder; that name differs between checkouts, so it is read here.
let libraryPackage = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// `FORM_TRAITS=foundation swift build …` builds the library with its default trait
// (FoundationAPI); otherwise with none, as a server that wants no Foundation would.
let libraryTraits: Set<Package.Dependency.Trait> =
    Context.environment["FORM_TRAITS"] == "foundation" ? [.defaults] : []

// Plain SwiftNIO servers that decode forms with URLEncodedForm. `nio-forms` decodes
// application/x-www-form-urlencoded bodies as they arrive and needs no Foundation;
// `nio-multipart-forms` also reads the text fields of multipart/form-data bodies through
// Vapor's MultipartKit (which imports Foundation). Its own package, so the library keeps no
// dependencies.
let package = Package(
    name: "NIOForms",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
        .package(url: "https://github.com/vapor/multipart-kit.git", exact: "4.7.1"),
        .package(path: "../..", traits: libraryTraits),
    ],
    targets: [
        .target(
            name: "FormServer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "URLEncodedForm", package: libraryPackage),
            ]
        ),
        .executableTarget(
            name: "nio-forms",
            dependencies: ["FormServer", .product(name: "NIOHTTP1", package: "swift-nio")]
        ),
        .executableTarget(
            name: "nio-multipart-forms",
            dependencies: [
                "FormServer", .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "MultipartKit", package: "multipart-kit"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
