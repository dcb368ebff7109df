/// Turns a path and its paint into triangles (`PathMesh`).
enum PathTessellator {
    /// The path's triangles for a pixel `pixel` points wide. Curves are flattened to a
    /// quarter of a pixel; with `antialias`, the mesh has a fringe.
    static func mesh(_ path: Path, paint: PathPaint, pixel: Float, antialias: Bool) -> PathMesh {
        PathMesh()  // being written
    }
}
