// A JPEG's marker segments before its first scan (APPn, COM, DQT, SOFn, ...): what the Exif
// orientation and the ICC profile are read from. Fill bytes and markers without a length are
// stepped over; the walk stops at the scan (SOS), the end (EOI) or a segment that runs past
// the data.

/// The segments of a JPEG before its first scan: each marker (the byte after 0xFF) and the
/// range of its payload (after the two length bytes) in `d`.
func jpegSegments(_ d: [UInt8]) -> [(marker: UInt8, payload: Range<Int>)] {
    guard d.count > 4, d[0] == 0xFF, d[1] == 0xD8 else { return [] }
    var segments: [(marker: UInt8, payload: Range<Int>)] = []
    var i = 2
    while i + 4 <= d.count, d[i] == 0xFF {
        let marker = d[i + 1]
        if marker == 0xFF { i += 1; continue }  // fill byte
        if marker == 0x01 || (0xD0...0xD8).contains(marker) { i += 2; continue }  // no length
        if marker == 0xDA || marker == 0xD9 { break }  // the scan, or the end
        let length = Int(d[i + 2]) << 8 | Int(d[i + 3])
        guard length >= 2, i + 2 + length <= d.count else { break }
        segments.append((marker, (i + 4)..<(i + 2 + length)))
        i += 2 + length
    }
    return segments
}
