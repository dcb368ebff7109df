/// The commands of SVG path data (`Path(svgData:)`), read one after another by
/// `PathDataReader`.
extension PathDataReader {
    mutating func read() throws(PathDataError) -> Path {
        guard bytes.count <= Path.maxSVGDataBytes else {
            throw error(.tooLong(limit: Path.maxSVGDataBytes), at: Path.maxSVGDataBytes)
        }
        skipSpace()
        guard i < bytes.count else { return path }
        guard bytes[i] == 0x4D || bytes[i] == 0x6D else {
            throw error(.missingMoveTo, at: i)
        }
        var command: UInt8 = 0
        while true {
            skipSpace()
            guard i < bytes.count else { break }
            if atNumber() && command != 0 {
                // The command again; after M or m, its line form.
                if command == 0x4D { command = 0x4C } else if command == 0x6D { command = 0x6C }
            } else {
                let c = bytes[i]
                guard Self.commandLetters.contains(c) else { throw error(.unexpectedCharacter(" "), at: i) }
                command = c
                i += 1
                skipSpace()
                if c == 0x5A || c == 0x7A {
                    path.close()
                    current = start
                    lastCubicControl = nil; lastQuadControl = nil
                    command = 0  // Z takes no numbers: what follows must be a command
                    continue
                }
            }
            try one(command)
            // A comma after a command's numbers must be followed by more of them.
            if skipSeparator(), !atNumber() { throw error(.expectedNumber, at: i) }
        }
        return path
    }

    static let commandLetters: Set<UInt8> = Set("MmLlHhVvCcSsQqTtAaZz".utf8)

    /// One command's numbers and what they draw.
    mutating func one(_ c: UInt8) throws(PathDataError) {
        let relative = c >= 0x61
        var cubicControl: Point?, quadControl: Point?
        switch c | 0x20 {
        case 0x6D:  // m
            let p = try point(relative)
            path.move(to: p)
            current = p; start = p
        case 0x6C:  // l
            let p = try point(relative)
            path.line(to: p)
            current = p
        case 0x68, 0x76:  // h, v
            let at = i
            let v = try number()
            let horizontal = c | 0x20 == 0x68
            let base = Double(horizontal ? current.x : current.y)
            let n = relative ? base + v : v
            let p = try horizontal ? checked(n, Double(current.y), at: at) : checked(Double(current.x), n, at: at)
            path.line(to: p)
            current = p
        case 0x63:  // c
            let c1 = try point(relative)
            _ = skipSeparator()
            let c2 = try point(relative)
            _ = skipSeparator()
            let p = try point(relative)
            path.cubic(to: p, control1: c1, control2: c2)
            current = p; cubicControl = c2
        case 0x73:  // s
            let c1 = reflect(lastCubicControl)
            let c2 = try point(relative)
            _ = skipSeparator()
            let p = try point(relative)
            path.cubic(to: p, control1: c1, control2: c2)
            current = p; cubicControl = c2
        case 0x71:  // q
            let q = try point(relative)
            _ = skipSeparator()
            let p = try point(relative)
            path.quad(to: p, control: q)
            current = p; quadControl = q
        case 0x74:  // t
            let q = reflect(lastQuadControl)
            let p = try point(relative)
            path.quad(to: p, control: q)
            current = p; quadControl = q
        default:  // a
            let rx = try number()
            _ = skipSeparator()
            let ry = try number()
            _ = skipSeparator()
            let rotation = try number()
            _ = skipSeparator()
            let large = try flag()
            _ = skipSeparator()
            let sweep = try flag()
            _ = skipSeparator()
            let p = try point(relative)
            path.appendSVGArc(from: current, to: p, rx: rx, ry: ry, rotation: rotation, largeArc: large, sweep: sweep)
            current = p
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    /// The control point mirrored through the current point (the current point if none).
    func reflect(_ control: Point?) -> Point {
        guard let c = control else { return current }
        let m = Scene.maxCoordinate
        let x = 2 * current.x - c.x, y = 2 * current.y - c.y
        return Point(min(max(x, -m), m), min(max(y, -m), m))
    }
}
