/// The recorded outcome of one numbered checklist item.
public struct ItemResult: Codable, Sendable, Equatable {
    public var number: Int
    public var title: String
    public var section: String?
    /// Name of the probe that evaluated the item.
    public var probe: String
    public var status: ItemStatus
    /// One line for humans explaining the status.
    public var summary: String
    public var durationSeconds: Double
    public var evidence: Evidence

    public init(
        number: Int,
        title: String,
        section: String? = nil,
        probe: String,
        status: ItemStatus,
        summary: String,
        durationSeconds: Double,
        evidence: Evidence = .empty
    ) {
        self.number = number
        self.title = title
        self.section = section
        self.probe = probe
        self.status = status
        self.summary = summary
        self.durationSeconds = durationSeconds
        self.evidence = evidence
    }
}

/// A checklist item no probe can decide; listed so a reviewer can sign it off.
public struct ManualItem: Codable, Sendable, Equatable {
    public var number: Int
    public var title: String
    public var section: String?

    public init(number: Int, title: String, section: String? = nil) {
        self.number = number
        self.title = title
        self.section = section
    }
}

extension ItemResult {
    /// Where a probe's one-line summary turns from counts to naming its first diagnostic
    /// (`2 errors; first: Sources/A.swift:3: …`). Probes write it; a report that lists the diagnostics
    /// itself cuts the summary there, so no finding is printed twice.
    public static let firstDiagnosticMarker = "; first: "

    /// The summary without the part naming the first diagnostic.
    public var summaryHeadline: String {
        guard let range = summary.range(of: Self.firstDiagnosticMarker) else { return summary }
        return String(summary[..<range.lowerBound])
    }
}
