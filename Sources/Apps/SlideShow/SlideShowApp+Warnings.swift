extension SlideShowApp {
    /// Passes a warning about `slide` on (the first only: one a slide for the whole show),
    /// or keeps it until `onWarning` is set (slides skipped as the show starts are checked
    /// before a caller can set it).
    func warn(_ line: String, slide: Int) {
        guard warned.insert(slide).inserted else { return }
        if let onWarning { onWarning(line) } else { earlyWarnings.append(line) }
    }

    /// Passes the warnings kept before `onWarning` was set on to it. Its `didSet` calls this;
    /// so must an initializer that sets it (an initializer's assignment calls no `didSet`:
    /// `--export`'s warnings about the first slides were lost that way).
    func passEarlyWarnings() {
        guard let onWarning else { return }
        for line in earlyWarnings { onWarning(line) }
        earlyWarnings.removeAll()
    }
}
