import GLFunKit

/// The bound on a drawn document's layers (`SVGLimits.maxLayers`, `maxLayerDepth`): a
/// layer costs the renderer a few canvas-sized framebuffers and a composite, and nested ones
/// hold theirs at once, so a stack of many groups with opacity is refused before it is drawn.
enum SVGLayerLimits {
    /// Counts the layers in `shapes` (those inside layers and masks too) and throws past a limit.
    static func check(_ shapes: [Shape]) throws(SVGError) {
        var count = 0
        try walk(shapes, depth: 0, count: &count)
    }

    private static func walk(_ shapes: [Shape], depth: Int, count: inout Int) throws(SVGError) {
        for s in shapes {
            guard let layer = s.layer else { continue }
            count += 1
            guard count <= SVGLimits.maxLayers else { throw .tooManyLayers(count: count, limit: SVGLimits.maxLayers) }
            guard depth < SVGLimits.maxLayerDepth else { throw .layersTooDeep(limit: SVGLimits.maxLayerDepth) }
            try walk(layer.shapes, depth: depth + 1, count: &count)
            if let mask = layer.mask { try walk(mask.shapes, depth: depth + 1, count: &count) }
        }
    }
}
