import Sandbox

/// A root gate's probes run as another user (`ProbeIdentity`): what the model build writes for them to use (the module
/// cache's folder, the package, whose `.build` the build makes) is handed to that user, links themselves and never what
/// they point at (the repository's files keep their owners).
enum ProbeOwnership {
    static func hand(_ root: String) {
        guard let identity = ProcessSandbox.current.identity else { return }
        _ = TreeOwnership.hand(root, to: identity)
    }
}
