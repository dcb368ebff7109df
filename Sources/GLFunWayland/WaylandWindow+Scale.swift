internal import CWayland
internal import CWaylandProtocols

/// The scale: `--scale` fixed, else the compositor's preferred fractional scale
/// (wp_fractional_scale_v1, drawn through a wp_viewport), else the largest integer scale of the
/// outputs the surface is on. It changes at run time as the window moves between outputs.
extension WaylandWindow {
    /// Asks for the fractional scale and a viewport where the compositor offers both.
    func setUpScaling(_ me: UnsafeMutableRawPointer) {
        if let viewporter = globals.viewporter {
            let needsViewport = fixedScale.map { $0 != $0.rounded() } ?? (globals.fractionalScaleManager != nil)
            if needsViewport { viewport = wp_viewporter_get_viewport(viewporter, surface) }
        }
        if fixedScale == nil, viewport != nil, let manager = globals.fractionalScaleManager {
            fractionalScale = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
            wp_fractional_scale_v1_add_listener(fractionalScale, &WaylandWindow.fractionalListener, me)
        }
        scale = wantedScale
    }

    /// The scale the window should have now.
    var wantedScale: Float {
        if let fixedScale { return viewport != nil ? fixedScale : max(1, fixedScale.rounded()) }
        if let f = preferredFractionalScale, viewport != nil { return f }
        let scales = enteredOutputs.compactMap { globals.output($0)?.scale }
        return Float(scales.max() ?? globals.outputs.values.map(\.scale).max() ?? 1)
    }

    /// Applies a new scale, if it changed: the app gets a resize with it.
    func updateScale() {
        let s = wantedScale
        guard s != scale else { return }
        let old = canvas
        scale = s
        if configured { sizeChanged(from: old) }
        input?.scaleChanged()
    }

    nonisolated(unsafe) static var surfaceListener = wl_surface_listener(
        enter: { data, _, output in
            guard let w = WaylandWindow.from(data), let output else { return }
            w.enteredOutputs.insert(output)
            w.updateScale()
        },
        leave: { data, _, output in
            guard let w = WaylandWindow.from(data), let output else { return }
            w.enteredOutputs.remove(output)
            w.updateScale()
        })

    nonisolated(unsafe) static var fractionalListener = wp_fractional_scale_v1_listener(
        preferred_scale: { data, _, scale120 in
            guard let w = WaylandWindow.from(data) else { return }
            w.preferredFractionalScale = Float(scale120) / 120
            w.updateScale()
        })
}
