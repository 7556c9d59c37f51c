import CVersion

extension BookKiosk {
    /// The program's version ("1.4.0"): one place, `Package.swift`, sets it (or
    /// `BOOKKIOSK_VERSION` when a package of another version is built); `bookkiosk --version`,
    /// the Debian package and the lookup's User-Agent all read it from here.
    public static let version = String(cString: bookkiosk_version())

    /// The licence BookKiosk is under, as `bookkiosk --version` names it (the full text is
    /// LICENSE in the source, /usr/share/common-licenses/Apache-2.0 on Debian).
    public static let licence = "Licensed under the Apache License 2.0 (SPDX-License-Identifier: Apache-2.0)."
}
