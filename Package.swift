// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GLFun",
    products: [
        // The layers, bottom up (DESIGN.md): GL, the renderer, gestures, the input/host layer,
        // what hosted apps draw with, the window host (any window system), X11 and Wayland windows.
        .library(name: "GLFunFileOutput", targets: ["GLFunFileOutput"]),
        // CPU pictures (decoders, colour, EXIF, animation, text rasterizing): no EGL, no GL.
        .library(name: "GLFunImages", targets: ["GLFunImages"]),
        .library(name: "GLFunGLES", targets: ["GLFunGLES"]),
        .library(name: "GLFunKit", targets: ["GLFunKit"]),
        .library(name: "GLFunGestures", targets: ["GLFunGestures"]),
        .library(name: "GLFunHost", targets: ["GLFunHost"]),
        .library(name: "GLFunUI", targets: ["GLFunUI"]),
        .library(name: "GLFunWindow", targets: ["GLFunWindow"]),
        .library(name: "GLFunX11", targets: ["GLFunX11"]),
        .library(name: "GLFunWayland", targets: ["GLFunWayland"]),
        // Above both windows: opens an app's window on the session's window system.
        .library(name: "GLFunWindowSystem", targets: ["GLFunWindowSystem"]),
        // Slide lists and photos decoded ahead of time for a slide show (no GL calls).
        .library(name: "GLFunPhotos", targets: ["GLFunPhotos"]),
        // Slides and the GL transitions between them (a slide show's drawing).
        .library(name: "GLFunTransitions", targets: ["GLFunTransitions"]),
        // Movies played by libmpv into a texture (its own product: only its users link libmpv).
        .library(name: "GLFunMovie", targets: ["GLFunMovie"]),
        // Static SVG read (libxml2) and drawn through GLFunKit's GraphicsContext.
        .library(name: "GLFunSVG", targets: ["GLFunSVG"]),
        // The apps, each hostable by any program.
        .library(name: "GLFunDrawingApp", targets: ["GLFunDrawingApp"]),
        .library(name: "GLFunTouchExplorerApp", targets: ["GLFunTouchExplorerApp"]),
        .library(name: "GLFunSwipesApp", targets: ["GLFunSwipesApp"]),
        .library(name: "GLFunSlideShowApp", targets: ["GLFunSlideShowApp"]),
        .library(name: "GLFunHappinessApp", targets: ["GLFunHappinessApp"]),
        .library(name: "GLFunPlayerApp", targets: ["GLFunPlayerApp"]),
        // 0.14.0's module names, kept for one release: each re-exports its GLFun-prefixed module.
        .library(name: "GLES", targets: ["GLES"]),
        .library(name: "Gestures", targets: ["Gestures"]),
        .library(name: "FileOutput", targets: ["FileOutput"]),
        .library(name: "DrawingApp", targets: ["DrawingApp"]),
        .library(name: "TouchExplorerApp", targets: ["TouchExplorerApp"]),
        .library(name: "SwipesApp", targets: ["SwipesApp"]),
        .library(name: "SlideShowApp", targets: ["SlideShowApp"]),
        .library(name: "HappinessApp", targets: ["HappinessApp"]),
        .library(name: "PlayerApp", targets: ["PlayerApp"]),
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
        // HarfBuzz, for GLFunImages' shaped text (ligatures, kerning, right-to-left runs).
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        // libmpv's headers only: GLFunMovie opens libmpv.so.2 itself (dlopen) at the first movie,
        // so programs that play none never load it (LibMPV.swift).
        .systemLibrary(
            name: "CMPV",
            providers: [.apt(["libmpv-dev"])]),
        // libxml2, for GLFunSVG only (no network, no external entities, bounded entity expansion);
        // zlib's inflate for gzip'd SVG (.svgz).
        .systemLibrary(
            name: "CGLFunXML", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev", "zlib1g-dev"])]),
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
        .target(name: "GLFunFileOutput"),
        // CPU pictures: every decoder, colour management, EXIF, animation, tiles' regions, text
        // rasterizing (FreeType, fontconfig). No EGL, no GL: what GLFunPhotos and the title bar link.
        .target(name: "GLFunImages", dependencies: ["GLFunFileOutput", "CPNG", "CJPEG", "CFreeType", "CHarfBuzz", "CLCMS2",
                                                    "CWebP", "CGIF", "CHEIF", "CAVIF"]),
        // EGL, contexts, shaders, textures (made from GLFunImages' pictures), framebuffers, GL calls.
        .target(name: "GLFunGLES", dependencies: ["GLFunImages", "CEGL", .product(name: "Logging", package: "swift-log")]),
        // The hand-written JSON writers' shared pieces (scene documents, event logs).
        .target(name: "GLFunJSONText"),
        // The shims of 0.14.0's names (CHANGELOG, 0.15.0): `import GLES` still builds.
        .target(name: "GLES", dependencies: ["GLFunGLES"], path: "Sources/Shims/GLES"),
        .target(name: "Gestures", dependencies: ["GLFunGestures"], path: "Sources/Shims/Gestures"),
        .target(name: "FileOutput", dependencies: ["GLFunFileOutput"], path: "Sources/Shims/FileOutput"),
        .target(name: "DrawingApp", dependencies: ["GLFunDrawingApp"], path: "Sources/Shims/DrawingApp"),
        .target(name: "TouchExplorerApp", dependencies: ["GLFunTouchExplorerApp"], path: "Sources/Shims/TouchExplorerApp"),
        .target(name: "SwipesApp", dependencies: ["GLFunSwipesApp"], path: "Sources/Shims/SwipesApp"),
        .target(name: "SlideShowApp", dependencies: ["GLFunSlideShowApp"], path: "Sources/Shims/SlideShowApp"),
        .target(name: "HappinessApp", dependencies: ["GLFunHappinessApp"], path: "Sources/Shims/HappinessApp"),
        .target(name: "PlayerApp", dependencies: ["GLFunPlayerApp"], path: "Sources/Shims/PlayerApp"),
        .target(name: "GLFunGestures"),
        .target(
            name: "GLFunKit", dependencies: ["GLFunFileOutput", "GLFunGLES", "GLFunJSONText"],
            plugins: ["EmbedShadersPlugin"]),
        .target(
            name: "GLFunTransitions", dependencies: ["GLFunGLES", "GLFunKit"],
            plugins: ["EmbedShadersPlugin"]),
        .target(name: "GLFunHost", dependencies: ["GLFunGestures", "GLFunJSONText"]),
        .target(name: "GLFunUI", dependencies: ["GLFunHost", "GLFunKit", "GLFunGLES"]),
        // The window host on any window system (WindowSystemWindow): no X, no Wayland.
        .target(name: "GLFunWindow", dependencies: ["GLFunFileOutput", "GLFunHost", "GLFunUI", "GLFunKit", "GLFunGLES",
                                                    .product(name: "Logging", package: "swift-log")]),
        .target(name: "GLFunX11", dependencies: ["CX11", "GLFunWindow", "GLFunHost", "GLFunKit", "GLFunGLES"]),
        .target(name: "GLFunWayland", dependencies: ["CWayland", "CWaylandProtocols", "GLFunWindow", "GLFunHost", "GLFunKit",
                                                     "GLFunGLES", "GLFunImages"]),
        // The window system for the session (WAYLAND_DISPLAY, DISPLAY, a forced choice), X11 the fallback.
        .target(name: "GLFunWindowSystem", dependencies: ["GLFunWindow", "GLFunX11", "GLFunWayland"]),
        .target(name: "GLFunPhotos", dependencies: ["GLFunImages"]),
        // SVG files: XML (libxml2), CSS and SVG's rules, drawn only through GLFunKit's GraphicsContext.
        .target(name: "GLFunSVG", dependencies: ["CGLFunXML", "GLFunKit", "GLFunImages", "GLFunGLES"]),
        .target(name: "GLFunMovie", dependencies: ["CMPV", "GLFunGLES", .product(name: "Logging", package: "swift-log")]),
        // scripts/bench/photos: decode times and resident memory of the photo pipeline.
        .executableTarget(name: "PhotoBench", dependencies: ["GLFunPhotos", "GLFunImages"]),

        // Apps: one folder each, hosted by GLFunX11 (a window) or GLFunUI's HeadlessHost (replay).
        .target(
            name: "GLFunDrawingApp", dependencies: ["GLFunFileOutput", "GLFunHost", "GLFunUI", "GLFunKit", "GLFunGLES", "GLFunGestures"],
            path: "Sources/Apps/Drawing"),
        .target(
            name: "GLFunTouchExplorerApp", dependencies: ["GLFunHost", "GLFunUI", "GLFunKit", "GLFunGestures"],
            path: "Sources/Apps/TouchExplorer"),
        .target(
            name: "GLFunSwipesApp", dependencies: ["GLFunHost", "GLFunUI", "GLFunKit", "GLFunGestures"],
            path: "Sources/Apps/Swipes"),
        .target(
            name: "GLFunHappinessApp", dependencies: ["GLFunHost", "GLFunUI", "GLFunKit", "GLFunGLES", "GLFunGestures"],
            path: "Sources/Apps/Happiness"),

        .target(
            name: "GLFunPlayerApp",
            dependencies: ["GLFunFileOutput", "GLFunHost", "GLFunUI", "GLFunKit", "GLFunGLES", "GLFunGestures", "GLFunMovie"],
            path: "Sources/Apps/Player"),
        .target(
            name: "GLFunSlideShowApp",
            dependencies: ["GLFunFileOutput", "GLFunHost", "GLFunUI", "GLFunKit", "GLFunGLES", "GLFunGestures", "GLFunPhotos",
                           "GLFunTransitions", "GLFunMovie", "GLFunSVG"],
            path: "Sources/Apps/SlideShow"),

        // Above the apps: drives one for a million frames on a generated script (`glfun soak`).
        .target(
            name: "GLFunSoak",
            dependencies: ["GLFunFileOutput", "GLFunHost", "GLFunUI", "GLFunKit", "GLFunGLES", "GLFunPhotos", "GLFunDrawingApp", "GLFunSlideShowApp"]),

        .executableTarget(
            name: "glfun",
            dependencies: [
                "GLFunFileOutput", "GLFunJSONText", "GLFunGLES", "GLFunKit", "GLFunGestures", "GLFunHost", "GLFunUI", "GLFunWindow", "GLFunWindowSystem",
                "GLFunTransitions", "GLFunSVG",
                "GLFunPhotos", "GLFunMovie", "GLFunDrawingApp", "GLFunTouchExplorerApp", "GLFunSwipesApp", "GLFunSlideShowApp", "GLFunHappinessApp",
                "GLFunPlayerApp", "GLFunSoak",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Bytes the suites build by hand (PNG files libpng would never write), and clips ffmpeg makes.
        .target(name: "TestFixtures", dependencies: ["GLFunImages"], path: "Tests/TestFixtures"),
        // Pixel assertions and hostile GL state the GL suites share (test code only).
        .target(name: "PixelAssertions", dependencies: ["GLFunGLES", "GLFunKit", "CEGL", "TestFixtures"], path: "Tests/PixelAssertions"),
        .testTarget(name: "GLFunFileOutputTests", dependencies: ["GLFunFileOutput"]),
        .testTarget(name: "GLFunImagesTests", dependencies: ["GLFunImages", "GLFunFileOutput", "TestFixtures"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "GLFunGLESTests", dependencies: ["GLFunGLES", "GLFunFileOutput", "CEGL", "TestFixtures"]),
        .testTarget(name: "GLFunGesturesTests", dependencies: ["GLFunGestures"]),
        .testTarget(name: "GLFunKitTests", dependencies: ["GLFunKit", "GLFunImages", "GLFunGLES", "CEGL", "TestFixtures", "PixelAssertions"]),
        .testTarget(name: "GLFunTransitionsTests", dependencies: ["GLFunTransitions", "GLFunKit", "GLFunGLES", "CEGL", "PixelAssertions"]),
        .testTarget(name: "GLFunSVGTests", dependencies: ["GLFunSVG", "GLFunKit", "GLFunGLES", "GLFunImages", "PixelAssertions", "TestFixtures"]),
        .testTarget(name: "CLITests", dependencies: ["GLFunKit", "GLFunGLES", "TestFixtures", "glfun"]),
        .testTarget(name: "GLFunHostTests", dependencies: ["GLFunHost"]),
        // WindowHost on an in-memory window (a test double of WindowSystemWindow: no display).
        .testTarget(name: "GLFunWindowTests", dependencies: ["GLFunWindow", "GLFunHost", "GLFunUI", "GLFunKit", "GLFunGLES"]),
        // Needs weston (scripts/setup): each suite starts a headless one of its own.
        .testTarget(name: "GLFunWaylandTests", dependencies: ["GLFunWayland", "CWayland", "GLFunHost"]),
        .testTarget(
            name: "SlideShowTests",
            dependencies: ["GLFunSlideShowApp", "GLFunPhotos", "GLFunHost", "GLFunKit", "GLFunUI", "GLFunGLES", "GLFunMovie",
                           "GLFunSVG", "TestFixtures"]),
        .testTarget(name: "GLFunMovieTests", dependencies: ["GLFunMovie", "GLFunGLES", "TestFixtures"]),
        .testTarget(name: "GLFunPhotosTests", dependencies: ["GLFunPhotos", "GLFunImages", "GLFunHost", "TestFixtures"]),
        .testTarget(
            name: "AppsTests",
            dependencies: ["GLFunDrawingApp", "GLFunTouchExplorerApp", "GLFunSwipesApp", "GLFunHappinessApp", "GLFunPlayerApp", "GLFunMovie", "GLFunFileOutput",
                           "GLFunHost", "GLFunUI", "GLFunKit", "GLFunGLES", "TestFixtures"]),
        .testTarget(
            name: "GLFunSoakTests",
            dependencies: ["GLFunSoak", "GLFunDrawingApp", "GLFunSlideShowApp", "GLFunHost", "GLFunUI", "GLFunKit", "GLFunGLES"]),
    ],
    swiftLanguageModes: [.v6]
)
