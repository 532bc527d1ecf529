import StagehandABI

/// The matched pairs a declarative effect flies in one transition (its `matched` block),
/// through the host table as a bundle's calls go: which pairs, how long each flight
/// lasts, and the flights themselves.
struct MatchedFlights {
    struct Flight {
        var pair: sh_matched_pair
        var duration: Double
    }

    let flights: [Flight]

    /// The pairs the context offers that `spec` flies, each with its duration.
    init(_ spec: MatchedSpec?, effect: DeclarativeEffect, context: OpaquePointer?) {
        guard let spec, let context else { flights = []; return }
        let h = effect.host.pointee
        var flights: [Flight] = []
        for index in 0..<min(h.context_matched_pair_count(context), 256) {
            var pair = sh_matched_pair()
            pair.size = UInt32(MemoryLayout<sh_matched_pair>.size)
            guard h.context_matched_pair(context, index, &pair) else { continue }
            if let wanted = spec.pairs {
                // The identifier is valid until the next host call: read it now.
                guard let identifier = pair.identifier.map({ String(cString: $0) }), wanted.contains(identifier) else { continue }
            }
            let duration: Double
            switch spec.duration {
            case .auto: duration = Self.autoDuration(from: pair.source.frame, to: pair.destination.frame)
            case .fixed(let value): duration = max(0, value.evaluate(effect.environment()))
            }
            flights.append(Flight(pair: pair, duration: duration))
        }
        self.flights = flights
    }

    /// The longest flight, when there is one.
    var longest: Double? { flights.map(\.duration).max() }

    /// Hero's auto duration: 0.208 s and a 3000th of a second per point the centre and
    /// the size travel together, the distance capped at 500.
    static func autoDuration(from: sh_rect, to: sh_rect) -> Double {
        func length(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
        let moved = length(to.origin.x + to.size.width / 2 - (from.origin.x + from.size.width / 2),
                           to.origin.y + to.size.height / 2 - (from.origin.y + from.size.height / 2))
        let resized = length(to.size.width - from.size.width, to.size.height - from.size.height)
        let distance = moved + resized
        return 0.208 + min(distance.isFinite ? max(distance, 0) : 0, 500) / 3000
    }

    /// Flies every pair: two flying copies from the source's frame to the destination's
    /// (Hero's magic move), the real views hidden meanwhile (the host shows them again
    /// when the transition ends). `animate` is called for each of the two animations of
    /// a flight; the views added to the container are returned, for the end.
    func fly(_ spec: MatchedSpec, forward: Bool, container: OpaquePointer, context: OpaquePointer, host: sh_host,
             animate: (Double, @escaping () -> Void) -> Void) -> [OpaquePointer] {
        let h = host
        var made: [OpaquePointer] = []
        for flight in flights {
            let pair = flight.pair
            guard let sourceView = pair.source.view, let destinationView = pair.destination.view,
                  let source = h.context_flying_copy(context, sourceView),
                  let destination = h.context_flying_copy(context, destinationView) else { continue }
            let crossFade = spec.fade == .cross || !pair.source.opaque || !pair.destination.opaque
            var parent = container
            if crossFade, let holder = h.view_create(h.view_bounds(container)) {
                h.view_set_background_color(holder, sh_color(r: 0, g: 0, b: 0, a: 0))
                h.view_add_subview(container, holder)
                made.append(holder)
                parent = holder
                h.view_set_compositing(source, SH_COMPOSITING_PLUS_LIGHTER)
                h.view_set_compositing(destination, SH_COMPOSITING_PLUS_LIGHTER)
            }
            // The destination's copy above going forward, the source's going back.
            for copy in forward ? [source, destination] : [destination, source] {
                h.view_add_subview(parent, copy)
                if parent == container { made.append(copy) }
            }
            h.view_set_hidden(sourceView, true)
            h.view_set_hidden(destinationView, true)

            let from = pair.source.frame, to = pair.destination.frame
            let shadow = (opacity: h.view_shadow_opacity(destinationView), radius: h.view_shadow_radius(destinationView),
                          offset: h.view_shadow_offset(destinationView))
            // Two shadows are one too many: the destination's copy shows none while the
            // source's, not clipping, can show its own.
            let sourceShowsShadow = !h.view_clips_to_bounds(sourceView)
            if sourceShowsShadow { h.view_set_shadow_opacity(destination, 0) }
            h.view_set_frame(destination, from)
            h.view_set_corner_radius(destination, pair.source.corner_radius)
            h.view_set_alpha(source, pair.source.opacity)
            h.view_set_alpha(destination, crossFade || forward ? 0 : pair.destination.opacity)
            let sourceEnd = crossFade || !forward ? 0 : pair.source.opacity
            let destinationEnd = pair.destination.opacity
            animate(flight.duration) {
                for copy in [source, destination] {
                    h.view_set_bounds(copy, sh_rect(origin: sh_point(x: 0, y: 0), size: to.size))
                    h.view_set_corner_radius(copy, pair.destination.corner_radius)
                }
                h.view_set_shadow_opacity(source, shadow.opacity)
                h.view_set_shadow_radius(source, shadow.radius)
                h.view_set_shadow_offset(source, shadow.offset)
                if !sourceShowsShadow { h.view_set_shadow_opacity(destination, shadow.opacity) }
                h.view_set_alpha(source, sourceEnd)
                h.view_set_alpha(destination, destinationEnd)
            }
            let centre = sh_point(x: to.origin.x + to.size.width / 2, y: to.origin.y + to.size.height / 2)
            animate(flight.duration) {
                h.view_set_center(source, centre)
                h.view_set_center(destination, centre)
            }
        }
        return made
    }
}
