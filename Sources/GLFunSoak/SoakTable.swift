/// `glfun soak`'s table: one row per sample, columns aligned.
public enum SoakTable {
    static let glColumns = ["textures", "buffers", "programs", "shaders", "framebuffers", "renderbuffers"]

    /// The table's header line for samples like `s` (its figures' names end it).
    public static func header(_ s: SoakSample) -> String {
        let names = ["frame", "seconds", "cpu_s", "rss_mib"] + glColumns + s.figures.map(\.name)
        return names.enumerated().map { pad($1, width: width($0, $1)) }.joined(separator: " ")
    }

    /// The table's line for `s`.
    public static func row(_ s: SoakSample) -> String {
        let values = [String(s.frame), fixed1(s.seconds), fixed1(s.cpuSeconds), mib(s.residentBytes)]
            + [s.gl.textures, s.gl.buffers, s.gl.programs, s.gl.shaders, s.gl.framebuffers, s.gl.renderbuffers]
                .map(String.init)
            + s.figures.map { String($0.value) }
        let names = ["frame", "seconds", "cpu_s", "rss_mib"] + glColumns + s.figures.map(\.name)
        return values.enumerated().map { pad($1, width: width($0, names[$0])) }.joined(separator: " ")
    }

    /// Bytes as MiB with two decimals.
    public static func mib(_ bytes: Int) -> String { GLFunSoak.mib(bytes) }

    private static func width(_ i: Int, _ name: String) -> Int { max(name.count, i == 0 ? 10 : 7) }
    private static func pad(_ s: String, width: Int) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }
    private static func fixed1(_ x: Double) -> String {
        let tenths = Int((x * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
