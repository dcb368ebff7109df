// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GLFun",
    products: [
        .library(name: "GLES", targets: ["GLES"]),
        .library(name: "GLFunKit", targets: ["GLFunKit"]),
        .executable(name: "glfun", targets: ["glfun"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // C libraries, reached only through the Swift modules above them.
        .systemLibrary(
            name: "CEGL", pkgConfig: "egl",
            providers: [.apt(["libegl-dev", "libgles-dev"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]),
        .systemLibrary(
            name: "CX11", pkgConfig: "x11",
            providers: [.apt(["libx11-dev", "libxi-dev"])]),

        // Build-time tool: turns shaders/*.vsh|*.fsh into Swift string constants.
        .executableTarget(name: "EmbedShaders"),
        .plugin(
            name: "EmbedShadersPlugin", capability: .buildTool(),
            dependencies: ["EmbedShaders"]),

        .target(name: "GLES", dependencies: ["CEGL", "CPNG", "CJPEG", "CFreeType"]),
        .target(name: "Gestures"),
        .target(
            name: "GLFunKit", dependencies: ["GLES"],
            plugins: ["EmbedShadersPlugin"]),
        .target(name: "GLFunApp", dependencies: ["GLFunKit", "GLES", "Gestures"]),
        .target(name: "GLFunX11", dependencies: ["CX11", "GLFunApp", "GLFunKit", "GLES"]),
        .executableTarget(
            name: "glfun",
            dependencies: [
                "GLFunKit", "GLES", "GLFunApp", "GLFunX11", "Gestures",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Bytes the suites build by hand (PNG files libpng would never write).
        .target(name: "TestFixtures", path: "Tests/TestFixtures"),
        .testTarget(name: "GLESTests", dependencies: ["GLES", "CEGL", "TestFixtures"], exclude: ["Fixtures"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures"]),
        .testTarget(name: "GLFunKitTests", dependencies: ["GLFunKit", "GLES", "CEGL", "TestFixtures"]),
        .testTarget(name: "CLITests", dependencies: ["GLFunKit", "TestFixtures"]),
        .testTarget(name: "GLFunAppTests", dependencies: ["GLFunApp", "GLFunKit", "GLES"]),
    ],
    swiftLanguageModes: [.v6]
)
