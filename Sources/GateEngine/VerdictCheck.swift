import Foundation
import Git
import Verdict

/// `cfa-gate verify`: the envelope's signature holds for the trusted key, and the statement is about the
/// commit the caller names (HEAD of the repository by default).
public enum VerdictCheck {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// Something the user must supply or fix before anything can be checked (exit 2).
        case setup(String)
        /// The verdict is not authentic or not for this commit (exit 4).
        case rejected(String)

        public var description: String {
            switch self {
            case .setup(let message), .rejected(let message): message
            }
        }
    }

    public struct Checked: Sendable {
        public var statement: Statement
        public var keyID: String
        public var commit: String
    }

    public static func verify(
        verdictPath: String, publicKeyPath: String?, commit: String?, repositoryPath: String?,
        environment: [String: String]
    ) throws(Failure) -> Checked {
        let repository = try? GitRepository.discover(startingAt: Gate.absolute(repositoryPath ?? "."))
        if repositoryPath != nil && repository == nil {
            throw .setup("\(repositoryPath!) is not inside a git repository — pass --repo DIR of a clone")
        }
        let key: PublicKey
        do {
            if let publicKeyPath {
                key = try PublicKey.load(path: publicKeyPath)
            } else if let found = try SigningKeyResolver.defaultPublicKey(
                environment: environment, gitDirectory: repository?.gitDirectory)
            {
                key = found
            } else {
                throw Failure.setup("no public key to trust — pass --pubkey FILE (the .pub written by `cfa-gate keygen`)")
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .setup("\(error)")
        }

        let envelope: Envelope
        do {
            envelope = try VerdictFile.read(path: verdictPath)
        } catch {
            // A file that is not there is a wrong argument; one that is there but broken is a rejection.
            if case .unreadable = error { throw .setup("\(error)") }
            throw .rejected("\(error)")
        }
        let statement: Statement
        do {
            statement = try DSSE.open(envelope, trusting: key)
        } catch {
            throw .rejected("\(verdictPath): \(error)")
        }

        let expected: String
        if let repository {
            do {
                expected = try repository.resolveCommit(commit ?? "HEAD")
            } catch {
                throw .setup("\(error)")
            }
        } else if let commit, commit.count == 40, commit.allSatisfy(\.isHexDigit) {
            expected = commit.lowercased()
        } else {
            throw .setup("not inside a git repository — pass --repo DIR, or --commit with a full 40-character commit id")
        }
        let recorded = statement.subject.compactMap { $0.digest["gitCommit"] }
        guard recorded.contains(expected) else {
            throw .rejected(
                "\(verdictPath): the verdict is for commit \(recorded.first ?? "(none)"), not \(expected) — run the gate at this commit")
        }
        return Checked(statement: statement, keyID: key.keyID, commit: expected)
    }
}
