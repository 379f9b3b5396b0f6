#if canImport(SwiftUI)
import SwiftUI

/// The app's root: structural only, it arranges the screens and loads nothing itself.
struct RootTabView: View {
    var body: some View {
        TabView {
            TodayView()
                .tabItem { Label("Today", systemImage: "checkmark.circle") }
            HabitListView()
                .tabItem { Label("Habits", systemImage: "list.bullet") }
        }
    }
}
#endif
