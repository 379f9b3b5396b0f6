import CFAAnalysis
import GateTestSupport
import Testing

@Suite("Model layer members: the Features, ViewModels, repositories and AppModel each file declares")
struct ModelLayerMembersTests {
    @Test("the index's roles, per file; views, the app, domain values and tests are not model-layer members")
    func membersOfTheFixture() async {
        let inputs = ModelBuildApp.files.filter { $0.key.hasSuffix(".swift") }.sorted { $0.key < $1.key }
            .map { SourceInput.text($0.value, path: $0.key) }
        let facts = await Analyzer.parseRevisions([inputs])[0].facts
        let members = CodebaseIndex.modelLayerMembers(of: facts, configuration: AnalysisConfiguration())
        #expect(members[ModelBuildApp.appModelPath] == [ModelLayerMember(name: "AppModel", layer: .appModel)])
        #expect(members[ModelBuildApp.featurePath] == [ModelLayerMember(name: "HabitsFeature", layer: .feature)])
        #expect(members[ModelBuildApp.listViewModelPath] == [ModelLayerMember(name: "HabitListViewModel", layer: .viewModel)])
        #expect(members[ModelBuildApp.storeKitRepositoryPath] == [ModelLayerMember(name: "StoreKitPurchaseRepository", layer: .repository)])
        #expect(members[ModelBuildApp.habitRepositoryPath] == [ModelLayerMember(name: "HabitRepository", layer: .repository)])
        for path in [ModelBuildApp.listViewPath, ModelBuildApp.appPath, ModelBuildApp.habitPath, ModelBuildApp.featureTestPath, ModelBuildApp.testDoublePath] {
            #expect(members[path] == nil, "\(path)")
        }
    }
}
