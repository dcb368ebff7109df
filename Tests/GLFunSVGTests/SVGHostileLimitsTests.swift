import Foundation
import GLFunKit
import GLFunSVG
import XCTest

/// Issue 31's item 7 beyond SVGHostileTests: hrefs to other files, huge dash arrays, huge
/// layer stacks, and the inputs the svg and css fuzz targets (scripts/fuzz) found.
final class SVGHostileLimitsTests: XCTestCase {
    private let svgOpen = ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">"##

    private func scene(_ body: String, warn: @escaping (SVGWarning) -> Void = { _ in }) throws(SVGError) -> Scene {
        try SVGDocument(bytes: Array((svgOpen + body + "</svg>").utf8)).scene(warn: warn)
    }

    private func error(_ body: String) -> SVGError? {
        do { _ = try scene(body); return nil } catch { return error }
    }

    func testHrefsToOtherFilesAreNotFollowed() throws {
        // The target exists in this document under the same id: only "#id" is looked up.
        for href in ["other.svg#r", "file:///etc/passwd#r", "http://example.com/a.svg#r", "/r", "r"] {
            var warnings: [SVGWarning.Feature] = []
            let s = try scene(##"<defs><rect id="r" width="10" height="10"/></defs><use href="\##(href)"/><use xlink:href="\##(href)" x="20"/>"##) {
                warnings.append($0.feature)
            }
            XCTAssertEqual(s.shapes.count, 0, href)
            XCTAssertEqual(warnings, [.externalReference], href)
        }
        // A gradient's href outside the document is no gradient: the fallback paints.
        let s = try scene(##"<linearGradient id="g" href="other.svg#h"/><rect width="10" height="10" fill="url(#g) blue"/>"##)
        XCTAssertLessThanOrEqual(s.shapes.count, 1)
    }

    func testAHugeDashArrayInheritedByManyShapesIsRefusedQuickly() {
        let array = (0..<200_000).map { _ in "1" }.joined(separator: " ")
        let shapes = String(repeating: ##"<path d="M0 0 H10"/>"##, count: 5_000)
        let start = Date()
        XCTAssertEqual(error(##"<g stroke="red" stroke-dasharray="\##(array)">\##(shapes)</g>"##),
                       .dashArrayTooLong(element: "path", entries: 200_000, limit: SVGLimits.maxDashArray))
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        // Unstroked shapes under it draw: the array is never used.
        XCTAssertNil(error(##"<g stroke-dasharray="\##(array)"><rect width="5" height="5"/></g>"##))
        // At the limit, it is used.
        let most = (0..<SVGLimits.maxDashArray).map { _ in "0.5" }.joined(separator: ",")
        XCTAssertNil(error(##"<path d="M0 0 H100" stroke="red" stroke-dasharray="\##(most)"/>"##))
    }

    func testManyGroupsWithOpacityAreBounded() {
        let group = ##"<g opacity="0.5"><rect width="10" height="10"/></g>"##
        XCTAssertNil(error(String(repeating: group, count: SVGLimits.maxLayers)))
        let start = Date()
        XCTAssertEqual(error(String(repeating: group, count: SVGLimits.maxLayers + 100)),
                       .tooManyLayers(count: SVGLimits.maxLayers + 1, limit: SVGLimits.maxLayers))
        XCTAssertLessThan(Date().timeIntervalSince(start), 60)  // 20 s on a loaded machine, debug build
    }

    func testDeeplyNestedGroupsWithOpacityAreBounded() {
        func nested(_ n: Int) -> String {
            String(repeating: ##"<g opacity="0.9">"##, count: n) + ##"<rect width="10" height="10"/>"## + String(repeating: "</g>", count: n)
        }
        XCTAssertNil(error(nested(SVGLimits.maxLayerDepth)))
        XCTAssertEqual(error(nested(SVGLimits.maxLayerDepth + 1)), .layersTooDeep(limit: SVGLimits.maxLayerDepth))
        // Groups without opacity are no layers: only the element depth bounds them.
        XCTAssertNil(error(String(repeating: "<g>", count: 100) + ##"<rect width="1" height="1"/>"## + String(repeating: "</g>", count: 100)))
    }
}
