import Synchronization

/// The kinds of GL object this module makes (glGen*/glCreate*) and deletes.
public enum GLObjectKind: Int, CaseIterable, Sendable {
    case texture, buffer, program, shader, framebuffer, renderbuffer
}

/// How many GL objects of each kind this module's wrappers hold right now, in the whole process
/// (every context): `GLObjectCounts.live`. A debug counter for leak checks (`glfun soak`): each
/// glGen*/glCreate* in GLES counts one up when it succeeds, each glDelete* (a wrapper's deinit,
/// or an error path that deletes what it made) counts it down. A relaxed atomic per kind: a
/// count costs one atomic add, and reading a snapshot from any thread is safe.
///
/// `ShaderProgram` deletes its two shaders right after linking, so `shaders` is 0 between
/// programs being made; a shader's GL object lives on, attached, until its program is deleted.
public struct GLObjectCounts: Equatable, Sendable, CustomStringConvertible {
    /// Live textures.
    public var textures = 0
    /// Live buffers.
    public var buffers = 0
    /// Live shader programs.
    public var programs = 0
    /// Live shaders.
    public var shaders = 0
    /// Live framebuffers.
    public var framebuffers = 0
    /// Live renderbuffers.
    public var renderbuffers = 0

    /// Counts of each kind (0 by default).
    public init(textures: Int = 0, buffers: Int = 0, programs: Int = 0, shaders: Int = 0, framebuffers: Int = 0,
                renderbuffers: Int = 0) {
        self.textures = textures
        self.buffers = buffers
        self.programs = programs
        self.shaders = shaders
        self.framebuffers = framebuffers
        self.renderbuffers = renderbuffers
    }

    /// The objects alive now.
    public static var live: GLObjectCounts {
        var c = GLObjectCounts()
        for kind in GLObjectKind.allCases { c[kind] = GLObjectCounter.shared.load(kind) }
        return c
    }

    /// The count of one kind.
    public subscript(kind: GLObjectKind) -> Int {
        get {
            switch kind {
            case .texture: return textures
            case .buffer: return buffers
            case .program: return programs
            case .shader: return shaders
            case .framebuffer: return framebuffers
            case .renderbuffer: return renderbuffers
            }
        }
        set {
            switch kind {
            case .texture: textures = newValue
            case .buffer: buffers = newValue
            case .program: programs = newValue
            case .shader: shaders = newValue
            case .framebuffer: framebuffers = newValue
            case .renderbuffer: renderbuffers = newValue
            }
        }
    }

    /// Every kind together.
    public var total: Int { GLObjectKind.allCases.reduce(0) { $0 + self[$1] } }

    /// The counts by kind, in words.
    public var description: String {
        "textures \(textures), buffers \(buffers), programs \(programs), shaders \(shaders), "
            + "framebuffers \(framebuffers), renderbuffers \(renderbuffers)"
    }
}

/// The counters behind `GLObjectCounts.live`; GLES's wrappers call `made` and `deleted`.
final class GLObjectCounter: Sendable {
    static let shared = GLObjectCounter()
    private let textures = Atomic<Int>(0)
    private let buffers = Atomic<Int>(0)
    private let programs = Atomic<Int>(0)
    private let shaders = Atomic<Int>(0)
    private let framebuffers = Atomic<Int>(0)
    private let renderbuffers = Atomic<Int>(0)

    private func add(_ kind: GLObjectKind, _ n: Int) {
        switch kind {
        case .texture: textures.wrappingAdd(n, ordering: .relaxed)
        case .buffer: buffers.wrappingAdd(n, ordering: .relaxed)
        case .program: programs.wrappingAdd(n, ordering: .relaxed)
        case .shader: shaders.wrappingAdd(n, ordering: .relaxed)
        case .framebuffer: framebuffers.wrappingAdd(n, ordering: .relaxed)
        case .renderbuffer: renderbuffers.wrappingAdd(n, ordering: .relaxed)
        }
    }

    func load(_ kind: GLObjectKind) -> Int {
        switch kind {
        case .texture: return textures.load(ordering: .relaxed)
        case .buffer: return buffers.load(ordering: .relaxed)
        case .program: return programs.load(ordering: .relaxed)
        case .shader: return shaders.load(ordering: .relaxed)
        case .framebuffer: return framebuffers.load(ordering: .relaxed)
        case .renderbuffer: return renderbuffers.load(ordering: .relaxed)
        }
    }

    /// A glGen*/glCreate* of `kind` succeeded (a non-zero name).
    static func made(_ kind: GLObjectKind) { shared.add(kind, 1) }
    /// A glDelete* of an object counted by `made`.
    static func deleted(_ kind: GLObjectKind) { shared.add(kind, -1) }
}
