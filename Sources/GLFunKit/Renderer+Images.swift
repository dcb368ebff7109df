import GLFunFileOutput
import GLFunGLES

/// The named images a renderer draws: image shapes' pictures and image paints'
/// (`ImagePattern.Source.image`), registered by name (`setTexture(_:forImage:)`; a scene's are
/// loaded from files by `loadImages(for:relativeTo:)`), and which names a frame's shapes use.
extension Renderer {
    /// Makes `texture` the picture drawn for image shapes named `name`.
    public func setTexture(_ texture: Texture2D, forImage name: String) {
        textures[name] = texture
    }

    /// The texture registered for an image name.
    public func texture(forImage name: String) -> Texture2D? { textures[name] }

    /// Forgets the texture registered for an image name (the GL texture is deleted once
    /// nothing else holds it); nothing happens when none is registered.
    public func removeTexture(forImage name: String) {
        textures[name] = nil
    }

    /// The images `shapes` name (`imageNames`) whose picture is not registered.
    public func missingImages(in shapes: [Shape]) -> Set<String> {
        Renderer.imageNames(in: shapes).filter { textures[$0] == nil }
    }

    /// The images `shapes` name: image shapes' and image paints' (`ImagePattern.Source.image`),
    /// in groups and their masks too.
    public static func imageNames(in shapes: [Shape]) -> Set<String> {
        var names = Set<String>()
        for s in shapes {
            if s.kind == .image, let n = s.image { names.insert(n) }
            if let p = s.pattern, case let .image(n) = p.source { names.insert(n) }
            if let l = s.layer {
                names.formUnion(imageNames(in: l.shapes))
                if let m = l.mask { names.formUnion(imageNames(in: m.shapes)) }
            }
        }
        return names
    }

    /// Loads the images a scene names (paths relative to `directory`) as textures, skipping
    /// names already registered: image shapes' and image paints', in groups too
    /// (`Renderer.imageNames`).
    public func loadImages(for scene: Scene, relativeTo directory: String) throws(RenderError) {
        for name in Renderer.imageNames(in: scene.shapes).sorted() {
            guard texture(forImage: name) == nil else { continue }
            let path = PathName.joining(directory, name)
            do {
                let t = try Texture2D(context: context, contentsOfFile: path, options: TextureOptions(filter: .nearest))
                setTexture(t, forImage: name)
            } catch {
                throw RenderError.image(name: name, error)
            }
        }
    }
}
