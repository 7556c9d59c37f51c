import POSIX

extension Errno {
    /// Maps a libevdev return value (`-errno` on failure) once; nil when it is not an error.
    public init?(libevdevResult result: Int32) {
        self.init(negatedResult: result)
    }
}
