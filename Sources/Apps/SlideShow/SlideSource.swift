import GLES

/// Where the slide show's pictures come from: a list of files decoded ahead of time on
/// another thread. `image(_:)` answers only once that slide is decoded (waiting if it must),
/// so what the show draws depends on its events alone, never on how fast a decode ran.
public protocol SlideSource: AnyObject {
    /// How many slides the list has.
    var count: Int { get }
    /// A slide's file name, for messages.
    func name(_ index: Int) -> String
    /// The slide's picture at the size it is shown, or why it cannot be had.
    func image(_ index: Int) -> Result<Image, any Error>
    /// Decode the slides around `index` ahead of time (and let go of the others).
    func prefetch(around index: Int)
    /// The view is now this many pixels: pictures are wanted at that size from now on.
    func viewResized(pixels: (width: Int, height: Int), fill: Bool)
}
