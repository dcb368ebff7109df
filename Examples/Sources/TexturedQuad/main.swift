// A textured quad showing text: a texture made from a string (fontconfig + FreeType, A8
// coverage), a program of our own that tints it, four vertices and an index buffer of two
// triangles drawn with GL.drawIndexed. Writes a PNG.
//
//     TexturedQuad [OUT.png]         (default textured-quad.png)
import Foundation
import GLFunGLES

let vertexShader = ShaderSource(name: "quad.vsh", text: """
    attribute vec2 aPosition;   // pixels, top-left origin
    attribute vec2 aTexCoord;
    uniform vec2 uViewport;     // the target's size in pixels
    varying vec2 vTexCoord;
    void main()
    {
        vec2 ndc = aPosition / uViewport * 2.0 - 1.0;
        gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
        vTexCoord = aTexCoord;
    }
    """)

let fragmentShader = ShaderSource(name: "quad.fsh", text: """
    precision mediump float;
    varying vec2 vTexCoord;
    uniform sampler2D uText;    // A8: the coverage is in .a
    uniform vec4 uPaper;
    uniform vec4 uInk;
    void main()
    {
        gl_FragColor = mix(uPaper, uInk, texture2D(uText, vTexCoord).a);
    }
    """)

let output = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "textured-quad.png"
let width = 400, height = 160

do {
    let context = try Context.headless()
    let target = try Framebuffer(context: context, width: width, height: height, depth: false)
    target.bind()

    // The text as a texture: its size is the text's tight box (TextRasterizer.render's).
    let text = try Texture2D(context: context, text: "Hello, GLFun!", fontName: "DejaVu Sans", size: 40)
    let program = try ShaderProgram(context: context, name: "quad", vertex: vertexShader,
                                    fragment: fragmentShader, attributes: ["aPosition", "aTexCoord"])
    try program.set("uViewport", .vec2(Float(width), Float(height)))
    try program.set("uText", .int(0))                  // texture unit 0
    try program.set("uPaper", .vec4(1, 1, 0.85, 1))    // pale yellow
    try program.set("uInk", .vec4(0.1, 0.1, 0.5, 1))   // dark blue

    // A quad of the texture's size, centered: x, y (pixels), s, t per vertex.
    let x0 = Float(width - text.width) / 2, y0 = Float(height - text.height) / 2
    let x1 = x0 + Float(text.width), y1 = y0 + Float(text.height)
    let vertices: [Float] = [
        x0, y0, 0, 0,               // top left (texture rows run top to bottom)
        x1, y0, text.maxS, 0,       // top right
        x1, y1, text.maxS, text.maxT,
        x0, y1, 0, text.maxT,
    ]
    let indices = IndexBuffer(context: context, indices: [0, 1, 2, 0, 2, 3])
    let buffer = VertexBuffer(context: context, usage: .staticDraw)
    buffer.upload(vertices)
    let stride = 4 * MemoryLayout<Float>.stride
    try buffer.setLayout([
        VertexAttribute(location: Int(try program.attribute("aPosition")), components: 2, kind: .float, offset: 0),
        VertexAttribute(location: Int(try program.attribute("aTexCoord")), components: 2, kind: .float,
                        offset: 2 * MemoryLayout<Float>.stride),
    ], stride: stride)

    GL.clear(red: 0.3, green: 0.3, blue: 0.3, alpha: 1, depth: false)
    text.bind(unit: 0)
    program.use()
    GL.drawIndexed(.triangles, count: indices.count, indices: indices)

    let image = try target.readPixels()
    try image.writePNG(to: output)
    var ink = 0
    for y in Int(y0)..<Int(y1) { for x in Int(x0)..<Int(x1) where image[x, y].b > 60 && image[x, y].r < 128 { ink += 1 } }
    let corner = image[0, 0], paper = image[Int(x0) + 1, Int(y0) + 1]
    print("wrote \(output) (\(width)x\(height)), text \(text.width)x\(text.height)")
    print("quad \(Int(x0)) \(Int(y0)) \(Int(x1)) \(Int(y1))")
    print("corner \(corner.r) \(corner.g) \(corner.b) \(corner.a)")
    print("paper \(paper.r) \(paper.g) \(paper.b) \(paper.a)")
    print("ink pixels \(ink)")
} catch {
    FileHandle.standardError.write(Data("TexturedQuad: error: \(error)\n".utf8))
    exit(1)
}
