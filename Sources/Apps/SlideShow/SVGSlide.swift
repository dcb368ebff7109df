import Foundation
import GLFunImages
import GLFunKit
import GLFunSVG

/// An SVG slide, read once as `glfun render x.svg` reads one (GLFunSVG: XML, CSS and SVG's
/// rules, its bounds on hostile files), without GL: its size and its shapes in SVG user units
/// (px), which the view renders with GL at the size it shows it (`SVGSlideRendering`), and
/// what the reader could not draw. A file it refuses is a `SVGSlideError`: the show warns and
/// goes on to the next slide, as it does for a damaged picture.
public struct SVGSlide: Sendable {
    /// The drawing's width and height in px (the SVG's own, or its viewBox's).
    public let width: Double
    public let height: Double
    /// What it draws, in px (`SVGDocument.scene`: shapes past the scene's coordinate limits left out).
    public let shapes: [Shape]
    /// What the reader did not draw (one a kind), for a warning.
    public let warnings: [SVGWarning]

    /// Reads and draws the SVG file at `path` (at most `SVGLimits.maxBytes`).
    public static func read(_ path: String) -> Result<SVGSlide, SVGSlideError> {
        let file: (bytes: [UInt8], size: Int)
        do { file = try RegularFile.read(path, upTo: SVGLimits.maxBytes + 1) } catch {
            return .failure(SVGSlideError(path: path, kind: .file(error)))
        }
        guard file.bytes.count <= SVGLimits.maxBytes else {
            return .failure(SVGSlideError(path: path, kind: .svg(.tooLarge(bytes: file.size, limit: SVGLimits.maxBytes))))
        }
        var warnings: [SVGWarning] = []
        do {
            let doc = try SVGDocument(bytes: file.bytes)
            let scene = try doc.scene { warnings.append($0) }
            return .success(SVGSlide(width: doc.width, height: doc.height, shapes: scene.shapes, warnings: warnings))
        } catch {
            return .failure(SVGSlideError(path: path, kind: .svg(error)))
        }
    }

    /// Pixels per px to render it fitted (or, `fill`, filling) in a square of `side` pixels, as
    /// photos are decoded for the view's larger side (turning the view needs no new render);
    /// no side over `maxSide`.
    public func fittedScale(side: Int, fill: Bool, maxSide: Int) -> Double {
        let s = Double(side) / (fill ? min(width, height) : max(width, height))
        return min(s, Double(maxSide) / max(width, height))
    }

    /// The most pixels a zoomed-in render may hold (64 MiB of RGBA8): like the decode budgets,
    /// a bound on memory and time whatever the zoom; past it the render is less sharp.
    public static let zoomedPixelBudget = 16 << 20

    /// Pixels per px to render it again for a zoom that shows it `onScreen` pixels wide, its
    /// fitted render `fitted` pixels per px: the next power of two times `fitted` at or above
    /// what the screen needs (a pinch renders again only when it crosses one), within
    /// `zoomedPixelBudget` and `maxSide`. Nil when that is no sharper than the fitted render.
    public func zoomedScale(onScreen: Double, fitted: Double, maxSide: Int) -> Double? {
        let ratio = onScreen / (width * fitted)
        guard ratio > 1.001, ratio.isFinite else { return nil }
        var s = fitted * Double(1 << Int(min(20, log2(ratio).rounded(.up))))
        s = min(s, (Double(SVGSlide.zoomedPixelBudget) / (width * height)).squareRoot(), Double(maxSide) / max(width, height))
        return s > fitted * 1.001 ? s : nil
    }
}

/// Why an SVG slide cannot be shown: its path as the list gives it, and what was wrong.
public struct SVGSlideError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Equatable, Sendable {
        /// The file could not be read (gone, a folder, a FIFO, no permission).
        case file(FileProblem)
        /// GLFunSVG refused it: not well-formed, not SVG, over a bound (the error says which).
        case svg(SVGError)
    }
    /// The slide's path.
    public let path: String
    /// What was wrong.
    public let kind: Kind

    /// `path: reason`.
    public var description: String {
        switch kind {
        case let .file(problem): return "\(path): \(problem.rawValue)"
        case let .svg(error): return "\(path): \(error)"
        }
    }
}
