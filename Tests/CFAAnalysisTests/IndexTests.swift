import GateTestSupport
import CFAAnalysis
import Testing

struct IndexTests {
    @Test func theCompliantAppsTypesGetTheirRoles() {
        let index = Analysis.result(CompliantApp.files).index
        #expect(index.role(of: "AppModel") == .appModel)
        #expect(index.role(of: "OrdersFeature") == .feature)
        #expect(index.role(of: "OrdersRepository") == .repositoryProtocol)
        #expect(index.role(of: "JSONFileOrdersRepository") == .repositoryImplementation)
        #expect(index.role(of: "Order") == .domain)
        #expect(index.role(of: "OrdersView") == .screen)
        #expect(index.role(of: "OrdersViewModel") == .viewModel)
        #expect(index.role(of: "RootTabView") == .rootView)
        #expect(index.role(of: "OrderRow") == .componentView)
        #expect(index.role(of: "OrdersApp") == .app)
        #expect(index.role(of: "OrdersFeatureTests") == .test)
        #expect(index.role(of: "InMemoryOrdersRepository") == .test)
        let screen = index.entry(named: "OrdersView")!
        #expect(index.viewModel(ofScreen: screen)?.name == "OrdersViewModel")
    }

    @Test func theCompliantAppIsACFAApp() {
        let result = Analysis.result(CompliantApp.files)
        #expect(result.findings == [])
    }
}
