internal import CMPV
import Foundation

/// libmpv, opened when the first movie is (dlopen of libmpv.so.2), not linked: a program that
/// links GLFunMovie but plays no movie never loads it and its 240 libraries (FFmpeg and the
/// rest), so it starts as fast and within the same memory limits as one that does not. The
/// functions below have libmpv's names and signatures and shadow CMPV's declarations (CMPV gives
/// the types and constants only), so the code that calls them reads as libmpv's examples do.
struct LibMPV: @unchecked Sendable {
    /// The sonames tried, newest first.
    static let names = ["libmpv.so.2", "libmpv.so.1", "libmpv.so"]

    /// libmpv, loaded once; the error says why it could not be.
    static let shared: Result<LibMPV, MovieError> = load()

    /// libmpv, or `.libmpv` naming what was missing.
    static func get(for path: String) throws(MovieError) -> LibMPV {
        switch shared {
        case let .success(lib): return lib
        case let .failure(e): throw MovieError(.libmpv, path: path, reason: e.reason)
        }
    }

    typealias Callback = @convention(c) (UnsafeMutableRawPointer?) -> Void

    let create: @convention(c) () -> OpaquePointer?
    let setOptionString: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let terminateDestroy: @convention(c) (OpaquePointer?) -> Void
    let initialize: @convention(c) (OpaquePointer?) -> Int32
    let requestLogMessages: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let errorString: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let setWakeupCallback: @convention(c) (OpaquePointer?, Callback?, UnsafeMutableRawPointer?) -> Void
    let command: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
    let commandAsync: @convention(c) (OpaquePointer?, UInt64, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
    let setPropertyString: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let setPropertyAsync: @convention(c) (OpaquePointer?, UInt64, UnsafePointer<CChar>?, mpv_format, UnsafeMutableRawPointer?) -> Int32
    let getProperty: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, mpv_format, UnsafeMutableRawPointer?) -> Int32
    let getPropertyString: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let waitEvent: @convention(c) (OpaquePointer?, Double) -> UnsafeMutablePointer<mpv_event>?
    let observeProperty: @convention(c) (OpaquePointer?, UInt64, UnsafePointer<CChar>?, mpv_format) -> Int32
    let renderCreate: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, OpaquePointer?, UnsafeMutablePointer<mpv_render_param>?) -> Int32
    let renderSetUpdateCallback: @convention(c) (OpaquePointer?, Callback?, UnsafeMutableRawPointer?) -> Void
    let renderFree: @convention(c) (OpaquePointer?) -> Void
    let renderUpdate: @convention(c) (OpaquePointer?) -> UInt64
    let renderGetInfo: @convention(c) (OpaquePointer?, mpv_render_param) -> Int32
    let renderRender: @convention(c) (OpaquePointer?, UnsafeMutablePointer<mpv_render_param>?) -> Int32
    let renderReportSwap: @convention(c) (OpaquePointer?) -> Void

    private static func load() -> Result<LibMPV, MovieError> {
        var tried: [String] = []
        for name in names {
            guard let h = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                tried.append(dlerror().map { String(cString: $0) } ?? name)
                continue
            }
            var missing: [String] = []
            func sym<T>(_ s: String, _: T.Type) -> T {
                guard let p = dlsym(h, s) else {
                    missing.append(s)
                    return unsafeBitCast(dlsym(h, "mpv_client_api_version")!, to: T.self)
                }
                return unsafeBitCast(p, to: T.self)
            }
            guard dlsym(h, "mpv_client_api_version") != nil else { tried.append("\(name): not libmpv"); continue }
            let lib = LibMPV(
                create: sym("mpv_create", (@convention(c) () -> OpaquePointer?).self),
                setOptionString: sym("mpv_set_option_string", (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self),
                terminateDestroy: sym("mpv_terminate_destroy", (@convention(c) (OpaquePointer?) -> Void).self),
                initialize: sym("mpv_initialize", (@convention(c) (OpaquePointer?) -> Int32).self),
                requestLogMessages: sym("mpv_request_log_messages", (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32).self),
                errorString: sym("mpv_error_string", (@convention(c) (Int32) -> UnsafePointer<CChar>?).self),
                setWakeupCallback: sym("mpv_set_wakeup_callback", (@convention(c) (OpaquePointer?, Callback?, UnsafeMutableRawPointer?) -> Void).self),
                command: sym("mpv_command", (@convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32).self),
                commandAsync: sym("mpv_command_async", (@convention(c) (OpaquePointer?, UInt64, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32).self),
                setPropertyString: sym("mpv_set_property_string", (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self),
                setPropertyAsync: sym("mpv_set_property_async", (@convention(c) (OpaquePointer?, UInt64, UnsafePointer<CChar>?, mpv_format, UnsafeMutableRawPointer?) -> Int32).self),
                getProperty: sym("mpv_get_property", (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, mpv_format, UnsafeMutableRawPointer?) -> Int32).self),
                getPropertyString: sym("mpv_get_property_string", (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?).self),
                free: sym("mpv_free", (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
                waitEvent: sym("mpv_wait_event", (@convention(c) (OpaquePointer?, Double) -> UnsafeMutablePointer<mpv_event>?).self),
                observeProperty: sym("mpv_observe_property", (@convention(c) (OpaquePointer?, UInt64, UnsafePointer<CChar>?, mpv_format) -> Int32).self),
                renderCreate: sym("mpv_render_context_create", (@convention(c) (UnsafeMutablePointer<OpaquePointer?>?, OpaquePointer?, UnsafeMutablePointer<mpv_render_param>?) -> Int32).self),
                renderSetUpdateCallback: sym("mpv_render_context_set_update_callback", (@convention(c) (OpaquePointer?, Callback?, UnsafeMutableRawPointer?) -> Void).self),
                renderFree: sym("mpv_render_context_free", (@convention(c) (OpaquePointer?) -> Void).self),
                renderUpdate: sym("mpv_render_context_update", (@convention(c) (OpaquePointer?) -> UInt64).self),
                renderGetInfo: sym("mpv_render_context_get_info", (@convention(c) (OpaquePointer?, mpv_render_param) -> Int32).self),
                renderRender: sym("mpv_render_context_render", (@convention(c) (OpaquePointer?, UnsafeMutablePointer<mpv_render_param>?) -> Int32).self),
                renderReportSwap: sym("mpv_render_context_report_swap", (@convention(c) (OpaquePointer?) -> Void).self))
            if !missing.isEmpty {
                dlclose(h)
                return .failure(MovieError(.libmpv, path: "", reason: "\(name) lacks \(missing.joined(separator: ", ")) (libmpv too old?)"))
            }
            return .success(lib)  // kept open for the life of the process
        }
        return .failure(MovieError(.libmpv, path: "",
                                   reason: "libmpv is not installed (apt-get install libmpv2): \(tried.joined(separator: "; "))"))
    }
}
