import GLFunGLES

/// The renderer's programs, compiled when a draw first needs each, not all when the renderer
/// is made: compiling a program is most of what llvmpipe spends before the first picture
/// (GLSL to NIR at link time, then LLVM at the first draw), and most pictures use two or three
/// of the ten (an empty scene none). Once compiled, a program stays for the renderer's life.
extension Renderer {
    /// The vertex and fragment shader files of each program (`ShaderLibrary`), and its name.
    /// `prefix` goes before the fragment shader's text (a gradient's kind, `CORE` for
    /// the first pass of a translucent path; a MASK variant has PathMask.glsl's text there), and
    /// its #define lines before the vertex shader's.
    static func sources(of program: Pipe.Program) -> (name: String, vertex: String, fragment: String, prefix: String) {
        let mask = Embedded.shaders["PathMask.glsl"] ?? "", byte = "#define MASK_BYTE 1\n"
        switch program {
        case .flat: return ("flat", "Shape.vsh", "Flat.fsh", "")
        case .ellipse: return ("ellipse", "Shape.vsh", "Ellipse.fsh", "")
        case .texture: return ("texture", "Shape.vsh", "Texture.fsh", "")
        case .alphaTexture: return ("alphaTexture", "Shape.vsh", "AlphaTexture.fsh", "")
        case .blit: return ("blit", "Shape.vsh", "Blit.fsh", "")
        case .path: return ("path", "Shape.vsh", "Path.fsh", "")
        case .pathCore: return ("pathCore", "Shape.vsh", "PathCore.fsh", "")
        case .coverage: return ("coverage", "Coverage.vsh", "Coverage.fsh", "")
        case .linear: return ("linear", "PathGradient.vsh", "PathGradient.fsh", "#define LINEAR 1\n")
        case .linearCore: return ("linearCore", "PathGradient.vsh", "PathGradient.fsh", "#define LINEAR 1\n#define CORE 1\n")
        case .linearMask: return ("linearMask", "PathGradient.vsh", "PathGradient.fsh", "#define LINEAR 1\n" + mask)
        case .radial: return ("radial", "PathGradient.vsh", "PathGradient.fsh", "#define RADIAL 1\n")
        case .radialCore: return ("radialCore", "PathGradient.vsh", "PathGradient.fsh", "#define RADIAL 1\n#define CORE 1\n")
        case .radialMask: return ("radialMask", "PathGradient.vsh", "PathGradient.fsh", "#define RADIAL 1\n" + mask)
        case .conic: return ("conic", "PathGradient.vsh", "PathGradient.fsh", "#define CONIC 1\n")
        case .conicCore: return ("conicCore", "PathGradient.vsh", "PathGradient.fsh", "#define CONIC 1\n#define CORE 1\n")
        case .conicMask: return ("conicMask", "PathGradient.vsh", "PathGradient.fsh", "#define CONIC 1\n" + mask)
        case .linearOpaque: return ("linearOpaque", "PathGradient.vsh", "PathGradient.fsh", "#define LINEAR 1\n#define OPAQUE 1\n")
        case .radialOpaque: return ("radialOpaque", "PathGradient.vsh", "PathGradient.fsh", "#define RADIAL 1\n#define OPAQUE 1\n")
        case .conicOpaque: return ("conicOpaque", "PathGradient.vsh", "PathGradient.fsh", "#define CONIC 1\n#define OPAQUE 1\n")
        case .pathPattern: return ("pathPattern", "PathPaint.vsh", "PathPattern.fsh", "#define SAMPLING 1\n")
        case .pathPatternCore: return ("pathPatternCore", "PathPaint.vsh", "PathPattern.fsh", "#define SAMPLING 1\n#define CORE 1\n")
        case .pathMask: return ("pathMask", "Shape.vsh", "Path.fsh", mask)
        case .pathPatternMask: return ("pathPatternMask", "PathPaint.vsh", "PathPattern.fsh", "#define SAMPLING 1\n" + mask)
        case .pathPatternNearest: return ("pathPatternNearest", "PathPaint.vsh", "PathPattern.fsh", "#define SAMPLING 0\n")
        case .pathPatternNearestCore:
            return ("pathPatternNearestCore", "PathPaint.vsh", "PathPattern.fsh", "#define SAMPLING 0\n#define CORE 1\n")
        case .pathPatternNearestMask:
            return ("pathPatternNearestMask", "PathPaint.vsh", "PathPattern.fsh", "#define SAMPLING 0\n" + mask)
        case .pathPatternCubic: return ("pathPatternCubic", "PathPaint.vsh", "PathPattern.fsh", "#define SAMPLING 2\n")
        case .pathPatternCubicCore:
            return ("pathPatternCubicCore", "PathPaint.vsh", "PathPattern.fsh", "#define SAMPLING 2\n#define CORE 1\n")
        case .pathPatternCubicMask:
            return ("pathPatternCubicMask", "PathPaint.vsh", "PathPattern.fsh", "#define SAMPLING 2\n" + mask)
        case .layerPlane: return ("layerPlane", "PathPaint.vsh", "PathPattern.fsh", "#define SAMPLING 3\n")
        case .layerPlaneMask: return ("layerPlaneMask", "PathPaint.vsh", "PathPattern.fsh", "#define SAMPLING 3\n" + mask)
        case .dash: return ("dash", "PathDash.vsh", "PathDash.fsh", "")
        case .dashCore: return ("dashCore", "PathDash.vsh", "PathDash.fsh", "#define CORE 1\n")
        case .pathByteMask: return ("pathByteMask", "Shape.vsh", "Path.fsh", byte + mask)
        case .linearByteMask: return ("linearByteMask", "PathGradient.vsh", "PathGradient.fsh", "#define LINEAR 1\n" + byte + mask)
        case .radialByteMask: return ("radialByteMask", "PathGradient.vsh", "PathGradient.fsh", "#define RADIAL 1\n" + byte + mask)
        case .conicByteMask: return ("conicByteMask", "PathGradient.vsh", "PathGradient.fsh", "#define CONIC 1\n" + byte + mask)
        }
    }

    /// The names of the programs compiled so far, in `Pipe.Program`'s order.
    public var compiledPrograms: [String] {
        Pipe.Program.allCases.filter { programs[$0.rawValue] != nil }.map { Renderer.sources(of: $0).name }
    }

    /// Compiles every program now (those already compiled are kept): for a long run that
    /// judges its GL objects after a warm-up (`glfun soak`), where a program compiled on the
    /// first ellipse would look like a leak. GL state: a program is left in use.
    public func compileAllPrograms() throws(GLESError) {
        for program in Pipe.Program.allCases { _ = try compiled(program) }
    }

    /// `program`, compiled and linked now if it is not yet. GL state: as `ShaderProgram`'s
    /// init, and a new program is left in use (its sampler uniform set to unit 0).
    func compiled(_ program: Pipe.Program) throws(GLESError) -> ShaderProgram {
        let i = program.rawValue
        if let p = programs[i] { return p }
        let files = Renderer.sources(of: program)
        var fragment = try ShaderLibrary.source(files.fragment)
        if !files.prefix.isEmpty { fragment = ShaderSource(name: fragment.name, text: files.prefix + fragment.text) }
        // The vertex stage gets the prefix's #defines (a gradient's kind: which attributes it reads).
        var vertex = try ShaderLibrary.source(files.vertex)
        let defines = files.prefix.split(separator: "\n").filter { $0.hasPrefix("#define ") }
        if !defines.isEmpty {
            vertex = ShaderSource(name: vertex.name, text: defines.joined(separator: "\n") + "\n" + vertex.text)
        }
        let p = try ShaderProgram(context: context, name: files.name, vertex: vertex,
                                  fragment: fragment,
                                  attributes: Renderer.attributeNames)
        if p.uniformIfPresent("texture") != nil { try p.set("texture", .int(0)) }
        if p.uniformIfPresent("coverageMask") != nil { try p.set("coverageMask", .int(1)) }
        projectionLocations[i] = try p.uniform("projectionMatrix")
        programs[i] = p
        return p
    }

    /// Puts `program` in use (compiling it first if needed) with `projection` in its
    /// `projectionMatrix`, which is set only when it differs from what the program holds.
    func use(_ program: Pipe.Program, projection: [Float]) throws(GLESError) {
        let p = try compiled(program)
        let i = program.rawValue
        if programProjections[i] != projection {
            try p.set(location: projectionLocations[i], .mat4(projection))  // glUseProgram, then the uniform
            programProjections[i] = projection
        } else {
            p.use()
        }
    }
}
