import Foundation
import GLFunKit

/// How a photo fills the view when it is not zoomed.
public enum SlideContentMode: String, Sendable {
    /// All of the photo, as large as fits; the background shows in the bars beside it
    /// (UIViewContentModeScaleAspectFit, the default).
    case aspectFit = "fit"
    /// The whole view covered, the photo's overflow cropped (UIViewContentModeScaleAspectFill, `--fill`).
    case aspectFill = "fill"
}

/// Where a photo lies in a view, in the view's points (top-left origin, y down): fitted or
/// filled, turned about the view's center, then zoomed about it and moved.
///
/// The turn is any angle, clockwise on screen: quarter turns (`.pi / 2` each, as the
/// sample's triple tap) and every angle an animation passes through. At each angle the
/// photo is scaled so that, turned, it fits the view (or covers it): a quarter turn shows
/// the photo fitted to the turned view, and the way there never crops it.
public struct SlideLayout: Equatable, Sendable {
    /// Fit or fill.
    public var contentMode: SlideContentMode
    /// Radians, clockwise on screen.
    public var rotation: Float
    /// A factor over the fitted size, about the view's center (pinch): 1 is fitted.
    public var zoom: Float
    /// Points the zoomed photo is moved by (pan).
    public var pan: Point

    /// A layout; by default aspect fit, unturned, unzoomed, unmoved.
    public init(contentMode: SlideContentMode = .aspectFit, rotation: Float = 0, zoom: Float = 1, pan: Point = .zero) {
        self.contentMode = contentMode
        self.rotation = rotation
        self.zoom = zoom
        self.pan = pan
    }

    /// Points per photo pixel before the zoom: the largest scale at which the photo, turned
    /// by `rotation`, fits in the view (fit), or the smallest at which it covers it (fill).
    public func fittedScale(imageWidth: Int, imageHeight: Int, viewWidth: Float, viewHeight: Float) -> Float {
        let w = Float(max(imageWidth, 1)), h = Float(max(imageHeight, 1))
        let c = abs(cos(rotation)), s = abs(sin(rotation))
        switch contentMode {
        case .aspectFit:
            // The turned photo's bounding box fits the view.
            return min(viewWidth / (w * c + h * s), viewHeight / (w * s + h * c))
        case .aspectFill:
            // The view, turned back, fits inside the photo.
            return max((viewWidth * c + viewHeight * s) / w, (viewWidth * s + viewHeight * c) / h)
        }
    }

    /// The photo's corners in view points: its top-left, top-right, bottom-right and
    /// bottom-left. When the turn is a whole number of quarter turns the corners are moved
    /// (by less than half a pixel) so that the photo's edges fall on whole pixels of
    /// `canvas`, which keeps a photo shown at its own size sharp.
    public func corners(imageWidth: Int, imageHeight: Int, canvas: Canvas) -> [Point] {
        let k = fittedScale(imageWidth: imageWidth, imageHeight: imageHeight, viewWidth: canvas.width,
                            viewHeight: canvas.height) * zoom
        let hw = Float(imageWidth) * k / 2, hh = Float(imageHeight) * k / 2
        let c = cos(rotation), s = sin(rotation)
        let cx = canvas.width / 2 + pan.x, cy = canvas.height / 2 + pan.y
        var points = [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)].map { x, y in
            Point(cx + x * c - y * s, cy + x * s + y * c)
        }
        let quarter = (rotation / (.pi / 2)).rounded()
        if abs(rotation - quarter * .pi / 2) < 1e-4 {
            let scale = canvas.scale
            let minX = points.map(\.x).min()!, minY = points.map(\.y).min()!
            let dx = (minX * scale).rounded() / scale - minX, dy = (minY * scale).rounded() / scale - minY
            points = points.map { Point($0.x + dx, $0.y + dy) }
        }
        return points
    }
}
