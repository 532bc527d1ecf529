import StagehandABI
import StagehandGeometry

/// One transition of a declarative effect, from `animateTransition` to
/// `completeTransition`, made through the host table as a bundle's would be:
///
/// 1. the views of each role (a missing one stood in for by its snapshot when the file
///    says so), the entering view put into the container above or below the other as
///    `order` says, at its final frame, and the layers made;
/// 2. every track's start pose set without animation;
/// 3. one `animate` for the tracks on the phase's timing, one more for each track with a
///    timing of its own, `animate_keyframes` for keyframes (and for `steps()` and
///    `linear()` curves, played as keyframes);
/// 4. when the last completes: the views settled as the file says, layers and snapshots
///    taken away, the entering view taken out again after a cancel, and the transition
///    completed (cancelled if the context says so).
final class DeclarativeRun {
    private let effect: DeclarativeEffect
    private let context: OpaquePointer
    private var host: sh_host { effect.host.pointee }
    private var blocks: HostBlocks { HostBlocks(host: effect.host) }

    private struct Actor {
        var role: Role
        var view: OpaquePointer
        var track: Track
        /// Where the view rests: the frame `moveBy: frame` offsets (the presented view's
        /// inside its insets).
        var resting: sh_rect
        /// The frame the context gives the view: where it goes back to when settled.
        var contextFrame: sh_rect
        var start: ResolvedPose
        var end: ResolvedPose
        var keyframes: [(at: Double, pose: ResolvedPose)]
        /// What the view had before the transition, for `settle`.
        var captured: ResolvedPose
        var duration: Double
        var delay: Double
        var curve: CurveSpec
        var ownTiming: Bool
    }

    private var actors: [Actor] = []
    private var snapshots: [(snapshot: OpaquePointer, original: OpaquePointer, wasHidden: Bool)] = []
    /// The layers in the container, and whether each stays when the transition ends.
    private var layers: [(view: OpaquePointer, lasts: EffectMotion.Layer.Lifetime)] = []
    /// The flying copies of matched views (and their holders), taken away at the end.
    private var flown: [OpaquePointer] = []
    private var entering: OpaquePointer?
    private var pending = 0
    private var leavingOnCompletion: Role?
    private var leavingOnCancel: Role?
    private var presentation = false
    private var presenting = false

    private init(effect: DeclarativeEffect, context: OpaquePointer) {
        self.effect = effect
        self.context = context
    }

    /// The transition's length for `transition_duration`: the latest end of any track.
    static func duration(of effect: DeclarativeEffect, context: OpaquePointer?) -> Double {
        let phase = effect.phase(for: context)
        let flights = MatchedFlights(effect.motion.matched, effect: effect, context: context)
        let base = baseDuration(phase, flights: flights, effect: effect)
        var longest = flights.longest ?? 0
        var any = flights.longest != nil
        for track in phase.tracks.values.joined() {
            let timing = timing(of: track, in: phase, base: base, interactive: false, effect: effect)
            longest = max(longest, timing.delay + effect.length(of: timing.curve, duration: timing.duration))
            any = true
        }
        let result = any ? longest : effect.length(of: phase.curve, duration: base)
        return result.isFinite && result >= 0 ? result : 0
    }

    /// How long the tracks without a timing of their own last: the file's duration, or the
    /// longest flight when `matched` says so and a pair flies.
    private static func baseDuration(_ phase: EffectMotion.Phase, flights: MatchedFlights, effect: DeclarativeEffect) -> Double {
        if effect.motion.matched?.tracksLast == .longestFlight, let longest = flights.longest { return longest }
        return phase.duration.evaluate(effect.environment())
    }

    /// When a track plays and on which curve: its own duration, delay and curve, the
    /// phase's where it gives none, or the piece of the phase's curve its `progress` names.
    private static func timing(of track: Track, in phase: EffectMotion.Phase, base: Double, interactive: Bool,
                               effect: DeclarativeEffect) -> (duration: Double, delay: Double, curve: CurveSpec) {
        let phaseCurve = interactive ? phase.whileInteractive(phase.curve) : phase.curve
        if let span = track.progress, let whole = phaseCurve.cubic {
            let piece = CurvePiece(of: whole, from: span.from, to: span.to)
            let curve = CurveSpec.bezier(piece.curve.c1x, piece.curve.c1y, piece.curve.c2x, piece.curve.c2y)
            return (base * (piece.end - piece.start), base * piece.start, curve)
        }
        var curve = track.curve ?? phase.curve
        if interactive {
            // A track's own curve stays (played as keyframes, a stepped one cannot follow a finger).
            if let own = track.curve { curve = own.isStepped ? phase.whileInteractive(phase.curve) : own } else { curve = phaseCurve }
        }
        return (track.duration?.evaluate(effect.environment()) ?? base, track.delay?.evaluate(effect.environment()) ?? 0, curve)
    }

    static func start(_ effect: DeclarativeEffect, context: OpaquePointer) {
        DeclarativeRun(effect: effect, context: context).run()
    }

    private func completeAtOnce() {
        host.context_complete_transition(context, !host.context_transition_was_cancelled(context))
    }

    private func run() {
        let h = host
        let motion = effect.motion
        let operation = h.context_operation(context)
        let phase = effect.phase(for: context)
        let interactive = h.context_is_interactive(context)
        guard let container = h.context_container_view(context) else { return completeAtOnce() }
        let presenting = operation == SH_OPERATION_PRESENT
        let dismissing = operation == SH_OPERATION_DISMISS
        presentation = presenting || dismissing
        self.presenting = presenting
        let fromController = h.context_view_controller(context, SH_KEY_FROM)
        let toController = h.context_view_controller(context, SH_KEY_TO)
        var views: [Role: OpaquePointer] = [:]
        var isSnapshot: Set<Role> = []

        // 1. The views.
        func given(_ key: sh_context_key, _ controller: OpaquePointer?, role: Role) -> OpaquePointer? {
            if let view = h.context_view(context, key) { return view }
            guard motion.missingViews != .skip, let controller, let original = h.controller_view(controller) else { return nil }
            if motion.missingViews == .controller { return original }
            guard let snapshot = h.view_snapshot(original) else { return nil }
            h.view_add_subview(container, snapshot)
            let bounds = h.view_bounds(original)
            let corners = [sh_point(x: bounds.origin.x, y: bounds.origin.y),
                           sh_point(x: bounds.origin.x + bounds.size.width, y: bounds.origin.y + bounds.size.height),
                           sh_point(x: bounds.origin.x, y: bounds.origin.y + bounds.size.height),
                           sh_point(x: bounds.origin.x + bounds.size.width, y: bounds.origin.y)]
                .map { h.view_convert_point(original, $0, container) }
            let minX = corners.map(\.x).min()!, minY = corners.map(\.y).min()!
            h.view_set_frame(snapshot, sh_rect(origin: sh_point(x: minX, y: minY),
                                               size: sh_size(width: corners.map(\.x).max()! - minX, height: corners.map(\.y).max()! - minY)))
            snapshots.append((snapshot, original, h.view_hidden(original)))
            h.view_set_hidden(original, true)
            isSnapshot.insert(role)
            return snapshot
        }
        if let outgoing = given(SH_KEY_FROM, fromController, role: .outgoing) { views[.outgoing] = outgoing }
        if let incoming = given(SH_KEY_TO, toController, role: .incoming) { views[.incoming] = incoming }
        var presentedController: OpaquePointer?
        if presentation {
            presentedController = presenting ? toController : fromController
            let presenterController = presenting ? fromController : toController
            views[.presented] = (presenting ? views[.incoming] : views[.outgoing]) ?? presentedController.flatMap { h.controller_view($0) }
            views[.presenter] = (presenting ? views[.outgoing] : views[.incoming]) ?? presenterController.flatMap { h.controller_view($0) }
        }

        // The presented view's frame: the context's, or inside it by the insets.
        let containerBounds = h.view_bounds(container)
        var presentedFrame = containerBounds, presentedResting = containerBounds
        if let presentedController {
            let frame = presenting ? h.context_final_frame(context, presentedController) : h.context_initial_frame(context, presentedController)
            if frame.size.width > 0 && frame.size.height > 0 { presentedFrame = frame }
            presentedResting = inset(presentedFrame, by: motion.presentedInsets, in: containerBounds)
        }

        // The entering view, at its final frame, above or below the one it replaces.
        let order = phase.order ?? []
        if let incoming = views[.incoming], !(dismissing && !isSnapshot.contains(.incoming) && h.view_superview(incoming) != nil) {
            entering = incoming
            if !isSnapshot.contains(.incoming), let toController {
                let final = h.context_final_frame(context, toController)
                if presenting, motion.presentedInsets != nil {
                    h.view_set_frame(incoming, presentedResting)
                } else if final.size.width > 0 && final.size.height > 0 {
                    h.view_set_frame(incoming, final)
                }
            }
            // What it goes above or below: the view leaving (or, presenting, the
            // presenter's stand-in), ranked by either of its role names.
            let other = views[.outgoing]
            let incomingRank = order.firstIndex(of: .incoming) ?? (presenting ? order.firstIndex(of: .presented) : nil)
            let otherRank = order.firstIndex(of: .outgoing)
                ?? (presenting ? order.firstIndex(of: .presenter) : (dismissing ? order.firstIndex(of: .presented) : nil))
            if let other, let incomingRank, let otherRank, incomingRank < otherRank, h.view_superview(other) == container {
                h.view_insert_subview_below(container, incoming, other)
            } else {
                h.view_add_subview(container, incoming)
            }
        }
        // Layers, each below the first view the order puts above it. A layer that lasts
        // the presentation is made by the presentation; its dismissal finds it again in
        // the container (the views there that are not the presented one, back to front,
        // in the order the file declares such layers).
        var leftByPresentation: [OpaquePointer] = []
        if dismissing {
            let roleViews = Set(views.values.map { UInt(bitPattern: $0) })
            leftByPresentation = (0..<h.view_subview_count(container)).compactMap { h.view_subview_at(container, $0) }
                .filter { !roleViews.contains(UInt(bitPattern: $0)) }
        }
        for layer in motion.layers {
            if layer.lasts == .presentation, dismissing {
                guard !leftByPresentation.isEmpty else { continue }
                let view = leftByPresentation.removeFirst()
                views[.layer(layer.name)] = view
                layers.append((view, layer.lasts))
                continue
            }
            guard let view = h.view_create(containerBounds) else { continue }
            let c = layer.color
            h.view_set_background_color(view, sh_color(r: c[0], g: c[1], b: c[2], a: c[3]))
            let rank = order.firstIndex(of: .layer(layer.name)) ?? order.count
            let above = order.dropFirst(rank + 1).compactMap { views[$0] }.first { h.view_superview($0) == container }
            if let above { h.view_insert_subview_below(container, view, above) } else { h.view_add_subview(container, view) }
            views[.layer(layer.name)] = view
            layers.append((view, layer.lasts))
        }

        // Who leaves the screen, for `settle: leaving` and `reset`.
        if presentation {
            leavingOnCompletion = dismissing ? .presented : .outgoing
            leavingOnCancel = presenting ? .presented : nil
        } else {
            leavingOnCompletion = .outgoing
            leavingOnCancel = .incoming
        }

        // The matched pairs that fly, and so how long the tracks last.
        let flights = MatchedFlights(motion.matched, effect: effect, context: context)
        let base = Self.baseDuration(phase, flights: flights, effect: effect)

        // 2. Resolve every track.
        for (role, roleTracks) in phase.tracks {
            guard let view = views[role] else { continue }
            var resting = h.view_frame(view), contextFrame = resting
            if role == .presented || (presenting && role == .incoming), presentedController != nil {
                resting = presentedResting
                contextFrame = presentedFrame
            }
            let viewBounds = h.view_bounds(view)
            for track in roleTracks {
                func resolve(_ pose: Pose) -> ResolvedPose {
                    var resolved = ResolvedPose()
                    for property in track.properties where property != .backgroundColor && property != .hidden {
                        guard let expression = pose.values[property] else {
                            resolved.values[property] = Pose.restValue(of: property)
                            continue
                        }
                        let axisX = property.axis == .x
                        resolved.values[property] = expression.evaluate(effect.environment(
                            container: axisX ? containerBounds.size.width : containerBounds.size.height,
                            view: axisX ? viewBounds.size.width : viewBounds.size.height))
                    }
                    return resolved
                }
                let captured = capture(view, track.properties)
                var start = resolve(track.start), end = resolve(track.end)
                if track.properties.contains(.backgroundColor) {
                    start.color = track.start.color ?? captured.color
                    end.color = track.end.color ?? captured.color
                }
                if track.properties.contains(.hidden) {
                    start.hidden = track.start.hidden ?? captured.hidden
                    end.hidden = track.end.hidden ?? captured.hidden
                }
                var keyframes = track.keyframes.map { keyframe -> (at: Double, pose: ResolvedPose) in
                    var pose = resolve(keyframe.pose)
                    if track.properties.contains(.backgroundColor) { pose.color = keyframe.pose.color ?? captured.color }
                    if track.properties.contains(.hidden) { pose.hidden = keyframe.pose.hidden ?? captured.hidden }
                    return (keyframe.at, pose)
                }
                if let first = keyframes.first { start = first.pose }
                if let last = keyframes.last { end = last.pose }
                let timing = Self.timing(of: track, in: phase, base: base, interactive: interactive, effect: effect)
                if keyframes.isEmpty, timing.curve.isStepped {
                    keyframes = timing.curve.stops.map { ($0.input, start.interpolated(to: end, $0.output)) }
                }
                let ownTiming = track.duration != nil || track.delay != nil || track.curve != nil || track.progress != nil || !keyframes.isEmpty
                actors.append(Actor(role: role, view: view, track: track, resting: resting, contextFrame: contextFrame,
                                    start: start, end: end, keyframes: keyframes, captured: captured,
                                    duration: timing.duration, delay: timing.delay, curve: timing.curve, ownTiming: ownTiming))
            }
        }

        blocks.withoutAnimation { [self] in
            for actor in actors { apply(actor.start, to: actor) }
        }

        // 3. The animations.
        let shared = actors.filter { !$0.ownTiming }
        let mainCurve = interactive ? phase.whileInteractive(phase.curve) : phase.curve
        var calls: [() -> Void] = []
        if !shared.isEmpty {
            calls.append { [self] in
                blocks.animate(effect.animation(mainCurve, duration: base, delay: 0), { [self] in
                    for actor in shared { apply(actor.end, to: actor) }
                }, completion: { [self] _ in finishOne() })
            }
        }
        for actor in actors where actor.ownTiming {
            if actor.keyframes.isEmpty {
                calls.append { [self] in
                    blocks.animate(effect.animation(actor.curve, duration: actor.duration, delay: actor.delay), { [self] in
                        apply(actor.end, to: actor)
                    }, completion: { [self] _ in finishOne() })
                }
            } else {
                calls.append { [self] in
                    blocks.animateKeyframes(duration: actor.duration, delay: actor.delay, { [self] in
                        for (previous, next) in zip(actor.keyframes, actor.keyframes.dropFirst()) {
                            blocks.addKeyframe(start: previous.at, duration: next.at - previous.at) { [self] in
                                apply(next.pose, to: actor)
                            }
                        }
                    }, completion: { [self] _ in finishOne() })
                }
            }
        }
        if let matched = motion.matched {
            let curve = interactive ? phase.whileInteractive(matched.curve ?? phase.curve) : matched.curve ?? phase.curve
            let forward = operation == SH_OPERATION_PUSH || operation == SH_OPERATION_PRESENT
            flown = flights.fly(matched, forward: forward, container: container, context: context, host: h) { duration, changes in
                calls.append { [self] in
                    blocks.animate(effect.animation(curve, duration: duration, delay: 0), changes, completion: { [self] _ in finishOne() })
                }
            }
        }
        guard !calls.isEmpty else { return finish() }
        pending = calls.count
        for call in calls { call() }
    }

    private func finishOne() {
        pending -= 1
        if pending == 0 { finish() }
    }

    /// 4. Settle, tidy, complete.
    private func finish() {
        let h = host
        let cancelled = h.context_transition_was_cancelled(context)
        let settle = effect.motion.settle
        blocks.withoutAnimation { [self] in
            switch settle {
            case .none: break
            case .restore:
                for actor in actors { settleAtRest(actor, resetting: false) }
            case .leaving, .reset:
                if let role = cancelled ? leavingOnCancel : leavingOnCompletion {
                    for actor in actors where actor.role == role { settleAtRest(actor, resetting: settle == .reset) }
                }
            }
            // A layer that lasts the presentation stays while the controller is presented:
            // after a presentation that completed, or a dismissal that was cancelled.
            let presented = presenting != cancelled
            for (layer, lasts) in layers where !(lasts == .presentation && presentation && presented) {
                h.view_remove_from_superview(layer)
            }
            for view in flown { h.view_remove_from_superview(view) }
            for (snapshot, original, wasHidden) in snapshots {
                h.view_remove_from_superview(snapshot)
                h.view_set_hidden(original, wasHidden)
            }
        }
        if cancelled, !presentation, let entering, !snapshots.contains(where: { $0.snapshot == entering }) {
            h.view_remove_from_superview(entering)
        }
        h.context_complete_transition(context, !cancelled)
    }

    /// Puts a view back: identity transform and the frame the context gives it, every
    /// other moved property as it was before the transition, or (`resetting`) at its
    /// rest value: opaque, square, unmasked, no shadow.
    private func settleAtRest(_ actor: Actor, resetting: Bool) {
        var pose = actor.captured
        for property in actor.track.properties where property.isTransform || (resetting && property != .backgroundColor && property != .hidden) {
            pose.values[property] = Pose.restValue(of: property)
        }
        var atRest = actor
        atRest.resting = actor.contextFrame
        apply(pose, to: atRest, settling: true)
    }

    private func capture(_ view: OpaquePointer, _ properties: Set<Pose.Property>) -> ResolvedPose {
        let h = host
        var pose = ResolvedPose()
        for property in properties {
            switch property {
            case .alpha: pose.values[property] = h.view_alpha(view)
            case .cornerRadius: pose.values[property] = h.view_corner_radius(view)
            case .shadowOpacity: pose.values[property] = h.view_shadow_opacity(view)
            case .shadowRadius: pose.values[property] = h.view_shadow_radius(view)
            case .zPosition: pose.values[property] = h.view_z_position(view)
            case .topCornerRadius:
                var mask = sh_mask()
                pose.values[property] = h.view_mask(view, &mask) ? mask.corner_radius : 0
            case .backgroundColor:
                let c = h.view_background_color(view)
                pose.color = [c.r, c.g, c.b, c.a]
            case .hidden: pose.hidden = h.view_hidden(view)
            default: pose.values[property] = Pose.restValue(of: property)
            }
        }
        return pose
    }

    /// Sets `pose` on the actor's view; `settling`, a mask of radius 0 is taken away
    /// rather than set (a view at rest has none).
    private func apply(_ pose: ResolvedPose, to actor: Actor, settling: Bool = false) {
        let h = host
        let view = actor.view
        let properties = actor.track.properties
        let byFrame = actor.track.moveBy == .frame
        let transformed = properties.filter { $0.isTransform && !(byFrame && ($0 == .x || $0 == .y)) }
        if !transformed.isEmpty {
            if transformed.contains(where: \.is3D) {
                h.view_set_transform3d(view, pose.transform3D(moveByFrame: byFrame))
            } else {
                h.view_set_transform(view, pose.affine(moveByFrame: byFrame))
            }
        }
        if byFrame, properties.contains(.x) || properties.contains(.y) {
            var frame = actor.resting
            frame.origin.x += pose.values[.x] ?? 0
            frame.origin.y += pose.values[.y] ?? 0
            h.view_set_frame(view, frame)
        }
        for property in properties {
            switch property {
            case .alpha: h.view_set_alpha(view, pose.values[property] ?? 1)
            case .cornerRadius: h.view_set_corner_radius(view, max(0, pose.values[property] ?? 0))
            case .shadowOpacity: h.view_set_shadow_opacity(view, pose.values[property] ?? 0)
            case .shadowRadius: h.view_set_shadow_radius(view, max(0, pose.values[property] ?? 0))
            case .zPosition: h.view_set_z_position(view, pose.values[property] ?? 0)
            case .topCornerRadius:
                // Rounded top corners: a mask reaching one radius below the bottom.
                let radius = max(0, pose.values[property] ?? 0)
                if settling, radius == 0 {
                    h.view_set_mask(view, nil)
                    continue
                }
                let bounds = h.view_bounds(view)
                var mask = sh_mask(rect: sh_rect(origin: bounds.origin, size: sh_size(width: bounds.size.width, height: bounds.size.height + radius)),
                                   corner_radius: radius)
                h.view_set_mask(view, &mask)
            case .backgroundColor:
                if let c = pose.color { h.view_set_background_color(view, sh_color(r: c[0], g: c[1], b: c[2], a: c[3])) }
            case .hidden:
                if let hidden = pose.hidden { h.view_set_hidden(view, hidden) }
            default: break
            }
        }
    }
}

extension DeclarativeRun {
    /// `frame` with the insets cut off its edges (`%` of the container along each axis).
    fileprivate func inset(_ frame: sh_rect, by insets: EffectMotion.Insets?, in container: sh_rect) -> sh_rect {
        guard let insets else { return frame }
        func value(_ expression: ValueExpression, _ extent: Double) -> Double {
            expression.evaluate(effect.environment(container: extent, view: extent))
        }
        let top = value(insets.top, container.size.height), bottom = value(insets.bottom, container.size.height)
        let left = value(insets.left, container.size.width), right = value(insets.right, container.size.width)
        return sh_rect(origin: sh_point(x: frame.origin.x + left, y: frame.origin.y + top),
                       size: sh_size(width: max(frame.size.width - left - right, 1), height: max(frame.size.height - top - bottom, 1)))
    }
}
