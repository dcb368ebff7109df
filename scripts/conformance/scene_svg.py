"""A converted scene written back as SVG, for `--via-resvg`: resvg drawing the very paths glfun
is given. What then passes through resvg but fails through glfun is glfun's doing, not the
converter's."""


def _color(c):
    return "rgb(%g,%g,%g)" % tuple(round(v * 255, 3) for v in c[:3]), c[3]


def scene_svg(scene):
    w, h = scene["width"], scene["height"]
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g">'
           % (w, h, w, h)]
    bg = scene["background"]
    if bg[3] > 0:
        out.append('<rect width="%g" height="%g" fill="%s" fill-opacity="%g"/>' % ((w, h) + _color(bg)))
    for s in scene["shapes"]:
        a = ['d="%s"' % s["d"]]
        if "fill" in s:
            a.append('fill="%s" fill-opacity="%g" fill-rule="%s"' % (_color(s["fill"]) + (s.get("rule", "nonzero"),)))
        else:
            a.append('fill="none"')
        if "stroke" in s:
            a.append('stroke="%s" stroke-opacity="%g"' % _color(s["stroke"]))
            a.append('stroke-width="%g" stroke-linejoin="%s" stroke-linecap="%s" stroke-miterlimit="%g"'
                     % (s["width"], s.get("join", "miter"), s.get("cap", "butt"), s.get("miterLimit", 4)))
        out.append("<path %s/>" % " ".join(a))
    out.append("</svg>\n")
    return "\n".join(out)
