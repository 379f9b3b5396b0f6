import Foundation

/// The one JSON configuration every module uses, so a verdict serializes identically wherever it is written.
///
/// Keys are sorted for stable output; dates are ISO 8601 UTC strings with millisecond
/// precision (so a `Date` survives a round trip only to the millisecond); non-finite
/// doubles become the strings "NaN"/"Infinity"/"-Infinity" so a bad duration can never
/// prevent a verdict from being signed.
public enum VerdictCoding {
    public enum Layout: Sendable {
        /// Indented, for files people read and diff.
        case file
        /// Compact, for the signed DSSE payload.
        case payload
    }

    public static func encoder(_ layout: Layout) -> JSONEncoder {
        let encoder = JSONEncoder()
        switch layout {
        case .file: encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        case .payload: encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        }
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(timestampStyle))
        }
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: nonFinite.positiveInfinity, negativeInfinity: nonFinite.negativeInfinity, nan: nonFinite.nan)
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            // Accept timestamps without fractional seconds too: other tools may write them.
            if let date = try? timestampStyle.parse(text) { return date }
            if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected an ISO 8601 timestamp like 2024-05-01T12:00:00.000Z, found '\(text)'"
            )
        }
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: nonFinite.positiveInfinity, negativeInfinity: nonFinite.negativeInfinity, nan: nonFinite.nan)
        return decoder
    }

    private static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    private static let nonFinite = (positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
}
