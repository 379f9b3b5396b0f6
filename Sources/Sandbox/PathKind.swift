#if canImport(Glibc)
import Glibc
#endif

/// What stands at a path, the last component not followed: a mount or a Landlock rule on a link would land on
/// whatever it points at.
enum PathKind: Equatable {
    case missing, directory, symbolicLink, other

    init(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            self = .missing
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        default: self = .other
        }
    }

    /// A real folder or file.
    var isPresent: Bool { self == .directory || self == .other }
}
