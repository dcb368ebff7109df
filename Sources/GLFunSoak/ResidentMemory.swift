#if canImport(Glibc)
import Glibc
#endif

/// The process's resident memory, from /proc/self/status (what `ps` and `top` show as RSS),
/// and the CPU time it has used.
public enum ResidentMemory {
    /// User + system CPU seconds of every thread so far (getrusage): on a shared machine, a
    /// steadier measure of the work than wall time.
    public static var cpuSeconds: Double {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6
    }

    /// Resident set size now (VmRSS), in bytes; nil where /proc is not mounted.
    public static var current: Int? { field("VmRSS:") }
    /// The peak resident set size so far (VmHWM), in bytes; nil where /proc is not mounted.
    public static var peak: Int? { field("VmHWM:") }

    /// A "Name:   1234 kB" line of /proc/self/status, in bytes.
    static func field(_ name: String) -> Int? {
        guard let f = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), f) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix(name) else { continue }
            let digits = text.dropFirst(name.count).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}
