import BookLookup

extension KioskSetup {
    /// The lookup service the configuration asks for, with a `User-Agent` naming BookKiosk at
    /// `version`; nil when `"lookup": false` turned lookups off.
    public func lookupService(version: String) -> LookupService? {
        guard var settings = configuration.lookup else { return nil }
        settings.userAgent = LookupSettings.userAgent(version: version)
        return LookupService(settings: settings)
    }
}
