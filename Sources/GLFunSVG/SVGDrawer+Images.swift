import Foundation
import GLFunGLES
import GLFunKit

/// `<image>`: a raster picture (PNG, JPEG, WebP, GIF's first frame: GLFunImages' decoders and
/// their limits) painted as an `ImagePattern` of its pixels over its viewport, or an SVG drawn
/// as a nested document. The picture comes from a `data:` URL (base64 or plain) or a relative
/// path read from `baseDirectory` (only files in it or below it: an absolute path, a `..` or
/// another scheme is warned and not read; there is no network). x, y, width, height (auto or
/// missing: the picture's own size, the other side kept in proportion), preserveAspectRatio
/// (meet, slice, none; slice is cut to the viewport), image-rendering (optimizeSpeed,
/// pixelated, crisp-edges: nearest; else linear). What cannot be read or decoded is warned
/// (`.image`) and draws nothing.
extension SVGDrawer {
    /// Most bytes an image's file or data may have.
    static let maxImageBytes = 64 << 20

    mutating func image(_ n: SVGNode, _ p: SVGProperties, _ vp: Viewport, _ opacity: Float) throws(SVGError) {
        guard p.visible, let href = n.attributes["href"]?.trimmingWhitespace(), !href.isEmpty else { return }
        if !href.lowercased().hasPrefix("data:") && !Self.plainRelative(href),
           !Self.inside(allowedDirectory, path: (baseDirectory ?? ".") + "/" + href, href: href) || baseDirectory == nil {
            report(.externalReference, n)
            return
        }
        guard let raw = imageBytes(href), let bytes = try? SVGGzip.inflatedIfGzip(raw) else { report(.image, n); return }
        func len(_ name: String, _ ref: Double) -> Double? {
            guard let t = n.attributes[name], t != "auto", let l = SVGLength(t) else { return nil }
            return l.resolved(reference: ref, fontSize: p.fontSize)
        }
        let x = len("x", vp.width) ?? 0, y = len("y", vp.height) ?? 0
        let aspect = n.attributes["preserveAspectRatio"]
        if SVGDocument.sniff(bytes) {
            guard imageDepth < SVGLimits.maxImageDepth, var doc = try? SVGDocument(bytes: bytes) else {
                report(.image, n)
                return
            }
            doc.imageDepth = imageDepth + 1
            doc.baseDirectory = nil  // an image's SVG reads data: URLs only
            guard let (w, h) = size(len("width", vp.width), len("height", vp.height), doc.width, doc.height) else { return }
            let place = SVGViewBox.box(doc.width, doc.height).transform(toWidth: w, height: h, aspect: aspect)
            ctx.save()
            defer { ctx.restore() }
            ctx.translate(x, y)
            let viewportRect = Path.polyline([Point(0, 0), Point(Float(w), 0), Point(Float(w), Float(h)), Point(0, Float(h))],
                                             closed: true)
            ctx.beginLayer(opacity: min(max(opacity, 0), 1), clip: viewportRect)
            defer { ctx.endLayer() }
            ctx.concatenate(place)
            do { try doc.draw(into: &ctx, scale: Float(deviceScale)) } catch { report(.image, n) }
            return
        }
        guard let picture = try? Image(data: bytes) else { report(.image, n); return }
        guard let (w, h) = size(len("width", vp.width), len("height", vp.height), Double(picture.width),
                                Double(picture.height)) else { return }
        let place = SVGViewBox.box(Double(picture.width), Double(picture.height)).transform(toWidth: w, height: h, aspect: aspect)
        // The picture's rect in the viewport, cut to it (slice).
        let x0 = max(place.tx, 0), y0 = max(place.ty, 0)
        let x1 = min(place.tx + place.a * Double(picture.width), w), y1 = min(place.ty + place.d * Double(picture.height), h)
        guard x1 > x0, y1 > y0 else { return }
        let rect = Path.polyline([Point(Float(x0), Float(y0)), Point(Float(x1), Float(y0)), Point(Float(x1), Float(y1)),
                                  Point(Float(x0), Float(y1))], closed: true)
        let rendering = (n.declared["image-rendering"] ?? n.attributes["image-rendering"] ?? "").trimmingWhitespace()
        let nearest = ["optimizeSpeed", "pixelated", "crisp-edges", "-moz-crisp-edges"].contains(rendering)
        let pattern = ImagePattern(.pixels(width: picture.width, height: picture.height, rgba: Self.premultiplied(picture.pixels)),
                                   transform: place, repetition: .pad, sampling: nearest ? .nearest : .cubic,
                                   opacity: opacity)
        ctx.save()
        defer { ctx.restore() }
        ctx.translate(x, y)
        ctx.fill(rect, paint: .pattern(pattern), rule: .nonzero)
    }

    /// The width and height drawn: given, or the picture's own, one side from the other in proportion.
    private func size(_ w: Double?, _ h: Double?, _ iw: Double, _ ih: Double) -> (Double, Double)? {
        guard iw > 0, ih > 0 else { return nil }
        let width: Double, height: Double
        switch (w, h) {
        case let (w?, h?): (width, height) = (w, h)
        case let (w?, nil): (width, height) = (w, w * ih / iw)
        case let (nil, h?): (width, height) = (h * iw / ih, h)
        case (nil, nil): (width, height) = (iw, ih)
        }
        guard width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
        return (width, height)
    }

    /// The bytes `href` names: a data: URL's, or a relative file's below `baseDirectory`; nil
    /// when refused or unreadable.
    private func imageBytes(_ href: String) -> [UInt8]? {
        if href.lowercased().hasPrefix("data:") {
            guard let comma = href.firstIndex(of: ",") else { return nil }
            let header = href[href.index(href.startIndex, offsetBy: 5)..<comma].lowercased()
            let body = String(href[href.index(after: comma)...])
            guard body.utf8.count <= Self.maxImageBytes * 2 else { return nil }
            if header.hasSuffix(";base64") {
                return Data(base64Encoded: body, options: .ignoreUnknownCharacters).map { [UInt8]($0) }
            }
            return Array((body.removingPercentEncoding ?? body).utf8)
        }
        guard let base = baseDirectory else { return nil }
        let path = (base.isEmpty ? "." : base) + "/" + href
        guard Self.plainRelative(href) || Self.inside(allowedDirectory, path: path, href: href) else { return nil }
        guard let attrs = try? FileManager.default.attributesOfItem(atPath: path),
              (attrs[.type] as? FileAttributeType) == .typeRegular,
              let size = attrs[.size] as? Int, size <= Self.maxImageBytes,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        return [UInt8](data)
    }

    /// Only a plain relative path: no scheme, no absolute path, no step up.
    static func plainRelative(_ href: String) -> Bool {
        let parts = href.split(separator: "/", omittingEmptySubsequences: false)
        return !href.hasPrefix("/") && !href.contains(":") && !href.contains("\\") && !parts.contains { $0 == ".." }
    }

    /// A relative path (no scheme, not absolute) that reaches, its `..` and symbolic links
    /// resolved, a file inside `folder`.
    static func inside(_ folder: String?, path: String, href: String) -> Bool {
        guard let folder, !href.hasPrefix("/"), !href.contains(":"), !href.contains("\\") else { return false }
        let root = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
        let target = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        return target.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// Straight RGBA8 as premultiplied.
    static func premultiplied(_ straight: [UInt8]) -> [UInt8] {
        var out = straight
        var i = 0
        while i + 3 < out.count {
            let a = UInt32(out[i + 3])
            if a < 255 {
                for k in 0..<3 { out[i + k] = UInt8((UInt32(out[i + k]) * a + 127) / 255) }
            }
            i += 4
        }
        return out
    }
}

extension SVGViewBox {
    /// The box (0, 0, w, h): a picture's own size as a viewBox.
    static func box(_ w: Double, _ h: Double) -> SVGViewBox {
        SVGViewBox("0 0 \(w) \(h)")!
    }
}
