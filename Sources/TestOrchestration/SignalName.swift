/// Names for the signals a crashing test dies of, for messages people read.
public enum SignalName {
    public static func suffix(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 13: "SIGPIPE", 15: "SIGTERM",
        ]
        return names[signal].map { " (\($0))" } ?? ""
    }
}
