#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// C library functions the Glibc module does not import (declared behind `_GNU_SOURCE`, or in a header it leaves
/// out), looked up when first used: where a C library lacks one, its caller falls back instead of the gate failing
/// to load.
package enum CLibrary {
    /// The function named `name` in the loaded libraries, as `type`; nil where there is none.
    static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }

    /// `prctl(2)`, from `<sys/prctl.h>`. All five arguments are passed, as integers, which the variadic C
    /// declaration receives the same way on Linux's ABIs.
    package typealias ProcessControl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    package static let processControl = function("prctl", as: ProcessControl.self)
}

/// Builds a NULL-terminated `char *[]` for the duration of `body`.
func withCStringArray<Result>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
) -> Result {
    let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
