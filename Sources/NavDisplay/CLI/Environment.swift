import FoundationEssentials

/// Reads environment variables (kept in one place so the rest of the code stays free of process globals).
enum Environment {
    static func value(_ name: String) -> String? {
        let v = ProcessInfo.processInfo.environment[name]
        return v?.isEmpty == false ? v : nil
    }
}
