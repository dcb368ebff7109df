import GLFunGLES

/// What a renderer keeps for its layers from frame to frame (`Renderer+Layers`): the offscreen
/// framebuffers and the backdrop texture, all the canvas's pixel size, and the composite
/// programs, one per kind of layer (`LayerComposite`).
///
/// The targets live until a frame of another pixel size holds a layer, or a frame holds no layer
/// (`frameWithoutLayers`): a window drawing layers every frame makes none after its first, and
/// one that stops drawing them gives their memory back. Which pixels of a kept target are
/// cleared is the layer's business (its bounds, as for a fresh one): what it reads back is only
/// what it drew that frame.
final class LayerCache {
    /// Framebuffers free for the next layer (the frame's pixel size).
    var free: [Framebuffer] = []
    /// The planes layers are drawn in side by side (`LayerPlanes`).
    let planes = LayerPlanes()
    /// The copy of the target a composite without framebuffer fetch reads (made on first need).
    var backdrop: Texture2D?
    /// The pixel size the targets were made for.
    private var size: (width: Int, height: Int) = (0, 0)
    /// The composite programs made so far.
    var programs: [LayerComposite: ShaderProgram] = [:]
    /// Whether composites read the target's pixel in the shader (GL_EXT_shader_framebuffer_fetch)
    /// instead of a copy of it; nil: decided on first use by the context's extensions. Tests set
    /// it false to draw through the copy.
    var fetch: Bool?
    /// Framebuffers and backdrop textures made so far (tests: kept ones are not made again).
    private(set) var targetsMade = 0
    /// Each clipped layer's clip as a shape (its `PathShape` keeps its triangles), by layer: those
    /// of this frame and of the frame before (the layer is held, so its identity stays its own).
    private var clips: [ObjectIdentifier: (layer: Layer, shape: Shape)] = [:]
    private var lastClips: [ObjectIdentifier: (layer: Layer, shape: Shape)] = [:]
    /// Each layer's composite without a clip (`coverShape`), as `clips`.
    private var covers: [ObjectIdentifier: (layer: Layer, cut: PixelRect, scale: Float, shape: Shape)] = [:]
    private var lastCovers: [ObjectIdentifier: (layer: Layer, cut: PixelRect, scale: Float, shape: Shape)] = [:]

    /// Each folded group's shapes (`GroupFold`), by layer and the grid they were made
    /// for, as `clips` (their masks stay the same objects, so the atlas keeps them).
    private var folds: [ObjectIdentifier: (layer: Layer, grid: PixelGrid, shapes: [Shape]?)] = [:]
    private var lastFolds: [ObjectIdentifier: (layer: Layer, grid: PixelGrid, shapes: [Shape]?)] = [:]
    /// The folds' room for their transmittance (`GroupFold.shapes`), kept from group to group.
    private var foldScratch: [Float] = []

    /// Starts a frame with layers at `width` x `height` pixels: targets of another size go.
    func begin(width: Int, height: Int) {
        lastFolds = folds
        folds.removeAll(keepingCapacity: true)
        lastClips = clips
        clips.removeAll(keepingCapacity: true)
        lastCovers = covers
        covers.removeAll(keepingCapacity: true)
        guard size != (width, height) else { return }
        dropTargets()
        size = (width, height)
    }

    /// A framebuffer for a layer (with a depth buffer when `depth`), a kept one when one is free.
    func take(context: Context, depth: Bool) throws(GLESError) -> Framebuffer {
        if let i = free.lastIndex(where: { $0.hasDepth == depth }) {
            return free.remove(at: i)
        }
        targetsMade += 1
        return try Framebuffer(context: context, width: size.width, height: size.height, depth: depth)
    }

    /// The backdrop texture (a composite without framebuffer fetch copies the target into it).
    func backdropTexture(context: Context) throws(GLESError) -> Texture2D {
        if let b = backdrop { return b }
        targetsMade += 1
        let b = try Texture2D(context: context, pixels: nil, width: size.width, height: size.height,
                              options: TextureOptions(filter: .nearest))
        backdrop = b
        return b
    }

    /// `layer`'s clip (it has one) as a white fill: the one made last frame for this layer, if any.
    func clipShape(_ layer: Layer, _ clip: LayerClip) -> Shape {
        let key = ObjectIdentifier(layer)
        if let kept = clips[key] ?? lastClips[key] {
            clips[key] = kept
            return kept.shape
        }
        let shape = PathShape(clip.path, paint: .fill(clip.rule)).shape(color: .white)
        clips[key] = (layer, shape)
        return shape
    }

    /// The composite of `layer` (no clip) over `cut`: a white fill of the rects its shapes reach
    /// (`LayerPlanes.cover`), the one made last frame for this layer and cut, if any.
    func coverShape(_ layer: Layer, cut: PixelRect, scale: Float) -> Shape {
        let key = ObjectIdentifier(layer)
        if let kept = covers[key] ?? lastCovers[key], kept.cut == cut, kept.scale == scale {
            covers[key] = kept
            return kept.shape
        }
        var path = Path()
        for r in LayerPlanes.cover(layer.shapes, cut: cut, scale: scale) {
            let x0 = Float(r.x) / scale, y0 = Float(r.y) / scale
            let x1 = Float(r.x + r.width) / scale, y1 = Float(r.y + r.height) / scale
            path.append(Path.polyline([Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)], closed: true))
        }
        let shape = PathShape(path, paint: .fill(.nonzero)).shape(color: .white)
        covers[key] = (layer, cut, scale, shape)
        return shape
    }

    /// `layer` folded on `grid`'s pixels (`GroupFold.shapes`; nil: it keeps its layer): the
    /// shapes made last frame for this layer and grid, if any.
    func folded(_ layer: Layer, grid: PixelGrid) -> [Shape]? {
        let key = ObjectIdentifier(layer)
        if let kept = folds[key] ?? lastFolds[key], kept.grid == grid {
            folds[key] = kept
            return kept.shapes
        }
        let shapes = GroupFold.shapes(of: layer, grid: grid, through: &foldScratch)
        folds[key] = (layer, grid, shapes)
        return shapes
    }

    /// A frame without layers: the targets and clips go (the programs stay).
    func frameWithoutLayers() {
        if !free.isEmpty || backdrop != nil || planes.holdsTargets { dropTargets() }
        if !clips.isEmpty || !lastClips.isEmpty || !covers.isEmpty || !lastCovers.isEmpty || !folds.isEmpty
            || !lastFolds.isEmpty {
            clips = [:]
            lastClips = [:]
            covers = [:]
            lastCovers = [:]
            folds = [:]
            lastFolds = [:]
            foldScratch = []
        }
    }

    private func dropTargets() {
        free.removeAll()
        planes.drop()
        backdrop = nil
    }
}

/// One composite program's kind: what `Layer.fsh` is compiled with (`#define`s), so that each
/// layer runs only what it uses. The arithmetic is the same in every one.
struct LayerComposite: Hashable {
    /// `BlendMode.shaderMode`.
    var mode: Int32
    var clip: Bool
    /// The mask's kind, nil without one.
    var mask: LayerMask.Kind?
    /// The backdrop is read with framebuffer fetch (no copy).
    var fetch: Bool

    init(_ layer: Layer, fetch: Bool) {
        mode = layer.blend.shaderMode
        clip = layer.clip != nil
        mask = layer.mask?.kind
        self.fetch = fetch
    }

    /// The lines put in front of `Layer.fsh`.
    var prefix: String {
        var s = fetch ? "#extension GL_EXT_shader_framebuffer_fetch : require\n#define FETCH 1\n" : ""
        // Layer.fsh's MASK: 0 none, 1 alpha, 2 luminance.
        let maskDefine = switch mask {
        case nil: 0
        case .alpha: 1
        case .luminance: 2
        }
        s += "#define MODE \(mode)\n#define MASK \(maskDefine)\n"
        if clip { s += "#define CLIP 1\n" }
        return s
    }

    /// The sampler uniforms and their texture units.
    var samplers: [(String, Int32)] {
        var u: [(String, Int32)] = [("layer", 0)]
        if !fetch { u.append(("backdrop", 1)) }
        if clip { u.append(("clip", 2)) }
        if mask != nil { u.append(("mask", 3)) }
        return u
    }
}
