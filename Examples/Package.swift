// swift-tools-version:6.0
// GLFun's examples: a separate package that uses GLFun as a client would, through its products.
//
//     swift build --package-path Examples --scratch-path Examples/.build
//     Examples/.build/debug/HelloTriangle hello-triangle.png
//
// A path dependency's identity is its folder's name, which is whatever a clone is called
// ("GLFun", "glfun-main", ...). `name: "GLFun"` gives the dependency a name that the
// `package: "GLFun"` below matches, whatever the folder is called.
import PackageDescription

let package = Package(
    name: "GLFunExamples",
    dependencies: [
        .package(name: "GLFun", path: ".."),
    ],
    targets: [
        // A hello triangle with GLES alone: own shaders, a buffer, one draw, a PNG.
        .executableTarget(name: "HelloTriangle", dependencies: [
            .product(name: "GLFunGLES", package: "GLFun"),
        ]),
        // A textured quad showing text: a texture from a string, an index buffer.
        .executableTarget(name: "TexturedQuad", dependencies: [
            .product(name: "GLFunGLES", package: "GLFun"),
        ]),
        // Gesture recognizers fed a synthetic touch stream: no GL, no X.
        .executableTarget(name: "GestureProgram", dependencies: [
            .product(name: "GLFunGestures", package: "GLFun"),
        ]),
        // An app on the host: a window (Wayland or X11, the session's) that records, or a headless replay of a recording.
        .executableTarget(name: "WindowApp", dependencies: [
            .product(name: "GLFunGLES", package: "GLFun"),
            .product(name: "GLFunKit", package: "GLFun"),
            .product(name: "GLFunGestures", package: "GLFun"),
            .product(name: "GLFunHost", package: "GLFun"),
            .product(name: "GLFunUI", package: "GLFun"),
            .product(name: "GLFunWindowSystem", package: "GLFun"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
