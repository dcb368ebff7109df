// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GLFun",
    products: [
        // The layers, bottom up (DESIGN.md): GL, the renderer, gestures, the input/host layer,
        // what hosted apps draw with, the window host (any window system), X11 and Wayland windows.
        .library(name: "FileOutput", targets: ["FileOutput"]),
        .library(name: "GLES", targets: ["GLES"]),
        .library(name: "GLFunKit", targets: ["GLFunKit"]),
        .library(name: "Gestures", targets: ["Gestures"]),
        .library(name: "GLFunHost", targets: ["GLFunHost"]),
        .library(name: "GLFunUI", targets: ["GLFunUI"]),
        .library(name: "GLFunWindow", targets: ["GLFunWindow"]),
        .library(name: "GLFunX11", targets: ["GLFunX11"]),
        .library(name: "GLFunWayland", targets: ["GLFunWayland"]),
        // Slide lists and photos decoded ahead of time for a slide show (no GL calls).
        .library(name: "GLFunPhotos", targets: ["GLFunPhotos"]),
        // Slides and the GL transitions between them (a slide show's drawing).
        .library(name: "GLFunTransitions", targets: ["GLFunTransitions"]),
        // Movies played by libmpv into a texture (its own product: only its users link libmpv).
        .library(name: "GLFunMovie", targets: ["GLFunMovie"]),
        // Static SVG read (libxml2) and drawn through GLFunKit's GraphicsContext.
        .library(name: "GLFunSVG", targets: ["GLFunSVG"]),
        // The apps, each hostable by any program.
        .library(name: "DrawingApp", targets: ["DrawingApp"]),
        .library(name: "TouchExplorerApp", targets: ["TouchExplorerApp"]),
        .library(name: "SwipesApp", targets: ["SwipesApp"]),
        .library(name: "SlideShowApp", targets: ["SlideShowApp"]),
        .library(name: "HappinessApp", targets: ["HappinessApp"]),
        .library(name: "PlayerApp", targets: ["PlayerApp"]),
        // A long scripted headless run of an app, measured (memory, GL objects): `glfun soak`.
        .library(name: "Soak", targets: ["Soak"]),
        .executable(name: "glfun", targets: ["glfun"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation` (scripts/check/docs): the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
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
        // Colour management (ICC profiles, PNG gAMA/cHRM to sRGB) and the formats beyond PNG/JPEG.
        .systemLibrary(
            name: "CLCMS2", pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"])]),
        .systemLibrary(
            name: "CWebP", pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(
            name: "CGIF",
            providers: [.apt(["libgif-dev"])]),
        // libheif's header only: GLES opens libheif.so.1 (and its codecs) at the first HEIC/AVIF.
        .systemLibrary(
            name: "CHEIF",
            providers: [.apt(["libheif-dev"])]),
        // libavif's header only, for AVIF: GLES opens libavif.so.15 (and its codecs) at the first AVIF.
        // No pkgConfig: its `-lavif` would link libavif, and with it every AV1 codec, into every program.
        .systemLibrary(
            name: "CAVIF",
            providers: [.apt(["libavif-dev"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]),
        // libmpv's headers only: GLFunMovie opens libmpv.so.2 itself (dlopen) at the first movie,
        // so programs that play none never load it (LibMPV.swift).
        .systemLibrary(
            name: "CMPV",
            providers: [.apt(["libmpv-dev"])]),
        // libxml2, for GLFunSVG only (no network, no external entities, bounded entity expansion).
        .systemLibrary(
            name: "CGLFunXML", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CX11", pkgConfig: "x11",
            providers: [.apt(["libx11-dev", "libxi-dev", "libxss-dev"])]),
        // Wayland's client library, wl_egl_window and xkbcommon's keymaps, for GLFunWayland only.
        .systemLibrary(
            name: "CWayland", pkgConfig: "wayland-client",
            providers: [.apt(["libwayland-dev", "libxkbcommon-dev"])]),
        // The protocols beyond the core (xdg-shell, xdg-decoration, viewporter, fractional scale,
        // pointer gestures, idle inhibit): C that wayland-scanner made from the XML vendored in
        // protocols/wayland/, committed (scripts/make/wayland-protocols; SwiftPM cannot generate C).
        .target(name: "CWaylandProtocols", dependencies: ["CWayland"]),

        // Build-time tool: turns shaders/*.vsh|*.fsh into Swift string constants.
        .executableTarget(name: "EmbedShaders"),
        .plugin(
            name: "EmbedShadersPlugin", capability: .buildTool(),
            dependencies: ["EmbedShaders"]),

        // Whole files or nothing (AtomicFile): what GLES's image writers and the CLI write with.
        .target(name: "FileOutput"),
        .target(name: "GLES", dependencies: ["FileOutput", "CEGL", "CPNG", "CJPEG", "CFreeType", "CLCMS2", "CWebP",
                                             "CGIF", "CHEIF", "CAVIF",
                                             .product(name: "Logging", package: "swift-log")]),
        // The hand-written JSON writers' shared pieces (scene documents, event logs).
        .target(name: "JSONText"),
        .target(name: "Gestures"),
        .target(
            name: "GLFunKit", dependencies: ["FileOutput", "GLES", "JSONText"],
            plugins: ["EmbedShadersPlugin"]),
        .target(
            name: "GLFunTransitions", dependencies: ["GLES", "GLFunKit"],
            plugins: ["EmbedShadersPlugin"]),
        .target(name: "GLFunHost", dependencies: ["Gestures", "JSONText"]),
        .target(name: "GLFunUI", dependencies: ["GLFunHost", "GLFunKit", "GLES"]),
        // The window host on any window system (WindowSystemWindow): no X, no Wayland.
        .target(name: "GLFunWindow", dependencies: ["FileOutput", "GLFunHost", "GLFunUI", "GLFunKit", "GLES",
                                                    .product(name: "Logging", package: "swift-log")]),
        .target(name: "GLFunX11", dependencies: ["CX11", "GLFunWindow", "GLFunHost", "GLFunKit", "GLES"]),
        .target(name: "GLFunWayland", dependencies: ["CWayland", "CWaylandProtocols", "GLFunWindow", "GLFunHost", "GLFunKit",
                                                     "GLES"]),
        .target(name: "GLFunPhotos", dependencies: ["GLES"]),
        // SVG files: XML (libxml2), CSS and SVG's rules, drawn only through GLFunKit's GraphicsContext.
        .target(name: "GLFunSVG", dependencies: ["CGLFunXML", "GLFunKit", "GLES"]),
        .target(name: "GLFunMovie", dependencies: ["CMPV", "GLES", .product(name: "Logging", package: "swift-log")]),
        // scripts/bench/photos: decode times and resident memory of the photo pipeline.
        .executableTarget(name: "PhotoBench", dependencies: ["GLFunPhotos", "GLES"]),

        // Apps: one folder each, hosted by GLFunX11 (a window) or GLFunUI's HeadlessHost (replay).
        .target(
            name: "DrawingApp", dependencies: ["FileOutput", "GLFunHost", "GLFunUI", "GLFunKit", "GLES", "Gestures"],
            path: "Sources/Apps/Drawing"),
        .target(
            name: "TouchExplorerApp", dependencies: ["GLFunHost", "GLFunUI", "GLFunKit", "Gestures"],
            path: "Sources/Apps/TouchExplorer"),
        .target(
            name: "SwipesApp", dependencies: ["GLFunHost", "GLFunUI", "GLFunKit", "Gestures"],
            path: "Sources/Apps/Swipes"),
        .target(
            name: "HappinessApp", dependencies: ["GLFunHost", "GLFunUI", "GLFunKit", "GLES", "Gestures"],
            path: "Sources/Apps/Happiness"),

        .target(
            name: "PlayerApp",
            dependencies: ["FileOutput", "GLFunHost", "GLFunUI", "GLFunKit", "GLES", "Gestures", "GLFunMovie"],
            path: "Sources/Apps/Player"),
        .target(
            name: "SlideShowApp",
            dependencies: ["FileOutput", "GLFunHost", "GLFunUI", "GLFunKit", "GLES", "Gestures", "GLFunPhotos",
                           "GLFunTransitions", "GLFunMovie"],
            path: "Sources/Apps/SlideShow"),

        // Above the apps: drives one for a million frames on a generated script (`glfun soak`).
        .target(
            name: "Soak",
            dependencies: ["FileOutput", "GLFunHost", "GLFunUI", "GLFunKit", "GLES", "GLFunPhotos", "DrawingApp", "SlideShowApp"]),

        .executableTarget(
            name: "glfun",
            dependencies: [
                "FileOutput", "JSONText", "GLES", "GLFunKit", "Gestures", "GLFunHost", "GLFunUI", "GLFunWindow", "GLFunX11", "GLFunWayland",
                "GLFunTransitions", "GLFunSVG",
                "GLFunPhotos", "GLFunMovie", "DrawingApp", "TouchExplorerApp", "SwipesApp", "SlideShowApp", "HappinessApp",
                "PlayerApp", "Soak",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Bytes the suites build by hand (PNG files libpng would never write), and clips ffmpeg makes.
        .target(name: "TestFixtures", dependencies: ["GLES"], path: "Tests/TestFixtures"),
        // Pixel assertions and hostile GL state the GL suites share (test code only).
        .target(name: "PixelAssertions", dependencies: ["GLES", "GLFunKit", "CEGL"], path: "Tests/PixelAssertions"),
        .testTarget(name: "FileOutputTests", dependencies: ["FileOutput"]),
        .testTarget(name: "GLESTests", dependencies: ["GLES", "FileOutput", "CEGL", "TestFixtures"], exclude: ["Fixtures"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures"]),
        .testTarget(name: "GLFunKitTests", dependencies: ["GLFunKit", "GLES", "CEGL", "TestFixtures", "PixelAssertions"]),
        .testTarget(name: "GLFunTransitionsTests", dependencies: ["GLFunTransitions", "GLFunKit", "GLES", "CEGL", "PixelAssertions"]),
        .testTarget(name: "GLFunSVGTests", dependencies: ["GLFunSVG", "GLFunKit", "GLES", "PixelAssertions"]),
        .testTarget(name: "CLITests", dependencies: ["GLFunKit", "GLES", "TestFixtures"]),
        .testTarget(name: "GLFunHostTests", dependencies: ["GLFunHost"]),
        // Needs weston (scripts/setup): each suite starts a headless one of its own.
        .testTarget(name: "GLFunWaylandTests", dependencies: ["GLFunWayland", "CWayland", "GLFunHost"]),
        .testTarget(
            name: "SlideShowTests",
            dependencies: ["SlideShowApp", "GLFunPhotos", "GLFunHost", "GLFunKit", "GLFunUI", "GLES", "GLFunMovie",
                           "TestFixtures"]),
        .testTarget(name: "GLFunMovieTests", dependencies: ["GLFunMovie", "GLES", "TestFixtures"]),
        .testTarget(name: "GLFunPhotosTests", dependencies: ["GLFunPhotos", "GLES", "GLFunHost", "TestFixtures"]),
        .testTarget(
            name: "AppsTests",
            dependencies: ["DrawingApp", "TouchExplorerApp", "SwipesApp", "HappinessApp", "PlayerApp", "GLFunMovie", "FileOutput",
                           "GLFunHost", "GLFunUI", "GLFunKit", "GLES", "TestFixtures"]),
        .testTarget(
            name: "SoakTests",
            dependencies: ["Soak", "DrawingApp", "SlideShowApp", "GLFunHost", "GLFunUI", "GLFunKit", "GLES"]),
    ],
    swiftLanguageModes: [.v6]
)
