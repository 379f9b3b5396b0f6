#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `read(2)`, for the log and pipe readers.
package func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #elseif canImport(Darwin)
    Darwin.read(descriptor, buffer, count)
    #endif
}

/// `close(2)`, for the pipe readers and the process waiter.
package func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(descriptor)
    #elseif canImport(Darwin)
    _ = Darwin.close(descriptor)
    #endif
}
