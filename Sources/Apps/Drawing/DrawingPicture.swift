import GLFunKit

/// What one frame of the drawing app shows, handed to `DrawingView` as a value: the view reads
/// nothing of the app and calls nothing back, so the two do not hold each other.
public struct DrawingPicture {
    /// The finished shapes, their background and antialiasing.
    public var document: Scene
    /// Changes whenever the document changes other than by appending shapes (the view's cached
    /// layer is redrawn whole then).
    public var epoch: Int
    /// The canvas's pan, zoom and rotation.
    public var view: ViewTransform
    /// A two- or three-finger gesture is down: the view may be moving.
    public var isGesturing: Bool
    /// The shapes in progress, drawn on top of the document.
    public var liveShapes: [Shape]
    /// Where the fingers are (points), for the emulated touches' circles.
    public var touchLocations: [(id: Int, location: Point)]
    /// The toolbar for the canvas's size.
    public var toolbar: Toolbar
    /// The help overlay shows.
    public var helpVisible: Bool
    /// The pen's colour, for the width preview.
    public var currentColor: ColorChoice
    /// A line under the top bar (a save that failed), or nil.
    public var message: String? = nil
}

extension DrawingApp {
    /// The app's state as the view draws it.
    public var picture: DrawingPicture {
        DrawingPicture(document: document, epoch: epoch, view: view, isGesturing: isGesturing,
                       liveShapes: liveShapes, touchLocations: touchLocations, toolbar: toolbar,
                       helpVisible: helpVisible, currentColor: currentColor, message: message?.text)
    }
}
