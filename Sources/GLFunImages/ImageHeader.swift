// What a PNG or JPEG file's first bytes say about it, without decoding a pixel: the format,
// the stored size, the Exif orientation (JPEG) and whether a PNG is interlaced. What a tiled
// view of a large picture needs before it asks for regions (`Image(data:region:eighths:)`).

/// A PNG's or a JPEG's header: its stored size, how it stands upright, and whether its rows
/// can be decoded a band at a time.
public struct ImageHeader: Equatable, Sendable {
    /// PNG or JPEG (other formats have no region decode and no header here).
    public var format: ImageFormat
    /// The size as stored, before `orientation`.
    public var storedWidth: Int, storedHeight: Int
    /// How the stored pixels turn upright (a JPEG's Exif; `.up` for a PNG).
    public var orientation: ImageOrientation
    /// A PNG with Adam7 interlacing: a region of it needs the whole picture decoded.
    public var interlaced: Bool

    /// The size shown upright.
    public var width: Int { orientation.swapsAxes ? storedHeight : storedWidth }
    /// The size shown upright.
    public var height: Int { orientation.swapsAxes ? storedWidth : storedHeight }

    /// The header of PNG or JPEG `data` (the file's first bytes are enough: up to its first
    /// frame marker), or nil for another format or a header that cannot be read.
    public init?(data: [UInt8]) {
        if data.starts(with: Image.jpegSignature) {
            guard let (w, h) = Image.headerSize(data, .jpeg) else { return nil }
            self.init(format: .jpeg, w, h, ImageOrientation(jpegData: data) ?? .up, interlaced: false)
        } else if data.starts(with: Image.pngSignature) {
            guard let (w, h) = Image.headerSize(data, .png), data.count > 28 else { return nil }
            self.init(format: .png, w, h, .up, interlaced: data[28] != 0)
        } else {
            return nil
        }
        guard storedWidth > 0, storedHeight > 0 else { return nil }
    }

    private init(format: ImageFormat, _ w: Int, _ h: Int, _ o: ImageOrientation, interlaced: Bool) {
        self.format = format
        storedWidth = w
        storedHeight = h
        orientation = o
        self.interlaced = interlaced
    }

    /// The header of the file at `path`, from its first `prefix` bytes, or nil (no such file,
    /// another format, a header past the prefix).
    public init?(contentsOfFile path: String, prefix: Int = 1 << 20) {
        guard let read = try? RegularFile.read(path, upTo: prefix) else { return nil }
        self.init(data: read.bytes)
    }
}
