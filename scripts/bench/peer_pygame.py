"""The pygame drawer of the bench peers (scripts/bench/peers.py): the scene prepared once in
the form the library wants, and a frame that draws it."""
import os

from peer_scene import box, sprite_origin, Unsupported


def make_pygame(sc):
    if sc["aa"] or sc["has_paths"]:
        raise Unsupported("pygame.draw has neither antialiased fills nor a path stroker")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    pygame.display.set_mode((1, 1))  # only so convert_alpha() can pick the fast blit format
    W, H = sc["width"], sc["height"]
    target = pygame.Surface((W, H), 0, 32)
    draw = pygame.draw

    def rgb(c):
        return target.map_rgb(tuple(int(round(v * 255)) for v in c[:3]))

    bg = rgb(sc["background"])
    images = {}
    ops = []
    for s in sc["shapes"]:
        t = s["type"]
        if t == "image":
            name = s["image"]
            if name not in images:
                images[name] = pygame.image.load(os.path.join(sc["dir"], name)).convert_alpha()
            img = images[name]
            x, y = sprite_origin(s, img.get_width(), img.get_height())
            ops.append((target.blit, (img, (int(x), int(y)))))  # per-pixel alpha: src-over
            continue
        if s["color"][3] < 1.0:
            # pygame.draw writes the colour, it does not blend; gen_scene.py's fills are opaque
            raise ValueError("pygame.draw cannot blend a translucent fill")
        c = rgb(s["color"])
        if t == "line":
            ops.append((draw.line, (target, c, tuple(s["from"]), tuple(s["to"]), int(s.get("width", 2)))))
        elif t in ("rect", "ellipse"):
            x0, y0, x1, y1 = box(s)
            r = pygame.Rect(x0, y0, x1 - x0, y1 - y0)
            ops.append((draw.rect if t == "rect" else draw.ellipse, (target, c, r)))
        else:
            raise ValueError("unknown shape type %r" % t)

    def frame():
        target.fill(bg)
        for f, a in ops:
            f(*a)

    def save(path):
        pygame.image.save(target, path)

    return frame, save


# --- pycairo -------------------------------------------------------------------------------
