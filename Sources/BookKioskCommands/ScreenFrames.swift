import CommandCore
import KioskConfiguration
import Foundation
import Feedback
import KioskPresenter
import KioskScreen
import Lending
import Scene
import ScenePainter

/// `simulate --screens DIR`: the screen as it looks just after each event line, written to
/// `DIR/NNNN-EVENT.png` (NNNN the line's place in the event stream from 0001, EVENT its `event`
/// field), and after each staff prompt to `DIR/NNNN-prompt-K.png` (NNNN the last event's number,
/// K counting that event's prompts from 1).
final class ScreenFrames {
    static let defaultSize = PixelSize(width: 1280, height: 800)

    let folder: String
    let presenter: ScreenPresenter
    private let output: ImageFrameOutput
    private var eventNumber = 0
    private var promptNumber = 0

    /// The options `simulate` takes for frames.
    static let options: Set<String> = ["screens", "screen-size", "covers", "library-name"]

    /// Frames as `arguments` ask for them; nil without `--screens`.
    /// The library's name, the covers and the font come from `configuration` (as `run` draws
    /// them), unless `--library-name` or `--covers` say otherwise.
    static func make(_ arguments: Arguments, configuration: Configuration, language: Language, policy: Policy, now: Date,
                     log: @escaping (String) -> Void) throws -> ScreenFrames? {
        guard let folder = arguments.options["screens"] else {
            for option in ["screen-size", "covers", "library-name"] where arguments.options[option] != nil {
                throw Arguments.Invalid(description: "--\(option) goes with --screens DIR (where the frames are written)")
            }
            return nil
        }
        var size = defaultSize
        if let text = arguments.options["screen-size"] {
            guard let parsed = PixelSize(text), parsed.width >= 320, parsed.height >= 200 else {
                throw Arguments.Invalid(description: "--screen-size must be WIDTHxHEIGHT in pixels, at least 320x200, like 1280x800 (got \(text))")
            }
            size = parsed
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("The folder \(folder) for --screens cannot be made (\(error.localizedDescription)). Check its parent exists and may be written.")
        }
        let layout = configuration.screenLayout(language: language, libraryName: arguments.options["library-name"],
                                                covers: arguments.options["covers"])
        return ScreenFrames(folder: folder, layout: layout, size: size, policy: policy, font: configuration.screen.font,
                            now: now, log: log)
    }

    init(folder: String, layout: ScreenLayout, size: PixelSize, policy: Policy, font: String = ScreenConfiguration.defaultFont,
         now: Date, log: @escaping (String) -> Void) {
        self.folder = folder
        output = ImageFrameOutput(size: size)
        presenter = ScreenPresenter(output: output, layout: layout, policy: policy, painter: ScenePainter(family: font), now: now, log: log)
    }

    /// Shows the event that was just printed as the stream's next line, and writes its frame.
    func event(_ event: KioskEvent, at time: Date) throws {
        eventNumber += 1
        promptNumber = 0
        presenter.show(event, at: time)
        try write(String(format: "%04d-%@.png", eventNumber, EventStream.name(of: event)))
    }

    func prompt(_ prompt: StaffPrompt, notice: StaffNotice?, at time: Date) throws {
        promptNumber += 1
        presenter.show(prompt, notice: notice, at: time)
        try write(String(format: "%04d-prompt-%d.png", eventNumber, promptNumber))
    }

    /// Moves the screen's clock (the bar shrinks; no frame is written for it).
    func advance(to time: Date) {
        presenter.advance(to: time)
    }

    private func write(_ name: String) throws {
        let path = (folder as NSString).appendingPathComponent(name)
        do {
            let bytes = try output.image.png()
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
                throw CommandFailure("The frame \(path) cannot be written (\(String(cString: strerror(errno)))). Check the folder may be written and the disk is not full.")
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("The frame \(path) cannot be made: \(error)")
        }
    }
}
