/// A value that names one of the host's objects by its handle (a view, a controller):
/// borrowed, equal when the handle is. The optional form reads a handle the host may not
/// have given (a function that answers NULL), once for every such type.
protocol HostHandle {
    init(_ handle: OpaquePointer)
}

extension HostHandle {
    init?(_ handle: OpaquePointer?) {
        guard let handle else { return nil }
        self.init(handle)
    }
}
