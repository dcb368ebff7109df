/// Whether a soak's memory and GL objects stayed flat after warm-up: the sample at
/// `warmupFraction` of the run (the first at or after it) against every later one. GL objects
/// must not change at all (each kind); resident memory may end at most `tolerance` above its
/// warm-up value (allocators keep freed pages; a leak of a few bytes a frame passes it
/// within a million frames).
public struct SoakVerdict: Sendable {
    public var warmup: SoakSample
    public var last: SoakSample
    /// What grew, in words; empty when flat.
    public var growth: [String]
    public var flat: Bool { growth.isEmpty }

    /// The default tolerance: 4 MiB, or 5% of the warm-up value if that is more.
    public static func tolerance(warmupBytes: Int) -> Int { max(4 << 20, warmupBytes / 20) }

    /// Nil with fewer than two samples after warm-up's start.
    public init?(_ samples: [SoakSample], warmupFraction: Double = 0.1, tolerance: Int? = nil) {
        guard let lastSample = samples.last else { return nil }
        let mark = Int((Double(lastSample.frame) * warmupFraction).rounded(.up))
        guard let w = samples.first(where: { $0.frame >= mark && $0.frame > 1 }), w.frame < lastSample.frame else {
            return nil
        }
        warmup = w
        last = lastSample
        growth = []
        let allowed = tolerance ?? SoakVerdict.tolerance(warmupBytes: w.residentBytes)
        let rss = lastSample.residentBytes - w.residentBytes
        if rss > allowed {
            growth.append("resident memory grew \(mib(rss)) MiB from frame \(w.frame) to \(lastSample.frame) "
                          + "(\(mib(w.residentBytes)) -> \(mib(lastSample.residentBytes)) MiB; tolerance \(mib(allowed)) MiB)")
        }
        for s in samples where s.frame > w.frame && s.gl != w.gl {
            growth.append("GL objects changed from frame \(w.frame) to \(s.frame): \(w.gl) -> \(s.gl)")
            break
        }
    }

    /// One line: `flat: ...` or `growing: ...`.
    public var summary: String {
        if !flat { return "growing: " + growth.joined(separator: "; ") }
        return "flat: resident memory \(mib(warmup.residentBytes)) MiB at frame \(warmup.frame), "
            + "\(mib(last.residentBytes)) MiB at frame \(last.frame); GL objects \(last.gl.total) at both and between"
    }
}

/// Bytes as MiB with two decimals.
func mib(_ bytes: Int) -> String {
    let hundredths = (bytes * 100 + (1 << 19)) >> 20
    let sign = hundredths < 0 ? "-" : ""
    let a = abs(hundredths)
    return "\(sign)\(a / 100).\(a % 100 < 10 ? "0" : "")\(a % 100)"
}
