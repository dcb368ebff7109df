import GLFunGLES
import GLFunHost
import GLFunKit
import GLFunUI

/// One sample of a soak: after `frame` frames, `seconds` in (`cpuSeconds` of CPU time, all
/// threads, since the run started), the process's resident memory,
/// the GL objects alive (`GLObjectCounts.live`) and the script's figures about the app.
public struct SoakSample: Sendable {
    /// Frames drawn so far.
    public var frame: Int
    /// Seconds since the run started (wall clock).
    public var seconds: Double
    /// CPU seconds used since the run started, all threads.
    public var cpuSeconds: Double
    /// The process's resident memory, in bytes.
    public var residentBytes: Int
    /// The GL objects alive, by kind.
    public var gl: GLObjectCounts
    /// The script's figures about the app.
    public var figures: [Figure]

    /// One of the script's figures: a name and a count.
    public struct Figure: Equatable, Sendable {
        /// The figure's name (a column of the table).
        public var name: String
        /// Its value.
        public var value: Int
        /// The figure `name` = `value`.
        public init(name: String, value: Int) {
            self.name = name
            self.value = value
        }
    }

    /// A sample of these figures.
    public init(frame: Int, seconds: Double, cpuSeconds: Double = 0, residentBytes: Int, gl: GLObjectCounts,
                figures: [Figure]) {
        self.frame = frame
        self.seconds = seconds
        self.cpuSeconds = cpuSeconds
        self.residentBytes = residentBytes
        self.gl = gl
        self.figures = figures
    }
}

/// Runs an app for many frames on a script, headless, as the window would: the session and the
/// canvas first, then per frame a tick when the app asked for one, the script's events at
/// 60 frames a second, and one frame drawn (`HeadlessHost.drawFrame`, a target kept from frame to
/// frame) and finished (glFinish, where a window would swap). Samples every `sampleEvery`
/// frames, after the first frame and after the last; a sample that falls due while the script
/// is not `atRest` is taken at the first frame where it is (the last one too: the run then
/// draws a few frames more, at most `restWait`).
public final class SoakRunner<Script: SoakScript> {
    /// The script that drives the app.
    public let script: Script
    /// The headless host the app runs in.
    public let host: HeadlessHost<Script.App>
    /// Frames drawn so far.
    public private(set) var frames = 0
    /// The most frames a run goes on past its count for a due sample to find the script at rest.
    public static var restWait: Int { 6000 }

    /// A runner of `script`'s app, drawing with `renderer`.
    public init(script: Script, renderer: Renderer) {
        self.script = script
        host = HeadlessHost(app: script.app, renderer: renderer, canvas: script.canvas)
    }

    /// Draws `count` more frames; calls `onSample` with each sample as it is taken, and returns them.
    @discardableResult
    public func run(frames count: Int, sampleEvery: Int,
                    onSample: (SoakSample) throws -> Void = { _ in }) throws -> [SoakSample] {
        // Every program first: one compiled when the script first draws its kind of shape would
        // count as a GL object that grew after the warm-up.
        try host.renderer.compileAllPrograms()
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = ResidentMemory.cpuSeconds
        var samples: [SoakSample] = []
        func sample() throws {
            let d = clock.now - start
            let s = SoakSample(frame: frames,
                               seconds: Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18,
                               cpuSeconds: ResidentMemory.cpuSeconds - cpuStart,
                               residentBytes: ResidentMemory.current ?? 0, gl: GLObjectCounts.live,
                               figures: script.figures.map { SoakSample.Figure(name: $0.name, value: $0.value) })
            samples.append(s)
            try onSample(s)
        }
        let every = max(1, sampleEvery)
        var due = false
        var drawn = 0
        // Past `count`, frames go on only while a due sample waits for the script to be at rest.
        while drawn < count || (due && drawn < count + SoakRunner.restWait) {
            let t = Double(frames) / 60
            if frames == 0 {
                let app = script.app, c = script.canvas
                host.feed(TimedEvent(t: 0, .session(app.session)))
                host.feed(TimedEvent(t: 0, .resize(width: c.width, height: c.height, scale: c.scale)))
            }
            if let deadline = script.app.nextDeadline, deadline <= t { host.feed(TimedEvent(t: t, .tick)) }
            for e in script.events(at: t) { host.feed(TimedEvent(t: t, e)) }
            try host.drawFrame()
            GL.finish()
            frames += 1
            drawn += 1
            if frames == 1 || frames % every == 0 || drawn == count { due = true }
            if due && script.atRest {
                try sample()
                due = false
            }
        }
        if samples.last?.frame != frames { try sample() }
        return samples
    }
}
