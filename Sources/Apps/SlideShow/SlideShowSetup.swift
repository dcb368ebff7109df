import Foundation
import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunPhotos
import GLFunTransitions
import GLFunUI

/// A slide show made ready, the same way for the window, `--export` and `glfun replay`: the
/// settings checked, the list read (and shuffled with the seed), the user's transition file read.
public struct SlideShowSetup {
    /// What the show was asked for.
    public let settings: SlideShowSettings
    /// The shuffle's seed.
    public let seed: UInt64
    /// The slides, in the order shown at the start.
    public let list: SlideList
    /// Where each slide of the list as named is in `list` (the Order choice of a shuffled show).
    public let listOrder: [Int]
    /// The user's transition (`--transition-file`), read.
    public let custom: TransitionSource?

    /// Reads what `settings` name. A transition file past a complexity bound is said to
    /// `warn` once and the show uses the built-in fade (`readTransitionFile(warn:)`).
    /// - Throws: `SessionOptionsError` for settings out of range, `SlideListError` for paths
    ///   that name no slides, `TransitionError` for a transition file that cannot be read.
    public init(settings: SlideShowSettings, seed: UInt64, warn: (String) -> Void = { _ in }) throws {
        try settings.validate()
        var settings = settings
        self.seed = seed
        var list = try SlideList(reading: settings.paths)
        var order = Array(0..<list.count)
        if settings.shuffle {
            var g = SplitMix64(seed: seed), h = SplitMix64(seed: seed)
            list = list.shuffled(using: &g)
            // list[k] is the list's slide p[k], as named; so slide i as named is at list[p⁻¹[i]].
            for (k, i) in SlideList.permutation(count: list.count, using: &h).enumerated() { order[i] = k }
        }
        self.list = list
        listOrder = order
        custom = try settings.readTransitionFile(warn: warn)
        self.settings = settings
    }

    /// The same show with other settings (`--export` plays once, without looping).
    public init(_ ready: SlideShowSetup, settings: SlideShowSettings) {
        self.settings = settings
        seed = ready.seed
        list = ready.list
        listOrder = ready.listOrder
        custom = ready.custom
    }

    /// Compiles the user's transition in the renderer's context, so that its errors come
    /// (with the driver's log) before anything is shown.
    /// - Throws: `TransitionFileError` naming the file.
    public func checkTransition(_ renderer: Renderer) throws(TransitionFileError) {
        try SlideShowSetup.compile(custom, file: settings.transitionFile, renderer)
    }

    static func compile(_ custom: TransitionSource?, file: String?, _ renderer: Renderer) throws(TransitionFileError) {
        guard let custom, let file else { return }
        do { _ = try Transition(context: renderer.context, source: custom) } catch {
            throw TransitionFileError(path: file, error: error)
        }
    }
}

/// A user's transition file that does not compile or link: the file and the driver's words.
public struct TransitionFileError: Error, CustomStringConvertible {
    /// The gl-transitions file.
    public var path: String
    /// What GL said.
    public var error: GLESError
    /// The file and GL's error, in one line.
    public var description: String { "\(path): \(error)" }
}

extension SlideShowApp {
    /// A recording without an option meant its default.
    public static var recordedDefaults: SlideShowSettings { SlideShowSettings.recordedDefaults }

    /// The show for a host's start: `SlideShowSetup` read, then as `init(setup:start:)`.
    /// - Throws: as `SlideShowSetup.init(settings:seed:)`.
    public convenience init(settings: SlideShowSettings, seed: UInt64, start: AppStart) throws {
        self.init(setup: try SlideShowSetup(settings: settings, seed: seed, warn: start.warn), start: start)
    }

    /// The show made ready for a host's start: its pictures decoded for the start canvas's
    /// pixels (call it with the GL context current: they are bounded by its
    /// GL_MAX_TEXTURE_SIZE), skipped slides said to the start's `warn`; in a window with
    /// `sound`, movies play live.
    public convenience init(setup: SlideShowSetup, start: AppStart) {
        let settings = setup.settings
        let source = PhotoSlideSource(list: setup.list, viewPixels: (start.canvas.pixelWidth, start.canvas.pixelHeight),
                                      contentMode: settings.contentMode, loop: settings.loop, maxSide: Context.maxTextureSize)
        self.init(canvas: start.canvas, settings: settings, source: source, seed: setup.seed, customTransition: setup.custom,
                  listOrder: setup.listOrder)
        onWarning = start.warn
        passEarlyWarnings()  // the slides skipped as the show started (no didSet in an initializer)
        playsMoviesLive = start.clock == .live && settings.sound
        drawsTilesLive = start.clock == .live
        makeWakeup()  // set in an initializer, the two did not call their didSet
    }

    /// Compiles the user's transition before anything shows.
    /// - Throws: `TransitionFileError` naming the file.
    public func prepare(_ renderer: Renderer) throws {
        try SlideShowSetup.compile(customTransition, file: settings.transitionFile, renderer)
    }
}
