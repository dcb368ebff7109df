import Foundation

// A colour space stated by code points (ITU-T H.273, "CICP"): what an AVIF's or HEIF's nclx colr
// box says, or the AV1 sequence header when there is no box. Converted like an ICC profile: an
// RGB profile built from the primaries, the white point and the transfer curve, then Little
// CMS to sRGB (ColorManagement.swift). The matrix coefficients and the range are the YUV
// decoder's business (libavif, libheif) and are not seen here.
//
// Transfer curves, sample to linear light:
// - sRGB (13), unspecified, and the BT.709 family (1 BT.709, 6 BT.601, 7 SMPTE 240M, 11, 12,
//   14 and 15 BT.2020): sRGB's curve, as Chrome does. These are camera curves (OETFs), meant
//   to be shown through a display's gamma (BT.1886), not inverted; taking them as sRGB keeps
//   video-made pictures as every browser shows them, and keeps their stored values.
// - 4: gamma 2.2, 5: gamma 2.8, 8: linear, 17 (SMPTE 428): gamma 2.6.
// - 16, PQ (SMPTE ST 2084): absolute luminance, tone-mapped to SDR (`toneMapped`), 203 cd/m2
//   (BT.2408's HDR reference white) being 1.0 before the knee.
// - 18, HLG: BT.2100's inverse OETF, then its reference OOTF for a 1000 cd/m2 display (gamma
//   1.2), applied per channel (exact for grays: the OOTF scales by the luminance, which a
//   per-channel curve cannot see), then the same tone map as PQ.
// - 9, 10 (logarithmic): left as sRGB.
// Primaries: 1 (BT.709, sRGB's) and 2 (unspecified) are sRGB's; 4, 5, 6, 7, 8, 9 (BT.2020),
// 11 (DCI-P3, its own white), 12 (Display P3), 22 are converted; 10 (XYZ) and unknown are taken
// as sRGB's. sRGB's primaries with an sRGB-like curve keep their stored values bit for bit.

/// CICP colour primaries and transfer characteristics (H.273 code points).
struct CICP: Equatable {
    var primaries: Int
    var transfer: Int

    /// White x, y, then red, green and blue x, y; nil for sRGB's (BT.709, D65), unspecified
    /// and code points not converted.
    var chromaticities: [Double]? {
        let d65 = [0.3127, 0.3290], illuminantC = [0.310, 0.316]
        switch primaries {
        case 4: return illuminantC + [0.67, 0.33, 0.21, 0.71, 0.14, 0.08]
        case 5: return d65 + [0.64, 0.33, 0.29, 0.60, 0.15, 0.06]
        case 6, 7: return d65 + [0.630, 0.340, 0.310, 0.595, 0.155, 0.070]
        case 8: return illuminantC + [0.681, 0.319, 0.243, 0.692, 0.145, 0.049]
        case 9: return d65 + [0.708, 0.292, 0.170, 0.797, 0.131, 0.046]
        case 11: return [0.314, 0.351] + [0.680, 0.320, 0.265, 0.690, 0.150, 0.060]
        case 12: return d65 + [0.680, 0.320, 0.265, 0.690, 0.150, 0.060]
        case 22: return d65 + [0.630, 0.340, 0.295, 0.605, 0.155, 0.077]
        default: return nil
        }
    }

    /// The transfer curve as a function of a sample (0...1) to linear light (0...1, SDR white
    /// 1); nil for sRGB's curve (and the curves taken as it).
    var curve: ((Double) -> Double)? {
        switch transfer {
        case 4: return { pow($0, 2.2) }
        case 5: return { pow($0, 2.8) }
        case 8: return { $0 }
        case 17: return { pow($0, 2.6) }
        case 16: return { CICP.toneMapped(CICP.pqLuminance($0)) }
        case 18: return { CICP.toneMapped(1000 * pow(CICP.hlgSceneLight($0), 1.2)) }
        default: return nil
        }
    }

    /// Whether the stored values are sRGB already (nothing to convert).
    var isSRGB: Bool { chromaticities == nil && curve == nil }

    /// `curve` sampled at `count` evenly spaced samples (sRGB's curve where `curve` is nil).
    func table(count: Int = 4096) -> [Float] {
        let f = curve ?? { v in v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        return (0..<count).map { Float(min(1, max(0, f(Double($0) / Double(count - 1))))) }
    }

    /// SMPTE ST 2084's EOTF: a PQ sample to absolute luminance in cd/m2 (0...10000).
    static func pqLuminance(_ v: Double) -> Double {
        let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128
        let c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
        let p = pow(max(0, v), 1 / m2)
        return 10000 * pow(max(0, p - c1) / (c2 - c3 * p), 1 / m1)
    }

    /// BT.2100's HLG inverse OETF: a sample to relative scene light (0...1).
    static func hlgSceneLight(_ v: Double) -> Double {
        let a = 0.17883277, b = 1 - 4 * a, c = 0.5 - a * log(4 * a)
        return v <= 0.5 ? v * v / 3 : (exp((v - c) / a) + b) / 12
    }

    /// HDR reference white (BT.2408): the luminance shown as SDR's 1.0 before the knee.
    static let referenceWhite = 203.0
    /// Where the knee starts, in SDR linear light: below it luminance / 203 is kept as is.
    static let knee = 0.75

    /// Luminance (cd/m2) to SDR linear light (0...1): L / 203 up to the knee (0.75), above it the
    /// rest compressed by an extended Reinhard curve whose white is PQ's 10000 cd/m2, so that
    /// every luminance stays apart and none is clipped. 203 cd/m2 comes out at 0.875 (sRGB 240).
    static func toneMapped(_ luminance: Double) -> Double {
        let x = max(0, luminance) / referenceWhite
        guard x > knee else { return x }
        let t = (x - knee) / (1 - knee), w = (10000 / referenceWhite - knee) / (1 - knee)
        return min(1, knee + (1 - knee) * t * (1 + t / (w * w)) / (1 + t))
    }
}
