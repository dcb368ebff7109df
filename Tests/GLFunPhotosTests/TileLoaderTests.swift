import Foundation
import GLFunImages
@testable import GLFunPhotos
import TestFixtures
import XCTest

/// A large picture's tiles: the grid's geometry, each tile's pixels against the whole picture
/// decoded at once (every Exif orientation, each level), and the loader's thread.
final class TileLoaderTests: XCTestCase {
    /// A w x h picture of noise with a gradient (every pixel its own), RGB.
    static func noiseRGB(_ w: Int, _ h: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: w * h * 3)
        var s: UInt32 = 0x9E37_79B9
        for y in 0..<h {
            for x in 0..<w {
                s ^= s << 13; s ^= s >> 17; s ^= s << 5
                let i = (y * w + x) * 3
                out[i] = UInt8(truncatingIfNeeded: x / 4 + Int(s % 24))
                out[i + 1] = UInt8(truncatingIfNeeded: y / 3 + Int((s >> 8) % 24))
                out[i + 2] = UInt8(truncatingIfNeeded: (x + y) / 5)
            }
        }
        return out
    }

    static func rgba(_ rgb: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 255, count: rgb.count / 3 * 4)
        for i in 0..<(rgb.count / 3) { out[i * 4] = rgb[i * 3]; out[i * 4 + 1] = rgb[i * 3 + 1]; out[i * 4 + 2] = rgb[i * 3 + 2] }
        return out
    }

    /// The largest difference of any channel between `a` and `b` (same sizes).
    func maxDifference(_ a: Image, _ b: Image) -> Int {
        XCTAssertEqual(a.width, b.width)
        XCTAssertEqual(a.height, b.height)
        guard a.width == b.width, a.height == b.height else { return 255 }
        return a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                var m = 0
                for i in 0..<p.count { m = max(m, abs(Int(p[i]) - Int(q[i]))) }
                return m
            }
        }
    }

    func testTheGridOfAWidePicture() throws {
        let png = PNGBuilder.hugeHeader(width: 40000, height: 600)
        let grid = TileGrid(header: try XCTUnwrap(ImageHeader(data: png)))
        XCTAssertEqual(grid.width, 40000)
        XCTAssertEqual(grid.size(level: 3).width, 5000)
        XCTAssertEqual(grid.size(level: 3).height, 75)
        XCTAssertEqual(grid.tiles(level: 0).columns, 79)
        XCTAssertEqual(grid.tiles(level: 0).rows, 2)
        XCTAssertEqual(grid.rect(TileKey(level: 0, column: 78, row: 1)), PixelRect(x: 39936, y: 512, width: 64, height: 88))
        XCTAssertEqual(grid.padded(TileKey(level: 0, column: 78, row: 1)), PixelRect(x: 39935, y: 511, width: 65, height: 89))
        XCTAssertEqual(grid.padded(TileKey(level: 0, column: 1, row: 0)), PixelRect(x: 511, y: 0, width: 514, height: 513))
        XCTAssertEqual(TileGrid.level(forScale: 1), 0)
        XCTAssertEqual(TileGrid.level(forScale: 0.51), 0)
        XCTAssertEqual(TileGrid.level(forScale: 0.5), 1)
        XCTAssertEqual(TileGrid.level(forScale: 0.2), 2)
        XCTAssertEqual(TileGrid.level(forScale: 0.01), 3)
        // The middle of the picture, a view 1024 pixels wide at full size: 2 or 3 columns, both
        // rows; the centre's tile first; the ring of one tile beside.
        let keys = grid.keys(level: 0, u0: 0.5 - 512 / 40000, v0: 0, u1: 0.5 + 512 / 40000, v1: 1)
        XCTAssertEqual(Set(keys.covering.map(\.column)), [38, 39, 40])
        XCTAssertEqual(keys.covering.count, 6)
        XCTAssertEqual(keys.covering.first?.column, 39)
        XCTAssertEqual(Set(keys.ring.map(\.column)), [37, 41])
        XCTAssertEqual(keys.ring.count, 4)
    }

    func testJPEGTilesAreTheWholePictureInEveryOrientationAndLevel() throws {
        let (w, h) = (1100, 600)
        let jpeg = try JPEGBuilder.encode(width: w, height: h, rgb: TileLoaderTests.noiseRGB(w, h), quality: 95, sample: "1x1")
        for o in ImageOrientation.allCases {
            let data = JPEGBuilder.withOrientation(jpeg, UInt16(o.rawValue), littleEndian: o.rawValue % 2 == 0)
            let grid = TileGrid(header: try XCTUnwrap(ImageHeader(data: data)))
            XCTAssertEqual(grid.header.orientation, o)
            XCTAssertEqual(grid.width, o.swapsAxes ? h : w)
            for level in [0, 1] {
                let stored = (w + (1 << level) - 1) >> level, storedH = (h + (1 << level) - 1) >> level
                let whole = try Image(data: data, region: PixelRect(x: 0, y: 0, width: stored, height: storedH),
                                      eighths: 8 >> level).oriented(o)
                let n = grid.tiles(level: level)
                for row in 0..<n.rows {
                    for column in 0..<n.columns {
                        let key = TileKey(level: level, column: column, row: row)
                        let tile = try grid.decode(key, from: data)
                        let d = maxDifference(tile, try whole.cropped(to: grid.padded(key)))
                        XCTAssertEqual(d, 0, "orientation \(o) \(key)")
                    }
                }
            }
        }
    }

    func testPNGTilesAreTheWholePictureAtFullSizeAndReducedAtLevelOne() throws {
        let (w, h) = (1100, 620)
        let whole = try Image(width: w, height: h, pixels: TileLoaderTests.rgba(TileLoaderTests.noiseRGB(w, h)))
        let data = try whole.pngData()
        let grid = TileGrid(header: try XCTUnwrap(ImageHeader(data: data)))
        for key in grid.keys(level: 0, u0: 0, v0: 0, u1: 1, v1: 1).covering {
            XCTAssertEqual(try grid.decode(key, from: data), try whole.cropped(to: grid.padded(key)), "\(key)")
        }
        let half = try whole.reduced(toWidth: w / 2, height: h / 2)
        for key in grid.keys(level: 1, u0: 0, v0: 0, u1: 1, v1: 1).covering {
            XCTAssertLessThanOrEqual(maxDifference(try grid.decode(key, from: data), try half.cropped(to: grid.padded(key))), 1,
                                     "\(key)")
        }
    }

    func testATileIsTheSameDecodedAloneOrInABlock() throws {
        // 4:2:0 chroma, sides that are no multiple of a tile, of an MCU or of 2; a progressive JPEG too.
        let (w, h) = (1333, 1111)
        let rgb = TileLoaderTests.noiseRGB(w, h)
        let jpeg = JPEGBuilder.withOrientation(try JPEGBuilder.encode(width: w, height: h, rgb: rgb), 6, littleEndian: true)
        let png = try Image(width: w, height: h, pixels: TileLoaderTests.rgba(rgb)).pngData()
        let progressive = try JPEGBuilder.encode(width: w, height: h, rgb: rgb, progressive: true)
        for data in [jpeg, png, progressive] {
            let grid = TileGrid(header: try XCTUnwrap(ImageHeader(data: data)))
            for level in [0, 1] {
                let keys = grid.keys(level: level, u0: 0, v0: 0, u1: 1, v1: 1).covering
                let block = try grid.decode(block: keys, from: data)
                for (key, tile) in zip(keys, block) {
                    XCTAssertEqual(tile, try grid.decode(key, from: data), "\(grid.header.format) \(key)")
                }
            }
        }
    }

    func testAnInterlacedPNGHasNoTiles() throws {
        var png = PNGBuilder.hugeHeader(width: 20000, height: 600)
        png[28] = 1
        let header = try XCTUnwrap(ImageHeader(data: png))
        XCTAssertTrue(header.interlaced)
        XCTAssertThrowsError(try TileGrid(header: header).decode(TileKey(level: 0, column: 0, row: 0), from: png))
        XCTAssertNil(ImageHeader(data: Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 20)))
    }

    func testTheLoaderDecodesWhatIsWantedAndLetsGoOfTheRest() throws {
        let folder = try makeFolder("tiles")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (w, h) = (1600, 1100)
        let whole = try Image(width: w, height: h, pixels: TileLoaderTests.rgba(TileLoaderTests.noiseRGB(w, h)))
        let path = folder + "/big.png"
        try whole.writePNG(to: path)
        let ready = Counter()
        let loader = TileLoader(path: path, header: try XCTUnwrap(ImageHeader(contentsOfFile: path)), onReady: { ready.add() })
        let keys = loader.grid.keys(level: 0, u0: 0, v0: 0, u1: 1, v1: 1).covering
        XCTAssertEqual(keys.count, 12)
        XCTAssertNil(loader.take(keys[0]), "nothing asked for, nothing decoded")
        loader.want(keys)
        // Waiting gives each one (decoded by the thread or by the waiter), the same pixels.
        for key in keys {
            let tile = try loader.wait(for: key).get()
            XCTAssertEqual(tile, try whole.cropped(to: loader.grid.padded(key)), "\(key)")
        }
        // What is no longer wanted is let go (but for a few spares decoded beside wanted ones);
        // the thread says when each tile is done.
        loader.want(Array(keys.prefix(2)))
        XCTAssertLessThanOrEqual(loader.heldTiles, 2 + TileLoader.spares)
        let deadline = Date().addingTimeInterval(20)
        while loader.take(keys[1]) == nil && Date() < deadline { usleep(2000) }
        XCTAssertGreaterThan(ready.value, 0)
        loader.want([])
        XCTAssertLessThanOrEqual(loader.heldTiles, TileLoader.spares)
    }

    func testADamagedOrMissingFileIsATileFailureNotACrash() throws {
        let folder = try makeFolder("tiles-bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/big.png"
        let whole = try Image(width: 1200, height: 700, pixels: TileLoaderTests.rgba(TileLoaderTests.noiseRGB(1200, 700)))
        let png = try whole.pngData()
        try write(png, path)
        let header = try XCTUnwrap(ImageHeader(contentsOfFile: path))
        // Cut short after its header was read: the rows are not there.
        try write(Array(png.prefix(png.count / 3)), path)
        let key = TileKey(level: 0, column: 1, row: 1)
        let cut = TileLoader(path: path, header: header)
        cut.want([key])
        XCTAssertEqual(cut.wait(for: key).failure?.kind, .damaged)
        // Garbage in its place.
        try write([UInt8](repeating: 0x41, count: 4096), path)
        XCTAssertEqual(TileLoader(path: path, header: header).wait(for: key).failure?.kind, .notAnImage)
        try FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(TileLoader(path: path, header: header).wait(for: key).failure?.kind, .missing)
    }
}

/// A count several threads add to.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}

extension Result {
    var failure: Failure? {
        if case let .failure(e) = self { return e }
        return nil
    }
}
