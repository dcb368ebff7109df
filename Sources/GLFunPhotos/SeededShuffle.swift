extension SlideList {
    /// The slides in an order drawn from `generator` (Fisher-Yates). The order depends only on
    /// the generator's numbers, not on the standard library's shuffle (which may change between
    /// Swift versions), so an app seeded from its `Session` (GLFunHost's `SplitMix64`) shuffles
    /// the same way in a replay.
    public func shuffled<G: RandomNumberGenerator>(using generator: inout G) -> SlideList {
        SlideList(paths: SlideList.permutation(count: paths.count, using: &generator).map { paths[$0] })
    }

    /// 0..<count in an order drawn from `generator`, the same draws as `shuffled(using:)`: a
    /// list shuffled with a generator holds at position k its slide `permutation[k]` of one
    /// seeded alike. (A show reorders its slides with it while it runs.)
    public static func permutation<G: RandomNumberGenerator>(count: Int, using generator: inout G) -> [Int] {
        var p = Array(0..<max(0, count))
        var i = p.count - 1
        while i > 0 {
            p.swapAt(i, Int(uniform(below: UInt64(i + 1), &generator)))
            i -= 1
        }
        return p
    }
}

/// A number in 0..<bound from the generator's 64-bit outputs, without modulo bias: outputs
/// below 2^64 mod bound are drawn again.
func uniform<G: RandomNumberGenerator>(below bound: UInt64, _ g: inout G) -> UInt64 {
    let threshold = (0 &- bound) % bound
    while true {
        let r = g.next()
        if r >= threshold { return r % bound }
    }
}
