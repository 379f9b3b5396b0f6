/// Every rule this version checks, in checklist order.
public enum RuleCatalog {
    public static let rules: [any Rule] = [
        AdoptionRule(),
        ViewModelInlineRule(), ViewModelDedicatedRule(), ViewModelAdjacentRule(),
        ViewModelInitDefaultRule(), ViewModelInitQuietRule(),
        ViewInitCleanRule(),
        EnvironmentRule(),
        ViewModelNoDomainCopyRule(), FeatureOneWriterRule(),
        RootViewStructuralRule(),
        FeatureNamingRule(),
        FeatureNoLoadStateRule(),
        AppModelLaunchRule(), LaunchWiredRule(),
        RepositoryModelActorRule(),
        ViewDeclarativeRule(), ViewNoModelAccessRule(), ViewNoTaskHandleRule(), ViewButtonTaskRule(), ViewNoFormattingRule(),
        RepositoryNoFeatureRule(), StorageTypesContainedRule(), FeatureNoSharedRule(), FeatureDirectSystemRule(), NoExtraLayerRule(),
        FeatureNoSwiftUIRule(), FeatureScreenBlindRule(), ViewModelNoSwiftUIRule(),
        AppModelShapeRule(),
        AppModelLiveRule(), LiveBuildsDependenciesRule(),
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

    /// Every page of the rule reference: the catalogue's rules, then the gate's own checks that carry a descriptor.
    public static var referenceDescriptors: [RuleDescriptor] { descriptors + [TestFrameworkShadowing.descriptor] }

    public static func descriptor(for id: String) -> RuleDescriptor? {
        rules.first { $0.descriptor.id == id }?.descriptor
    }
}
