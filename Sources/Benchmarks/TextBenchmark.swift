import Core
import Foundation
import Platform

/// Street labels set three ways in one run: today's path (TrueTypeFont outlines filled by our rasteriser, every
/// frame), the text stack cold (shaped by HarfBuzz and rasterised by FreeType with empty caches) and the text
/// stack from its caches (what a frame costs once the labels on screen have been seen).
func runTextBenchmark() {
    let labels = [
        "Mannerheimintie", "Pohjoisesplanadi", "Aleksanterinkatu", "Unioninkatu", "Fabianinkatu",
        "Eteläesplanadi", "Kaivokatu", "Keskuskatu", "Yliopistonkatu", "Mikonkatu", "Kluuvikatu",
        "Simonkatu", "Kalevankatu", "Lönnrotinkatu", "Bulevardi", "Erottajankatu", "Kasarmikatu",
        "Korkeavuorenkatu", "Ludviginkatu", "Uudenmaankatu",
    ]
    let size = 12.5
    let fonts: FontSet
    let shaper: WorldTextShaper
    do {
        fonts = try FontSet.load()
        shaper = try WorldTextShaper()
    } catch {
        print("text benchmark: \(error)")
        return
    }
    let canvas = Canvas(width: 800, height: 480)
    let layout = TextLayout(font: fonts.regular, size: size)
    func origin(_ i: Int) -> Point { Point(x: Double(20 + (i % 4) * 190), y: Double(30 + (i / 4) * 80)) }

    print("Text benchmark (median CPU time for \(labels.count) street labels at \(formatFixed(size, digits: 1)) px):")
    // Every variant clears the 800×480 frame first; that share is measured alone and taken out of the ratios.
    let clear = measure(rounds: 15) { canvas.clear(to: .white) }
    print("  clearing the frame alone (in every figure below): \(ms(clear)) ms")
    for haloPixels in [0.0, 2.0] {
        let style = TextStyle(sizePixels: size, haloPixels: haloPixels)
        let halo: Color? = haloPixels > 0 ? .white : nil
        let today = measure(rounds: 15) {
            canvas.clear(to: .white)
            for (i, l) in labels.enumerated() {
                canvas.text(l, at: origin(i), layout: layout, .black, halo: halo, haloWidth: haloPixels)
            }
        }
        func shapeAndDraw() {
            canvas.clear(to: .white)
            for (i, l) in labels.enumerated() {
                guard let run = try? shaper.shape(l, style: style) else { continue }
                canvas.frame.draw(run, at: origin(i), .black, halo: halo)
            }
        }
        let cold = measure(rounds: 15) {
            shaper.removeCachedRunsAndGlyphs()
            shapeAndDraw()
        }
        shapeAndDraw()
        let cached = measure(rounds: 15) { shapeAndDraw() }
        let turned = measure(rounds: 15) {
            canvas.clear(to: .white)
            for (i, l) in labels.enumerated() {
                guard let run = try? shaper.shape(l, style: style) else { continue }
                canvas.frame.draw(run, at: origin(i), .black, halo: halo, rotationDegrees: 23)
            }
        }
        print("  halo \(formatFixed(haloPixels, digits: 0)) px:")
        print("    today (TrueTypeFont outlines, rasterised): \(ms(today)) ms")
        print("    text stack cold (shape + rasterise):        \(ms(cold)) ms")
        print("    text stack from the caches:                 \(ms(cached)) ms")
        print("    text stack from the caches, turned 23°:     \(ms(turned)) ms")
        func ratio(_ a: Double) -> String { formatFixed(max(0, a - clear) / max(1e-9, today - clear), digits: 3) }
        print("    ratio cold / today (text only):    \(ratio(cold))")
        print("    ratio cached / today (text only):  \(ratio(cached))")
        print("    ratio turned / today (text only):  \(ratio(turned))")
    }
    let s = shaper.cacheStatistics
    print(
        "  caches after the run: \(s.runs) runs in \(s.runBytes) bytes, \(s.glyphs) glyph masks in \(s.glyphBytes) bytes"
    )
    memoryOfTheCJKFont()
}

/// The resident memory a first Chinese label adds (the CJK font is opened then, not before), and what a shaper
/// holds once it has set a name in every script at the label and HUD sizes.
private func memoryOfTheCJKFont() {
    do {
        let start = Resident.now()
        let shaper = try WorldTextShaper()
        _ = try shaper.shape("Mannerheimintie", style: TextStyle(sizePixels: 12.5))
        let before = Resident.now()
        _ = try shaper.shape("南京东路", style: TextStyle(sizePixels: 12.5))
        let after = Resident.now()
        let opened = shaper.openedFamilies().joined(separator: ", ")
        print("  resident memory: a shaper with DejaVu open \(before - start)")
        print("  resident memory added by the first CJK label: \(after - before) (opened: \(opened))")
        let names = [
            "شارع الملك فهد", "רחוב הרצל", "Невский проспект", "Οδός Ερμού", "महात्मा गांधी मार्ग", "南京东路",
            "表参道とおり", "Mannerheimintie", "Pohjoisesplanadi",
        ]
        for size in [11.5, 12.5, 15, 18, 34] {
            for weight in [FontWeight.regular, .bold] {
                for n in names {
                    _ = try shaper.shape(n, style: TextStyle(sizePixels: size, weight: weight, haloPixels: 2))
                }
            }
        }
        let s = shaper.cacheStatistics
        print(
            "  \(names.count) names × 5 sizes × 2 weights, 2 px halo: \(s.runs) runs in \(s.runBytes) bytes, "
                + "\(s.glyphs) glyph masks in \(s.glyphBytes) bytes; resident memory since the start \(Resident.now() - start)"
        )
    } catch {
        print("text benchmark: \(error)")
    }
}

/// Resident memory from /proc/self/status in KiB: anonymous (heap) and file-backed (mapped font pages, which
/// the kernel can drop and re-read) apart; 0 when unreadable.
private struct Resident {
    var anonKiB = 0
    var fileKiB = 0

    static func now() -> Resident {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return Resident() }
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name) }
            return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        }
        return Resident(anonKiB: field("RssAnon:"), fileKiB: field("RssFile:"))
    }

    static func - (a: Resident, b: Resident) -> String {
        "\(a.anonKiB - b.anonKiB) KiB heap + \(a.fileKiB - b.fileKiB) KiB mapped font pages"
    }
}

/// The median CPU seconds of `rounds` runs of `body`, after one warm-up run.
private func measure(rounds: Int, _ body: () -> Void) -> Double {
    body()
    var times: [Double] = []
    for _ in 0..<rounds {
        let start = ProcessClock.cpuNanoseconds()
        body()
        times.append(Double(ProcessClock.cpuNanoseconds() - start) / 1e9)
    }
    return times.sorted()[times.count / 2]
}

private func ms(_ seconds: Double) -> String { formatFixed(seconds * 1000, digits: 3) }
