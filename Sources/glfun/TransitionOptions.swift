import ArgumentParser
import GLFunGLES
import GLFunKit
import GLFunTransitions

/// Options the transition commands share: which transition, the view, how slides fill it.
struct TransitionOptions: ParsableArguments {
    @Option(help: "The transition.")
    var transition = TransitionKind.curlUp

    @Option(help: "A gl-transitions file (GLSL: vec4 transition(vec2 uv) over getFromColor/getToColor) to draw instead of --transition.")
    var transitionFile: String?

    @Option(help: "The view's size in points, WxH (64...8192 each).")
    var size: Size?

    @Option(help: "Pixels per point, 0.25...8.")
    var scale: Float?

    @Flag(help: "Fill the view with each picture, cropping it (aspect fill); the default fits it, letterboxed.")
    var fill = false

    @Option(help: "The color around the pictures: #rrggbb or a name (default black).")
    var background: String?

    var canvas: Canvas { Canvas(width: size?.width ?? 800, height: size?.height ?? 600, scale: scale ?? 1) }

    /// Black when no `--background` was given; the colour it names otherwise (`validate()` has
    /// refused one that names none, so no name falls back to a default).
    var backgroundColor: Color {
        guard let background else { return .black }
        guard let color = Color(string: background) else { preconditionFailure("validate() refuses --background \(background)") }
        return color
    }

    var layout: SlideLayout { SlideLayout(contentMode: fill ? .aspectFill : .aspectFit) }

    func validate() throws {
        try validateScale(scale)
        if let background, Color(string: background) == nil {
            throw ValidationError("--background must be #rrggbb, #rrggbbaa or a color name, not \"\(background)\"")
        }
    }

    /// The transition asked for, compiled in the current context: the file's, or the kind's.
    func makeTransition(_ context: Context) throws(GLFunError) -> Transition {
        guard let path = transitionFile else {
            do { return try Transition(context: context, kind: transition) } catch { throw .gl(path: transition.fileName, error) }
        }
        let source: TransitionSource
        do { source = try TransitionSource(contentsOfFile: path) } catch { throw .transition(error) }
        do { return try Transition(context: context, source: source) } catch { throw .gl(path: path, error) }
    }

    /// Two pictures composed into view-sized framebuffers, the current and the next slide.
    func composeSlides(_ pictures: (Texture2D, Texture2D), context: Context,
                       names: (String, String)) throws(GLFunError) -> (Framebuffer, Framebuffer) {
        let c = canvas
        do {
            let composer = try SlideComposer(context: context)
            var slides: [Framebuffer] = []
            for picture in [pictures.0, pictures.1] {
                let f = try Framebuffer(context: context, width: c.pixelWidth, height: c.pixelHeight, depth: false)
                f.bind()
                try composer.draw(picture, layout: layout, canvas: c, background: backgroundColor)
                slides.append(f)
            }
            return (slides[0], slides[1])
        } catch {
            throw .gl(path: names.0, error)
        }
    }
}

/// `--transition NAME`: an unknown name is ArgumentParser's one error, listing the known ones.
extension TransitionKind: ExpressibleByArgument {}
