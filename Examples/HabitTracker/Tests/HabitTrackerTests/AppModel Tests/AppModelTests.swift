import Foundation
import Testing
@testable import HabitTracker

@MainActor
struct AppModelTests {
    let habitRepository = InMemoryHabitRepository()
    let checkInRepository = InMemoryCheckInRepository()
    let appModel: AppModel

    init() {
        appModel = AppModel(
            habitsFeature: HabitsFeature(repository: habitRepository, now: { Date() }, makeID: { UUID() }),
            checkInsFeature: CheckInsFeature(repository: checkInRepository, calendar: TestClock.calendar, now: { Date() }))
    }

    @Test func launchingStartsEveryFeatureOnce() async {
        appModel.applicationDidFinishLaunching()
        #expect(appModel.habitsFeature.isLoading)
        #expect(appModel.checkInsFeature.isLoading)
        // Taken before any await, so these are the running loads, not new ones.
        let habitsLoad = appModel.habitsFeature.startLoading()
        let checkInsLoad = appModel.checkInsFeature.startLoading()
        await habitsLoad.value
        await checkInsLoad.value

        appModel.applicationDidFinishLaunching()
        #expect(!appModel.habitsFeature.isLoading, "a second launch must not load again")
        #expect(!appModel.checkInsFeature.isLoading)
        #expect(await habitRepository.fetchCount == 1)
        #expect(await checkInRepository.fetchCount == 1)
    }
}
