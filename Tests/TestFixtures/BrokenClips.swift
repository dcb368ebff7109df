import Foundation

/// Movies cut before their first frame, made at test time from a clip ffmpeg writes: the
/// header (tracks, size, length) is whole, so a movie looks playable until it is decoded.
extension TestClips {
    /// A Matroska clip cut 32 bytes into its first Cluster (no frame).
    public static func cutMKV() throws -> String {
        let whole = "\(folder)/whole.mkv", path = "\(folder)/cut-before-frame.mkv"
        if FileManager.default.fileExists(atPath: path) { return path }
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=s=320x240:r=25:d=3", "-c:v", "libx264", "-preset", "ultrafast",
                    "-pix_fmt", "yuv420p", whole])
        return try cut(whole, to: path, at: [0x1F, 0x43, 0xB6, 0x75], keeping: 32)
    }

    /// A faststart MP4 (`moov` first) cut 16 bytes into its `mdat` (no frame).
    public static func cutFaststartMP4() throws -> String {
        let whole = "\(folder)/whole-faststart.mp4", path = "\(folder)/cut-before-frame.mp4"
        if FileManager.default.fileExists(atPath: path) { return path }
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=s=320x240:r=25:d=3", "-c:v", "libx264", "-preset", "ultrafast",
                    "-pix_fmt", "yuv420p", "-movflags", "+faststart", whole])
        return try cut(whole, to: path, at: Array("mdat".utf8), keeping: 4 + 16)
    }

    /// The counter clip (3 s) made faststart and cut at half its bytes: its first frames play,
    /// none after the cut.
    public static func halfFaststartMP4() throws -> String {
        let whole = "\(folder)/counter-faststart.mp4", path = "\(folder)/half-faststart.mp4"
        if FileManager.default.fileExists(atPath: path) { return path }
        try ffmpeg(["-i", try counter(), "-c", "copy", "-movflags", "+faststart", whole])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        return path
    }

    private static func cut(_ whole: String, to path: String, at marker: [UInt8], keeping extra: Int) throws -> String {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: whole)))
        guard let at = (0...(bytes.count - marker.count)).first(where: { bytes[$0..<$0 + marker.count].elementsEqual(marker) })
        else { throw CocoaError(.fileReadCorruptFile) }
        try Data(bytes[..<(at + extra)]).write(to: URL(fileURLWithPath: path))
        return path
    }
}
