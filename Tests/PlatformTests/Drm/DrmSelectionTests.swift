import Core
import Testing

@testable import Platform

private func mode(_ w: Int, _ h: Int, _ hz: Int = 60, preferred: Bool = false) -> DrmMode {
    DrmMode(width: w, height: h, refreshHz: hz, isPreferred: preferred, isInterlaced: false, raw: .empty)
}

private func connector(
    _ id: UInt32, _ name: String, connected: Bool?, modes: [DrmMode], crtc: UInt32? = nil, possible: UInt32 = 0b11
) -> DrmConnector {
    DrmConnector(id: id, name: name, isConnected: connected, modes: modes, currentCrtcID: crtc, possibleCrtcs: possible)
}

private func card(_ connectors: [DrmConnector], formats: [UInt32] = [DrmFourCC.xrgb8888, DrmFourCC.rgb565])
    -> DrmCardInfo
{
    DrmCardInfo(
        path: "/dev/dri/card1", driver: "test", hasDumbBuffers: true, crtcIDs: [40, 41], connectors: connectors,
        planes: [
            DrmPlane(id: 31, kind: .primary, possibleCrtcs: 0b01, formats: formats),
            DrmPlane(id: 32, kind: .primary, possibleCrtcs: 0b10, formats: [DrmFourCC.rgb565]),
        ])
}

@Suite struct DrmSelectionTests {
    let hdmi = connector(
        50, "HDMI-A-1", connected: true, modes: [mode(1920, 1080), mode(1280, 720, preferred: true), mode(800, 600)])
    let dsi = connector(51, "DSI-1", connected: false, modes: [mode(800, 480)])

    @Test func theConnectedConnectorsPreferredModeIsChosen() throws {
        let s = try DrmSelection.choose(on: card([dsi, hdmi]), options: DrmOptions())
        #expect(s.connector.name == "HDMI-A-1")
        #expect((s.mode.width, s.mode.height) == (1280, 720))
        #expect(s.format == .xrgb8888)
        #expect(s.reasons.contains { $0.contains("preferred") })
    }

    @Test func withoutAPreferredModeTheLargestIsChosen() throws {
        let c = connector(52, "DPI-1", connected: true, modes: [mode(800, 480), mode(1024, 600), mode(640, 480)])
        let s = try DrmSelection.choose(on: card([c]), options: DrmOptions())
        #expect((s.mode.width, s.mode.height) == (1024, 600))
    }

    @Test func theCrtcAlreadyDrivingTheConnectorIsReused() throws {
        let c = connector(53, "HDMI-A-2", connected: true, modes: [mode(800, 600)], crtc: 41)
        let s = try DrmSelection.choose(on: card([c]), options: DrmOptions())
        #expect(s.crtcID == 41)
        #expect(s.format == .rgb565)  // CRTC 41's primary plane only takes RG16
    }

    @Test(arguments: [("1920x1080", 1920, 1080), ("800x600@60", 800, 600)])
    func aForcedModeIsHonoured(_ c: (String, Int, Int)) throws {
        let request = try #require(DrmModeRequest(parsing: c.0))
        let s = try DrmSelection.choose(on: card([hdmi]), options: DrmOptions(mode: request))
        #expect((s.mode.width, s.mode.height) == (c.1, c.2))
    }

    @Test func aModeTheConnectorLacksIsRefusedNamingWhatItOffers() {
        #expect {
            try DrmSelection.choose(
                on: card([hdmi]), options: DrmOptions(mode: DrmModeRequest(width: 640, height: 480)))
        } throws: { error in
            "\(error)".contains("has no mode 640x480") && "\(error)".contains("1280x720@60")
        }
    }

    @Test func aNamedConnectorIsUsedEvenWhenAnotherIsConnected() throws {
        let s = try DrmSelection.choose(on: card([hdmi, dsi]), options: DrmOptions(connectorName: "dsi-1"))
        #expect(s.connector.name == "DSI-1")
    }

    @Test func anUnknownConnectorNameListsTheCardsConnectors() {
        #expect {
            try DrmSelection.choose(on: card([hdmi, dsi]), options: DrmOptions(connectorName: "VGA-1"))
        } throws: { "\($0)".contains("HDMI-A-1, DSI-1") }
    }

    @Test func aFormatThePlaneCannotScanOutIsRefused() {
        #expect {
            try DrmSelection.choose(
                on: card([hdmi], formats: [DrmFourCC.xrgb8888]), options: DrmOptions(format: .rgb565))
        } throws: { "\($0)".contains("cannot scan out RG16") && "\($0)".contains("XR24") }
    }

    @Test func noConnectedDisplayIsANoDeviceError() {
        #expect(throws: DrmError.self) { try DrmSelection.choose(on: card([dsi]), options: DrmOptions()) }
    }

    @Test(arguments: ["", "1024", "1024x", "x768", "1024x768@", "1024x768@0", "axb", "1024x768@60@1"])
    func malformedModeRequestsDoNotParse(_ text: String) {
        #expect(DrmModeRequest(parsing: text) == nil)
    }

    @Test func fourccNamesReadAsTheirFourCharacters() {
        #expect(DrmFourCC.name(DrmFourCC.xrgb8888) == "XR24")
        #expect(DrmFourCC.name(DrmFourCC.rgb565) == "RG16")
    }
}
