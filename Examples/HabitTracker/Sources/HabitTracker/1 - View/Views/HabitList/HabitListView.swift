#if canImport(SwiftUI)
import SwiftUI

/// Manage habits: add, rename (inline), archive and delete.
struct HabitListView: View {
    @State private var viewModel = HabitListViewModel()

    var body: some View {
        NavigationStack {
            List {
                Section {
                    HStack {
                        TextField("New habit", text: $viewModel.draftHabitName)
                            .onSubmit { viewModel.addHabit() }
                        Button("Add") { viewModel.addHabit() }
                            .disabled(!viewModel.canAddHabit)
                    }
                }
                Section("Active") {
                    ForEach(viewModel.activeHabits) { habit in
                        row(for: habit)
                    }
                }
                if !viewModel.archivedHabits.isEmpty {
                    Section("Archived") {
                        ForEach(viewModel.archivedHabits) { habit in
                            row(for: habit)
                        }
                    }
                }
            }
            .overlay {
                if viewModel.isLoading && viewModel.activeHabits.isEmpty {
                    ProgressView()
                }
            }
            .safeAreaInset(edge: .bottom) {
                if let message = viewModel.errorMessage {
                    ErrorBanner(message: message, dismiss: viewModel.dismissError)
                }
            }
            .navigationTitle("Habits")
        }
    }

    private func row(for habit: Habit) -> some View {
        Group {
            if viewModel.editingHabitID == habit.id {
                HStack {
                    TextField("Name", text: $viewModel.draftRenameName)
                        .onSubmit { viewModel.renameHabit() }
                    Button("Cancel", role: .cancel) { viewModel.cancelRenaming() }
                }
            } else {
                Text(habit.name)
                    .foregroundStyle(habit.isArchived ? Color.secondary : Color.primary)
            }
        }
        .swipeActions {
            Button("Delete", role: .destructive) { viewModel.deleteHabit(id: habit.id) }
            Button(habit.isArchived ? "Restore" : "Archive") {
                viewModel.setArchived(!habit.isArchived, habitID: habit.id)
            }
            Button("Rename") { viewModel.beginRenaming(habitID: habit.id) }
        }
    }
}

#Preview {
    HabitListView()
}
#endif
