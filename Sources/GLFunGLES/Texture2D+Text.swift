import GLFunImages

extension Texture2D {
    /// A texture holding `text` as A8 coverage (format .a8), NPOT or power-of-two padded
    /// per `powerOfTwo` (then the text spans 0..maxS, 0..maxT). The text is laid out by
    /// `TextRasterizer.render`, whose arguments these are.
    public convenience init(context: Context, text: String, fontName: String = "sans-serif", size: Float,
                            dimensions: (width: Int, height: Int)? = nil, alignment: TextAlignment = .left,
                            powerOfTwo: Bool = false) throws(GLESError) {
        context.requireCurrent("Texture2D(text:)")
        let image: TextImage
        do throws(FontError) {
            image = try TextRasterizer.render(text, fontName: fontName, size: size, dimensions: dimensions,
                                              alignment: alignment)
        } catch { throw .text(error) }
        try self.init(context: context, pixels: image.pixels, width: image.width, height: image.height,
                      options: TextureOptions(format: .a8, powerOfTwo: powerOfTwo))
    }
}
