"""peer_blend2d_batch.py SCENE.json... --out DIR: Blend2D (blend2d-python, one thread) drawing
bench kit scenes one after the other in this one Python process, each written as DIR/<name>.png
(Blend2D's own PNG encoder): the batch peer of `glfun render --output-dir`. Each scene is read,
prepared (peer_blend2d.make_blend2d: its canvas, sprite decoded, shapes built), drawn once and
written; prints the wall seconds and scenes a second. Needs the bench venv (scripts/bench/run)."""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peer_scene import load_scene  # noqa: E402
from peer_blend2d import make_blend2d  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenes", nargs="+")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    t0 = time.perf_counter()
    for path in args.scenes:
        frame, save = make_blend2d(load_scene(path, antialias=True))
        frame()
        save(os.path.join(args.out, os.path.splitext(os.path.basename(path))[0] + ".png"))
    s = time.perf_counter() - t0
    print("blend2d batch: %d scenes in %.2f s, %.0f scenes/s" % (len(args.scenes), s, len(args.scenes) / s))


if __name__ == "__main__":
    main()
