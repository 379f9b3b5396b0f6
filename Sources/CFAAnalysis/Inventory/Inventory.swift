/// The app's CFA parts, each with its file and line: what a reviewer checks a change against.
public struct Inventory: Sendable, Codable, Equatable {
    public struct Place: Sendable, Codable, Equatable, Hashable {
        public var file: String
        public var line: Int
    }

    public struct Screen: Sendable, Codable, Equatable {
        public var name: String
        public var place: Place
        public var viewModel: String?
        /// The Features its ViewModel depends on, as the ViewModel's parameter names them.
        public var features: [String]
    }

    public struct ViewModel: Sendable, Codable, Equatable {
        public var name: String
        public var place: Place
        public var screen: String?
        /// Feature type names it depends on.
        public var features: [String]
    }

    public struct Feature: Sendable, Codable, Equatable {
        public var name: String
        public var place: Place
        /// Repository protocol (or implementation) type names it depends on.
        public var repositories: [String]
        /// `startLoading()` or `refresh()`, when it declares one.
        public var startupMethod: String?
        /// The AppModel property that holds it, when it is wired.
        public var appModelProperty: String?
    }

    public struct Repository: Sendable, Codable, Equatable {
        public enum Kind: String, Sendable, Codable { case `protocol`, implementation }
        public var name: String
        public var place: Place
        public var kind: Kind
        /// For an implementation, the repository protocols it conforms to.
        public var implements: [String]
    }

    public struct AppModelProperty: Sendable, Codable, Equatable {
        public var name: String
        public var type: String
        public var place: Place
        /// Whether `AppModel.init` takes it and `live()` passes it.
        public var inInitializer: Bool
        public var inLive: Bool
    }

    public struct TestFile: Sendable, Codable, Equatable {
        public enum Kind: String, Sendable, Codable { case viewModel, feature, other }
        public var path: String
        public var kind: Kind
        /// The app types it is named after or exercises (ViewModels and Features).
        public var tests: [String]
    }

    public var rootView: Place?
    public var screens: [Screen] = []
    public var viewModels: [ViewModel] = []
    public var features: [Feature] = []
    public var repositories: [Repository] = []
    var appModel: Place?
    public var appModelProperties: [AppModelProperty] = []
    public var tests: [TestFile] = []

    init() {}
}
