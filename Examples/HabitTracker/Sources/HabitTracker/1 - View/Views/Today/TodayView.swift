#if canImport(SwiftUI)
import SwiftUI

/// Today's checklist: tap a habit to check it in, tap again to undo.
struct TodayView: View {
    @State private var viewModel = TodayViewModel()

    var body: some View {
        NavigationStack {
            List(viewModel.rows) { row in
                Button {
                    viewModel.toggleCheckIn(habitID: row.id)
                } label: {
                    HStack {
                        Image(systemName: row.isCheckedInToday ? "checkmark.circle.fill" : "circle")
                            .foregroundStyle(row.isCheckedInToday ? Color.green : Color.secondary)
                        Text(row.name)
                        Spacer()
                        StreakBadge(count: row.streak)
                    }
                }
                .buttonStyle(.plain)
            }
            .overlay {
                if viewModel.rows.isEmpty && !viewModel.isLoading {
                    ContentUnavailableView(
                        "No habits yet", systemImage: "list.bullet",
                        description: Text("Add a habit in the Habits tab."))
                }
            }
            .refreshable { await viewModel.refresh() }
            .safeAreaInset(edge: .bottom) {
                if let message = viewModel.errorMessage {
                    ErrorBanner(message: message, dismiss: viewModel.dismissError)
                }
            }
            .navigationTitle("Today")
        }
    }
}

#Preview {
    TodayView()
}
#endif
