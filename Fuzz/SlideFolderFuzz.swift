// libFuzzer target: a slide-list folder (GLFunPhotos' SlideList over a folder). The input is
// a folder's entries, one a line, made in a fresh temporary folder: a name as its bytes (any
// bytes but "/" and NUL, UTF-8 or not), "d:" before it for a subfolder, "p:" for a FIFO,
// "l:" for a symbolic link to the next line's name. Any folder must give slides or a
// SlideListError, never a crash or a hang (a FIFO is never opened); the slides are the
// folder's pictures and movies, in natural order, none hidden, none a folder.
import Foundation
import GLFunPhotos

nonisolated(unsafe) let fuzzRoot: String = {
    let d = NSTemporaryDirectory() + "glfun-fuzz-folder-\(getpid())"
    mkdir(d, 0o700)
    return d
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSlideFolder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let folder = fuzzRoot + "/f"
    let lines = UnsafeBufferPointer(start: data, count: size).split(separator: 0x0A, omittingEmptySubsequences: true).prefix(32)
    mkdir(folder, 0o700)
    defer { removeAll(folder) }
    var made: [[UInt8]] = []
    for (i, line) in lines.enumerated() {
        var name = Array(line)
        var kind: UInt8 = 0
        if name.count > 2, name[1] == UInt8(ascii: ":"), [UInt8(ascii: "d"), UInt8(ascii: "p"), UInt8(ascii: "l")].contains(name[0]) {
            kind = name[0]
            name.removeFirst(2)
        }
        name = name.filter { $0 != 0 && $0 != UInt8(ascii: "/") }.prefix(200).map { $0 }
        guard !name.isEmpty, name != [0x2E], name != [0x2E, 0x2E] else { continue }
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
        path.withUnsafeBufferPointer { p in
            let c = UnsafeRawPointer(p.baseAddress!).assumingMemoryBound(to: CChar.self)
            switch kind {
            case UInt8(ascii: "d"): _ = mkdir(c, 0o700)
            case UInt8(ascii: "p"): _ = mkfifo(c, 0o600)
            case UInt8(ascii: "l"):
                let target = (i + 1 < lines.count ? Array(lines[lines.startIndex + i + 1]) : [0x78]).filter { $0 != 0 } + [0]
                target.withUnsafeBufferPointer { t in _ = symlink(UnsafeRawPointer(t.baseAddress!).assumingMemoryBound(to: CChar.self), c) }
            default:
                let fd = open(c, O_CREAT | O_WRONLY | O_EXCL, 0o600)
                if fd >= 0 { _ = write(fd, [0x89, 0x50, 0x4E, 0x47], 4); close(fd) }
            }
        }
        made.append(name)
    }
    guard let list = try? SlideList(reading: [folder]) else { return 0 }
    for p in list.paths {
        guard p.hasPrefix(folder + "/") else { fatalError("a slide outside the folder: \(p.debugDescription)") }
        let name = p.dropFirst(folder.count + 1)
        if name.hasPrefix(".") || name.contains("/") { fatalError("a hidden or nested slide: \(p.debugDescription)") }
    }
    return 0
}

/// Removes a folder the target made, whatever is in it (FIFOs and links included).
func removeAll(_ folder: String) {
    guard let dir = opendir(folder) else { return }
    var names: [[CChar]] = []
    while let e = readdir(dir) {
        let name = withUnsafeBytes(of: e.pointee.d_name) { Array($0.bindMemory(to: CChar.self).prefix { $0 != 0 }) }
        if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
    }
    closedir(dir)
    for name in names {
        let path = Array(folder.utf8CString.dropLast()) + [CChar(0x2F)] + name + [0]
        path.withUnsafeBufferPointer { p in
            if unlink(p.baseAddress!) != 0 { removeAll(String(cString: p.baseAddress!)); rmdir(p.baseAddress!) }
        }
    }
    rmdir(folder)
}
