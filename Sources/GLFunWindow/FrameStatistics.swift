import Foundation
import GLFunHost

/// The window's per-frame figures (`--stats`): frame time, input-to-frame latency, items
/// drawn into caches, drawing and presenting time, and when the frame ended (CLOCK_MONOTONIC ms:
/// a launcher that notes the same clock before exec reads the first frame's time from it).
struct FrameStatistics {
    private var lines: [String] = []
    private var pendingInputServerTime: UInt?

    /// CLOCK_MONOTONIC in ms: the clock X server and Wayland event times are on.
    static func monotonicMs() -> Double { WindowClock.monotonic() * 1000 }

    /// The window system's time (ms) of the first input the next frame answers.
    mutating func noteInput(serverTime: UInt) {
        if pendingInputServerTime == nil { pendingInputServerTime = serverTime }
    }

    mutating func clearInput() { pendingInputServerTime = nil }

    mutating func noteFrame(start t0: Double, drawn: Double, end t1: Double, report: FrameReport) {
        var latency = -1.0
        if let server = pendingInputServerTime {
            // X server and Wayland times are CLOCK_MONOTONIC in ms, modulo 2^32.
            let now = UInt(t1) & 0xffff_ffff
            latency = Double((now &- server) & 0xffff_ffff) + (t1 - t1.rounded(.down))
            if latency > 1e6 { latency = -1 }
        }
        lines.append(String(format: "%.3f %.3f %d %.3f %.3f %.3f", t1 - t0, latency, report.cachedItemsDrawn, drawn - t0,
                            t1 - drawn, t1))
    }

    var text: String {
        "frame_ms latency_ms layer_shapes draw_ms present_ms end_monotonic_ms\n" + lines.joined(separator: "\n") + "\n"
    }
}
