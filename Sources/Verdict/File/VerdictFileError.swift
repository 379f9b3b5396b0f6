/// Why a verdict could not be saved.
public enum VerdictFileError: Error, CustomStringConvertible, Equatable {
    case encodingFailed(reason: String)
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .encodingFailed(let reason):
            return "cannot serialize the verdict: \(reason); this is a cfa-gate bug, please report it"
        case .writeFailed(let path, let reason):
            return "cannot write the verdict to \(path): \(reason); check that the directory is writable and the disk is not full"
        }
    }
}
