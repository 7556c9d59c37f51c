import CVersion

extension BookKiosk {
    /// The program's version ("1.4.0"): one place, `Package.swift`, sets it (or
    /// `BOOKKIOSK_VERSION` when a package of another version is built); `bookkiosk --version`,
    /// the Debian package and the lookup's User-Agent all read it from here.
    public static let version = String(cString: bookkiosk_version())
}
