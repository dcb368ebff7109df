internal import CMPV
import GLFunGLES

/// libmpv's render API in one GL context (mpv_render_context, MPV_RENDER_API_TYPE_OPENGL on
/// GLES 2): made with the context current, it draws the newest frame into a `Framebuffer` of
/// ours. libmpv changes GL state freely while it draws, so every call is wrapped in a
/// `GLStateSnapshot` taken before and restored after: the caller's state (framebuffer binding
/// included) is as it was.
final class MovieRenderContext {
    private let render: OpaquePointer
    let context: Context
    private let signal: WakeSignal
    private let lib: LibMPV

    init(core: MPVCore, context: Context, signal: WakeSignal) throws(MovieError) {
        context.requireCurrent("Movie")
        self.context = context
        self.signal = signal
        let lib = core.lib
        self.lib = lib
        var made: OpaquePointer?
        let saved = GLStateSnapshot.take()
        let r: Int32 = "opengl".withCString { api in
            var gl = mpv_opengl_init_params(
                get_proc_address: { _, name in
                    guard let name else { return nil }
                    return MovieRenderContext.procAddress(String(cString: name))
                },
                get_proc_address_ctx: nil)
            return withUnsafeMutablePointer(to: &gl) { glp in
                var params = [
                    mpv_render_param(type: MPV_RENDER_PARAM_API_TYPE, data: UnsafeMutableRawPointer(mutating: api)),
                    mpv_render_param(type: MPV_RENDER_PARAM_OPENGL_INIT_PARAMS, data: UnsafeMutableRawPointer(glp)),
                    mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
                ]
                return lib.renderCreate(&made, core.handle, &params)
            }
        }
        saved.restore()
        guard r >= 0, let made else {
            throw MovieError(.render, path: core.path, reason: "libmpv cannot draw in this GL context: \(MPVCore.errorString(r))")
        }
        render = made
        lib.renderSetUpdateCallback(render, { ctx in
            guard let ctx else { return }
            Unmanaged<WakeSignal>.fromOpaque(ctx).takeUnretainedValue().fire()
        }, Unmanaged.passUnretained(signal).toOpaque())
    }

    /// The GL entry points libmpv may use: all of the context's but its timer queries
    /// (GL_EXT_disjoint_timer_query). libmpv times each of its passes with them for its own
    /// statistics (`vo-passes`), which glfun never reads; on llvmpipe the queries make the
    /// rasterizer record and wait for every pass, a frame's upload included. Without the
    /// functions libmpv draws the same, untimed.
    static func procAddress(_ name: String) -> UnsafeMutableRawPointer? {
        if name.hasPrefix("gl"), name.contains("Quer") { return nil }
        return Context.procAddress(name)
    }

    /// Frees it (with its GL context current, as libmpv requires; made current here if need be).
    func free() {
        if !context.isCurrent { try? context.makeCurrent() }
        lib.renderSetUpdateCallback(render, nil, nil)
        let saved = GLStateSnapshot.take()
        lib.renderFree(render)
        saved.restore()
    }

    /// What libmpv has to draw now.
    enum Pending {
        case nothing
        /// A new video frame.
        case frame
        /// The frame already drawn, asked for again (paused, and something changed).
        case redraw
    }

    /// Whether libmpv has something to draw (mpv_render_context_update, which must be called
    /// after every update callback before drawing), and whether it is a new frame
    /// (MPV_RENDER_PARAM_NEXT_FRAME_INFO's REDRAW flag tells a redraw from one).
    func pending() -> Pending {
        guard lib.renderUpdate(render) & UInt64(MPV_RENDER_UPDATE_FRAME.rawValue) != 0 else { return .nothing }
        var info = mpv_render_frame_info(flags: 0, target_time: 0)
        let r = withUnsafeMutablePointer(to: &info) { p in
            lib.renderGetInfo(render, mpv_render_param(type: MPV_RENDER_PARAM_NEXT_FRAME_INFO,
                                                                 data: UnsafeMutableRawPointer(p)))
        }
        let again = UInt64(MPV_RENDER_FRAME_INFO_REDRAW.rawValue | MPV_RENDER_FRAME_INFO_REPEAT.rawValue)
        if r >= 0, info.flags & again != 0 { return .redraw }
        return .frame
    }

    /// Draws the current frame into `target`, top row first in its texture (as an `Image`'s
    /// texture is), without waiting for the frame's display time.
    func draw(into target: Framebuffer) {
        draw(fbo: Int32(bitPattern: target.fbo), width: target.width, height: target.height, flipY: false)
    }

    /// Draws the current frame into the framebuffer bound now (the window's, or a target's),
    /// `width` x `height` pixels with GL's bottom-left origin, as a window shows it (libmpv
    /// letterboxes it on its background, black).
    func drawIntoBound(width: Int, height: Int) {
        draw(fbo: GLStateSnapshot.take(units: 0).framebuffer, width: width, height: height, flipY: true)
    }

    private func draw(fbo id: Int32, width: Int, height: Int, flipY: Bool) {
        let saved = GLStateSnapshot.take()
        var fbo = mpv_opengl_fbo(fbo: id, w: Int32(width), h: Int32(height), internal_format: 0)
        var flip: Int32 = flipY ? 1 : 0
        var block: Int32 = 0
        withUnsafeMutablePointer(to: &fbo) { f in
            withUnsafeMutablePointer(to: &flip) { fl in
                withUnsafeMutablePointer(to: &block) { b in
                    var params = [
                        mpv_render_param(type: MPV_RENDER_PARAM_OPENGL_FBO, data: UnsafeMutableRawPointer(f)),
                        mpv_render_param(type: MPV_RENDER_PARAM_FLIP_Y, data: UnsafeMutableRawPointer(fl)),
                        mpv_render_param(type: MPV_RENDER_PARAM_BLOCK_FOR_TARGET_TIME, data: UnsafeMutableRawPointer(b)),
                        mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
                    ]
                    _ = lib.renderRender(render, &params)
                }
            }
        }
        lib.renderReportSwap(render)
        saved.restore()
    }
}
