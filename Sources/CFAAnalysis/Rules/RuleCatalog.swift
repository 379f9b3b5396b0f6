/// Every rule this version checks, in checklist order.
public enum RuleCatalog {
    public static let rules: [any Rule] = [
        AdoptionRule(),
        ViewModelInlineRule(), ViewModelDedicatedRule(), ViewModelAdjacentRule(),
        ViewModelInitDefaultRule(),
        ViewInitCleanRule(),
        EnvironmentRule(),
        ViewModelNoDomainCopyRule(),
        RootViewStructuralRule(),
        FeatureNamingRule(),
        FeatureNoLoadStateRule(),
        AppModelLaunchRule(),
        RepositoryModelActorRule(),
        ViewDeclarativeRule(), ViewNoModelAccessRule(), ViewNoTaskHandleRule(),
        RepositoryNoFeatureRule(), FeatureNoSharedRule(),
        FeatureNoSwiftUIRule(),
        AppModelShapeRule(),
        AppModelLiveRule(),
        NoFeatureProtocolRule(),
        NoGCDLocksRule(), NoCombineRule(),
        IsolationRule(),
        ViewModelMethodNamesRule(),
        TestsNoSharedRule(),
        FileImportsRule(),
        ViewModelTaskReuseRule(),
        TestViewModelFileRule(), TestFeatureFileRule(),
        SuppressionReasonRule(),
    ]

    public static var descriptors: [RuleDescriptor] { rules.map(\.descriptor) }

    public static func descriptor(for id: String) -> RuleDescriptor? {
        rules.first { $0.descriptor.id == id }?.descriptor
    }
}
