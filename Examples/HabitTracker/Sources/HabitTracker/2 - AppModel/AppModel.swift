import Foundation
import Observation

/// The composition root: holds one instance of each Feature and starts them at launch.
@MainActor
@Observable
final class AppModel {
    static let shared = live()

    let habitsFeature: HabitsFeature
    let checkInsFeature: CheckInsFeature
    private var hasFinishedLaunching = false

    init(habitsFeature: HabitsFeature, checkInsFeature: CheckInsFeature) {
        self.habitsFeature = habitsFeature
        self.checkInsFeature = checkInsFeature
    }

    /// The real app: JSON files in Application Support, the system clock and calendar.
    static func live() -> AppModel {
        AppModel(
            habitsFeature: HabitsFeature(
                repository: JSONFileHabitRepository.inApplicationSupport(),
                now: { Date() },
                makeID: { UUID() }),
            checkInsFeature: CheckInsFeature(
                repository: JSONFileCheckInRepository.inApplicationSupport(),
                calendar: .autoupdatingCurrent,
                now: { Date() }))
    }

    /// Starts every Feature once; later calls do nothing.
    func applicationDidFinishLaunching() {
        guard !hasFinishedLaunching else { return }
        hasFinishedLaunching = true
        habitsFeature.startLoading()
        checkInsFeature.startLoading()
    }
}
