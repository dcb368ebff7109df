import GLFunHost
import GLFunKit
import GLFunUI

/// The input of a soak: an app and a deterministic script that makes its events on the fly,
/// step by step, for as many steps as the run lasts (nothing is recorded or read). One
/// conforming class per app (`DrawingSoakScript`); glfun's registry names its `SoakDriver`.
public protocol SoakScript: AnyObject {
    associatedtype App: InteractiveApp where App.Frame == FrameTarget
    /// The app the script drives, made by the script.
    var app: App { get }
    /// The canvas the run starts with (the runner sends it as the first resize).
    var canvas: Canvas { get }
    /// The events of one step at time `t` (seconds), fed before that step's frame is drawn.
    /// May be empty (a frame with no input, as a window redraws for a timer).
    func events(at t: Double) -> [InputEvent]
    /// What the app holds now, for the samples' table: ("shapes", 120), ("undo", 40).
    var figures: [(name: String, value: Int)] { get }
    /// Whether the app is between actions, so that its GL objects are what they are at rest
    /// (no transition holding a second slide's texture, say): a sample that falls due while it
    /// is not waits for the first frame where it is. True by default.
    var atRest: Bool { get }
}

extension SoakScript {
    /// Always at rest, by default.
    public var atRest: Bool { true }
}
