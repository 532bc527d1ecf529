/// What a GIF's painting worker keeps from one frame to the next: the registry numbering
/// the colours it meets, and the buffer each frame's runs are packed in before they are
/// stored (`RunLengthImage.init(_:worker:registry:runs:level:)`), reused rather than
/// grown anew, in fresh pages, for every frame.
struct GIFWorkerState: Sendable {
    var registry = ColorRegistry()
    var runs: [UInt32] = []
}
