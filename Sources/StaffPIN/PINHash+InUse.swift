extension PINHash {
    /// Whether `pin` is already the PIN of one of these accounts' hashes. A PIN says who is
    /// entering staff mode, so two Staff members may not share one: the kiosk could not tell
    /// them apart in the audit log. Calls `verify` (yescrypt) once per hash.
    public static func isTaken(_ pin: String, byAnyOf hashes: [String]) -> Bool {
        hashes.contains { verify(pin, against: $0) }
    }
}
