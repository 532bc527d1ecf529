import Foundation
import StagehandCore
import StagehandHost
import StagehandRender
import StagehandTrace

/// One browser tab: its own stage, advanced in real time (60 frames a second of the
/// virtual clock per second, or fewer in slow motion), each frame sent to the page.
///
/// Everything a session does happens on its own serial queue, so tabs never share a
/// stage or wait on each other (the runtime keeps each stage's state to the thread that
/// drives it). A message that cannot be understood or comes out of order is answered
/// with an error message on the page and a log line; the session goes on.
// @unchecked Sendable: every `var` is touched only on `queue` (serial); the rest are constants.
final class PlaygroundSession: @unchecked Sendable {
    let id: String
    private let queue: DispatchQueue
    private let library: PlaygroundLibrary
    private let exports: ExportStore
    private let send: @Sendable (ServerMessage) -> Void
    private let isBacklogged: @Sendable () -> Bool
    private let log: @Sendable (String) -> Void
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant

    // Confined to `queue`:
    private var stage: LiveStage?
    private var renderer: Renderer?
    private var timer: DispatchSourceTimer?
    private var speed = 1.0
    private var limiter = PointerRateLimit()
    private var lastSent: Trace.Frame?
    private var lastAcknowledged: Int?
    private var closed = false
    private var renderFailed = false
    /// Whether a move was applied ahead of the clock (see `tickEarly`).
    private var ahead = false
    /// Ticks in a row at which the page had not read the last frame, and whether the
    /// stage is paused for that (see `advance`).
    private var unreadTicks = 0
    private var saidPaused = false
    private var paused = false
    /// The editor pane's draft of the chosen declarative effect.
    private var editor = EffectEditor()

    init(id: String, library: PlaygroundLibrary, exports: ExportStore, send: @escaping @Sendable (ServerMessage) -> Void,
         isBacklogged: @escaping @Sendable () -> Bool = { false }, log: @escaping @Sendable (String) -> Void) {
        self.isBacklogged = isBacklogged
        self.id = id
        self.library = library
        self.exports = exports
        self.send = send
        self.log = log
        queue = DispatchQueue(label: "stagehand.serve.session.\(id)", qos: .userInteractive)
        started = clock.now
    }

    /// Sends the catalog, starts a stage with no effect, and starts the clock.
    func start() {
        queue.async { [self] in
            send(.catalog(library.listing))
            select(effect: nil, parameters: [:])
            schedule()
        }
    }

    /// Messages from the page not handled yet, at most: past that `receive` waits, so a
    /// page that sends faster than its session handles is slowed down by its own
    /// connection (the reader stops reading) instead of queueing without end.
    static let unhandledLimit = 256
    private let unhandled = DispatchSemaphore(value: PlaygroundSession.unhandledLimit)

    /// Handles one text message from the page (on the session's queue); waits while
    /// `unhandledLimit` messages are waiting.
    func receive(_ text: String) {
        unhandled.wait()
        queue.async { [self] in
            handle(text)
            unhandled.signal()
        }
    }

    /// A message that is not text: refused.
    func receiveBinary(count: Int) {
        unhandled.wait()
        queue.async { [self] in
            refuse("binary message of \(count) bytes ignored: messages are JSON text")
            unhandled.signal()
        }
    }

    /// The plugin directories changed and were loaded again.
    func catalogChanged(_ listing: CatalogListing) {
        queue.async { [self] in
            guard !closed else { return }
            send(.catalog(listing))
        }
    }

    /// The page went away: the stage stops; a finger still down is cancelled, as the
    /// system cancels touches whose source disappears. `released` runs once the stage
    /// and its frames are let go. `droppedFrames`: frames replaced before the page read
    /// them (logged).
    func close(droppedFrames: Int = 0, released: @escaping @Sendable () -> Void = {}) {
        queue.async { [self] in
            guard !closed else { return }
            closed = true
            timer?.cancel()
            timer = nil
            let dropped = droppedFrames > 0 ? " (\(droppedFrames) frames were dropped unread: the page read slower than the stage drew)" : ""
            if stage?.isDragging == true {
                stage?.cancelTouch()
                log("session \(id): the page disconnected mid-drag; its touch was cancelled" + dropped)
            } else {
                log("session \(id): closed" + dropped)
            }
            stage = nil
            renderer = nil
            lastSent = nil
            released()
        }
    }

    private func handle(_ text: String) {
        guard !closed else { return }
        let message: ClientMessage
        do {
            message = try ClientMessage.parse(text)
        } catch {
            return refuse(error.description)
        }
        switch message {
        case .select(let effect, let parameters):
            select(effect: effect, parameters: parameters)
        case .operation(let operation):
            enqueue(.operation(operation))
        case .pointer(let phase, let location, let sequence):
            let now = (clock.now - started) / .seconds(1)
            let admitted = limiter.admit(isMove: phase == .move, now: now) { dropped in
                if dropped == 0 {
                    send(.error("more than \(PointerRateLimit.perSecond) pointer events in a second: the extra moves are dropped"))
                } else {
                    log("session \(id): dropped \(dropped) pointer moves (more than \(PointerRateLimit.perSecond) in a second)")
                }
            }
            if admitted {
                enqueue(.pointer(phase, location, sequence: sequence))
                if phase == .move { tickEarly() }
            }
        case .speed(let value):
            speed = value
            schedule()
        case .export:
            export()
        case .edit(let edit):
            apply(edit)
        case .save:
            save()
        }
    }

    private func refuse(_ problem: String) {
        log("session \(id): \(problem)")
        send(.error(problem))
    }

    private func enqueue(_ input: LiveStage.Input) {
        guard let stage else { return }
        if let problem = stage.enqueue(input) { refuse(problem) }
    }

    /// Restarts the stage with `name` (nil: none) and `parameters`; an unknown effect or
    /// a parameter out of bounds is refused and the current stage goes on.
    private func select(effect name: String?, parameters: [String: String]) {
        let base = library.library
        if let name {
            do {
                _ = try base.effect(named: name)
            } catch {
                return refuse("\(name): \(error.message)")
            }
        } else if !parameters.isEmpty {
            return refuse("select: parameters need an effect")
        }
        // The same declarative effect chosen again plays its draft, if it was edited.
        let (library, source) = editor.select(name, base: base, original: self.library.originalPath(of:),
                                              savable: self.library.allowsSaving)
        var effect: EffectInfo?
        if let name {
            do {
                effect = try library.effect(named: name)
                try library.validate(overrides: parameters, for: name)
            } catch {
                return refuse("\(name): \(error.message)")
            }
        }
        restart(library: library, effect: effect, parameters: parameters, source: source, edit: nil)
    }

    /// A new stage for `effect` made from `library`; `edit` is the edit it was made for.
    private func restart(library: EffectLibrary, effect: EffectInfo?, parameters: [String: String],
                         source: ServerMessage.Source?, edit: Int?) {
        if stage?.isDragging == true { stage?.cancelTouch() }
        let session = id, log = self.log, send = self.send
        // Errors are shown as they come; a warning once per stage (one a stage makes
        // every frame would flood the log); notes only in the trace.
        var warned = Set<String>()
        let live = LiveStage(library: library, effect: effect, parameters: parameters) { diagnostic in
            guard diagnostic.severity != .note else { return }
            if diagnostic.severity == .warning, !warned.insert(diagnostic.message).inserted { return }
            log("session \(session): \(diagnostic.description)")
            if diagnostic.severity == .error { send(.error(diagnostic.description)) }
        }
        stage = live
        ahead = false
        renderer = Renderer(screen: live.screen)
        lastSent = nil
        lastAcknowledged = nil
        var selection = selection(live, library: library)
        selection.source = source
        selection.edit = edit
        send(.selected(selection))
        sendFrame()
    }

    /// An edit of the chosen declarative effect's text: once it reads, the stage restarts
    /// with it and plays it at once; with a problem, the problem goes to the editor and
    /// the stage goes on with the last version that read.
    private func apply(_ edit: SourceEdit) {
        let name = stage?.effect?.name
        switch editor.apply(edit, effect: name, base: library.library) {
        case .partial:
            return
        case .refused(let message):
            log("session \(id): \(message)")
            send(.edited(ServerMessage.Edited(seq: edit.sequence, ok: false, message: message)))
        case .outOfStep(let message, let length):
            log("session \(id): \(message)")
            send(.edited(ServerMessage.Edited(seq: edit.sequence, ok: false, resync: ServerMessage.Resync(length: length),
                                              message: message)))
        case .problem(let problem):
            send(.edited(ServerMessage.Edited(seq: edit.sequence, ok: false, problem: ServerMessage.Problem(problem))))
        case .read(let library):
            send(.edited(ServerMessage.Edited(seq: edit.sequence, ok: true)))
            guard let name, let effect = try? library.effect(named: name) else { return }
            var parameters = stage?.parameters ?? [:]
            if !parameters.isEmpty, (try? library.validate(overrides: parameters, for: name)) == nil {
                parameters = [:]
                send(.notice("the values chosen for \(name)'s parameters do not fit its edited text: its defaults are used"))
            }
            restart(library: library, effect: effect, parameters: parameters, source: nil, edit: edit.sequence)
            guard let stage else { return }
            for operation in stage.operations.replay { enqueue(.operation(operation)) }
            tickEarly()
        }
    }

    /// Writes the chosen effect's edited text back to its file (`stagehand serve --save`).
    private func save() {
        guard library.allowsSaving else {
            return refuse("save: saving is off; start stagehand serve with --save (on a loopback address) to write edited effects back to their files")
        }
        let name = stage?.effect?.name
        let bytes: [UInt8]
        switch editor.textToSave(effect: name) {
        case .success(let valid): bytes = valid
        case .failure(let refusal): return refuse(refusal.message)
        }
        guard let name, let file = library.library.declarativeFile(of: name) else {
            return refuse("save: \(name ?? "no effect") is not a declarative effect of the loaded library")
        }
        let path = library.originalPath(of: file)
        if let problem = EffectFileWriter.write(bytes, to: path) { return refuse(problem) }
        log("session \(id): saved \(name) to \(path)")
        send(.saved(path: path))
    }

    private func selection(_ live: LiveStage, library: EffectLibrary) -> ServerMessage.Selection {
        let parameters = (live.effect?.parameters ?? []).map { declaration in
            ServerMessage.Parameter(name: declaration.name, type: declaration.type.rawValue,
                                    value: live.parameters[declaration.name] ?? Self.plain(declaration.defaultValue),
                                    minimum: declaration.minimum.map(Self.plain), maximum: declaration.maximum.map(Self.plain),
                                    choices: declaration.choices, description: declaration.description)
        }
        return ServerMessage.Selection(effect: live.effect?.name, kind: live.effect?.kind.rawValue,
                                       interactive: live.effect?.interactive ?? false, parameters: parameters,
                                       operations: live.operations.operations.map(\.rawValue))
    }

    /// A value as a form field shows it (strings without their JSON quotes).
    private static func plain(_ value: ParameterValue) -> String {
        if case .string(let text) = value { return text }
        return value.description
    }

    /// Ticks in a row with the last frame unread after which a stage pauses: half a
    /// second at normal speed.
    static let pauseAfterUnreadTicks = 30

    /// The page read a frame: a stage paused because it did not goes on, from where it
    /// stopped (its clock is virtual: the pause is not in the recording).
    func pageReadAFrame() {
        queue.async { [self] in
            unreadTicks = 0
            guard paused, !closed else { return }
            paused = false
            schedule()
        }
    }

    /// (Re)starts the frame clock at the current speed.
    private func schedule() {
        timer?.cancel()
        guard !closed, !paused, let stage else { return }
        let interval = stage.frameDuration / speed
        let timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .microseconds(500))
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
        self.timer = timer
    }

    /// A move is applied as soon as it arrives (the frame it makes is stepped and sent
    /// now, not at the next tick of the clock) when the stage is not already a frame
    /// ahead of the clock; the next tick is then skipped. The stage thus keeps 60 frames
    /// a second while a finger's move reaches the page in the time it takes to step and
    /// draw one frame, not up to a frame later.
    private func tickEarly() {
        guard !ahead, !paused else { return }
        ahead = true
        advance()
    }

    private func tick() {
        if ahead {
            ahead = false
            return
        }
        advance()
    }

    /// Steps the stage and sends its frame, unless the page has read none of the frames
    /// of the last half second: the stage then pauses until it reads one, as a browser
    /// stops a hidden tab's animation frames. A tab that reads nothing thus costs the
    /// server nothing, and the tabs that read keep the cores to themselves.
    private func advance() {
        guard !closed, !paused, let stage else { return }
        if isBacklogged() {
            unreadTicks += 1
            if unreadTicks >= Self.pauseAfterUnreadTicks {
                paused = true
                timer?.cancel()
                timer = nil
                if !saidPaused {
                    saidPaused = true
                    log("session \(id): paused: the page read no frame for \(Self.pauseAfterUnreadTicks) ticks; it goes on when the page reads one (said once)")
                }
                return
            }
        } else {
            unreadTicks = 0
        }
        let wasFull = stage.recordingFull
        stage.tick()
        if stage.recordingFull, !wasFull {
            send(.notice("the recording is full (it keeps \(LiveStage.recordingLimit / stage.fps / 60) minutes, or \(LiveStage.byteLimit >> 20) MiB of moving frames): the stage goes on unrecorded; choose an effect to start a new recording"))
        }
        sendFrame()
    }

    /// Sends the stage's latest frame. While no finger is down, a frame that shows
    /// exactly what the last one did is skipped unless that one is half a second old (an
    /// idle stage sends two frames a second: the page's clock still moves). Nothing is
    /// drawn while the page has not read the last frame: the next tick draws the latest.
    private func sendFrame() {
        guard let stage, let frame = stage.latest, let renderer, !isBacklogged() else { return }
        if !stage.isDragging, let last = lastSent, last.views == frame.views, last.touches == frame.touches,
           last.percent == frame.percent,
           lastAcknowledged == stage.acknowledged, frame.t - last.t < 0.5 { return }
        do {
            let drawing = try renderer.canvasDrawing(frame: frame)
            send(.frame(index: stage.frameIndex, time: frame.t, percent: frame.percent, interactive: stage.isInteractive,
                        drawing: drawing, acknowledged: stage.acknowledged))
            lastSent = frame
            lastAcknowledged = stage.acknowledged
        } catch {
            if !renderFailed { refuse("frames cannot be drawn: \(error)") }
            renderFailed = true
        }
    }

    private func export() {
        guard let stage else { return refuse("export: there is no stage to export yet") }
        guard let (scenario, trace) = stage.export() else {
            return refuse("the recording is full: choose an effect to start a new one, then export")
        }
        // The recording carries the parameters chosen on the page: it replays alone.
        let command = "stagehand play recording.json"
        let links = exports.store(session: id, scenario: scenario, trace: trace)
        send(.exported(ServerMessage.Export(scenario: links.scenario, trace: links.trace, gif: links.gif,
                                            command: command, frames: trace.frames.count)))
        sendFrame()
    }
}
