import Foundation

/// Pictures read from files (book covers), kept for the frames that show them again. A pure
/// value: time is an argument, and loading is the caller's closure.
///
/// It holds at most `capacity` paths, forgetting the one used longest ago, so a kiosk that
/// shows every Book of the library in a year does not keep every cover. A file that could not
/// be read is not tried again on every frame, but is forgotten after `retryAfter` seconds: a
/// cover copied in later (or a file finished being written) shows up without a restart.
struct ImageCache<Image> {
    private enum Entry {
        case loaded(Image)
        case failed(at: Date)
    }

    let capacity: Int
    let retryAfter: TimeInterval
    private var entries: [String: (entry: Entry, lastUse: UInt64)] = [:]
    /// Counts uses, to find the one used longest ago.
    private var uses: UInt64 = 0

    init(capacity: Int, retryAfter: TimeInterval) {
        self.capacity = max(1, capacity)
        self.retryAfter = retryAfter
    }

    /// How many paths are held (loaded or failed).
    var count: Int { entries.count }

    /// The picture at `path`: held, or read now with `load` (nil: it could not be read).
    mutating func image(at path: String, now: Date, load: (String) -> Image?) -> Image? {
        uses += 1
        if let held = entries[path] {
            switch held.entry {
            case .loaded(let image):
                entries[path] = (held.entry, uses)
                return image
            case .failed(let time) where now.timeIntervalSince(time) < retryAfter:
                entries[path] = (held.entry, uses)
                return nil
            case .failed:
                break
            }
        }
        let image = load(path)
        if entries[path] == nil, entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
        }
        entries[path] = (image.map(Entry.loaded) ?? .failed(at: now), uses)
        return image
    }
}
