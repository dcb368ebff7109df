import GLFunKit

/// CSS compositing as SVG 2 (and resvg) reads it: `mix-blend-mode` names only CSS's blend modes
/// (`normal`, the separable and the non-separable ones; Porter-Duff names such as `xor` are not
/// allowed), and `isolation: isolate` makes a group a layer of its own, so that what blends
/// within it blends with the group's transparent start, not with what is under the group.
/// Both are read from CSS only (`SVGProperties.presentation` lists neither).
enum SVGBlend {
    /// The blend mode CSS's `mix-blend-mode: name` stands for; nil for a name CSS does not have.
    static func mode(_ name: String) -> BlendMode? {
        guard let m = BlendMode(name: name) else { return nil }
        let all = BlendMode.allCases
        return m == .srcOver || all.firstIndex(of: m)! >= all.firstIndex(of: .multiply)! ? m : nil
    }

    /// Whether `n` declares `isolation: isolate`.
    static func isolated(_ n: SVGNode) -> Bool { n.declared["isolation"] == "isolate" }
}
