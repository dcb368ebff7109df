internal import CFreeType

extension TextShaper {
    /// Adds a font file to fontconfig's fonts for this process (FcConfigAppFontAddFile), for
    /// tests that use a font not installed (resvg's suite's variable and colour fonts).
    /// Families already looked up keep their faces. False when fontconfig cannot read it.
    static func addFontFile(_ path: String) -> Bool {
        shapingFonts.withLock { fonts in
            guard (try? fonts.start()) != nil else { return false }
            return FcConfigAppFontAddFile(nil, path) != FcFalse
        }
    }
}
