import CommandCore
import KioskConfiguration
import Foundation
import Feedback
import KioskPresenter
import Scene
import POSIX

/// `simulate --screens DIR`: where the kiosk's frames go. The screen as it looks just after
/// each event line is written to `DIR/NNNN-EVENT.png` (NNNN the line's place in the event
/// stream from 0001, EVENT its `event` field), and after each staff prompt to
/// `DIR/NNNN-prompt-K.png` (NNNN the last event's number, K counting that event's prompts from 1).
/// The screen itself is the assembled kiosk's, drawn into `output`.
///
/// `simulate --screens-in-memory`: the same frames painted into memory, as `run` paints into
/// the display's buffer, and no file written, so a frame costs what it costs on the kiosk (a
/// PNG's compression costs several frames' painting). Each event line is written after its
/// frame is presented (`KioskAssembly`'s order), so a scan → its event line is scan → frame:
/// the bench's Pi-class figure.
final class ScreenFrames {
    static let defaultSize = PixelSize(width: 1280, height: 800)

    /// Where the PNGs go; nil: painted in memory only.
    let folder: String?
    let output: ImageFrameOutput
    private var eventNumber = 0
    private var promptNumber = 0

    /// Frames as `arguments` ask for them; nil without `--screens` or `--screens-in-memory`.
    /// (`--library-name` and `--covers` change the kiosk's screen settings; see `Simulate`.)
    static func make(_ arguments: Arguments) throws -> ScreenFrames? {
        let inMemory = arguments[Options.screensInMemory]
        let folder = arguments[Options.screens]
        if inMemory, folder != nil {
            throw Arguments.Invalid(description: "--screens DIR writes the frames as files and --screens-in-memory writes none: give one of them")
        }
        guard folder != nil || inMemory else {
            for option in [Options.screenSize.declaration, Options.covers.declaration, Options.libraryName.declaration]
                where arguments.options[option.name] != nil {
                throw Arguments.Invalid(description: "--\(option.name) goes with --screens DIR (where the frames are written) or --screens-in-memory")
            }
            return nil
        }
        let size = try arguments.value(of: Options.screenSize) { text in
            "--screen-size must be WIDTHxHEIGHT in pixels, at least 320x200, like 1280x800 (got \(text))"
        } ?? defaultSize
        if let folder {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure("The folder \(folder) for --screens cannot be made (\(error.localizedDescription)). Check its parent exists and may be written.")
            }
        }
        return ScreenFrames(folder: folder, size: size)
    }

    init(folder: String?, size: PixelSize) {
        self.folder = folder
        output = ImageFrameOutput(size: size)
    }

    /// Writes the frame of the event just printed as the stream's next line.
    func written(after event: KioskEvent) throws {
        eventNumber += 1
        promptNumber = 0
        try write(String(format: "%04d-%@.png", eventNumber, EventStream.name(of: event)))
    }

    /// Writes the frame of a staff prompt just shown.
    func writtenAfterPrompt() throws {
        promptNumber += 1
        try write(String(format: "%04d-prompt-%d.png", eventNumber, promptNumber))
    }

    private func write(_ name: String) throws {
        guard let folder else { return }
        let path = (folder as NSString).appendingPathComponent(name)
        do {
            let bytes = try output.image.png()
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
                throw CommandFailure("The frame \(path) cannot be written (\(Errno.current)). Check the folder may be written and the disk is not full.")
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("The frame \(path) cannot be made: \(error)")
        }
    }
}
