import Core
import Testing

@testable import Platform

/// Opening displays on paths that are not displays: real system calls, clear errors, no crash.
@Suite struct DrmOpenErrorTests {
    @Test func aMissingCardIsANoDeviceErrorNamingThePath() {
        #expect {
            try DrmDisplay(options: DrmOptions(cardPath: "/nonexistent/dri/card7"))
        } throws: { error in
            guard case DrmError.noDevice(let text) = error else { return false }
            return text.contains("/nonexistent/dri/card7")
        }
    }

    @Test func aFileThatIsNotADrmDeviceIsRefusedAsUnableToDriveADisplay() {
        #expect {
            try DrmDisplay(options: DrmOptions(cardPath: "/dev/null"))
        } throws: { "\($0)".contains("/dev/null") && "\($0)".contains("cannot drive a display") }
    }

    @Test func fbdevOnADeviceThatIsNotAFramebufferSaysWhichCallFailed() {
        #expect {
            try FbdevDisplay(path: "/dev/null")
        } throws: { "\($0)".contains("reading the screen info of /dev/null failed") }
    }

    @Test func aMissingFramebufferIsANoDeviceError() {
        #expect {
            try FbdevDisplay(path: "/nonexistent/fb3")
        } throws: { error in
            guard case DrmError.noDevice = error else { return false }
            return "\(error)".contains("/nonexistent/fb3")
        }
    }

    @Test func permissionDeniedNamesTheVideoGroup() {
        #expect("\(DrmError.permissionDenied(path: "/dev/dri/card1"))".contains("'video' group"))
    }

    @Test func aHeldMasterIsOneLineNamingTheCard() {
        let text = "\(DrmError.masterHeld(path: "/dev/dri/card1"))"
        #expect(text.contains("/dev/dri/card1") && text.contains("holds DRM master") && !text.contains("\n"))
    }

    @Test func callErrorsCarryTheErrnoNameAndText() {
        #expect(
            "\(DrmError.call("page flip", errno: DrmError.einval))" == "page flip failed: Invalid argument (EINVAL)")
    }
}
