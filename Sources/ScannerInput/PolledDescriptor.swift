/// A file descriptor that a source polls beside its devices, with what to do when it is
/// readable: the display's console-switch requests come this way, so the kiosk answers them
/// while it waits for a scan. `readable` runs on the source's thread, inside `next(timeout:)`.
public struct PolledDescriptor {
    public var fileDescriptor: Int32
    public var readable: () -> Void

    public init(fileDescriptor: Int32, readable: @escaping () -> Void) {
        self.fileDescriptor = fileDescriptor
        self.readable = readable
    }
}
