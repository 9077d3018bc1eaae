/// What the IIO adapter needs from libiio: a snapshot of the devices and attribute reads and writes by name.
///
/// Kept this small on purpose: `Iio+Syscalls.swift` implements it on libiio 0.24, and moving to libiio 1.x means
/// rewriting that one file.
protocol IioBackend: AnyObject {
    /// The devices in the context, with their channels and attribute names.
    var devices: [IioDeviceInfo] { get }
    /// Reads an attribute as text (trailing newline removed).
    func read(_ attribute: IioAttribute) throws -> String
    /// Writes an attribute as text.
    func write(_ attribute: IioAttribute, value: String) throws
    /// Starts triggered capture of `channels` into a kernel buffer that holds `kernelBufferSamples`, with
    /// `trigger` (a trigger device's name) made the device's current trigger first when given.
    func openCapture(
        deviceID: String, channels: [String], trigger: String?, samplesPerRead: Int, kernelBufferSamples: Int
    ) throws -> IioCapture
}

/// A running triggered capture: the kernel buffer's descriptor for the event loop, and the samples in it.
protocol IioCapture: AnyObject {
    /// Readable when samples are waiting (and on error, so a lost device is noticed).
    var pollFileDescriptor: Int32 { get }
    /// Whether every sample carries the kernel's timestamp on CLOCK_MONOTONIC (our clock): the device has a
    /// timestamp channel and its clock could be set from the default CLOCK_REALTIME.
    var timestampsAreMonotonic: Bool { get }
    /// The samples that arrived: per sample, one raw value per requested channel (sign-extended, shifted),
    /// and the kernel timestamp in nanoseconds when the device has a timestamp channel.
    /// Returns no samples when none are waiting; throws when the device failed or is gone.
    func read() throws -> [(raw: [Int64], timestampNanoseconds: Int64?)]
    /// Stops capture and releases the buffer.
    func close()
}

/// One IIO device as libiio lists it.
struct IioDeviceInfo: Hashable, Sendable {
    /// The kernel's id, `iio:device0`.
    var id: String
    /// The driver's name for the chip (`hmc5883l`, `lis3mdl`), empty when the driver gives none.
    var name: String
    /// The device tree label, when the board has one.
    var label: String?
    var attributes: [String]
    var channels: [IioChannelInfo]
    /// Whether the device currently has a trigger assigned (`trigger/current_trigger`).
    var hasTrigger: Bool
    /// Whether the device is itself a trigger (its id is `triggerN`).
    var isTrigger: Bool = false

    func channel(_ id: String) -> IioChannelInfo? { channels.first { $0.id == id && !$0.isOutput } }
}

/// One input or output channel (`magn_x`, `accel_z`, or libiio's pseudo-channel `mount`).
struct IioChannelInfo: Hashable, Sendable {
    var id: String
    var isOutput: Bool
    var attributes: [String]
    /// Whether the channel has a scan element, so it can be captured in a buffer.
    var isScanElement: Bool
}

/// Where an attribute lives: on the device, or on one of its channels.
struct IioAttribute: Hashable, Sendable, CustomStringConvertible {
    var deviceID: String
    /// nil for a device attribute.
    var channelID: String?
    var name: String

    static func device(_ deviceID: String, _ name: String) -> IioAttribute {
        IioAttribute(deviceID: deviceID, channelID: nil, name: name)
    }
    static func channel(_ deviceID: String, _ channelID: String, _ name: String) -> IioAttribute {
        IioAttribute(deviceID: deviceID, channelID: channelID, name: name)
    }

    var description: String { channelID.map { "\(deviceID)/\($0)/\(name)" } ?? "\(deviceID)/\(name)" }
}

/// A failed libiio call: libiio returns negative errno values (or NULL with errno set).
public struct IioError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What we tried ("read iio:device0/magn_x/raw").
    public var operation: String
    /// The positive errno value (ENODEV, ENOENT, …), or 0 when the failure was ours (bad text).
    public var code: Int32
    /// The system's words for `code`, or what was wrong with the text.
    public var reason: String
    public var description: String { "\(operation): \(reason)" }
}
