import Foundation
import Kiosk
import LendingSQLite

extension KioskRuntime {
    /// Seconds without a scan or key after which the kiosk checkpoints its database: a child
    /// walking up in the meantime finds a lend that only appends to the WAL.
    public static let quietCheckpointDelay: TimeInterval = 3

    /// Checkpoints `repository`'s WAL (passively) once the kiosk has been quiet for
    /// `quietCheckpointDelay` after activity; SQLite's auto-checkpoint stays only as a ceiling
    /// (`SQLiteLendingRepository.autocheckpointCeilingPages`). A failure is logged and tried
    /// again after the next activity.
    func checkpointWhenQuiet(_ repository: SQLiteLendingRepository, log: @escaping (String) -> Void) {
        whenQuiet = QuietWork(delay: Self.quietCheckpointDelay) {
            do {
                let checkpoint = try repository.checkpointWhenIdle()
                if !checkpoint.isComplete {
                    log("checkpoint: \(checkpoint.checkpointed) of \(checkpoint.frames) WAL frames copied (another program is reading); the rest next time")
                }
            } catch {
                log("checkpoint: could not copy the WAL into the database (tried again after the next scan): \(error)")
            }
        }
    }
}
