/// A wrong command line: the message names the problem and the help to read.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String
    var description: String { message }

    init(_ message: String) {
        self.message = message
    }
}

/// Reads `--option value`, `--option=value`, `--flag` and positional arguments for one subcommand.
///
/// Each subcommand declares what it accepts, so an unknown option is an error rather than silently ignored.
struct ArgumentReader {
    private(set) var options: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    init(_ arguments: [String], command: String, valueOptions: Set<String>, flagOptions: Set<String> = []) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positionals.append(contentsOf: remaining)
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if flagOptions.contains(name) {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value — see `cfa-gate \(command) --help`") }
                flags.insert(name)
            } else if valueOptions.contains(name) {
                guard let value = inlineValue ?? remaining.popFirst(), !value.isEmpty else {
                    throw UsageError("\(name) needs a value — see `cfa-gate \(command) --help`")
                }
                guard options[name] == nil else { throw UsageError("\(name) is given twice — keep one") }
                options[name] = value
            } else {
                throw UsageError("unknown option \(name) for `cfa-gate \(command)` — see `cfa-gate \(command) --help`")
            }
        }
    }

    func positional(named name: String, command: String, maximum: Int = 1) throws(UsageError) -> String {
        guard let first = positionals.first else {
            throw UsageError("`cfa-gate \(command)` needs \(name) — see `cfa-gate \(command) --help`")
        }
        guard positionals.count <= maximum else {
            throw UsageError("unexpected argument \(positionals[maximum]) — see `cfa-gate \(command) --help`")
        }
        return first
    }

    func noPositionals(command: String) throws(UsageError) {
        if let extra = positionals.first {
            throw UsageError("unexpected argument \(extra) — see `cfa-gate \(command) --help`")
        }
    }

    func format(allowed: [String], command: String) throws(UsageError) -> String {
        let format = options["--format"] ?? allowed[0]
        guard allowed.contains(format) else {
            throw UsageError("--format \(format) is not one of \(allowed.joined(separator: ", ")) — see `cfa-gate \(command) --help`")
        }
        return format
    }
}
