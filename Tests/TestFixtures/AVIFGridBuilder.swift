import Foundation

/// AVIF grids written at test time: one small tile encoded by avifenc (libavif-bin), then a
/// container of our own whose grid item joins `columns` x `rows` tile items, every one of them
/// pointing at that same tile's data, into an output of any size the grid box can state. A few
/// KB that claim a 16384- or 65535-pixel-wide picture.
public enum AVIFGridBuilder {
    /// avifenc is missing or failed (scripts/setup installs libavif-bin).
    public struct Unavailable: Error {}

    /// A grid of `columns` x `rows` tiles of `tile` x `tile` pixels (one grey picture), its output
    /// `width` x `height` (at most the tiles' extent, more than all but the last column and row).
    public static func grid(columns: Int, rows: Int, tile: Int, width: Int, height: Int) throws -> [UInt8] {
        let (av1C, data) = try encodedTile(tile)
        let count = columns * rows
        func be16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(8 + body.count) + Array(type.utf8) + body }
        func full(_ type: String, _ version: UInt8, _ body: [UInt8]) -> [UInt8] { box(type, [version, 0, 0, 0] + body) }
        let gridPayload: [UInt8] = [0, 1, UInt8(rows - 1), UInt8(columns - 1)] + be32(width) + be32(height)
        let ftyp = box("ftyp", Array("avif".utf8) + be32(0) + Array("avifmif1miaf".utf8))
        func meta(_ mdatStart: Int) -> [UInt8] {
            let hdlr = full("hdlr", 0, be32(0) + Array("pict".utf8) + be32(0) + be32(0) + be32(0) + [0])
            let pitm = full("pitm", 0, be16(1))
            var infos: [UInt8] = full("infe", 2, be16(1) + be16(0) + Array("grid".utf8) + [0])
            for i in 0..<count { infos += full("infe", 2, be16(2 + i) + be16(0) + Array("av01".utf8) + [0]) }
            let iinf = full("iinf", 0, be16(1 + count) + infos)
            let gridAt = mdatStart + 8, tileAt = gridAt + gridPayload.count
            var locs: [UInt8] = be16(1) + be16(0) + be16(1) + be32(gridAt) + be32(gridPayload.count)
            for i in 0..<count { locs += be16(2 + i) + be16(0) + be16(1) + be32(tileAt) + be32(data.count) }
            let iloc = full("iloc", 0, [0x44, 0x00] + be16(1 + count) + locs)
            let iref = full("iref", 0, box("dimg", be16(1) + be16(count) + (0..<count).flatMap { be16(2 + $0) }))
            let ipco = box("ipco", full("ispe", 0, be32(width) + be32(height)) + full("ispe", 0, be32(tile) + be32(tile)) + av1C)
            var assoc: [UInt8] = be16(1) + [1, 0x01]
            for i in 0..<count { assoc += be16(2 + i) + [2, 0x02, 0x83] }
            let ipma = full("ipma", 0, be32(1 + count) + assoc)
            return full("meta", 0, hdlr + pitm + iloc + iinf + iref + box("iprp", ipco + ipma))
        }
        let start = ftyp.count + meta(0).count
        return ftyp + meta(start) + box("mdat", gridPayload + data)
    }

    /// avifenc's coding of a `side` x `side` grey picture: its av1C box and its AV1 data.
    static func encodedTile(_ side: Int) throws -> (av1C: [UInt8], data: [UInt8]) {
        let dir = NSTemporaryDirectory() + "/avifgrid-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let png = dir + "/tile.jpg", avif = dir + "/tile.avif"
        let grey = try JPEGBuilder.encode(width: side, height: side, rgb: Array(repeating: 128, count: side * side * 3))
        try Data(grey).write(to: URL(fileURLWithPath: png))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/avifenc")
        p.arguments = ["-s", "10", "-y", "420", png, avif]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/avifenc") else { throw Unavailable() }
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0, let file = FileManager.default.contents(atPath: avif) else { throw Unavailable() }
        let bytes = [UInt8](file)
        func box(_ type: String) -> ArraySlice<UInt8>? {
            let t = Array(type.utf8)
            guard let at = (4..<(bytes.count - 4)).first(where: { bytes[$0..<($0 + 4)].elementsEqual(t) }) else { return nil }
            let size = bytes[(at - 4)..<at].reduce(0) { $0 << 8 | Int($1) }
            return bytes[(at - 4)..<min(bytes.count, at - 4 + size)]
        }
        guard let av1C = box("av1C"), let mdat = box("mdat") else { throw Unavailable() }
        return (Array(av1C), Array(mdat.dropFirst(8)))
    }
}
