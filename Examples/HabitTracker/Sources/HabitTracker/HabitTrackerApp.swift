#if canImport(SwiftUI)
import SwiftUI

/// The app entry point. This package builds a library (so the example also builds and tests on
/// Linux), and `@main` is not allowed in a library; an Xcode app target that compiles these
/// sources marks this type `@main`.
struct HabitTrackerApp: App {
    init() {
        // Launch happens here, never from a View: the App is the one place that starts the app.
        AppModel.shared.applicationDidFinishLaunching()
    }

    var body: some Scene {
        WindowGroup {
            RootTabView()
        }
    }
}
#endif
