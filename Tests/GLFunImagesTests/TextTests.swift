import Dispatch
import Foundation
import GLFunImages
import TestFixtures
import XCTest

/// TextRasterizer with the fonts installed here (fontconfig,
/// FreeType): DejaVu from fonts-dejavu-core and a Japanese font, both from scripts/setup.
final class TextTests: XCTestCase {
    // MARK: - Rasterizing

    func testHelloAt32PixelsHasAPlausibleSizeAndFullCoverageRange() throws {
        let image = try TextRasterizer.render("Hello", fontName: "DejaVu Sans", size: 32)
        XCTAssertTrue((30...48).contains(image.height), "height \(image.height)")
        XCTAssertGreaterThan(image.width, 60)
        XCTAssertEqual(image.pixels.count, image.width * image.height)
        XCTAssertTrue(image.pixels.contains(0), "no empty pixel")
        XCTAssertTrue(image.pixels.contains(255), "no fully covered pixel")
        XCTAssertTrue(image.pixels.contains { $0 > 0 && $0 < 255 }, "no antialiased edge")
        XCTAssertEqual(image.lineHeight, image.height)
        XCTAssertTrue((20...image.height).contains(image.ascent), "ascent \(image.ascent)")
        XCTAssertEqual(image.usedFonts.count, 1, "\(image.usedFonts)")
        XCTAssertTrue(image.usedFonts[0].hasSuffix(".ttf") || image.usedFonts[0].hasSuffix(".otf"), image.usedFonts[0])
        // Ink sits above the baseline for these letters and reaches the cap height.
        let rows = inkRows(image)
        XCTAssertLessThanOrEqual(rows.upperBound, image.ascent + 1)
        XCTAssertGreaterThanOrEqual(rows.count, 20)
    }

    func testRenderingIsDeterministic() throws {
        let a = try TextRasterizer.render("Kerning: AV To Wa", size: 20)
        let b = try TextRasterizer.render("Kerning: AV To Wa", size: 20)
        XCTAssertEqual(a, b)
    }

    func testAWiderStringMeasuresWider() throws {
        let short = try TextRasterizer.measure("Hello", size: 24)
        let long = try TextRasterizer.measure("Hello, world", size: 24)
        XCTAssertGreaterThan(long.width, short.width + 40)
        XCTAssertEqual(long.height, short.height)
    }

    func testMeasureIsTheSizeRenderMakes() throws {
        for text in ["Hello", "j", "Wave\nAVAV", "", " ", "a\n\nb", "こんにちは", "fi ffl", "\u{378}"] {
            for size: Float in [9, 16, 33.5] {
                let m = try TextRasterizer.measure(text, size: size)
                let r = try TextRasterizer.render(text, size: size)
                XCTAssertEqual(m.width, r.width, "\(text.debugDescription) at \(size)")
                XCTAssertEqual(m.height, r.height, "\(text.debugDescription) at \(size)")
            }
        }
    }

    func testEmptyTextIsOneColumnOfOneLine() throws {
        let image = try TextRasterizer.render("", size: 32)
        XCTAssertEqual(image.width, 1)
        XCTAssertEqual(image.height, image.lineHeight)
        XCTAssertTrue(image.pixels.allSatisfy { $0 == 0 })
        XCTAssertFalse(image.usedFonts.isEmpty)
    }

    func testTwoLinesAreTallerThanOne() throws {
        let one = try TextRasterizer.render("Hello", size: 24)
        let two = try TextRasterizer.render("Hello\nWorld", size: 24)
        XCTAssertEqual(two.height, 2 * one.height)
        XCTAssertEqual(two.lineHeight, one.lineHeight)
        let rows = Set(inkRows(two))
        XCTAssertTrue(rows.contains { $0 < two.lineHeight }, "no ink on the first line")
        XCTAssertTrue(rows.contains { $0 >= two.lineHeight }, "no ink on the second line")
        // "\r\n" breaks the same way: the "\r" is a control and takes no room.
        XCTAssertEqual(try TextRasterizer.render("Hello\r\nWorld", size: 24), two)
    }

    func testKerningPullsPairsTogether() throws {
        // DejaVu Sans has a kern table with A-V and T-o pairs; FT_Get_Kerning grid-fits them to pixels.
        for pair in ["AV", "To"] {
            let together = try TextRasterizer.measure(pair, fontName: "DejaVu Sans", size: 48).width
            let apart = try pair.map { try TextRasterizer.measure(String($0), fontName: "DejaVu Sans", size: 48).width }
            XCTAssertLessThan(together, apart.reduce(0, +) - 1, "\(pair): \(together) vs \(apart)")
        }
    }

    func testMonospaceAdvancesAreEqual() throws {
        let narrow = try TextRasterizer.measure("iii", fontName: "monospace", size: 20)
        let wide = try TextRasterizer.measure("WWW", fontName: "monospace", size: 20)
        XCTAssertEqual(narrow.width, wide.width)
        let proportional = (try TextRasterizer.measure("iii", size: 20), try TextRasterizer.measure("WWW", size: 20))
        XCTAssertLessThan(proportional.0.width, proportional.1.width, "sans-serif should be proportional")
    }

    // MARK: - Alignment

    func testAlignmentInsideFixedDimensions() throws {
        func render(_ a: TextAlignment) throws -> TextImage {
            try TextRasterizer.render("Hello", size: 32, dimensions: (300, 50), alignment: a)
        }
        let left = try render(.left), center = try render(.center), right = try render(.right)
        for image in [left, center, right] {
            XCTAssertEqual(image.width, 300)
            XCTAssertEqual(image.height, 50)
        }
        let l = try XCTUnwrap(inkColumns(left)), c = try XCTUnwrap(inkColumns(center)), r = try XCTUnwrap(inkColumns(right))
        XCTAssertLessThanOrEqual(l.lowerBound, 4, "left-aligned ink starts at \(l)")
        XCTAssertGreaterThanOrEqual(r.upperBound, 300 - 4, "right-aligned ink ends at \(r)")
        let leftMargin = c.lowerBound, rightMargin = 300 - c.upperBound
        XCTAssertLessThanOrEqual(abs(leftMargin - rightMargin), 4, "centered ink is \(c)")
        XCTAssertEqual(l.count, r.count, "the same ink, moved")
        XCTAssertEqual(l.count, c.count)
    }

    func testFixedDimensionsClipLinesFromTheTop() throws {
        let full = try TextRasterizer.render("Hello\nWorld", size: 24)
        let clipped = try TextRasterizer.render("Hello\nWorld", size: 24, dimensions: (full.width, full.lineHeight))
        XCTAssertEqual(clipped.height, full.lineHeight)
        XCTAssertEqual(Array(full.pixels.prefix(clipped.pixels.count)), clipped.pixels,
                       "the first line, as in the tight image")
        let narrow = try TextRasterizer.render("Hello, world", size: 24, dimensions: (20, 30))
        XCTAssertEqual(narrow.pixels.count, 20 * 30)
    }

    func testLinesAreAlignedInsideTheTightBoxToo() throws {
        let image = try TextRasterizer.render("W\nWWW", size: 24, alignment: .right)
        let line1 = try XCTUnwrap(inkColumns(image, rows: 0..<image.lineHeight))
        let line2 = try XCTUnwrap(inkColumns(image, rows: image.lineHeight..<image.height))
        XCTAssertLessThanOrEqual(abs(line1.upperBound - line2.upperBound), 1, "\(line1) \(line2)")
        XCTAssertGreaterThan(line1.lowerBound, line2.lowerBound + 20)
    }

    // MARK: - Fonts and fallback

    func testJapaneseRendersWithACJKFallbackFace() throws {
        let japanese: String
        do {
            japanese = try runTool("/usr/bin/fc-list", [":lang=ja", "file"], name: "fc-list")
        } catch {
            XCTFail("cannot run /usr/bin/fc-list to look for a Japanese font (\(error)): run scripts/setup")
            return
        }
        guard !japanese.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            XCTFail("no Japanese font is installed (`fc-list :lang=ja` lists none): run scripts/setup")
            return
        }
        let image = try TextRasterizer.render("こんにちは", fontName: "DejaVu Sans", size: 32)
        XCTAssertTrue(image.usedFonts[0].contains("DejaVuSans"), "primary is \(image.usedFonts[0])")
        XCTAssertEqual(image.usedFonts.count, 2, "one fallback face for the kana: \(image.usedFonts)")
        XCTAssertNotEqual(image.usedFonts.last, image.usedFonts.first)
        let inked = image.pixels.filter { $0 > 0 }.count
        XCTAssertGreaterThan(inked, 200, "こんにちは drew \(inked) inked pixels")
        XCTAssertGreaterThanOrEqual(image.width, 5 * 24, "five full-width characters at 32 px")
        // Each of the five characters has ink of its own: no column run spans two cells.
        XCTAssertGreaterThanOrEqual(inkRuns(image), 5)

        // Mixed text keeps the Latin in the primary and finds the same fallback.
        let mixed = try TextRasterizer.render("Hello こんにちは", fontName: "DejaVu Sans", size: 32)
        XCTAssertEqual(mixed.usedFonts, image.usedFonts)
        XCTAssertGreaterThan(mixed.width, image.width)
    }

    func testACharacterNoFontCoversIsSkippedWithTheNotdefAdvance() throws {
        // U+0378 is unassigned: no font has a glyph for it.
        let plain = try TextRasterizer.render("ab", size: 24)
        let gap = try TextRasterizer.render("a\u{378}b", size: 24)
        XCTAssertGreaterThan(gap.width, plain.width + 5, "the skipped character still takes room")
        XCTAssertEqual(gap.usedFonts, plain.usedFonts, "no face was used for it")
        XCTAssertEqual(gap.pixels.filter { $0 > 0 }.count, plain.pixels.filter { $0 > 0 }.count, accuracy: 8,
                       "no notdef box is drawn")
    }

    func testAnUnknownFontNameStillGetsAFont() throws {
        let image = try TextRasterizer.render("Hello", fontName: "No Such Font 4711", size: 20)
        XCTAssertFalse(image.usedFonts.isEmpty)
        XCTAssertTrue(image.pixels.contains { $0 > 0 })
        XCTAssertTrue(FileManager.default.fileExists(atPath: image.usedFonts[0]), image.usedFonts[0])
    }

    func testAPatternPicksTheStyle() throws {
        let bold = try TextRasterizer.render("Hello", fontName: "monospace:bold", size: 20)
        let regular = try TextRasterizer.render("Hello", fontName: "monospace", size: 20)
        XCTAssertNotEqual(bold.usedFonts, regular.usedFonts)
        XCTAssertGreaterThan(bold.pixels.map(Int.init).reduce(0, +), regular.pixels.map(Int.init).reduce(0, +),
                             "bold has more ink")
    }

    // MARK: - Errors

    func testSizesOutsideOneTo512Throw() {
        for size: Float in [0, -3, 0.5, .nan, .infinity, 513, 10000] {
            XCTAssertThrowsError(try TextRasterizer.render("Hello", size: size), "size \(size)") { error in
                guard case .badTextSize = error as? FontError else { return XCTFail("\(error)") }
            }
            XCTAssertThrowsError(try TextRasterizer.measure("Hello", size: size), "size \(size)")
        }
        XCTAssertNoThrow(try TextRasterizer.render("H", size: 1))
        XCTAssertNoThrow(try TextRasterizer.render("H", size: 512))
    }

    func testImagesOverTheBoundsAreRefusedBeforeAllocating() {
        for dims in [(20000, 10), (10, 16385), (10000, 10000), (0, 10), (10, -1)] {
            XCTAssertThrowsError(try TextRasterizer.render("Hello", size: 16, dimensions: dims), "\(dims)") { error in
                guard case .badPixels = error as? FontError else { return XCTFail("\(error)") }
            }
        }
        let long = String(repeating: "W", count: 2000)
        XCTAssertThrowsError(try TextRasterizer.render(long, size: 512)) { error in
            guard case .badPixels = error as? FontError else { return XCTFail("\(error)") }
        }
        XCTAssertNoThrow(try TextRasterizer.measure(long, size: 512), "measuring allocates nothing")
    }

    // MARK: - Threads and speed

    func testConcurrentCallersGetTheSameImages() throws {
        let texts = (0..<16).map { "Label \($0): Wavy ÄÖÜ こんにちは" }
        let serial = try texts.map { try TextRasterizer.render($0, size: Float(12 + $0.count % 5)) }
        let results = Mutexed([TextImage?](repeating: nil, count: texts.count))
        DispatchQueue.concurrentPerform(iterations: texts.count) { i in
            let image = try? TextRasterizer.render(texts[i], size: Float(12 + texts[i].count % 5))
            results.set(i, image)
        }
        XCTAssertEqual(results.value.map { $0 }, serial.map { $0 })
    }

    func testASmallLabelRendersInWellUnderAMillisecondOnceWarm() throws {
        let label = "Score: 12345 / Lv 42"
        XCTAssertEqual(label.count, 20)
        _ = try TextRasterizer.render(label, size: 16)
        var times: [Double] = []
        for _ in 0..<200 {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try TextRasterizer.render(label, size: 16)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        times.sort()
        let median = times[times.count / 2]
        print("TextTests: 20-character label at 16 px: median \(String(format: "%.4f", median)) ms, "
              + "min \(String(format: "%.4f", times[0])) ms over \(times.count) renders")
        // Generous for a loaded debug build; a missing cache (FcFontMatch, FT_New_Face per call) is far slower.
        XCTAssertLessThan(median, 2)
    }

    // MARK: - Helpers

    /// The columns holding any ink, or nil for none.
    func inkColumns(_ image: TextImage, rows: Range<Int>? = nil) -> ClosedRange<Int>? {
        var lo = Int.max, hi = Int.min
        for y in rows ?? 0..<image.height {
            for x in 0..<image.width where image[x, y] > 0 {
                lo = min(lo, x)
                hi = max(hi, x)
            }
        }
        return lo <= hi ? lo...hi : nil
    }

    /// The rows holding any ink.
    func inkRows(_ image: TextImage) -> Range<Int> {
        var lo = Int.max, hi = Int.min
        for y in 0..<image.height where (0..<image.width).contains(where: { image[$0, y] > 0 }) {
            lo = min(lo, y)
            hi = max(hi, y)
        }
        return lo <= hi ? lo..<(hi + 1) : 0..<0
    }

    /// How many runs of inked columns, separated by empty columns, the image has.
    func inkRuns(_ image: TextImage) -> Int {
        var runs = 0, inRun = false
        for x in 0..<image.width {
            let inked = (0..<image.height).contains { image[x, $0] > 0 }
            if inked && !inRun { runs += 1 }
            inRun = inked
        }
        return runs
    }
}

/// A value behind a lock, for collecting results from concurrent work.
private final class Mutexed<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func set<Element>(_ i: Int, _ element: Element) where Value == [Element] {
        lock.withLock { stored[i] = element }
    }
}
