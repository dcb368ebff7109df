import Foundation

/// Runs `executable` with `arguments`; throws an error named `name` carrying its standard error
/// when it exits with anything but 0 (scripts/make's test scripts, ffmpeg).
func runTool(_ executable: String, _ arguments: [String], name: String) throws {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = arguments
    let err = Pipe()
    p.standardError = err
    try p.run()
    let message = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard p.terminationStatus == 0 else {
        throw NSError(domain: name, code: Int(p.terminationStatus),
                      userInfo: [NSLocalizedDescriptionKey: String(decoding: message, as: UTF8.self)])
    }
}
