import Foundation
import Printing
import ScenePainter

/// How long `bookkiosk print labels` takes for 440 Book labels (10 sheets of 44 on
/// a-one-28368): laying the pages out and writing the PDF, with the painter already warm (its
/// fonts loaded) as in a command that has started. The database read is not in it.
enum PrintBenchmark {
    struct Figures {
        /// The best of the runs, in seconds.
        var best: Double
        var median: Double
        var pages: Int
        var bytes: Int
    }

    static func run(folder: String, labels count: Int = 440, runs: Int = 5) throws -> Figures {
        let sheet = Sheet.builtIn.first { $0.name == Sheet.defaultLabelSheet }!
        let labels = (0..<count).map { index in
            BookLabel(title: ["ぐりとぐら", "はらぺこあおむし", "かいじゅうたちのいるところ", "ねないこだれだ"][index % 4] + " \(index + 1)",
                      barcode: String(20_000_001 + index))
        }
        let layout = PageLayout(sheet: sheet, libraryName: "ひまわり文庫")
        let painter = ScenePainter()
        painter.warmUp()
        let path = folder + "/labels-\(count).pdf"
        var times: [Double] = []
        var pages = 0
        for _ in 0..<runs {
            let (_, seconds) = try timed {
                let scenes = try layout.labels(labels).get()
                pages = scenes.count
                try painter.writePDF(scenes, to: path)
            }
            times.append(seconds)
        }
        times.sort()
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return Figures(best: times[0], median: times[times.count / 2], pages: pages, bytes: bytes)
    }
}
