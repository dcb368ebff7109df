// A camera stores a photo as its sensor saw it and writes, in the Exif block of the JPEG
// (an APP1 segment "Exif\0\0" holding a TIFF header), how to turn it to stand upright: tag
// 0x0112 of IFD0. Only that one tag is read here; nothing else of Exif is interpreted.

/// How stored pixels must be turned to display upright: the eight values of the Exif/TIFF
/// Orientation tag (0x0112). The name says what the display does to the stored image.
public enum ImageOrientation: Int, Sendable, CaseIterable {
    /// 1: as stored.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned 180 degrees.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored about the top-left to bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// 6: turned 90 degrees clockwise (a camera held upright, shutter on top).
    case right = 6
    /// 7: mirrored about the other diagonal (transverse).
    case rightMirrored = 7
    /// 8: turned 90 degrees counterclockwise.
    case left = 8

    /// Whether the displayed image's width is the stored height (5 to 8).
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The orientation a JPEG's Exif block states, or nil when it has none (or one that cannot
    /// be read, or a value outside 1...8: such a photo is shown as stored). Reads the markers
    /// up to the first scan; both TIFF byte orders.
    public init?(jpegData d: [UInt8]) {
        for (marker, payload) in jpegSegments(d) where marker == 0xE1 {
            if let o = ImageOrientation(exifSegment: d[payload]) {
                self = o
                return
            }
        }
        return nil
    }

    /// Reads tag 0x0112 from an APP1 payload: "Exif\0\0", then a TIFF header ("II" little- or
    /// "MM" big-endian, 42, the offset of IFD0), then IFD0's 12-byte entries.
    init?(exifSegment s: ArraySlice<UInt8>) {
        let b = Array(s)
        guard b.count >= 14, b[0..<6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) else { return nil }
        let t = 6  // the TIFF header; offsets count from here
        let little: Bool
        switch (b[t], b[t + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= b.count else { return nil }
            return little ? Int(b[at]) | Int(b[at + 1]) << 8 : Int(b[at]) << 8 | Int(b[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let lo = u16(little ? at : at + 2), let hi = u16(little ? at + 2 : at) else { return nil }
            return hi << 16 | lo
        }
        guard u16(t + 2) == 42, let ifd = u32(t + 4), let count = u16(t + ifd) else { return nil }
        for n in 0..<count {
            let entry = t + ifd + 2 + n * 12
            guard let tag = u16(entry) else { return nil }
            guard tag == 0x0112 else { continue }
            // Type SHORT (3), count 1: the value sits in the first two bytes of the value field.
            guard u16(entry + 2) == 3, let value = u16(entry + 8) else { return nil }
            self.init(rawValue: value)
            return
        }
        return nil
    }
}
