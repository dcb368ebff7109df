import Foundation

/// Runs `executable` with `arguments` and returns what it wrote on standard output; throws an
/// error named `name` carrying its standard error when it exits with anything but 0
/// (scripts/make's test scripts, ffmpeg, fc-list). Standard output goes through a temporary
/// file, so a tool that writes much on both streams cannot stall on a full pipe.
@discardableResult
public func runTool(_ executable: String, _ arguments: [String], name: String) throws -> String {
    let outPath = NSTemporaryDirectory() + "runTool-\(UUID().uuidString).out"
    guard FileManager.default.createFile(atPath: outPath, contents: nil) else {
        throw NSError(domain: name, code: -1, userInfo: [NSLocalizedDescriptionKey: "cannot make \(outPath)"])
    }
    defer { try? FileManager.default.removeItem(atPath: outPath) }
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    defer { try? out.close() }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = arguments
    p.standardOutput = out
    let err = Pipe()
    p.standardError = err
    try p.run()
    let message = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard p.terminationStatus == 0 else {
        throw NSError(domain: name, code: Int(p.terminationStatus),
                      userInfo: [NSLocalizedDescriptionKey: String(decoding: message, as: UTF8.self)])
    }
    return String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
}
