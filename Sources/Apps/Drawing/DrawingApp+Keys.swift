import GLFunHost
import GLFunKit

/// The drawing app's keys: Ctrl+Q quits, Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo,
/// Ctrl+Backspace clears, Ctrl+S saves; Escape closes the help or quits, ? and F1 show it, F11
/// toggles full screen, 0 resets the view, [ and ] step the pen's width, and a color's or a
/// shape's key picks it.
extension DrawingApp {
    func key(_ key: Key, _ mods: Modifiers) -> [HostEffect] {
        let k = key.lowercased
        if mods.contains(.ctrl) {
            switch k {
            case "q": return [.quit]
            case "z" where mods.contains(.shift), "y": redo()
            case "z": undo()
            case .backspace: clear()
            case "s": return [.save]
            default: break
            }
            return []
        }
        switch k {
        case .escape:
            if helpVisible { helpVisible = false } else { return [.quit] }
        case "?", .f1:
            helpVisible.toggle()
        case .f11:
            return [.toggleFullScreen]
        case "0":
            view = .identity
        case "[", "]":
            penWidth = PenInk.step(penWidth, up: k == "]")
        default:
            if let c = ColorChoice.allCases.first(where: { $0.key == k }) { currentColor = c }
            if let s = ShapeKind.allCases.first(where: { $0.key == k }) { currentShape = s }
        }
        return []
    }
}
