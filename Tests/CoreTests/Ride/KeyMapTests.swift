import Core
import Testing

@Suite("Key map")
struct KeyMapTests {
    @Test func theTextFormReadsBackToTheSameMap() throws {
        let text = KeyMap.standard.description
        #expect(try KeyMap(parsing: text) == KeyMap.standard)
        #expect(text.contains("KEY_VOLUMEUP = zoom-in\n"))
    }

    @Test func namesCodesAndCommentsAreAccepted() throws {
        let map = try KeyMap(
            parsing: """
                # handlebar remote
                KEY_VOLUMEUP = zoom-in   # the + button
                key_volumedown=zoom-out
                256 = day-night

                BTN_1 = record
                """)
        #expect(map.action(for: KeyCode(115)) == .zoomIn)
        #expect(map.action(for: KeyCode(114)) == .zoomOut)
        #expect(map.action(for: KeyCode(0x100)) == .cycleLighting)
        #expect(map.action(for: KeyCode(0x101)) == .toggleRecording)
        #expect(map.bindings.count == 4)
    }

    @Test(arguments: [
        ("KEY_A zoom-in", 1, "expected KEY = ACTION"),
        ("KEY_NOPE = zoom-in", 1, "unknown key \"KEY_NOPE\" (a KEY_/BTN_ name or a code)"),
        ("KEY_A = fly", 1, "unknown action \"fly\""),
        ("KEY_A = zoom-in\nKEY_A = zoom-out", 2, "KEY_A is bound twice"),
        ("99999 = zoom-in", 1, "unknown key"),
    ])
    func aBadLineNamesItsLineAndTheProblem(_ c: (text: String, line: Int, reason: String)) {
        do {
            _ = try KeyMap(parsing: c.text)
            Issue.record("accepted \(c.text)")
        } catch {
            #expect(error.line == c.line)
            #expect(error.reason.hasPrefix(c.reason))
        }
    }

    @Test func everyBindableActionHasANameThatReadsBack() {
        for a in RideAction.bindable {
            #expect(RideAction(name: a.name ?? "") == a)
        }
        #expect(RideAction.pan(dxPixels: 1, dyPixels: 2).name == nil)
    }
}
