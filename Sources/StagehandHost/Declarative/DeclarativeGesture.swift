import StagehandABI

/// The gesture of a declarative effect's `interactive` block, through the host table:
/// the same dance as the SDK's `GestureDrivenTransition` (begin the operation with a
/// fresh interaction when the gesture begins, keeping the previous one if the host
/// refuses; update while the finger moves; finish or cancel on release; cancel when the
/// gesture is cancelled, or when detached mid-gesture; offer the interaction only while
/// a finger drives it), with the rules read from the file. The interaction itself is
/// driven by the C header's `sh_gesture_drive` functions, the one copy of those rules
/// that C bundles and the SDK use as well.
final class DeclarativeGesture {
    private let interaction: Interaction
    private unowned let effect: DeclarativeEffect
    /// The host table, kept here rather than read through `effect`, which may already
    /// be going when this goes.
    private let table: UnsafePointer<sh_host>
    private var host: sh_host { table.pointee }

    /// The interaction the last gesture started, and whether a finger drives it.
    /// At a fixed address outside Swift's exclusivity checks: the host calls back into
    /// this object (for the interaction, at the animation's end) from inside the drive's
    /// own calls.
    private let drive: UnsafeMutablePointer<sh_gesture_drive> = {
        let drive = UnsafeMutablePointer<sh_gesture_drive>.allocate(capacity: 1)
        drive.initialize(to: sh_gesture_drive())
        return drive
    }()
    /// The operation `drive` is for.
    private var drivenOperation = SH_OPERATION_NONE
    private var isDriving: Bool { drive.pointee.driving }
    private var attachments: [Attachment] = []

    /// What `attach` did to one controller; also the `user` of its gesture's callbacks.
    private final class Attachment {
        weak var driver: DeclarativeGesture?
        let controller: OpaquePointer
        /// Whether the gesture pops the controller (else it dismisses it), and by which rules.
        let pops: Bool
        let spec: InteractiveSpec
        var gesture: OpaquePointer?
        var replacedSystemPop: OpaquePointer?
        var systemPopWasEnabled = false

        init(driver: DeclarativeGesture, controller: OpaquePointer, pops: Bool, spec: InteractiveSpec) {
            self.driver = driver
            self.controller = controller
            self.pops = pops
            self.spec = spec
        }
    }

    init(interaction: Interaction, effect: DeclarativeEffect) {
        self.interaction = interaction
        self.effect = effect
        self.table = effect.host
    }

    deinit {
        // Released, not cancelled: the host keeps a released interaction alive while
        // its transition runs, and nothing may call back into an object going away.
        drive.pointee.driving = false
        sh_gesture_drive_let_go(drive, table)
        drive.deallocate()
    }

    func interactionController(for operation: sh_operation) -> OpaquePointer? {
        sh_gesture_drive_offer(drive, operation, drivenOperation)
    }

    func animationEnded() {
        sh_gesture_drive_let_go(drive, table)
    }

    func attach(to controller: OpaquePointer) {
        let h = host
        // A presented controller is dismissed (when the effect dismisses), a navigation
        // controller otherwise popped, as VCTransitionsLibrary's interaction controllers choose.
        let pops: Bool, rules: InteractiveSpec
        if let dismissing = interaction.dismissing, interaction.popping == nil || h.controller_presenting(controller) != nil {
            (pops, rules) = (false, dismissing)
        } else if let popping = interaction.popping, h.controller_is_navigation_controller(controller) {
            (pops, rules) = (true, popping)
        } else {
            return
        }
        let spec = rules
        guard !attachments.contains(where: { $0.controller == controller }),
              let view = h.controller_view(controller) else { return }
        let kind: sh_gesture_kind = spec.gesture == .pinch ? SH_GESTURE_PINCH : (spec.gesture == .edgePan ? SH_GESTURE_SCREEN_EDGE_PAN : SH_GESTURE_PAN)
        guard let gesture = h.gesture_install(view, kind, spec.gesture == .edgePan ? spec.edges : 0) else {
            h.log("\(effect.definition.name): could not install its \(spec.gesture.rawValue) gesture")
            return
        }
        let attachment = Attachment(driver: self, controller: controller, pops: pops, spec: spec)
        attachment.gesture = gesture
        let user = Unmanaged.passUnretained(attachment).toOpaque()
        h.gesture_set_action(gesture, { user, _ in
            guard let user else { return }
            let attachment = Unmanaged<Attachment>.fromOpaque(user).takeUnretainedValue()
            attachment.driver?.handle(attachment)
        }, user)
        h.gesture_set_should_begin(gesture, { user, _ in
            guard let user else { return false }
            let attachment = Unmanaged<Attachment>.fromOpaque(user).takeUnretainedValue()
            return attachment.driver?.shouldBegin(attachment) ?? false
        }, user)
        if spec.gesture != .pinch {
            if let maximum = spec.maximumTouches { h.gesture_set_maximum_touches(gesture, UInt32(maximum)) }
            if let minimum = spec.minimumTouches { h.gesture_set_minimum_touches(gesture, UInt32(minimum)) }
        }
        if spec.waitsForSystemPop, h.controller_is_navigation_controller(controller),
           let systemPop = h.navigation_interactive_pop_gesture(controller) {
            h.gesture_require_to_fail(gesture, systemPop)
        }
        if spec.replacesSystemPop, h.controller_is_navigation_controller(controller),
           let systemPop = h.navigation_interactive_pop_gesture(controller) {
            attachment.replacedSystemPop = systemPop
            attachment.systemPopWasEnabled = h.gesture_enabled(systemPop)
            h.gesture_set_enabled(systemPop, false)
        }
        attachments.append(attachment)
    }

    func detach(from controller: OpaquePointer) {
        guard let index = attachments.firstIndex(where: { $0.controller == controller }) else { return }
        remove(attachments.remove(at: index))
    }

    func detachAll() {
        while let attachment = attachments.popLast() { remove(attachment) }
    }

    private func remove(_ attachment: Attachment) {
        let h = host
        guard let gesture = attachment.gesture else { return }
        let state = h.gesture_state(gesture)
        if state == SH_GESTURE_BEGAN || state == SH_GESTURE_CHANGED {
            sh_gesture_drive_end(drive, table, false)
        }
        h.gesture_remove(gesture)
        attachment.gesture = nil
        if let systemPop = attachment.replacedSystemPop { h.gesture_set_enabled(systemPop, attachment.systemPopWasEnabled) }
    }

    // MARK: The gesture

    private func shouldBegin(_ attachment: Attachment) -> Bool {
        let h = host
        let controller = attachment.controller
        let spec = attachment.spec
        guard !h.controller_transition_in_progress(controller) else { return false }
        if attachment.pops {
            guard h.navigation_count(controller) > 1 else { return false }
        } else {
            guard h.controller_presenting(controller) != nil else { return false }
        }
        guard spec.gesture != .pinch, let gesture = attachment.gesture else { return true }
        if spec.beginOnlyIfMostlyAlong {
            let (along, across) = Self.alongAndAcross(h.gesture_translation(gesture, nil), spec.direction)
            guard along > abs(across) else { return false }
        }
        if let way = spec.beginOnlyMoving {
            let moved = Self.alongAndAcross(h.gesture_translation(gesture, nil), way).0
            let moving = Self.alongAndAcross(h.gesture_velocity(gesture, nil), way).0
            guard moved > 0 || moving > 0 else { return false }
        }
        return true
    }

    /// A movement measured along `direction` (either way for horizontal and vertical)
    /// and across it.
    private static func alongAndAcross(_ p: sh_point, _ direction: InteractiveSpec.Direction) -> (Double, Double) {
        switch direction {
        case .right: return (p.x, p.y)
        case .left: return (-p.x, p.y)
        case .down: return (p.y, p.x)
        case .up: return (-p.y, p.x)
        case .horizontal: return (abs(p.x), p.y)
        case .vertical: return (abs(p.y), p.x)
        case .in, .out: return (0, 0)
        }
    }

    /// The progress the finger's movement says, clamped to 0...1.
    private func progress(_ attachment: Attachment, projected: Bool = false) -> Double {
        let h = host
        let spec = attachment.spec
        guard let gesture = attachment.gesture else { return 0 }
        let raw: Double
        switch spec.gesture {
        case .pinch:
            let scale = h.gesture_scale(gesture)
            raw = spec.direction == .out ? scale - 1 : 1 - scale
        case .pan, .edgePan:
            guard let view = h.controller_view(attachment.controller) else { return 0 }
            let bounds = h.view_bounds(view)
            let extent = spec.direction.isHorizontal ? bounds.size.width : bounds.size.height
            let distance = spec.distance.evaluate(effect.environment(container: extent, view: extent))
            let translation = h.gesture_translation(gesture, spec.space == .window ? nil : view)
            var along = Self.alongAndAcross(translation, spec.direction).0
            if projected, let projection = spec.projection {
                let speed = Self.alongAndAcross(h.gesture_velocity(gesture, nil), spec.direction).0
                along += speed * projection.evaluate(effect.environment())
            }
            raw = distance > 0 ? along / distance : 0
        }
        return min(max(raw.isFinite ? raw : 0, 0), 1)
    }

    private func handle(_ attachment: Attachment) {
        let h = host
        guard let gesture = attachment.gesture else { return }
        let state = h.gesture_state(gesture)
        switch state {
        case SH_GESTURE_BEGAN:
            let reached = progress(attachment)
            begin(attachment)
            guard isDriving, !attachment.spec.startsAtZero else { return }
            update(reached)
        case SH_GESTURE_CHANGED:
            guard isDriving else { return }
            update(progress(attachment))
        case SH_GESTURE_ENDED:
            guard isDriving else { return }
            released(attachment)
        case SH_GESTURE_CANCELLED where attachment.spec.systemCancel == .release:
            guard isDriving else { return }
            released(attachment)
        case SH_GESTURE_CANCELLED, SH_GESTURE_FAILED:
            guard isDriving else { return }
            end(attachment.spec, finishing: false, at: drive.pointee.progress, isRelease: false)
        default:
            break
        }
    }

    private func released(_ attachment: Attachment) {
        let h = host
        let spec = attachment.spec
        let reached = progress(attachment)
        // The threshold is compared with where the finger is, projected ahead by
        // `projection` seconds at the release velocity when that is given; a flick at
        // `flickVelocity` or faster along the direction finishes too.
        var finishing = progress(attachment, projected: true) > spec.threshold.evaluate(effect.environment())
        if spec.gesture != .pinch, let flick = spec.flickVelocity, let gesture = attachment.gesture {
            let speed = Self.alongAndAcross(h.gesture_velocity(gesture, nil), spec.direction).0
            if speed >= flick.evaluate(effect.environment()) { finishing = true }
        }
        end(spec, finishing: finishing, at: reached, isRelease: true)
    }

    private func begin(_ attachment: Attachment) {
        let operation = attachment.pops ? SH_OPERATION_POP : SH_OPERATION_DISMISS
        if sh_gesture_drive_start(drive, table, operation, attachment.controller) {
            drivenOperation = operation
        }
    }

    private func update(_ progress: Double) {
        sh_gesture_drive_update(drive, table, progress)
    }

    private func end(_ spec: InteractiveSpec, finishing: Bool, at progress: Double, isRelease: Bool) {
        let h = host
        guard let driven = drive.pointee.interaction else { return }
        if isRelease, spec.updatesOnRelease { sh_gesture_drive_update(drive, table, progress) }
        switch spec.completionSpeed {
        case .remaining?:
            h.interaction_set_completion_speed(driven, max(1 - progress, 0.01))
        case .fixed(let speed)?:
            h.interaction_set_completion_speed(driven, speed.evaluate(effect.environment()))
        case nil:
            break
        }
        if let curve = spec.completionCurve { h.interaction_set_completion_curve(driven, sh_curve(rawValue: curve)) }
        sh_gesture_drive_end(drive, table, finishing)
    }
}
