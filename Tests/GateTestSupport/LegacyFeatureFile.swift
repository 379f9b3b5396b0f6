/// A file of known violations for the compliant app: an extension of its Feature in a file of its own, as a team
/// adopting the gate might have. Baseline tests plant it, baseline it, then change it.
public enum LegacyFeatureFile {
    public static let path = "App/2 - AppModel/Features/OrdersFeature+Legacy.swift"
    /// Each a CFA-NO-GCD-LOCKS finding; the two DispatchQueue lines give identical findings.
    public static let dispatch = "    func refreshLater() { DispatchQueue.main.async {} }"
    public static let secondDispatch = "    func reloadLater() { DispatchQueue.main.async {} }"
    public static let lock = "    static let lock = NSLock()"

    /// The file with `members` in the extension's body and `above` (a declaration) before it.
    public static func source(_ members: [String], above: String = "") -> String {
        "import Foundation\n\(above)\nextension OrdersFeature {\n\(members.joined(separator: "\n"))\n}\n"
    }
}
