/// How the Linux compiler answers an `#if` condition, as far as the model build can tell before compiling: `true`,
/// `false`, or nil when it cannot tell, and then every branch counts (which can only leave more files out, never hide a
/// test).
///
/// - `canImport(M)`: the toolchain's own answer for `M` (`available`); with a `_version:`/`_underlyingVersion:` it
///   cannot tell.
/// - `os(Linux)` is true (on a Linux host) and any other `os(…)` false; `targetEnvironment(…)` is false.
/// - `arch`, `compiler`, `swift`, `hasFeature`, `hasAttribute`, custom flags such as `DEBUG`, anything else: cannot tell.
///
/// Evaluated by hand rather than with the toolchain's SwiftIfConfig: its `BuildConfiguration` answers in two values (a
/// query that throws makes the whole condition inactive, and the language and compiler versions cannot decline to
/// answer), while the selection needs the third, "cannot tell", to count both branches instead of dropping one.
struct CompilationConditions: Sendable {
    /// The modules the toolchain can import.
    var available: Set<String>

    func evaluate(_ condition: String) -> Bool? {
        var parser = Parser(tokens: Self.tokens(condition))
        guard let value = parser.disjunction(self), parser.isAtEnd else { return nil }
        return value.answer
    }

    /// The modules `canImport(…)` asks about in `condition`, for the toolchain to be asked too.
    static func importQueries(in condition: String) -> [String] {
        let tokens = tokens(condition)
        return tokens.indices.compactMap { index in
            guard tokens[index] == .word("canImport"), index + 2 < tokens.count, tokens[index + 1] == .open,
                case .word(let module) = tokens[index + 2]
            else { return nil }
            return module
        }
    }

    private func call(_ name: String, _ arguments: [Token]) -> Bool? {
        let words = arguments.compactMap { token -> String? in if case .word(let word) = token { word } else { nil } }
        switch name {
        case "canImport":
            // `canImport(M)` alone; a submodule or a version is not what the toolchain was asked.
            guard arguments.count == 1, let module = words.first else { return nil }
            return available.contains(module)
        case "os":
            guard arguments.count == 1, let system = words.first else { return nil }
            #if os(Linux)
            return system == "Linux"
            #else
            return nil
            #endif
        case "targetEnvironment":
            return arguments.count == 1 ? false : nil
        default:
            return nil
        }
    }

    // MARK: Three-valued logic

    /// Kleene's: false wins an `&&`, true an `||`, whatever the unknown side.
    private enum Value {
        case known(Bool), unknown

        init(_ answer: Bool?) { self = answer.map(Value.known) ?? .unknown }
        var answer: Bool? { if case .known(let value) = self { value } else { nil } }

        static prefix func ! (value: Value) -> Value { value.answer.map { .known(!$0) } ?? .unknown }
        static func && (lhs: Value, rhs: Value) -> Value {
            if lhs.answer == false || rhs.answer == false { return .known(false) }
            return lhs.answer == true && rhs.answer == true ? .known(true) : .unknown
        }
        static func || (lhs: Value, rhs: Value) -> Value {
            if lhs.answer == true || rhs.answer == true { return .known(true) }
            return lhs.answer == false && rhs.answer == false ? .known(false) : .unknown
        }
    }

    // MARK: Syntax

    private enum Token: Equatable {
        case word(String), open, close, not, and, or, other(Character)
    }

    private static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var characters = Array(text)[...]
        while let first = characters.first {
            if first.isWhitespace {
                characters.removeFirst()
            } else if first.isLetter || first.isNumber || first == "_" {
                let word = characters.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                tokens.append(.word(String(word)))
                characters.removeFirst(word.count)
            } else if characters.starts(with: "&&") || characters.starts(with: "||") {
                tokens.append(first == "&" ? .and : .or)
                characters.removeFirst(2)
            } else {
                switch first {
                case "(": tokens.append(.open)
                case ")": tokens.append(.close)
                case "!": tokens.append(.not)
                default: tokens.append(.other(first))
                }
                characters.removeFirst()
            }
        }
        return tokens
    }

    /// `||` binds looser than `&&`, `!` tighter; nil for what is no condition (the compiler reports it).
    private struct Parser {
        var tokens: [Token]
        var position = 0
        var isAtEnd: Bool { position == tokens.count }

        private var next: Token? { position < tokens.count ? tokens[position] : nil }

        mutating func disjunction(_ conditions: CompilationConditions) -> Value? {
            guard var value = conjunction(conditions) else { return nil }
            while next == .or {
                position += 1
                guard let right = conjunction(conditions) else { return nil }
                value = value || right
            }
            return value
        }

        private mutating func conjunction(_ conditions: CompilationConditions) -> Value? {
            guard var value = negation(conditions) else { return nil }
            while next == .and {
                position += 1
                guard let right = negation(conditions) else { return nil }
                value = value && right
            }
            return value
        }

        private mutating func negation(_ conditions: CompilationConditions) -> Value? {
            if next == .not {
                position += 1
                return negation(conditions).map { !$0 }
            }
            return primary(conditions)
        }

        private mutating func primary(_ conditions: CompilationConditions) -> Value? {
            switch next {
            case .open:
                position += 1
                guard let value = disjunction(conditions), next == .close else { return nil }
                position += 1
                return value
            case .word(let word):
                position += 1
                guard next == .open else {
                    // A literal, or a flag passed with `-D` (`DEBUG`), which the model package's build may or may not set.
                    return word == "true" ? .known(true) : word == "false" ? .known(false) : .unknown
                }
                position += 1
                var arguments: [Token] = []
                var depth = 0
                while let token = next, token != .close || depth > 0 {
                    if token == .open { depth += 1 } else if token == .close { depth -= 1 }
                    arguments.append(token)
                    position += 1
                }
                guard next == .close else { return nil }
                position += 1
                return Value(conditions.call(word, arguments))
            default:
                return nil
            }
        }
    }
}
