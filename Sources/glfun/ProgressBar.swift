import Foundation

/// A progress bar on stderr when it is a terminal (nothing otherwise): what every `--export`
/// and a batch `render --output-dir` show while they write files. stdout stays for the
/// command's last line.
struct ProgressBar {
    let total: Int
    private let tty = isatty(2) != 0

    init(total: Int) {
        self.total = total
    }

    func update(_ done: Int) {
        guard tty, done == total || done % max(1, total / 200) == 0 else { return }
        draw(done)
    }

    /// Writes `line` (an error about one item) on stderr above the bar: on a terminal the bar
    /// is cleared, the line written and the bar drawn again under it, so neither is torn.
    func note(_ line: String, done: Int) {
        guard tty else {
            FileHandle.standardError.write(Data((line + "\n").utf8))
            return
        }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line + "\n").utf8))
        draw(done)
    }

    func finish() {
        if tty { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    private func draw(_ done: Int) {
        let width = 30, filled = width * done / max(1, total)
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)".utf8))
    }
}
