import KioskConfiguration
import Feedback
import Foundation
import KioskPresenter
import KioskScreen
import Scene
import ScenePainter

extension Configuration {
    /// The screen as the configuration draws it (`run`, the demo's window, `simulate --screens`):
    /// its language, the library's name and the covers folder, each of which a command's option
    /// may override.
    func screenLayout(language: Language? = nil, libraryName: String? = nil, covers: String? = nil) -> ScreenLayout {
        let folder = CoverFolder(path: covers ?? screen.covers)
        return ScreenLayout(language: language ?? Language(rawValue: self.language) ?? .default,
                            libraryName: libraryName ?? (self.libraryName.isEmpty ? nil : self.libraryName),
                            cover: { barcode, isbn in folder.cover(barcode: barcode, isbn: isbn) })
    }

    /// A presenter of that screen on `output`, painting with the configured font.
    func screenPresenter(on output: any FrameOutput, layout: ScreenLayout, now: Date,
                         log: @escaping (String) -> Void) -> ScreenPresenter {
        ScreenPresenter(output: output, layout: layout, policy: policy, painter: ScenePainter(family: screen.font), now: now, log: log)
    }
}
