import Core
import Foundation
import Simulation
import Testing

/// The calibration screen's coverage disc and drawing.
@Suite("Calibration view")
struct CalibrationViewTests {
    /// (direction, ring × 12 + sector)
    static let cellCases: [(Vector3, Int)] = [
        (Vector3(x: 0, y: 0, z: 1), 0),  // straight down: centre ring, sector 0
        (Vector3(x: 1, y: 0.01, z: 0.9), 0),
        (Vector3(x: 0, y: 1, z: 0.3), 15),  // to the right, a little down: ring 1, 90° = sector 3
        (Vector3(x: -1, y: 0.01, z: -0.3), 29),  // behind, a little up: ring 2, just under 180° = sector 5
        (Vector3(x: 0.2, y: -1, z: -2), 45),  // up and to the left: ring 3, about 281° = sector 9
    ]

    @Test("Directions land in the ring of their height and the sector of their azimuth", arguments: cellCases)
    func cellsByRingAndSector(_ c: (Vector3, Int)) {
        #expect(CalibrationCoverageMap.cell(of: c.0) == c.1)
    }

    @Test("Zero and non-finite vectors count nowhere")
    func degenerateVectors() {
        #expect(CalibrationCoverageMap.cell(of: .zero) == nil)
        #expect(CalibrationCoverageMap.cell(of: Vector3(x: .nan, y: 0, z: 1)) == nil)
    }

    @Test("The cells have equal areas: uniformly spread directions fill them evenly")
    func equalAreas() {
        var rng = SeededRandom(seed: 3)
        let directions = (0..<48_000).map { _ in rng.gaussianVector(sigma: 1) }
        let map = CalibrationCoverageMap(samples: directions, calibration: nil, minimumOffsetMicrotesla: 0)
        let expected = 1000.0
        #expect(map.counts.allSatisfy { abs(Double($0) - expected) < 0.15 * expected }, "\(map.counts)")
        #expect(map.fraction == 1)
    }

    @Test("Ring radii follow Lambert's equal-area projection and end on the rim")
    func ringRadii() {
        #expect(CalibrationCoverageMap.radii(ofRing: 0).inner == 0)
        #expect(abs(CalibrationCoverageMap.radii(ofRing: 0).outer - 0.5) < 1e-12)
        #expect(abs(CalibrationCoverageMap.radii(ofRing: 1).outer - 0.5.squareRoot()) < 1e-12)
        #expect(abs(CalibrationCoverageMap.radii(ofRing: 3).outer - 1) < 1e-12)
    }

    @Test("Without a fit, readings that barely moved from their mean count nowhere")
    func barelyMovedReadingsDoNotCount() {
        let wobble = (0..<200).map { i in Vector3(x: 40 + sin(Double(i)) * 3, y: -20 + cos(Double(i)) * 3, z: 30) }
        #expect(CalibrationCoverageMap(samples: wobble, calibration: nil).coveredCount(minimum: 1) == 0)
        let calibration = MagnetometerCalibration(
            hardIronMicrotesla: Vector3(x: 40, y: -20, z: 30), softIron: .identity, fieldRadiusMicrotesla: 3)
        #expect(CalibrationCoverageMap(samples: wobble, calibration: calibration).coveredCount() > 0)
    }

    @Test("A tumble fills the disc; the drawn frame shows it in the fill colour and the refusal in the warning colour")
    func drawsProgressAndOutcomes() throws {
        let fonts = try FontSet.load()
        let ride = SimulatedRide.calibrationTumble(device: SimulatedRide.distortedDevice)
        var session = CalibrationSession()
        for case .magnetometer(let s) in ride.events() { session.add(s) }
        let calibration = try session.finish()
        let map = CalibrationCoverageMap(samples: session.samples, calibration: calibration)
        #expect(map.fraction > 0.95)
        let view = CalibrationView(fonts: fonts, theme: .day)
        let canvas = Canvas(width: 800, height: 480)
        func screen(_ phase: CalibrationScreen.Phase, _ coverage: CalibrationCoverageMap) -> CalibrationScreen {
            // An empty disc goes with an empty session's progress (its bars are empty too).
            CalibrationScreen(
                phase: phase,
                progress: coverage.coveredCount(minimum: 1) == 0 ? CalibrationSession().progress : session.progress,
                coverage: coverage, requirements: session.requirements,
                elapsedSeconds: 12, durationSeconds: 60, source: "test")
        }
        func share(of color: Color, in frame: FrameBuffer) -> Double {
            Double(frame.pixels.filter { $0 == color.xrgb }.count) / Double(frame.pixels.count)
        }
        let full = view.render(screen(.accepted(calibration, savedTo: "/tmp/x"), map), on: canvas)
        let empty = view.render(screen(.collecting, CalibrationCoverageMap()), on: canvas)
        // The disc is about a third of the screen: filled, it is mostly the fill colour; empty, none of it is.
        #expect(share(of: SceneTheme.day.arrowFill, in: full) > 0.15)
        #expect(share(of: SceneTheme.day.arrowFill, in: empty) < 0.01)
        let refused = view.render(
            screen(.refused(reason: "only 12 % of directions covered", quality: nil), CalibrationCoverageMap()),
            on: canvas)
        #expect(share(of: SceneTheme.day.warning, in: refused) > 0.001)
    }

    @Test("A level calibration's circle map counts horizontal directions by sector, level forward first")
    func circleMapSectors() {
        let level = TiltCompensation.levelDown
        // Readings round a circle centred on (40, −20, 30) µT: every 15° sector gets its share.
        let ring = (0..<240).map { i -> Vector3 in
            let a = (Double(i) + 0.5) / 240 * 2 * .pi
            return Vector3(x: 40 + 15 * cos(a), y: -20 + 15 * sin(a), z: 30)
        }
        let map = CalibrationCircleMap(samples: ring, calibration: nil, down: level)
        #expect(map.counts.allSatisfy { $0 == 10 }, "\(map.counts)")
        #expect(map.fraction == 1)
        // Straight ahead is sector 0, to the right (+y) a quarter of the way round.
        let centre = MagnetometerCalibration(
            hardIronMicrotesla: Vector3(x: 40, y: -20, z: 30), softIron: .identity, fieldRadiusMicrotesla: 15)
        #expect(
            CalibrationCircleMap(samples: [Vector3(x: 55, y: -19.9, z: 30)], calibration: centre, down: level).counts[0]
                == 1)
        #expect(
            CalibrationCircleMap(samples: [Vector3(x: 39.9, y: -5, z: 30)], calibration: centre, down: level).counts[6]
                == 1)
        // Without a fit, a wobble round the mean counts nowhere.
        let wobble = (0..<200).map { i in Vector3(x: 40 + sin(Double(i)), y: -20 + cos(Double(i)), z: 30) }
        #expect(CalibrationCircleMap(samples: wobble, calibration: nil, down: level).coveredCount(minimum: 1) == 0)
    }

    @Test("A level calibration's screen fills a ring, not the sphere's disc")
    func drawsTheRingForALevelCalibration() throws {
        let fonts = try FontSet.load()
        let ride = LevelFitTests.circles(device: SimulatedRide.distortedDevice)
        let session = LevelFitTests.session(ride)
        let (progress, calibration) = session.snapshot()
        #expect(progress.isReady, "\(progress.hint)")
        let map = CalibrationCircleMap(samples: session.samples, calibration: calibration, down: session.down)
        #expect(map.fraction == 1)
        let view = CalibrationView(fonts: fonts, theme: .day)
        let canvas = Canvas(width: 800, height: 480)
        func render(_ circle: CalibrationCircleMap) -> FrameBuffer {
            view.render(
                CalibrationScreen(
                    phase: .collecting, progress: progress, coverage: CalibrationCoverageMap(),
                    currentDirection: Vector3(x: 1, y: 0, z: 0),
                    requirements: session.requirements, elapsedSeconds: 30, durationSeconds: 180, source: "test",
                    circle: circle),
                on: canvas)
        }
        func share(_ frame: FrameBuffer, inside radius: Double) -> Double {
            // The fill colour within `radius` of the disc's centre: at 800×480 the disc has radius 180 and its
            // centre at (20 + 180, 78 + (480 − 78 − 16) / 2).
            let center = (x: 200.0, y: 271.0)
            var fill = 0
            var all = 0
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let d =
                        ((Double(x) - center.x) * (Double(x) - center.x) + (Double(y) - center.y)
                            * (Double(y) - center.y))
                        .squareRoot()
                    guard d < radius else { continue }
                    all += 1
                    if frame.pixels[y * frame.width + x] == SceneTheme.day.arrowFill.xrgb { fill += 1 }
                }
            }
            return Double(fill) / Double(max(1, all))
        }
        let full = render(map)
        let empty = render(CalibrationCircleMap())
        // The ring is filled; its middle (where the sphere's disc would be) stays empty.
        #expect(share(full, inside: 175) > 0.3, "\(share(full, inside: 175))")
        #expect(share(full, inside: 100) < 0.01)
        #expect(share(empty, inside: 175) < 0.01)
    }
}
