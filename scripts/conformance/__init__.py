"""scripts/conformance/resvg's parts: SVG to scene (svg, style, geometry, colors), the judge (judge)."""
