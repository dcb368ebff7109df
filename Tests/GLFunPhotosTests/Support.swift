import Foundation
import TestFixtures

/// A fresh empty folder under the system temporary directory, removed by the caller.
func makeFolder(_ tag: String) throws -> String {
    let path = NSTemporaryDirectory() + "/\(tag)-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func write(_ bytes: [UInt8], _ path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// A small JPEG (quadrants), the same bytes every time in this process.
let smallJPEG: [UInt8] = try! JPEGBuilder.encode(width: 64, height: 48, rgb: JPEGBuilder.quadrantsRGB(width: 64, height: 48))
