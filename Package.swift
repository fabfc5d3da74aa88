// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "URLEncodedForm",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "URLEncodedForm", targets: ["URLEncodedForm"])
    ],
    targets: [
        .target(name: "URLEncodedForm"),
        .executableTarget(
            name: "url-encoded-form-example",
            dependencies: ["URLEncodedForm"],
            path: "Examples/QuickStart"
        ),
        .testTarget(name: "URLEncodedFormTests", dependencies: ["URLEncodedForm"]),
    ],
    swiftLanguageModes: [.v6]
)
