/// A display that gives the screen away while its VT is in the background (someone pressed Ctrl-Alt-F2 or ran
/// `chvt 2`) and takes it back when the VT returns, as weston's and wlroots' sessions do.
///
/// The session drives it from its signal descriptor: `followSwitches` once the signals are blocked and watched,
/// then `releaseScreen` on the release signal and `acquireScreen` on the acquire signal. While it is off screen
/// the display sink draws nothing; the loop's frame tick (and with it the watchdog ping) goes on.
public protocol ConsoleSwitching: AnyObject {
    /// True while the display owns the screen (DRM master, its mode set); false while another VT is in front.
    var isOnScreen: Bool { get }
    /// Puts the VT in process-controlled switching with these signals. False when there is no VT to follow
    /// (the display then keeps the screen, as before); throws when the VT refused.
    func followSwitches(releaseSignal: Int32, acquireSignal: Int32) throws -> Bool
    /// Gives the screen up (finishes the flip in flight, drops DRM master) and lets the VT switch go ahead.
    func releaseScreen() throws
    /// Acknowledges the VT's return and takes the screen back: DRM master, the mode set again, the last frame
    /// redrawn in full.
    func acquireScreen() throws
}
