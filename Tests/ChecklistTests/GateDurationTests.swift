@testable import Checklist
import Testing

@Suite struct GateDurationTests {
    @Test(arguments: [
        ("90s", 90), ("20m", 1200), ("1h", 3600), ("1h30m", 5400), ("2h0m5s", 7205), ("90m", 5400), (" 10m ", 600),
    ])
    func parsesHoursMinutesAndSeconds(text: String, seconds: Int64) {
        #expect(GateDuration.parse(text) == .seconds(seconds))
    }

    @Test(arguments: ["", "20", "m", "1d", "30m1h", "1h1h", "0s", "0h0m", "-5m", "1.5h", "1 h", "10M", "9999999999s"])
    func rejectsAnythingElse(text: String) {
        #expect(GateDuration.parse(text) == nil)
    }

    @Test(arguments: [(1800, "30m"), (5400, "1h30m"), (45, "45s"), (3601, "1h1s"), (7200, "2h"), (0, "0s")])
    func formatsInTheSameSyntax(seconds: Int64, text: String) {
        #expect(GateDuration.format(.seconds(seconds)) == text)
    }

    @Test func formatDropsFractionsOfASecond() {
        #expect(GateDuration.format(.milliseconds(90_500)) == "1m30s")
    }

    @Test(arguments: [1, 59, 60, 61, 3599, 3600, 3661, 86_400, 100_000])
    func formatThenParseRoundTrips(seconds: Int64) throws {
        let duration = Duration.seconds(seconds)
        #expect(GateDuration.parse(GateDuration.format(duration)) == duration)
    }
}

struct GateDurationSecondsTests {
    @Test func secondsKeepTheFraction() {
        #expect(GateDuration.seconds(.milliseconds(1500)) == 1.5)
        #expect(GateDuration.seconds(.seconds(90)) == 90)
    }
}
