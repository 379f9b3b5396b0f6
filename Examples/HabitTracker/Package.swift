// swift-tools-version:6.0
import PackageDescription

// The example app for cfa-gate. The SwiftUI files are behind `#if canImport(SwiftUI)`,
// so on Linux this builds and tests the AppModel, Features, ViewModels and storage only.
let package = Package(
    name: "HabitTracker",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "HabitTracker", targets: ["HabitTracker"]),
    ],
    targets: [
        .target(name: "HabitTracker"),
        .testTarget(name: "HabitTrackerTests", dependencies: ["HabitTracker"]),
    ],
    swiftLanguageModes: [.v6]
)
