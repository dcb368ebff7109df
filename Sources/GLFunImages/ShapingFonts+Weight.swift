// CSS Fonts' weight matching for shaped text: fontconfig sorts a family's faces by the nearest
// weight, CSS (and resvg) by direction: asked for under 400, the lighter faces first (nearest
// down), then the heavier; over 500, the heavier first; 400 to 500, up to 500 first, then
// lighter, then heavier. So 200 in a family of 100, 300 and 400 is the 100 (fontconfig's is
// the 300). Only the faces of the first candidate's family and slant are reordered, in the
// places they held.

extension ShapingFonts {
    static func cssWeightOrder(_ list: [FontCache.Candidate], weight: Int) -> [FontCache.Candidate] {
        guard let first = list.first else { return list }
        let places = list.indices.filter { list[$0].family == first.family && list[$0].slant == first.slant }
        guard places.count > 1 else { return list }
        func rank(_ w: Int) -> (Int, Int) {
            if weight < 400 { return w <= weight ? (0, weight - w) : (1, w - weight) }
            if weight > 500 { return w >= weight ? (0, w - weight) : (1, weight - w) }
            if w >= weight && w <= 500 { return (0, w - weight) }
            return w < weight ? (1, weight - w) : (2, w - weight)
        }
        // Stable: equal ranks keep fontconfig's order.
        let ordered = places.enumerated().sorted { a, b in
            let ra = rank(list[a.element].weight), rb = rank(list[b.element].weight)
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map { list[$0.element] }
        var out = list
        for (place, c) in zip(places, ordered) { out[place] = c }
        return out
    }
}
