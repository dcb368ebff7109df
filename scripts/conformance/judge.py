"""Is a render the reference? Both PNGs composited over white (so straight or premultiplied
alpha, and a transparent background, are judged as seen on a page), then per pixel:

- where the reference is flat (its 3x3 neighbourhood spans at most T in every channel), the
  pixel must be within T of it in every channel, or it is an *interior* failure;
- beside an edge (the neighbourhood spans more), it must lie within the range the reference
  takes when its edge moves up to SHIFT pixels (the pixel blended SHIFT of the way to its
  neighbourhood's minimum and maximum), widened by E for antialiasing filters that differ
  (resvg's exact area against a distance ramp), or it is an *edge* failure.

A test passes when no interior pixel fails and at most K edge pixels do. The defaults come
from the suite (scripts/conformance/resvg on shapes, painting and structure, 338 tests
expressible then, white background): T 0/1/2/4 passed 204/218/220/222 tests (SHIFT 0.5, no E), so 2 (an 8-bit
blend); E 16/24/32/48 passed 247/263/265/304: 24 keeps the 45-degree stroke edges a distance
ramp shades 15-25 lighter and still fails a fill edge half a pixel fat (off by 96-128); SHIFT 1
(any value between a pixel's neighbours) passed 333, hiding those fat edges. K 8 passes the
frame's corners and a cap's last pixels, which differ on 1-8 pixels a test."""

from PIL import Image, ImageChops, ImageFilter

T = 2        # channel tolerance, in 1/255
K = 8        # edge pixels allowed to fail
SHIFT = 0.5  # how far an edge may lie from the reference's, in pixels
E = 24       # beside an edge, how far past that range (antialiasing filters differ), in 1/255


def on_white(path):
    im = Image.open(path)
    im.load()
    im = im.convert("RGBA")
    white = Image.new("RGBA", im.size, (255, 255, 255, 255))
    return Image.alpha_composite(white, im).convert("RGB")


def _max_channel(im):
    r, g, b = im.split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b)


def _mask(gray, above):
    return gray.point(lambda v: 255 if v > above else 0)


class Verdict:
    def __init__(self, passed, reason="", interior=0, edge=0, max_diff=0, box=None, worst=None):
        self.passed, self.reason = passed, reason
        self.interior, self.edge, self.max_diff, self.box, self.worst = interior, edge, max_diff, box, worst

    def as_dict(self):
        return {"passed": self.passed, "reason": self.reason, "interior_failures": self.interior,
                "edge_failures": self.edge, "max_diff": self.max_diff,
                "box": list(self.box) if self.box else None,
                "worst_pixel": list(self.worst) if self.worst else None}


def judge(ours_path, ref_path, tolerance=T, edge_budget=K, diff_path=None, shift=SHIFT, edge_tolerance=E):
    ours, ref = on_white(ours_path), on_white(ref_path)
    if ours.size != ref.size:
        return Verdict(False, "size %dx%d, reference %dx%d" % (ours.size + ref.size))
    diff = _max_channel(ImageChops.difference(ours, ref))
    max_diff = diff.getextrema()[1]
    if max_diff <= tolerance:
        return Verdict(True, max_diff=max_diff)
    lo3, hi3 = ref.filter(ImageFilter.MinFilter(3)), ref.filter(ImageFilter.MaxFilter(3))
    lo, hi = Image.blend(ref, lo3, shift), Image.blend(ref, hi3, shift)
    outside = _max_channel(ImageChops.lighter(ImageChops.subtract(lo, ours), ImageChops.subtract(ours, hi)))
    edgy = _mask(_max_channel(ImageChops.subtract(hi3, lo3)), tolerance)
    interior_fail = ImageChops.subtract(_mask(diff, tolerance), edgy)
    edge_fail = ImageChops.multiply(edgy, _mask(outside, edge_tolerance))
    failing = ImageChops.lighter(interior_fail, edge_fail)
    n_edge = edge_fail.histogram()[255]
    n_interior = interior_fail.histogram()[255]
    box = failing.getbbox()
    worst, top = None, 0
    if box:
        masked = ImageChops.multiply(diff, failing)
        top = masked.getextrema()[1]
        data = masked.crop(box)
        w = box[2] - box[0]
        for i, v in enumerate(data.getdata()):
            if v == top:
                x, y = box[0] + i % w, box[1] + i // w
                worst = (x, y, list(ours.getpixel((x, y))), list(ref.getpixel((x, y))))
                break
    darker = ImageChops.multiply(failing, _mask(_max_channel(ImageChops.subtract(ref, ours)), tolerance))
    n_darker = darker.histogram()[255]
    passed = n_interior == 0 and n_edge <= edge_budget
    if not box:
        return Verdict(True, max_diff=max_diff)
    reason = "" if passed else "%d interior and %d edge pixels differ (max %d/255) in x %d..%d, y %d..%d" % (
        n_interior, n_edge, top, box[0], box[2] - 1, box[1], box[3] - 1)
    reason += " (%d darker, %d lighter than the reference)" % (n_darker, n_interior + n_edge - n_darker)
    if worst and not passed:
        reason += "; worst at (%d, %d): ours %s, reference %s" % (worst[0], worst[1], tuple(worst[2]), tuple(worst[3]))
    if diff_path and not passed:
        _diff_picture(ref, interior_fail, edge_fail).save(diff_path)
    return Verdict(passed, reason, n_interior, n_edge, max_diff, box, worst)


def _diff_picture(ref, interior, edge):
    """The reference faded, interior failures red, edge failures orange."""
    base = Image.blend(ref, Image.new("RGB", ref.size, (255, 255, 255)), 0.7)
    base.paste((255, 140, 0), mask=edge)
    base.paste((255, 0, 0), mask=interior)
    return base
