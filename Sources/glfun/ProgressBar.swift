import Foundation

/// A progress bar on stderr when it is a terminal (nothing otherwise): what every `--export`
/// shows while it writes frames. stdout stays for the command's last line.
struct ProgressBar {
    let total: Int
    private let tty = isatty(2) != 0

    init(total: Int) {
        self.total = total
    }

    func update(_ done: Int) {
        guard tty, done == total || done % max(1, total / 200) == 0 else { return }
        let width = 30, filled = width * done / max(1, total)
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)".utf8))
    }

    func finish() {
        if tty { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
