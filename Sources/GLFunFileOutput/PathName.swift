/// A path taken apart and put together as POSIX's dirname(3) and basename(3) do, by its
/// slashes alone: never through Foundation's `NSString` path methods, whose
/// `deletingLastPathComponent` traps on a one-character name ("o", "a/", ".") and answers ""
/// for "ab". Only "/" is looked at, so a name's other characters (a name that is not UTF-8,
/// kept as `FileName`'s escapes, a combining mark after a slash) come back as they were.
///
///     PathName.folder(of: "frames")         // "."
///     PathName.folder(of: "out/frames/")    // "out"
///     PathName.lastComponent(of: "a/b.png") // "b.png"
///     PathName.joining("out", "f.png")      // "out/f.png"
public enum PathName {
    /// The folder `path` is in, as dirname(3): "." for a bare name ("o", "a/", "", ".", ".."),
    /// "/" for a name in the root ("/a") and for "/" itself; trailing slashes and the slashes
    /// between the folder and the name are left out ("a//b/" is in "a").
    public static func folder(of path: String) -> String {
        let s = trimmed(path)
        if s == "/" { return "/" }
        let scalars = s.unicodeScalars
        guard let slash = scalars.lastIndex(of: "/") else { return "." }
        var end = slash
        while end > scalars.startIndex, scalars[scalars.index(before: end)] == "/" { end = scalars.index(before: end) }
        return end == scalars.startIndex ? "/" : String(scalars[..<end])
    }

    /// The last name in `path`, as basename(3) but "" for "": trailing slashes left out
    /// ("a/" is "a"), "/" for "/", "." and ".." as they are.
    public static func lastComponent(of path: String) -> String {
        let s = trimmed(path)
        if s == "/" { return "/" }
        let scalars = s.unicodeScalars
        guard let slash = scalars.lastIndex(of: "/") else { return s }
        return String(scalars[scalars.index(after: slash)...])
    }

    /// `name` in `folder`: `name` itself when it is absolute or `folder` is empty, else the
    /// two with one "/" between them (none added after a folder that ends in one).
    public static func joining(_ folder: String, _ name: String) -> String {
        if name.hasPrefix("/") || folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// `path` without its trailing slashes; "/" for a path of slashes only, "" for "".
    public static func trimmed(_ path: String) -> String {
        let scalars = path.unicodeScalars
        guard let first = scalars.indices.first else { return "" }
        var end = scalars.endIndex
        while end > scalars.index(after: first), scalars[scalars.index(before: end)] == "/" { end = scalars.index(before: end) }
        return String(scalars[..<end])
    }
}
