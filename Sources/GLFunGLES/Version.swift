/// GLFun's version: the package's release, as CHANGELOG.md and the Git tag name it
/// (`MAJOR.MINOR.PATCH`; a client depends on it with `.package(url:from:)`).
public enum GLFunVersion {
    /// The version, as in CHANGELOG.md and the Git tag.
    public static let string = "0.14.0"
}
