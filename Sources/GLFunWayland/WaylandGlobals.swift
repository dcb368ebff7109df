internal import CWayland
internal import CWaylandProtocols

/// The compositor's globals a window binds (wl_registry): the ones it needs (compositor,
/// xdg_wm_base) and the ones it uses where offered (seat, outputs, shm for cursors,
/// xdg-decoration, viewporter, fractional scale, pointer gestures, idle inhibit).
final class WaylandGlobals {
    var compositor: OpaquePointer?
    var subcompositor: OpaquePointer?
    var wmBase: OpaquePointer?
    var seat: OpaquePointer?
    var shm: OpaquePointer?
    var decorationManager: OpaquePointer?
    var viewporter: OpaquePointer?
    var fractionalScaleManager: OpaquePointer?
    var pointerGestures: OpaquePointer?
    var idleInhibitManager: OpaquePointer?
    /// Each wl_output by its registry name, with its scale (1 until it says).
    var outputs: [UInt32: WaylandOutput] = [:]
    /// Told when an output's scale becomes known or changes.
    var onOutputChange: (() -> Void)?
    /// The seat's devices (wl_seat.capabilities), as the latest event said.
    var seatCapabilities: UInt32 = 0
    /// Told when the seat's devices change.
    var onSeatChange: ((UInt32) -> Void)?

    /// The interfaces a window uses: name, the highest version it speaks, what to store.
    private func bind(_ registry: OpaquePointer, name: UInt32, interface: String, version: UInt32) {
        func get(_ iface: UnsafePointer<wl_interface>, _ highest: UInt32) -> OpaquePointer? {
            OpaquePointer(wl_registry_bind(registry, name, iface, min(version, highest)))
        }
        switch interface {
        case "wl_compositor": compositor = get(glfun_wl_compositor_interface(), 4)
        case "wl_subcompositor": subcompositor = get(glfun_wl_subcompositor_interface(), 1)
        case "xdg_wm_base":
            wmBase = get(glfun_xdg_wm_base_interface(), 2)
            xdg_wm_base_add_listener(wmBase, &WaylandGlobals.wmBaseListener, nil)
        case "wl_seat":
            guard seat == nil else { return }
            // Listened to at once: the capabilities come in answer to the bind.
            // 8: wl_pointer.axis_value120 (a wheel's steps exactly, high-resolution ones too);
            // every event of 6 to 8 has a listener (touch shape and orientation ignored).
            seat = get(glfun_wl_seat_interface(), 8)
            wl_seat_add_listener(seat, &WaylandGlobals.seatListener, Unmanaged.passUnretained(self).toOpaque())
        case "wl_shm": shm = get(glfun_wl_shm_interface(), 1)
        case "zxdg_decoration_manager_v1": decorationManager = get(glfun_zxdg_decoration_manager_v1_interface(), 1)
        case "wp_viewporter": viewporter = get(glfun_wp_viewporter_interface(), 1)
        case "wp_fractional_scale_manager_v1":
            fractionalScaleManager = get(glfun_wp_fractional_scale_manager_v1_interface(), 1)
        case "zwp_pointer_gestures_v1": pointerGestures = get(glfun_zwp_pointer_gestures_v1_interface(), 1)
        case "zwp_idle_inhibit_manager_v1": idleInhibitManager = get(glfun_zwp_idle_inhibit_manager_v1_interface(), 1)
        case "wl_output":
            guard let proxy = get(glfun_wl_output_interface(), 2) else { return }
            let output = WaylandOutput(proxy: proxy, globals: self)
            outputs[name] = output
            wl_output_add_listener(proxy, &WaylandOutput.listener, Unmanaged.passUnretained(output).toOpaque())
        default: break
        }
    }

    /// The output whose proxy is `proxy`, if it is one of ours.
    func output(_ proxy: OpaquePointer?) -> WaylandOutput? { outputs.values.first { $0.proxy == proxy } }

    nonisolated(unsafe) static var registryListener = wl_registry_listener(
        global: { data, registry, name, interface, version in
            guard let data, let registry, let interface else { return }
            Unmanaged<WaylandGlobals>.fromOpaque(data).takeUnretainedValue()
                .bind(registry, name: name, interface: String(cString: interface), version: version)
        },
        global_remove: { data, _, name in
            guard let data else { return }
            let g = Unmanaged<WaylandGlobals>.fromOpaque(data).takeUnretainedValue()
            if let o = g.outputs.removeValue(forKey: name) {
                wl_output_destroy(o.proxy)
                g.onOutputChange?()
            }
        })

    nonisolated(unsafe) static var seatListener = wl_seat_listener(
        capabilities: { data, _, caps in
            guard let data else { return }
            let g = Unmanaged<WaylandGlobals>.fromOpaque(data).takeUnretainedValue()
            g.seatCapabilities = caps
            g.onSeatChange?(caps)
        },
        name: { _, _, _ in })

    nonisolated(unsafe) static var wmBaseListener = xdg_wm_base_listener(
        ping: { _, base, serial in xdg_wm_base_pong(base, serial) })

    /// Listens on `display`'s registry and waits for the globals (one round trip).
    init(display: OpaquePointer) {
        let registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, &WaylandGlobals.registryListener, Unmanaged.passUnretained(self).toOpaque())
        wl_display_roundtrip(display)
        // A second round trip: the outputs' scales, sent once they are bound.
        wl_display_roundtrip(display)
    }
}

/// A wl_output and the scale it asks clients to draw at.
final class WaylandOutput {
    let proxy: OpaquePointer
    unowned let globals: WaylandGlobals
    /// The output's integer scale (wl_output.scale; 1 until it says).
    var scale: Int32 = 1
    private var pendingScale: Int32 = 1

    init(proxy: OpaquePointer, globals: WaylandGlobals) {
        self.proxy = proxy
        self.globals = globals
    }

    nonisolated(unsafe) static var listener = wl_output_listener(
        geometry: { _, _, _, _, _, _, _, _, _, _ in },
        mode: { _, _, _, _, _, _ in },
        done: { data, _ in
            guard let data else { return }
            let o = Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue()
            if o.pendingScale != o.scale {
                o.scale = o.pendingScale
                o.globals.onOutputChange?()
            }
        },
        scale: { data, _, factor in
            guard let data else { return }
            Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue().pendingScale = max(1, factor)
        },
        name: nil, description: nil)
}
