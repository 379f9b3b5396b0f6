/// A `project.pbxproj` as Xcode 16 and later write it: an app target and a unit-test target, each compiling a folder
/// through a `PBXFileSystemSynchronizedRootGroup`, Debug and Release at project and target level, comments throughout.
/// Each settings dictionary is spliced in as written (`KEY = value;` lines), so a test chooses the exact text.
public enum XcodeProjectText {
    public struct Settings: Sendable {
        public var debug: String
        public var release: String

        public init(debug: String = "", release: String = "") {
            self.debug = debug
            self.release = release
        }
    }

    public static func synchronized(
        app: String, project: Settings = Settings(), appTarget: Settings = Settings(), testTarget: Settings = Settings()
    ) -> String {
        let appOwner = "PBXNativeTarget \"\(app)\""
        let testOwner = "PBXNativeTarget \"\(app)Tests\""
        let projectOwner = "PBXProject \"\(app)\""
        return """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 77;
        \tobjects = {

        /* Begin PBXContainerItemProxy section */
        \t\tA10000000000000000000009 /* PBXContainerItemProxy */ = {
        \t\t\tisa = PBXContainerItemProxy;
        \t\t\tcontainerPortal = A10000000000000000000001 /* Project object */;
        \t\t\tproxyType = 1;
        \t\t\tremoteGlobalIDString = A10000000000000000000002;
        \t\t\tremoteInfo = \(app);
        \t\t};
        /* End PBXContainerItemProxy section */

        /* Begin PBXFileReference section */
        \t\tA10000000000000000000003 /* \(app).app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; \
        includeInIndex = 0; path = \(app).app; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tA10000000000000000000004 /* \(app)Tests.xctest */ = {isa = PBXFileReference; explicitFileType = wrapper.cfbundle; \
        includeInIndex = 0; path = \(app)Tests.xctest; sourceTree = BUILT_PRODUCTS_DIR; };
        /* End PBXFileReference section */

        /* Begin PBXFileSystemSynchronizedRootGroup section */
        \t\tA10000000000000000000005 /* \(app) */ = {
        \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
        \t\t\tpath = \(app);
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tA10000000000000000000006 /* \(app)Tests */ = {
        \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
        \t\t\tpath = \(app)Tests;
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXFileSystemSynchronizedRootGroup section */

        /* Begin PBXGroup section */
        \t\tA10000000000000000000007 = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tA10000000000000000000005 /* \(app) */,
        \t\t\t\tA10000000000000000000006 /* \(app)Tests */,
        \t\t\t\tA10000000000000000000008 /* Products */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tA10000000000000000000008 /* Products */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tA10000000000000000000003 /* \(app).app */,
        \t\t\t\tA10000000000000000000004 /* \(app)Tests.xctest */,
        \t\t\t);
        \t\t\tname = Products;
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXGroup section */

        /* Begin PBXNativeTarget section */
        \t\tA10000000000000000000002 /* \(app) */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = A10000000000000000000020 /* Build configuration list for PBXNativeTarget "\(app)" */;
        \t\t\tbuildPhases = (
        \t\t\t\tA10000000000000000000030 /* Sources */,
        \t\t\t);
        \t\t\tbuildRules = (
        \t\t\t);
        \t\t\tdependencies = (
        \t\t\t);
        \t\t\tfileSystemSynchronizedGroups = (
        \t\t\t\tA10000000000000000000005 /* \(app) */,
        \t\t\t);
        \t\t\tname = \(app);
        \t\t\tpackageProductDependencies = (
        \t\t\t);
        \t\t\tproductName = \(app);
        \t\t\tproductReference = A10000000000000000000003 /* \(app).app */;
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        \t\tA10000000000000000000010 /* \(app)Tests */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = A10000000000000000000021 /* Build configuration list for PBXNativeTarget "\(app)Tests" */;
        \t\t\tbuildPhases = (
        \t\t\t\tA10000000000000000000031 /* Sources */,
        \t\t\t);
        \t\t\tdependencies = (
        \t\t\t);
        \t\t\tfileSystemSynchronizedGroups = (
        \t\t\t\tA10000000000000000000006 /* \(app)Tests */,
        \t\t\t);
        \t\t\tname = \(app)Tests;
        \t\t\tproductName = \(app)Tests;
        \t\t\tproductReference = A10000000000000000000004 /* \(app)Tests.xctest */;
        \t\t\tproductType = "com.apple.product-type.bundle.unit-test";
        \t\t};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        \t\tA10000000000000000000001 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tattributes = {
        \t\t\t\tBuildIndependentTargetsInParallel = 1;
        \t\t\t\tLastSwiftUpdateCheck = 2600;
        \t\t\t\tLastUpgradeCheck = 2600;
        \t\t\t};
        \t\t\tbuildConfigurationList = A10000000000000000000022 /* Build configuration list for PBXProject "\(app)" */;
        \t\t\tdevelopmentRegion = en;
        \t\t\tmainGroup = A10000000000000000000007;
        \t\t\tminimizedProjectReferenceProxies = 1;
        \t\t\tpreferredProjectObjectVersion = 77;
        \t\t\tproductRefGroup = A10000000000000000000008 /* Products */;
        \t\t\tprojectDirPath = "";
        \t\t\tprojectRoot = "";
        \t\t\ttargets = (
        \t\t\t\tA10000000000000000000002 /* \(app) */,
        \t\t\t\tA10000000000000000000010 /* \(app)Tests */,
        \t\t\t);
        \t\t};
        /* End PBXProject section */

        /* Begin PBXSourcesBuildPhase section */
        \t\tA10000000000000000000030 /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tbuildActionMask = 2147483647;
        \t\t\tfiles = (
        \t\t\t);
        \t\t\trunOnlyForDeploymentPostprocessing = 0;
        \t\t};
        \t\tA10000000000000000000031 /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tbuildActionMask = 2147483647;
        \t\t\tfiles = (
        \t\t\t);
        \t\t\trunOnlyForDeploymentPostprocessing = 0;
        \t\t};
        /* End PBXSourcesBuildPhase section */

        /* Begin XCBuildConfiguration section */
        \(configuration("A10000000000000000000040", "Debug", project.debug))
        \(configuration("A10000000000000000000041", "Release", project.release))
        \(configuration("A10000000000000000000042", "Debug", appTarget.debug))
        \(configuration("A10000000000000000000043", "Release", appTarget.release))
        \(configuration("A10000000000000000000044", "Debug", testTarget.debug))
        \(configuration("A10000000000000000000045", "Release", testTarget.release))
        /* End XCBuildConfiguration section */

        /* Begin XCConfigurationList section */
        \(list("A10000000000000000000020", appOwner, "A10000000000000000000042", "A10000000000000000000043"))
        \(list("A10000000000000000000021", testOwner, "A10000000000000000000044", "A10000000000000000000045"))
        \(list("A10000000000000000000022", projectOwner, "A10000000000000000000040", "A10000000000000000000041"))
        /* End XCConfigurationList section */
        \t};
        \trootObject = A10000000000000000000001 /* Project object */;
        }

        """
    }

    private static func configuration(_ id: String, _ name: String, _ settings: String) -> String {
        """
        \t\t\(id) /* \(name) */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \(settings.split(separator: "\n").map { "\t\t\t\t\($0)" }.joined(separator: "\n"))
        \t\t\t};
        \t\t\tname = \(name);
        \t\t};
        """
    }

    private static func list(_ id: String, _ owner: String, _ debug: String, _ release: String) -> String {
        """
        \t\t\(id) /* Build configuration list for \(owner) */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\t\(debug) /* Debug */,
        \t\t\t\t\(release) /* Release */,
        \t\t\t);
        \t\t\tdefaultConfigurationName = Release;
        \t\t};
        """
    }
}
