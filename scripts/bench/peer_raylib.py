"""The raylib drawer of the bench peers (scripts/bench/peers.py): the scene prepared once in
the form the library wants, and a frame that draws it."""
import os

from peer_scene import box, sprite_origin, Unsupported


def make_raylib(sc):
    if sc["aa"] or sc["has_paths"]:
        raise Unsupported("raylib's shapes have neither antialiasing nor a path stroker")
    import ctypes

    import raylib
    from raylib import ffi, rl

    W, H = sc["width"], sc["height"]
    if not rl.IsWindowReady():  # one window (GL context) for every scene of the run
        # No display: GLFW's null platform, with an OSMesa context (see the top of this file).
        if not os.environ.get("DISPLAY") and rl.glfwPlatformSupported(raylib.GLFW_PLATFORM_NULL):
            rl.glfwInitHint(raylib.GLFW_PLATFORM, raylib.GLFW_PLATFORM_NULL)
        rl.SetTraceLogLevel(raylib.LOG_WARNING)
        rl.SetConfigFlags(raylib.FLAG_WINDOW_HIDDEN)
        rl.InitWindow(W, H, b"bench-peers")
        if not rl.IsWindowReady():
            raise RuntimeError("raylib: no GL context (no DISPLAY, and GLFW's null platform needs libosmesa6)")
    target = rl.LoadRenderTexture(W, H)
    finish = ctypes.CFUNCTYPE(None)(int(ffi.cast("uintptr_t", rl.glfwGetProcAddress(b"glFinish"))))

    def color(c):
        return ffi.new("Color *", tuple(int(round(v * 255)) for v in c))[0]

    def vec(p):
        return ffi.new("Vector2 *", (float(p[0]), float(p[1])))[0]

    bg = color(sc["background"])
    white = color([1, 1, 1, 1])
    textures = {}
    ops = []
    for s in sc["shapes"]:
        t = s["type"]
        if t == "image":
            name = s["image"]
            if name not in textures:
                textures[name] = rl.LoadTexture(os.path.join(sc["dir"], name).encode())
            tex = textures[name]
            x, y = sprite_origin(s, tex.width, tex.height)
            ops.append((rl.DrawTexture, (tex, int(x), int(y), white)))  # BLEND_ALPHA: src-over
            continue
        c = color(s["color"])
        x0, y0, x1, y1 = box(s)
        if t == "line":
            ops.append((rl.DrawLineEx, (vec(s["from"]), vec(s["to"]), float(s.get("width", 2)), c)))
        elif t == "rect":
            ops.append((rl.DrawRectangle, (int(x0), int(y0), int(x1 - x0), int(y1 - y0), c)))
        elif t == "ellipse":
            ops.append((rl.DrawEllipseV, (vec(((x0 + x1) / 2.0, (y0 + y1) / 2.0)), (x1 - x0) / 2.0, (y1 - y0) / 2.0, c)))
        else:
            raise ValueError("unknown shape type %r" % t)

    def frame():
        rl.BeginTextureMode(target)
        rl.ClearBackground(bg)
        for f, a in ops:
            f(*a)
        rl.EndTextureMode()  # draws the batch
        finish()

    def save(path):
        image = rl.LoadImageFromTexture(target.texture)
        rl.ImageFlipVertical(ffi.addressof(image))  # GL's rows are bottom-up
        rl.ExportImage(image, path.encode())
        rl.UnloadImage(image)

    return frame, save
