/// Whether a soak's memory and GL objects stayed flat after warm-up, against the sample at
/// `warmupFraction` of the run (the first at or after it):
/// - GL objects: every later sample has exactly the same counts, kind by kind;
/// - resident memory: the least value sampled in the run's last quarter is at most `tolerance`
///   above the warm-up value. A leak raises every late sample; a spike (the allocator holding
///   freed pages for a while, a large document just before a clear) raises some of them only.
public struct SoakVerdict: Sendable {
    /// The sample the later ones are measured against.
    public var warmup: SoakSample
    /// The run's last sample.
    public var last: SoakSample
    /// The least resident memory sampled in the last quarter of the run, and the most after warm-up.
    public var lateLeastBytes: Int
    /// The most resident memory sampled after warm-up.
    public var mostBytes: Int
    /// How much above the warm-up value the late least may be, in bytes.
    public var tolerance: Int
    /// What grew, in words; empty when flat.
    public var growth: [String]
    /// Whether nothing grew.
    public var flat: Bool { growth.isEmpty }

    /// The default tolerance, 2 MiB: in a million frames of the drawing app, the noise was 1.3 MiB
    /// at most (0.3 MiB for the last quarter's least), and the unbounded undo history this soak
    /// found grew 5.1 MiB (3.4 MiB for the last quarter's least; README, "Soak").
    public static let defaultTolerance = 2 << 20

    /// Nil without a sample after the warm-up one.
    public init?(_ samples: [SoakSample], warmupFraction: Double = 0.1, tolerance: Int = SoakVerdict.defaultTolerance) {
        guard let lastSample = samples.last else { return nil }
        let mark = Int((Double(lastSample.frame) * warmupFraction).rounded(.up))
        guard let w = samples.first(where: { $0.frame >= mark && $0.frame > 1 }), w.frame < lastSample.frame else {
            return nil
        }
        let after = samples.filter { $0.frame > w.frame }
        let lateMark = max(w.frame + 1, Int((Double(lastSample.frame) * 0.75).rounded(.up)))
        let late = after.filter { $0.frame >= lateMark }
        warmup = w
        last = lastSample
        lateLeastBytes = (late.isEmpty ? [lastSample] : late).map(\.residentBytes).min()!
        mostBytes = after.map(\.residentBytes).max()!
        self.tolerance = tolerance
        growth = []
        let rss = lateLeastBytes - w.residentBytes
        if rss > tolerance {
            growth.append("resident memory grew \(mib(rss)) MiB: \(mib(w.residentBytes)) MiB at frame \(w.frame), "
                          + "at least \(mib(lateLeastBytes)) MiB from frame \(lateMark) on (tolerance \(mib(tolerance)) MiB)")
        }
        if let s = after.first(where: { $0.gl != w.gl }) {
            growth.append("GL objects changed from frame \(w.frame) to \(s.frame): \(w.gl) -> \(s.gl)")
        }
    }

    /// One line: `flat: ...` or `growing: ...`.
    public var summary: String {
        if !flat { return "growing: " + growth.joined(separator: "; ") }
        return "flat: resident memory \(mib(warmup.residentBytes)) MiB at frame \(warmup.frame), "
            + "\(mib(last.residentBytes)) MiB at frame \(last.frame) (at most \(mib(mostBytes)) MiB between; "
            + "the last quarter's least \(mib(lateLeastBytes - warmup.residentBytes)) MiB over, tolerance "
            + "\(mib(tolerance)) MiB); GL objects \(last.gl.total) at every sample after warm-up"
    }
}

/// Bytes as MiB with two decimals.
func mib(_ bytes: Int) -> String {
    let hundredths = Int((Double(bytes) / 10_485.76).rounded())
    let sign = hundredths < 0 ? "-" : ""
    let a = abs(hundredths)
    return "\(sign)\(a / 100).\(a % 100 < 10 ? "0" : "")\(a % 100)"
}
