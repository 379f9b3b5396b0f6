/// Whether code sits in a function's signature (a parameter's default) rather than its body, which several rules tell
/// apart: a default is how a dependency is chosen, a body is what runs.
enum SignatureUses {
    /// The nearest function of `member`'s name declared before `location` has its body open after it.
    static func isInSignature(_ location: SourceLocation, member: String?, of type: TypeFacts) -> Bool {
        guard let member else { return false }
        let function = type.functions.filter { $0.name == member && $0.location < location }.max { $0.location < $1.location }
        guard let body = function?.bodyLocation else { return false }
        return location < body
    }
}
