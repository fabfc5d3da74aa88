// swift-tools-version:6.1
import Foundation
import PackageDescription

// The library is a path dependency, whose package identity is the name of the repository's
// folder; that name differs between checkouts, so it is read here.
let libraryPackage = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// A Hummingbird 2 app that serves an HTML form and decodes what browsers post with
// URLEncodedForm, through the adapter the `Hummingbird` trait builds, with the default traits
// kept, as README.md's install section shows. A package of its own, so that it builds the app
// alone; the library itself depends on no package, and resolves Hummingbird only for a package
// that enables the trait.
let package = Package(
    name: "HummingbirdForms",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(path: "../..", traits: [.defaults, "Hummingbird"]),
    ],
    targets: [
        .executableTarget(
            name: "HummingbirdForms",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "URLEncodedForm", package: libraryPackage),
                .product(name: "URLEncodedFormHummingbird", package: libraryPackage),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
