import GLFunGLES
import GLFunKit
import GLFunSVG
import PixelAssertions
import XCTest

/// SVG text laid out per character: document order, position lists, rotate, spacing,
/// baselines, decorations, textPath, textLength (DejaVu Sans, installed with fontconfig).
final class SVGTextLayoutTests: SVGTestCase {
    private func ink(_ img: Image, _ keep: ([Int]) -> Bool = { $0[3] > 128 }) -> (cols: [Int], rows: [Int]) {
        let cols = (0..<img.width).filter { x in (0..<img.height).contains { keep(rgba(img, x, $0)) } }
        let rows = (0..<img.height).filter { y in (0..<img.width).contains { keep(rgba(img, $0, y)) } }
        return (cols, rows)
    }

    private func text(_ attrs: String, _ content: String) -> String {
        ##"<text font-family="DejaVu Sans" "## + attrs + ">" + content + "</text>"
    }

    func testTextAfterATspanComesAfterIt() throws {
        let img = try picture(text(##"x="5" y="50" font-size="20""##, ##"ii<tspan fill="red">ii</tspan>ii"##))
        let red = ink(img) { $0 == [255, 0, 0, 255] }.cols
        let black = ink(img) { $0 == [0, 0, 0, 255] }.cols
        XCTAssertFalse(red.isEmpty)
        XCTAssertTrue(black.contains { $0 < red.first! } && black.contains { $0 > red.last! }, "black on both sides of red")
    }

    func testKerningHoldsAcrossTspans() throws {
        // A text chunk is shaped whole (as usvg shapes it): a tspan that only paints its letter
        // keeps the pair's kerning, so the V ends where it ends in "AV" (kerning 0: further right).
        let body = ##"x="5" y="60" font-size="60""##
        let kerned = ink(try picture(text(body, "AV"))).cols
        let apart = ink(try picture(text(body + ##" kerning="0""##, "AV"))).cols
        let painted = ink(try picture(text(body, ##"A<tspan fill="red">V</tspan>"##))).cols
        XCTAssertLessThan(kerned.last!, apart.last! - 1, "DejaVu Sans kerns A-V")
        XCTAssertEqual(painted.first, kerned.first)
        XCTAssertEqual(painted.last, kerned.last, "the V kerned against the A outside its tspan")
        // A tspan in another size: each character's advance from the chunk shaped in its own font.
        let sized = ink(try picture(text(##"x="5" y="60" font-size="30""##, ##"A<tspan font-size="60">V</tspan>A"##))).cols
        let plain = ink(try picture(text(##"x="5" y="60" font-size="30""##, ##"A<tspan font-size="60" kerning="0">V</tspan>A"##))).cols
        XCTAssertLessThan(sized.last!, plain.last!, "the big V's kerning with the A after it is kept")
    }

    func testRightToLeftRunsAcrossTspansInALeftToRightParagraph() throws {
        // A Hebrew word cut by a tspan is still one word, reversed (as usvg lays it out: the
        // paragraph left to right, the stop at its right end), its middle letters in the red.
        let img = try picture(text(##"x="5" y="50" font-size="18""##, ##"ab ש<tspan fill="red">לו</tspan>ם."##))
        let red = ink(img) { $0[0] > 200 && $0[1] < 60 && $0[3] > 200 }.cols
        let all = ink(img).cols
        XCTAssertFalse(red.isEmpty)
        XCTAssertTrue(all.contains { $0 > red.last! + 2 } && all.contains { $0 < red.first! - 2 }, "letters both sides of the red")
        let stop = all.suffix(1)
        let rows = (0..<img.height).filter { y in stop.contains { rgba(img, $0, y)[3] > 128 } }
        XCTAssertGreaterThanOrEqual(rows.first ?? 0, 45, "the rightmost ink is the stop on the baseline: rows \(rows)")
    }

    func testPositionListsAndRotate() throws {
        let cols = ink(try picture(text(##"x="10 70" y="50" font-size="20""##, "ll"))).cols
        XCTAssertEqual(cols.first ?? -1, 11, accuracy: 2)
        XCTAssertEqual(cols.last ?? -1, 73, accuracy: 3, "the second l at x 70")
        XCTAssertTrue(cols.allSatisfy { $0 < 20 || $0 > 65 }, "nothing between: \(cols)")
        let dy = ink(try picture(text(##"x="10" y="30" dy="0 40" font-size="20""##, "ll"))).rows
        XCTAssertEqual(dy.last ?? -1, 69, accuracy: 1, "the second l 40 lower")
        let turned = ink(try picture(text(##"x="20" y="50" rotate="90" font-size="40""##, "l")))
        XCTAssertGreaterThan(turned.cols.count, turned.rows.count * 2, "a lying l")
    }

    func testLetterAndWordSpacing() throws {
        let plain = ink(try picture(text(##"x="5" y="50" font-size="20""##, "llll"))).cols
        let spaced = ink(try picture(text(##"x="5" y="50" font-size="20" letter-spacing="10""##, "llll"))).cols
        XCTAssertEqual(Double(spaced.last! - plain.last!), 30, accuracy: 1.5)
        let words = ink(try picture(text(##"x="5" y="50" font-size="20" word-spacing="20""##, "l l"))).cols
        let tight = ink(try picture(text(##"x="5" y="50" font-size="20""##, "l l"))).cols
        XCTAssertEqual(Double(words.last! - tight.last!), 20, accuracy: 1.5)
        // Arabic letters join: letter-spacing spreads the words (at the space), not the letters
        // (CSS Text's cursive tracking, as usvg).
        let arabic = ink(try picture(text(##"x="5" y="50" font-size="20""##, "بعض النص"))).cols
        let arabicSpaced = ink(try picture(text(##"x="5" y="50" font-size="20" letter-spacing="10""##, "بعض النص"))).cols
        XCTAssertEqual(Double((arabicSpaced.last! - arabicSpaced.first!) - (arabic.last! - arabic.first!)), 10, accuracy: 2)
        // Spacing that leaves a character no advance hides it, but the chunk's last (as usvg):
        // one l, centred on 50.
        let crushed = ink(try picture(text(##"x="50" y="50" font-size="20" letter-spacing="-1000" text-anchor="middle""##, "llll"))).cols
        XCTAssertFalse(crushed.isEmpty)
        XCTAssertTrue(crushed.allSatisfy { (46...54).contains($0) }, "\(crushed)")
    }

    func testBaselineShiftAndDominantBaseline() throws {
        let plain = ink(try picture(text(##"x="5" y="60" font-size="20""##, "H"))).rows
        let raised = ink(try picture(text(##"x="5" y="60" font-size="20""##, ##"<tspan baseline-shift="10">H</tspan>"##))).rows
        XCTAssertEqual(Double(plain.last! - raised.last!), 10, accuracy: 1)
        let hanging = ink(try picture(text(##"x="5" y="60" font-size="20" dominant-baseline="text-before-edge""##, "H"))).rows
        XCTAssertGreaterThan(hanging.first!, 60, "the text hangs under y")
        // alignment-baseline is not inherited, but "inherit" takes the parent's.
        let inherit = ink(try picture(##"<g alignment-baseline="hanging">"## + text(##"x="5" y="60" font-size="20" alignment-baseline="inherit""##, "H") + "</g>")).rows
        let alone = ink(try picture(##"<g alignment-baseline="hanging">"## + text(##"x="5" y="60" font-size="20""##, "H") + "</g>")).rows
        XCTAssertEqual(alone, plain, "not inherited")
        XCTAssertGreaterThan(inherit.first!, plain.first! + 5, "hanging, the g's")
        // dominant-baseline's no-change (SVG 1.1) keeps the parent's.
        let middle = ink(try picture(text(##"x="5" y="60" font-size="20" dominant-baseline="middle""##, "H"))).rows
        let kept = ink(try picture(text(##"x="5" y="60" font-size="20" dominant-baseline="middle""##, ##"<tspan dominant-baseline="no-change">H</tspan>"##))).rows
        XCTAssertNotEqual(middle, plain)
        XCTAssertEqual(kept, middle)
    }

    func testDecorations() throws {
        func lineRows(_ img: Image) -> [Int] {  // rows inked across the gap between the H's too
            (40...60).filter { y in (0..<100).filter { rgba(img, $0, y)[3] > 128 }.count > 40 }
        }
        let plain = try picture(text(##"x="5" y="50" font-size="30""##, "HH"))
        let under = try picture(text(##"x="5" y="50" font-size="30" text-decoration="underline""##, "HH"))
        XCTAssertEqual(lineRows(plain), [])
        XCTAssertFalse(lineRows(under).isEmpty, "a line along the baseline")
        XCTAssertTrue(lineRows(under).allSatisfy { $0 >= 49 }, "at or under it: \(lineRows(under))")
        let through = try picture(text(##"x="5" y="50" font-size="30" fill="none" text-decoration="line-through""##, ##"<tspan fill="red" text-decoration="line-through">HH</tspan>"##))
        XCTAssertGreaterThan(ink(through) { $0 == [255, 0, 0, 255] }.cols.count, 30, "the line across, in the tspan's fill")
    }

    func testTextPathAndTextLength() throws {
        let img = try picture(##"<path id="p" d="M 50 5 L 50 95"/><text font-family="DejaVu Sans" font-size="20"><textPath href="#p">mmmm</textPath></text>"##)
        let (cols, rows) = ink(img)
        XCTAssertGreaterThan(rows.count, cols.count * 2, "down the vertical path: \(cols.count) x \(rows.count)")
        XCTAssertEqual(rows.first ?? -1, 5, accuracy: 3)
        let long = ink(try picture(text(##"x="5" y="50" font-size="20" textLength="80""##, "llll"))).cols
        XCTAssertEqual(Double(long.last! - long.first!), 80 - 3, accuracy: 3, "the last l's stem ends near 5 + 80")
    }

    func testTrefDrawsTheTextOfAnySVGElement() throws {
        func cols(_ target: String) throws -> [Int] {
            ink(try picture(target + text(##"x="5" y="50" font-size="20""##, ##"<tref href="#t"/>"##))).cols
        }
        XCTAssertFalse(try cols(##"<text id="t">Text</text>"##).isEmpty)
        XCTAssertFalse(try cols(##"<defs><rect id="t">Text</rect></defs>"##).isEmpty, "a rect's character data, as usvg reads it")
        XCTAssertTrue(try cols(##"<not-svg id="t">Text</not-svg>"##).isEmpty, "not an element of SVG's")
    }

    func testRightToLeftLettersTurnEachAboutItsOwnOrigin() throws {
        // rotate turns each letter (each cluster, as usvg), not a right-to-left word as a whole:
        // the word still runs across, its letters on their sides.
        let (cols, rows) = ink(try picture(text(##"x="20" y="50" font-size="20" rotate="90""##, "שלום")))
        XCTAssertGreaterThan(cols.count, rows.count * 2, "across: \(cols.count) x \(rows.count)")
    }

    func testPositionListsCountCodePoints() throws {
        // "e" and a combining acute are one character of two code points: the list's second
        // value is the accent's and goes unused (as usvg has it); the l takes the third.
        let cols = ink(try picture(text(##"x="10 90 60" y="50" font-size="20""##, "e\u{301}l"))).cols
        XCTAssertTrue(cols.contains { (60...64).contains($0) }, "the l at 60: \(cols)")
        XCTAssertFalse(cols.contains { $0 > 75 }, "nothing at 90: \(cols)")
    }

    func testAChunkGoesOnFromWhereTheLastEndedOnceAnchored() throws {
        // "T" centred on x 50, then "ext" (a chunk of its own at y 70) centred on where the
        // centred T ends, as usvg lays it out: about 50 + half the T's advance, not 50 + all of it.
        let img = try picture(text(##"x="50" y="30" font-size="20" text-anchor="middle""##, ##"T<tspan y="70">ext</tspan>"##))
        let t = (0..<img.width).filter { x in (10...30).contains { rgba(img, x, $0)[3] > 128 } }
        let ext = (0..<img.width).filter { x in (50...72).contains { rgba(img, x, $0)[3] > 128 } }
        let tEnd = Double(t.first! + t.last!) / 2 + 6  // the T's centre, and half its advance (12.2)
        XCTAssertEqual(Double(ext.first! + ext.last!) / 2, tEnd, accuracy: 2, "T at \(t.first!)...\(t.last!), ext at \(ext.first!)...\(ext.last!)")
    }

    func testTextPathFollowsAnyBasicShape() throws {
        // SVG 2: a textPath may name a rect (or circle, ellipse, line, polyline, polygon): the
        // text runs along its path from its start, the rect's top edge first, then down its right.
        let img = try picture(##"<rect id="r" x="10" y="30" width="50" height="60" fill="none"/><text font-family="DejaVu Sans" font-size="12"><textPath href="#r">mmmmmmmm</textPath></text>"##)
        let (cols, rows) = ink(img)
        XCTAssertFalse(cols.isEmpty, "drawn")
        XCTAssertEqual(rows.first ?? -1, 21, accuracy: 3, "on the top edge, above it")
        XCTAssertGreaterThan(rows.last ?? -1, 45, "and round the corner down the right edge")
        XCTAssertEqual(cols.last ?? -1, 66, accuracy: 2, "right of the right edge, an m's height out")
    }

    func testTextAfterATextPathGoesOnFromItsLastCharacterDrawn() throws {
        // The m's run past the path's end (x 40); the l after it goes on from the last m drawn,
        // its middle's point on the path and its advance on (as usvg), not from the path's end.
        let body = ##"<path id="p" d="M 5 50 H 40"/><text font-family="DejaVu Sans" font-size="12"><textPath href="#p">mmmmmm</textPath><tspan fill="red">l</tspan></text>"##
        let img = try picture(body)
        let red = ink(img) { $0[0] > 200 && $0[1] < 60 && $0[3] > 200 }.cols
        let m = 12 * 1974 / 2048.0  // DejaVu Sans's m advance at 12
        XCTAssertGreaterThan(Double(red.first ?? 0), 40 + m / 4, "past the path's end by more than a quarter m: \(red)")
    }

    func testFamiliesNoneOfWhichIsInstalledFallBackToTheDefault() throws {
        // As usvg and browsers: the default family (Times New Roman, a serif through
        // fontconfig), not fontconfig's own default for a name it does not know (a sans).
        let none = try picture(##"<text x="5" y="50" font-size="30" font-family="No Such Family, Nor This">Tx</text>"##)
        let plain = try picture(##"<text x="5" y="50" font-size="30">Tx</text>"##)
        XCTAssertEqual(ink(none).cols, ink(plain).cols)
        XCTAssertEqual(ink(none).rows, ink(plain).rows)
    }

    func testFontSizeKeywordsAndPercentages() throws {
        let big = ink(try picture(text(##"x="5" y="80" font-size="40""##, "H"))).rows
        let pct = ink(try picture(##"<g font-size="20">"## + text(##"x="5" y="80" font-size="200%""##, "H") + "</g>")).rows
        XCTAssertEqual(big, pct)
        let medium = ink(try picture(text(##"x="5" y="80" font-size="medium""##, "H"))).rows
        let twelve = ink(try picture(text(##"x="5" y="80" font-size="12""##, "H"))).rows
        XCTAssertEqual(medium, twelve, "medium is 12 as in resvg")
    }

    func testAChunkOnAPathStartsAsFarAlongItAsItsX() throws {
        // On a path a chunk's absolute x is a distance along it (as usvg), its y none, and a
        // textPath's own x and y are no positions: the l at 10 + 60 along the path at x 10, y 50.
        func cols(_ attrs: String, _ inner: String = "l") throws -> [Int] {
            ink(try picture(##"<path id="p" d="M 10 50 H 190"/><text font-family="DejaVu Sans" font-size="20""## + attrs
                + ##"><textPath href="#p">"## + inner + "</textPath></text>")).cols
        }
        let plain = try cols("")
        XCTAssertEqual(Double(plain.first ?? -1), 12, accuracy: 2, "at the path's start: \(plain)")
        XCTAssertEqual(try cols(##" x="60" y="20""##).map { $0 - 60 }, plain, "60 along the path")
        XCTAssertEqual(try cols("", ##"<tspan x="60" y="20">l</tspan>"##).map { $0 - 60 }, plain, "a tspan's x too")
        let onTextPath = ink(try picture(##"<path id="p" d="M 10 50 H 190"/><text font-family="DejaVu Sans" font-size="20"><textPath href="#p" x="60" y="20">l</textPath></text>"##)).cols
        XCTAssertEqual(onTextPath, plain, "a textPath's own x is none")
    }

    func testSpacesWhereNodesMeetGoAsUsvgTrimsThem() throws {
        // Where two runs of words meet with a space each, the later one goes when its run lies
        // deeper, else the earlier one (usvg, after Chrome): the space after the big l is the
        // smaller text's, so the red l follows closely.
        let img = try picture(text(##"x="5" y="60" font-size="20""##, ##"<tspan font-size="60">l </tspan> <tspan fill="red">l</tspan>"##))
        let red = ink(img) { $0[0] > 200 && $0[1] < 60 && $0[3] > 200 }.cols
        let black = ink(img) { $0[0] < 60 && $0[3] > 200 }.cols
        XCTAssertLessThan(red.first ?? 99, (black.last ?? 0) + 21, "a 20-size space (6 px; a 60-size one 19) between, not a 60-size one: black \(black), red \(red)")
        // A run that is not drawn still takes part: "ii " + (" x ") + " ii" keeps two spaces,
        // as "ii  ii" in xml:space="preserve".
        let hidden = ink(try picture(text(##"x="5" y="50" font-size="20""##, ##"ii <tspan display="none"> x </tspan> ii"##))).cols
        let two = ink(try picture(text(##"x="5" y="50" font-size="20" xml:space="preserve""##, "ii  ii"))).cols
        XCTAssertEqual(hidden, two)
    }

    func testATextLengthHoldsForTheElementsOwnCharacters() throws {
        // As usvg's spans: the text's textLength spreads its own letters, not its tspan's.
        let plain = ink(try picture(text(##"x="5" y="50" font-size="20""##, "ll"))).cols
        let own = ink(try picture(text(##"x="5" y="50" font-size="20" textLength="80""##, "ll"))).cols
        let inner = ink(try picture(text(##"x="5" y="50" font-size="20" textLength="80""##, "<tspan>ll</tspan>"))).cols
        XCTAssertGreaterThan(own.last ?? 0, 75, "spread: \(own)")
        XCTAssertEqual(inner, plain)
    }

    func testTopToBottomTextOnAPathSitsAcrossIt() throws {
        // writing-mode tb on a path (usvg): a Latin letter keeps its side and is moved across
        // so that its em box's middle is on the path, not its baseline.
        func rows(_ attrs: String) throws -> [Int] {
            ink(try picture(##"<path id="p" d="M 10 50 H 190"/><text font-family="DejaVu Sans" font-size="20""## + attrs
                + ##"><textPath href="#p">H</textPath></text>"##)).rows
        }
        let flat = try rows(""), tb = try rows(##" writing-mode="tb""##)
        XCTAssertLessThanOrEqual(flat.last ?? 99, 51, "on the baseline: \(flat)")
        XCTAssertGreaterThan(tb.last ?? 0, 53, "moved across the path: \(tb)")
        XCTAssertEqual(tb.count, flat.count, accuracy: 1, "the same letter")
    }

    func testATextPathsPathTurnsAboutItsTransformOrigin() throws {
        // rotate(90) about (50, 10): the path runs down x = 50, and the text with it (about
        // the origin it would run off the picture).
        let img = try picture(##"<path id="p" d="M 50 10 H 150" transform="rotate(90)" transform-origin="50 10"/><text font-family="DejaVu Sans" font-size="12"><textPath href="#p">mmmm</textPath></text>"##)
        let (cols, rows) = ink(img)
        XCTAssertFalse(cols.isEmpty, "drawn")
        XCTAssertTrue(cols.allSatisfy { (35...65).contains($0) }, "along x 50: \(cols)")
        XCTAssertGreaterThan(rows.count, cols.count, "down the page")
    }
}
