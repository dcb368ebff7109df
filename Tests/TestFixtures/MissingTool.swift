/// A test's tool or input that scripts/setup --test provides is not there: the test fails,
/// naming it (a missing tool is a broken set-up, not a reason to check nothing).
public struct MissingTool: Error, CustomStringConvertible {
    /// The tool or input, and what provides it.
    public let name: String

    public init(name: String) { self.name = name }

    public var description: String { "missing: \(name)" }
}
