// Hello triangle, the OpenGL ES 2.0 Programming Guide's first program, with GLFun's GLES module:
// a headless context, an offscreen framebuffer, a program of our own, one vertex buffer and one
// draw call. Writes a PNG and prints the center pixel.
//
//     HelloTriangle [OUT.png]        (default hello-triangle.png)
import Foundation
import GLFunGLES

let vertexShader = ShaderSource(name: "hello.vsh", text: """
    attribute vec4 vPosition;
    void main()
    {
        gl_Position = vPosition;
    }
    """)

let fragmentShader = ShaderSource(name: "hello.fsh", text: """
    precision mediump float;
    uniform vec4 uColor;
    void main()
    {
        gl_FragColor = uColor;
    }
    """)

let output = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "hello-triangle.png"
let width = 320, height = 240

do {
    // EGL: surfaceless, else a device, else a pbuffer. No window, no X.
    let context = try Context.headless()
    // Headless, framebuffer 0 has no pixels: draw into a Framebuffer (bind() sets the viewport).
    let target = try Framebuffer(context: context, width: width, height: height, depth: false)
    target.bind()

    // Attributes are bound by name before linking: vPosition gets location 0.
    let program = try ShaderProgram(context: context, name: "hello", vertex: vertexShader,
                                    fragment: fragmentShader, attributes: ["vPosition"])
    try program.set("uColor", .vec4(1, 0, 0, 1))   // a typed setter: a vec4 for a vec4

    // The book's triangle, in clip coordinates (x, y, z).
    let vertices: [Float] = [
         0.0,  0.5, 0.0,
        -0.5, -0.5, 0.0,
         0.5, -0.5, 0.0,
    ]
    let buffer = VertexBuffer(context: context, usage: .staticDraw)
    buffer.upload(vertices)
    try buffer.setLayout([VertexAttribute(location: Int(try program.attribute("vPosition")),
                                          components: 3, kind: .float, offset: 0)],
                         stride: 3 * MemoryLayout<Float>.stride)

    GL.clear(red: 0, green: 0, blue: 0, alpha: 1, depth: false)
    program.use()
    GL.draw(.triangles, first: 0, count: 3)

    let image = try target.readPixels()   // top-left origin
    try image.writePNG(to: output)
    let c = image[width / 2, height / 2]
    let corner = image[0, 0]
    print("wrote \(output) (\(width)x\(height))")
    print("center \(c.r) \(c.g) \(c.b) \(c.a)")
    print("corner \(corner.r) \(corner.g) \(corner.b) \(corner.a)")
} catch {
    FileHandle.standardError.write(Data("HelloTriangle: error: \(error)\n".utf8))
    exit(1)
}
