internal import CEGL

extension Texture2D {
    /// Replaces rows `y..<y + height` of the content, the texture's whole width, with the
    /// bytes at `bytes` (this texture's format, rows top to bottom, tightly packed): for a
    /// texture written from memory of the caller's own every frame (the renderer's coverage
    /// atlas), without copying it into an array first. Leaves this texture bound on the
    /// active unit.
    public func update(rows y: Int, count height: Int, bytes: UnsafeRawPointer) throws(GLESError) {
        guard y >= 0, height > 0, y + height <= self.height else {
            throw .badPixels("rows \(y)..<\(y + height) do not fit a texture \(self.height) high")
        }
        subImage(x: 0, y: y, width: width, height: height, bytes: bytes)
    }

    /// Makes texture unit `unit` the active one (glActiveTexture), as `bind(unit:)` leaves it.
    public static func activate(unit: Int) {
        glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
    }
}
