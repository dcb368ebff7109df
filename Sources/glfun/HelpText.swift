import GLFunDrawingApp

extension Shortcuts {
    /// The key table as `--help` and the man pages show it: the on-screen help's lines after
    /// its first ("Drag to draw…", which the command's own sentence says), each indented by two
    /// spaces. The indent keeps each on its own line twice over: `--help` wraps only long lines,
    /// and in a man page a text line that begins with a space starts a new output line (roff
    /// would otherwise fill the table into one paragraph).
    static var helpTable: String {
        lines.dropFirst().map { "  " + $0 }.joined(separator: "\n")
    }
}
