import Foundation
import Testing
@testable import BookKioskCommands
@testable import KioskConfiguration

@Suite("configuration: screen")
struct ScreenConfigurationTests {
    func parse(_ json: String) throws -> Configuration {
        try Configuration.parse(Data(json.utf8), file: "config.json")
    }

    func problems(_ json: String) -> [String] {
        do {
            _ = try Configuration.parse(Data(json.utf8), file: "config.json")
            return []
        } catch {
            return error.problems
        }
    }

    @Test("by default: auto, card0, MotoyaLMaru, the state directory's covers")
    func defaults() throws {
        let screen = try parse("{}").screen
        #expect(screen.output == .auto)
        #expect(screen.device == "/dev/dri/card0")
        #expect(screen.font == "MotoyaLMaru")
        #expect(screen.covers == "/var/lib/bookkiosk/covers")
    }

    @Test("every key is read; a missing key keeps its default")
    func everyKey() throws {
        let screen = try parse(#"{"screen": {"output": "drm", "device": "/dev/dri/card1", "font": "Noto Sans CJK JP", "covers": "/srv/covers"}}"#).screen
        #expect(screen == {
            var expected = ScreenConfiguration()
            expected.output = .drm
            expected.device = "/dev/dri/card1"
            expected.font = "Noto Sans CJK JP"
            expected.covers = "/srv/covers"
            return expected
        }())
        #expect(try parse(#"{"screen": {"output": "none"}}"#).screen.font == "MotoyaLMaru")
        for output in ScreenConfiguration.Output.allCases {
            #expect(try parse(#"{"screen": {"output": "\#(output.rawValue)"}}"#).screen.output == output)
        }
    }

    @Test("each problem is named screen.KEY and says what to write", arguments: [
        (#"{"screen": "drm"}"#, "screen: must be an object"),
        (#"{"screen": {"output": "hdmi"}}"#, #"screen.output: must be one of "auto", "drm", "window", "none""#),
        (#"{"screen": {"device": "card0"}}"#, #"screen.device: must be the path of a display card, like "/dev/dri/card0""#),
        (#"{"screen": {"font": " "}}"#, "screen.font: must be a font family name"),
        (#"{"screen": {"covers": 3}}"#, "screen.covers: must be the path of a folder"),
        (#"{"screen": {"colour": "blue"}}"#, "screen.colour: is not a key BookKiosk knows; the screen has output, device, font, covers"),
    ])
    func problemsNamed(json: String, start: String) {
        let found = problems(json)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix(start) == true, "\(found)")
    }

    @Test("the example configuration has a valid screen entry")
    func example() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("kiosk/config.example.json")
        let config = try Configuration.parse(try Data(contentsOf: example), file: example.path)
        #expect(config.screen.output == .auto)
        #expect(config.screen.font == "MotoyaLMaru")
    }
}
