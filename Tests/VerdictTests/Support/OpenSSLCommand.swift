import Foundation

/// Runs the `openssl` command-line tool, the independent implementation our keys must interoperate with.
enum OpenSSLCommand {
    struct Output {
        var status: Int32
        var standardOutput: Data
        var standardError: String
        var text: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    static func run(_ arguments: [String], input: Data? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let standardInput = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : standardInput
        try process.run()
        if let input {
            // Small inputs only: fits the pipe buffer, so writing before reading cannot deadlock.
            standardInput.fileHandleForWriting.write(input)
            try standardInput.fileHandleForWriting.close()
        }
        // Read before waiting so a full pipe cannot stall the child.
        let standardOutput = output.fileHandleForReading.readDataToEndOfFile()
        let standardError = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            standardOutput: standardOutput,
            standardError: String(decoding: standardError, as: UTF8.self)
        )
    }

    /// Runs and insists on success, surfacing openssl's own complaint otherwise.
    @discardableResult
    static func succeed(_ arguments: [String], input: Data? = nil) throws -> Output {
        let result = try run(arguments, input: input)
        guard result.status == 0 else {
            throw Failure(message: "openssl \(arguments.joined(separator: " ")) failed: \(result.standardError)")
        }
        return result
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
