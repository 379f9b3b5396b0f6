// The raw tree (SPI): walking it makes no node objects, which on every file costs a sizeable share of a parse.
@_spi(RawSyntax) internal import SwiftSyntax

/// The one pass over a parsed file's raw tree: it checks the tree's depth, lists every present token in source order
/// with the UTF-8 offset at which it starts (its leading trivia included), and lists the nodes of the kinds the fact
/// walk visits, in the order a visitor meets them.
///
/// The fact walk then runs over that short list instead of the whole tree again: every node of a library built for
/// evolution costs a call per property read, and a second walk of every node cost more than the facts themselves.
/// It asks two things of a node many times: where its first token's text starts, and its text. Walking down from a
/// node to its first token costs the depth of its left edge, which in a chain of n calls is n for each of them; here
/// both are a binary search on the node's offset.
struct TreeScan {
    /// A node of a kind the fact walk visits, with the kind's index among the walk's visitors. `order` counts the nodes
    /// and tokens of the whole tree as a visitor meets them; `lastDescendant` is the order of the last one inside this
    /// node, so a later node is inside it exactly when its order is at most that. Depth cannot tell: the nodes between
    /// two recorded ones are not listed.
    struct Node {
        let node: PlacedSyntax
        let kind: Int
        let order: Int
        fileprivate(set) var lastDescendant: Int
    }

    /// Per present token, in source order: where it starts (its leading trivia included), and where its text starts
    /// and ends. A token ends where the next one starts. Offsets, not raw tokens: an array of raw tokens copies each
    /// through the value witnesses of a type from a library built for evolution.
    private var starts: [Int] = []
    private var textStarts: [Int] = []
    private var textEnds: [Int] = []
    /// The file's bytes, which token texts are cut from.
    private let bytes: [UInt8]
    /// The nodes of the recorded kinds, a parent before its children.
    private(set) var nodes: [Node] = []
    /// Set when the tree has a node deeper than the limit the scan was made with; the scan is then incomplete.
    private(set) var isTooDeep = false
    private let depthLimit: Int
    private let recordedKinds: [ObjectIdentifier: Int]
    /// Nodes and tokens met so far.
    private var met = 0

    /// Depth is counted as `FactExtractor.node(deeperThan:in:)` counts it: the root is 0, and a node's present
    /// children are one deeper. `recordedKinds` maps syntax node types to the index `Node.kind` gets.
    init(_ root: RawSyntax, source: String, depthLimit: Int, recordedKinds: [ObjectIdentifier: Int] = [:]) {
        self.depthLimit = depthLimit
        bytes = Array(source.utf8)
        self.recordedKinds = recordedKinds
        // Room for the tokens and recorded nodes of ordinary code at once: growing an array of nodes copies each through
        // the value witnesses.
        let length = root.byteLength
        starts.reserveCapacity(length / 4)
        textStarts.reserveCapacity(length / 4)
        textEnds.reserveCapacity(length / 4)
        if !recordedKinds.isEmpty { nodes.reserveCapacity(length / 12) }
        collect(root, at: 0, depth: 0)
    }

    /// Levels scanned by recursion before the scan goes on with a stack of its own. Recursion costs far less per node (a
    /// stack of raw nodes copies each through the value witnesses of a type from a library built for evolution), and
    /// ordinary code is a few dozen levels deep; but a legal 10,000-member chain is tens of thousands of levels deep,
    /// and the scan also runs off the parser threads (an evicted cache entry is made again on any thread).
    private static let recursionDepth = 256

    /// What `meet` tells the scan to do next.
    private enum Next {
        case skipChildren
        case children
        /// The children, then set the `lastDescendant` of the node's record at this index.
        case childrenOfRecord(Int)
    }

    /// Counts the node, checks its depth, and records it when it is a present token or of a recorded kind. A missing
    /// token is no part of the source: like the source-accurate walk of `FactExtractor.node(deeperThan:in:)`, the
    /// depth check passes over it, so that the two agree on every tree.
    ///
    /// Every read of a raw node is a call into the library, and this runs for every node of every file: a token's
    /// offsets come from its lengths (its presence is asked only of an empty one, as only an empty token can be
    /// missing), and a node's recorded kind from `kindMemo`.
    private mutating func meet(_ node: RawSyntax, at offset: Int, depth: Int) -> Next {
        guard !isTooDeep else { return .skipChildren }
        let order = met
        met += 1
        let isToken = node.isToken
        let length = isToken ? node.byteLength : 0
        if isToken, length == 0, node.tokenView?.presence != .present { return .skipChildren }
        if depth > depthLimit {
            isTooDeep = true
            return .skipChildren
        }
        if isToken {
            starts.append(offset)
            textStarts.append(offset + node.leadingTriviaByteLength)
            textEnds.append(offset + length - node.trailingTriviaByteLength)
            return .skipChildren
        }
        guard !recordedKinds.isEmpty, let kind = recordedKind(of: node.kind) else { return .children }
        nodes.append(Node(node: PlacedSyntax(raw: node, offset: offset), kind: kind, order: order, lastDescendant: order))
        return .childrenOfRecord(nodes.count - 1)
    }

    /// The recorded kinds by the case number of a `SyntaxKind`, learned as the scan meets them: 0 not known yet, -1
    /// not recorded, else the kind's index plus one. Asking the library for each node's type and hashing it cost more
    /// than the rest of the scan's work on a node. Only this is relied on: a kind without payload is its case number
    /// in memory, so equal kinds have equal bytes and different kinds different ones.
    private var kindMemo = [Int16](repeating: 0, count: 1024)

    private mutating func recordedKind(of kind: SyntaxKind) -> Int? {
        let number = withUnsafeBytes(of: kind) { bytes in
            switch bytes.count {
            case 1: Int(bytes[0])
            case 2: Int(bytes[0]) | Int(bytes[1]) << 8
            default: -1
            }
        }
        guard number >= 0 && number < kindMemo.count else { return lookUp(kind) }
        if kindMemo[number] == 0 { kindMemo[number] = Int16((lookUp(kind) ?? -2) + 1) }
        let memo = Int(kindMemo[number])
        return memo > 0 ? memo - 1 : nil
    }

    /// The slow way `kindMemo` saves: the library's node type for the kind, hashed.
    private func lookUp(_ kind: SyntaxKind) -> Int? { recordedKinds[ObjectIdentifier(kind.syntaxNodeType)] }

    private mutating func collect(_ node: RawSyntax, at offset: Int, depth: Int) {
        guard depth < Self.recursionDepth else { return collectWithStack(node, at: offset, depth: depth) }
        let next = meet(node, at: offset, depth: depth)
        if case .skipChildren = next { return }
        guard let layout = node.layoutView else { return }
        var position = offset
        for case let child? in layout.children {
            collect(child, at: position, depth: depth + 1)
            position += child.byteLength
        }
        if case .childrenOfRecord(let recorded) = next { nodes[recorded].lastDescendant = met - 1 }
    }

    /// One step of `collectWithStack`: a node to meet, or a recorded node whose descendants have all been met.
    private enum Step {
        case meet(RawSyntax, offset: Int, depth: Int)
        case finish(recorded: Int)
    }

    /// `collect` for a subtree past `recursionDepth`, in the same order, with a stack instead of recursion.
    private mutating func collectWithStack(_ root: RawSyntax, at rootOffset: Int, depth rootDepth: Int) {
        var pending: [Step] = [.meet(root, offset: rootOffset, depth: rootDepth)]
        while let step = pending.popLast() {
            switch step {
            case .finish(let recorded):
                nodes[recorded].lastDescendant = met - 1
            case .meet(let node, let offset, let depth):
                let next = meet(node, at: offset, depth: depth)
                if case .skipChildren = next { continue }
                guard let layout = node.layoutView else { continue }
                if case .childrenOfRecord(let recorded) = next { pending.append(.finish(recorded: recorded)) }
                // Children pushed last first, so that they come off the stack in source order.
                var end = offset + node.byteLength
                for case let child? in layout.children.reversed() {
                    end -= child.byteLength
                    pending.append(.meet(child, offset: end, depth: depth + 1))
                }
            }
        }
    }

    /// The index of the first token starting at or after `offset`.
    private func firstIndex(atOrAfter offset: Int) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where the text of the first token of the node at `offset`, `length` bytes long, starts: past the token's
    /// leading trivia. A node with no text starts where it is.
    func textStart(ofNodeAt offset: Int, length: Int) -> Int {
        guard length > 0 else { return offset }
        var index = firstIndex(atOrAfter: offset)
        // A token of no length (the end of the file) is no node's first.
        while index < starts.count, end(ofToken: index) == starts[index] { index += 1 }
        return index < starts.count ? textStarts[index] : offset
    }

    private func end(ofToken index: Int) -> Int {
        index + 1 < starts.count ? starts[index + 1] : bytes.count
    }

    /// The text of the tokens from `start` up to `end`, on one line, at most `limit` characters: tokens joined by one
    /// space where trivia (spaces, line breaks, comments) separated them, and cut with "…" at the limit.
    func text(from start: Int, to end: Int, limit: Int) -> String {
        var text = ""
        var count = 0
        var index = firstIndex(atOrAfter: start)
        while index < starts.count, starts[index] < end {
            // Trivia between two tokens: the earlier one's trailing trivia or this one's leading trivia.
            if count > 0 && textStarts[index] > textEnds[index - 1] {
                text.append(" ")
                count += 1
            }
            let piece = String(decoding: bytes[textStarts[index]..<textEnds[index]], as: UTF8.self)
            text.append(piece)
            count += piece.count
            if count >= limit { return String(text.prefix(limit - 1)) + "…" }
            index += 1
        }
        return text
    }
}
