import ArgumentParser
import Foundation
import GLFunGLES
import GLFunKit
import GLFunSoak

/// `glfun soak`: an app driven headless for many frames by a generated script; prints resident
/// memory and live GL objects as it goes and a verdict, flat or growing, at the end.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Drive an app headless for many frames of generated input; check memory and GL objects stay flat.",
        discussion: """
            One row every --every frames: frame, seconds (wall and CPU), resident memory (MiB), live GL objects by kind, the \
            app's own figures. The last line is `verdict: flat: ...` or `verdict: growing: ...` (then exit 1): \
            against the sample at 10% of the run, GL objects must not change at any later sample, and the least \
            resident memory sampled in the last quarter of the run must not be more than the tolerance above it.
            """)

    @Option(help: "The app to drive: \(AppRegistry.soakable.map(\.name).joined(separator: ", ")).")
    var app = AppRegistry.soakable[0].name

    @Option(help: "Frames to draw (default: \(AppRegistry.soakable.map { "\($0.soak!.defaultFrames) for \($0.name)" }.joined(separator: ", ")).")
    var frames: Int?

    /// The app's driver (nil for an app with none: `validate` refuses it).
    var driver: SoakDriver? { AppRegistry.entry(named: app)?.soak }

    /// The frames a run draws: --frames, or the app's default.
    var frameCount: Int { frames ?? driver?.defaultFrames ?? 1_000_000 }

    @Option(help: "Frames between samples (default: a twentieth of --frames).")
    var every: Int?

    @Option(help: "Canvas size in points, WxH.")
    var size = Size(argument: "256x192")!

    @Option(help: "The script's random seed (the same seed, the same run).")
    var seed: UInt64 = 1

    @Option(help: "Resident memory growth allowed after warm-up, MiB (default: 2).")
    var toleranceMib: Double?

    func validate() throws {
        guard driver != nil else {
            throw ValidationError("--app must be one of \(AppRegistry.soakable.map(\.name).joined(separator: ", "))")
        }
        guard (10...1_000_000_000).contains(frameCount) else { throw ValidationError("--frames must be 10...1000000000") }
        if let every, every < 1 { throw ValidationError("--every must be at least 1") }
        if let toleranceMib, !(toleranceMib >= 0 && toleranceMib < 1e6) {
            throw ValidationError("--tolerance-mib must be 0 or more")
        }
    }

    func run() throws {
        guard let driver else { throw GLFunError.option("--app \(app) has no soak script") }
        if driver.usesPhotos { MallocTuning.applyForPhotos() }
        let context: Context
        do { context = try Context.headless() } catch { throw GLFunError.headlessContext(error) }
        let renderer: Renderer
        do { renderer = try Renderer(context: context) } catch { throw GLFunError.gl(path: "soak", error) }
        let canvas = Canvas(width: size.width, height: size.height)
        let every = self.every ?? max(1, frameCount / 20)
        print("glfun soak: app \(app), \(frameCount) frames, malloc \(MallocTuning.described), canvas \(Int(size.width))x\(Int(size.height)), seed \(seed), "
              + "a sample every \(every) frames")
        var header = false
        let samples: [SoakSample]
        do {
            samples = try driver.run(canvas, seed, renderer, frameCount, every) { s in
                if !header {
                    print(SoakTable.header(s))
                    header = true
                }
                print(SoakTable.row(s))
                fflush(nil)  // every stream: the row shows at once, even into a pipe
            }
        } catch let e as GLESError {
            throw GLFunError.gl(path: "soak", e)
        } catch let e as ImageError {
            throw GLFunError.gl(path: "soak", .image(e))
        }
        let tolerance = toleranceMib.map { Int($0 * 1_048_576) } ?? SoakVerdict.defaultTolerance
        guard let verdict = SoakVerdict(samples, tolerance: tolerance), let last = samples.last else {
            throw GLFunError.soakTooShort(frames: frameCount)
        }
        let fps = Double(last.frame) / max(last.seconds, 1e-9)
        print("frames=\(last.frame) seconds=\(String(format: "%.1f", last.seconds)) "
              + "cpu_seconds=\(String(format: "%.1f", last.cpuSeconds)) fps=\(Int(fps.rounded())) "
              + "peak_rss_mib=\(SoakTable.mib(ResidentMemory.peak ?? 0))")
        print("verdict: " + verdict.summary)
        fflush(nil)
        if !verdict.flat { throw GLFunError.soakGrowing(verdict) }
    }
}
