import StagehandGeometry

/// The sources this bundle's copies of StagehandSDK and StagehandGeometry were built from
/// (`SourceIdentity`), exported for the host: it compares the value with its own before
/// it calls anything else in the bundle, because a Swift bundle shares those modules'
/// types with the host and with every other Swift bundle in the process. Bundle authors
/// never call it; being in the SDK, every Swift bundle exports it.
@_cdecl("stagehand_sources_identity")
public func _stagehandSourcesIdentity() -> UnsafePointer<CChar> {
    UnsafeRawPointer(SourceIdentity.value.utf8Start).assumingMemoryBound(to: CChar.self)
}
