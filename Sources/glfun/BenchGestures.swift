import ArgumentParser
import Foundation
import GLFunGestures

struct BenchGestures: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-gestures",
        abstract: "Time gesture recognition: the seven standard recognizers fed synthetic drags and pinches.",
        discussion: "The last line is ns_per_event_per_recognizer=<x> (the exclusive, UIKit-default case).")

    @Option(help: "Events fed per measurement.")
    var events = 1_000_000

    func validate() throws {
        guard (1000...100_000_000).contains(events) else { throw ValidationError("--events must be 1000...100000000") }
    }

    func run() throws {
        let all = GestureBenchmark.run(events: events, simultaneous: true)
        let exclusive = GestureBenchmark.run(events: events, simultaneous: false)
        print(String(format: "all simultaneous: %d events x %d recognizers: %.1f ns/event/recognizer", all.events,
                     all.recognizers, all.nanosecondsPerEventPerRecognizer))
        print(String(format: "exclusive: %d events x %d recognizers: %.1f ns/event/recognizer", exclusive.events,
                     exclusive.recognizers, exclusive.nanosecondsPerEventPerRecognizer))
        print(String(format: "ns_per_event_per_recognizer=%.1f", exclusive.nanosecondsPerEventPerRecognizer))
    }
}
