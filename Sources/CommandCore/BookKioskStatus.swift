/// The `bookkiosk` command line (its `main` and the table of commands are in
/// `BookKioskCommands`).
public enum BookKiosk {
    /// Exit statuses.
    public enum Status: Int32, Sendable {
        case success = 0
        /// The command ran and failed: the message says why and what to do.
        case failure = 1
        /// The command line itself was wrong.
        case usage = 2
    }
}
