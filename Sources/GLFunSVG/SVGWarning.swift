/// Something in a document that is read but not drawn in this slice (filters, patterns,
/// markers, images, text, an unknown blend mode; `clipPath` and `mask` are drawn now and no
/// longer reported): reported once per kind, naming the first element that has it; the rest
/// of the picture is drawn.
public struct SVGWarning: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// What is not drawn.
    public enum Feature: String, Sendable, CaseIterable {
        case filter, clipPath = "clip-path", mask, pattern, marker, image, text
        case blendMode = "mix-blend-mode"
        /// Opacity on a group: applied to each shape inside instead of to the group as one layer.
        /// A reference to another file (`use` of an external document).
        case externalReference = "external reference"
    }
    /// What is not drawn.
    public var feature: Feature
    /// The element, as `<name id="...">` (the id when it has one).
    public var element: String

    /// A warning about `feature` on `element` (written `<name id="...">`).
    public init(feature: Feature, element: String) {
        self.feature = feature
        self.element = element
    }

    /// The warning in words (the CLI prints it after `glfun: warning: FILE: `).
    public var description: String {
        switch feature {
        case .externalReference: return "\(element): references to other files are not followed"
        default: return "\(element): \(feature.rawValue) not drawn (not supported yet)"
        }
    }
}
