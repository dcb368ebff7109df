import GLFunImages
import XCTest

/// GIF frames whose LZW minimum code size is above 8 (giflib refuses them; browsers draw them):
/// written here byte by byte, with an LZW encoder of the test's own.
final class GIFWideCodeTests: XCTestCase {
    static let palette: [[UInt8]] = [[0, 0, 0], [255, 0, 0], [0, 255, 0], [40, 80, 250]]

    /// GIF's LZW: variable-width codes, LSB first, a table that stops growing at 4096 entries
    /// (no clear code after: the decoder must keep the full table, a "deferred clear").
    static func lzw(_ indices: [Int], minCodeSize m: Int) -> [UInt8] {
        let clear = 1 << m
        var table: [[Int]: Int] = [:]
        var next = clear + 2, size = m + 1
        var bytes: [UInt8] = [], bits = 0, count = 0
        func emit(_ code: Int) {
            bits |= code << count
            count += size
            while count >= 8 { bytes.append(UInt8(bits & 0xFF)); bits >>= 8; count -= 8 }
        }
        func code(_ s: [Int]) -> Int { s.count == 1 ? s[0] : table[s]! }
        emit(clear)
        var w: [Int] = []
        for k in indices {
            let wk = w + [k]
            if w.isEmpty || table[wk] != nil { w = wk; continue }
            emit(code(w))
            if next < 4096 {
                table[wk] = next
                next += 1
                if next == (1 << size) + 1 && size < 12 { size += 1 }
            }
            w = [k]
        }
        emit(code(w))
        emit(clear + 1)
        if count > 0 { bytes.append(UInt8(bits & 0xFF)) }
        return bytes
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }

    /// A frame: its descriptor, code size byte and data in sub-blocks of at most 255 bytes.
    static func frame(x: Int, y: Int, width: Int, height: Int, indices: [Int], minCodeSize: Int) -> [UInt8] {
        var out: [UInt8] = [0x2C] + le16(x) + le16(y) + le16(width) + le16(height) + [0, UInt8(minCodeSize)]
        let data = lzw(indices, minCodeSize: minCodeSize)
        for start in stride(from: 0, to: data.count, by: 255) {
            let block = data[start..<min(data.count, start + 255)]
            out += [UInt8(block.count)] + block
        }
        return out + [0]
    }

    static let (width, height) = (160, 80)
    static func index(_ x: Int, _ y: Int) -> Int { (x * 7 + y * 13 + (x * y) % 5) % 4 }

    /// A 160x80 picture of 4 colours coded with minimum code size 11 (its table fills), then a
    /// 4x4 frame of colour 3 at (2, 2) with code size 2, shown 200 ms.
    static func gif() -> [UInt8] {
        var out = Array("GIF89a".utf8) + le16(width) + le16(height) + [0x81, 0, 0] + palette.flatMap { $0 }
        let first = (0..<(width * height)).map { index($0 % width, $0 / width) }
        out += frame(x: 0, y: 0, width: width, height: height, indices: first, minCodeSize: 11)
        out += [0x21, 0xF9, 4, 0, 20, 0, 0, 0]  // graphic control: 200 ms, no transparency
        out += frame(x: 2, y: 2, width: 4, height: 4, indices: Array(repeating: 3, count: 16), minCodeSize: 2)
        return out + [0x3B]
    }

    func testMinimumCodeSize11Decodes() throws {
        let data = GIFWideCodeTests.gif()
        XCTAssertEqual(data[13 + 12 + 10], 11, "the first frame's minimum code size")
        let image = try Image(data: data)
        XCTAssertEqual([image.width, image.height], [160, 80])
        var wrong = 0
        for y in 0..<80 {
            for x in 0..<160 {
                let p = image[x, y], c = GIFWideCodeTests.palette[GIFWideCodeTests.index(x, y)]
                if [p.r, p.g, p.b, p.a] != c + [255] { wrong += 1 }
            }
        }
        XCTAssertEqual(wrong, 0, "pixels unlike the picture written")
    }

    /// giflib reads on after a frame it refused: the second frame and its delay are there.
    func testFramesAfterAWideOneStillPlay() throws {
        let anim = try AnimationDecoder(data: GIFWideCodeTests.gif())
        XCTAssertEqual(anim.frameCount, 2)
        XCTAssertEqual(anim.delays[1], 0.2, accuracy: 1e-9)
        _ = try anim.nextFrame()
        let second = try XCTUnwrap(try anim.nextFrame()).image
        XCTAssertTrue(second[3, 3] == (40, 80, 250, 255), "the 4x4 frame: \(second[3, 3])")
        let c = GIFWideCodeTests.palette[GIFWideCodeTests.index(10, 10)]
        XCTAssertTrue(second[10, 10] == (c[0], c[1], c[2], 255), "the first frame under it")
    }

    /// Cut inside the wide frame's data: a decode error, never a crash or a hang.
    func testCutShortWideFrameIsADecodeError() throws {
        let data = GIFWideCodeTests.gif()
        for cut in [13 + 12 + 11, 13 + 12 + 14, 400] {
            XCTAssertThrowsError(try Image(data: Array(data.prefix(cut))), "cut at \(cut)") { error in
                guard case .decode = (error as? ImageError)?.underlying else { return XCTFail("cut at \(cut): \(error)") }
            }
        }
    }

    /// The wide frame's data damaged byte by byte (a fixed sequence of changes): every variant is
    /// a picture or a `ImageError`, never a crash or a hang.
    func testDamagedWideDataIsAPictureOrAnError() {
        let data = GIFWideCodeTests.gif()
        var seed: UInt64 = 29
        for _ in 0..<300 {
            var bytes = data
            for _ in 0..<4 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                let at = 36 + Int((seed >> 33) % UInt64(bytes.count - 36))
                bytes[at] = UInt8(truncatingIfNeeded: seed >> 17)
            }
            _ = try? Image(data: bytes)  // throws ImageError only (typed throws)
        }
    }
}
