import GLFunTransitions

extension SlideShowSettings {
    /// The show's transition file read, or nil when it has none. A file past a
    /// `TransitionComplexity` bound does not stop a show: `warn` is told once (the file and
    /// the limit), and these settings change to the built-in fade with no file, so a
    /// recording of the show replays the fade it showed.
    /// - Throws: any other `TransitionError` (a file missing, not text, a bad default).
    public mutating func readTransitionFile(warn: (String) -> Void) throws(TransitionError) -> TransitionSource? {
        guard let file = transitionFile else { return nil }
        do {
            return try TransitionSource(contentsOfFile: file)
        } catch {
            guard case .tooComplex = error else { throw error }
            warn("\(error); using the built-in fade")
            transitionFile = nil
            transition = .kind(.fade)
            return nil
        }
    }
}
