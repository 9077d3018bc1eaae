import CIio
import Glibc

/// libiio 0.24's local context behind `IioBackend`. Every libiio call in the project is in this file and
/// `Iio+Capture.swift` (triggered buffers), through `iio`, the functions looked up in `libiio.so.0`.
///
/// libiio reports failure two ways: functions returning `int`/`ssize_t` give a negative errno, functions returning
/// pointers give NULL and set errno. `check` and `require` are the two helpers for them.
final class LibIioLocalContext: IioBackend {
    let iio: IioLibrary
    let context: OpaquePointer
    let devices: [IioDeviceInfo]

    /// Loads libiio (the first time) and scans `/sys/bus/iio/devices`. The corresponding C function is
    /// `iio_create_local_context`.
    init() throws {
        let operation = "open the local IIO context"
        do {
            iio = try IioLibrary.load()
        } catch {
            // Where a missing /sys would fail, so every caller already reports it; the text says what to install.
            throw IioError(operation: operation, code: ELIBACC, reason: error.description)
        }
        errno = 0
        guard let context = iio.iio_create_local_context() else {
            let code = errno == 0 ? EIO : errno
            throw IioError(operation: operation, code: code, reason: Self.message(code, iio))
        }
        self.context = context
        devices = Self.describe(context, iio)
    }

    deinit { iio.iio_context_destroy(context) }

    /// The corresponding C functions are `iio_device_attr_read` and `iio_channel_attr_read`.
    func read(_ attribute: IioAttribute) throws -> String {
        var buffer = [CChar](repeating: 0, count: 1024)
        let status: Int
        if let channelID = attribute.channelID {
            let chn = try channel(attribute.deviceID, channelID)
            status = iio.iio_channel_attr_read(chn, attribute.name, &buffer, buffer.count)
        } else {
            let dev = try device(attribute.deviceID)
            status = iio.iio_device_attr_read(dev, attribute.name, &buffer, buffer.count)
        }
        try check(Int32(clamping: status), "read \(attribute)")
        let text = String(nulTerminated: buffer)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// The corresponding C functions are `iio_device_attr_write` and `iio_channel_attr_write`.
    func write(_ attribute: IioAttribute, value: String) throws {
        let status: Int
        if let channelID = attribute.channelID {
            status = iio.iio_channel_attr_write(try channel(attribute.deviceID, channelID), attribute.name, value)
        } else {
            status = iio.iio_device_attr_write(try device(attribute.deviceID), attribute.name, value)
        }
        try check(Int32(clamping: status), "write \(value) to \(attribute)")
    }

    func device(_ id: String) throws -> OpaquePointer {
        errno = 0
        guard let dev = iio.iio_context_find_device(context, id) else {
            throw IioError(operation: "find IIO device \(id)", code: ENODEV, reason: Self.message(ENODEV, iio))
        }
        return dev
    }

    func channel(_ deviceID: String, _ channelID: String) throws -> OpaquePointer {
        guard let chn = iio.iio_device_find_channel(try device(deviceID), channelID, false) else {
            throw IioError(
                operation: "find channel \(channelID) of \(deviceID)", code: ENOENT, reason: Self.message(ENOENT, iio))
        }
        return chn
    }

    private static func describe(_ context: OpaquePointer, _ iio: IioLibrary) -> [IioDeviceInfo] {
        (0..<iio.iio_context_get_devices_count(context)).compactMap { index -> IioDeviceInfo? in
            guard let dev = iio.iio_context_get_device(context, index), let id = iio.iio_device_get_id(dev) else {
                return nil
            }
            let channels = (0..<iio.iio_device_get_channels_count(dev)).compactMap { c -> IioChannelInfo? in
                guard let chn = iio.iio_device_get_channel(dev, c), let cid = iio.iio_channel_get_id(chn) else {
                    return nil
                }
                let attrs = (0..<iio.iio_channel_get_attrs_count(chn)).compactMap { iio.iio_channel_get_attr(chn, $0) }
                return IioChannelInfo(
                    id: String(cString: cid), isOutput: iio.iio_channel_is_output(chn),
                    attributes: attrs.map { String(cString: $0) }, isScanElement: iio.iio_channel_is_scan_element(chn))
            }
            let attrs = (0..<iio.iio_device_get_attrs_count(dev)).compactMap { iio.iio_device_get_attr(dev, $0) }
            var trigger: OpaquePointer? = nil
            let hasTrigger = iio.iio_device_get_trigger(dev, &trigger) == 0 && trigger != nil
            return IioDeviceInfo(
                id: String(cString: id), name: iio.iio_device_get_name(dev).map { String(cString: $0) } ?? "",
                label: iio.iio_device_get_label(dev).map { String(cString: $0) },
                attributes: attrs.map { String(cString: $0) }, channels: channels, hasTrigger: hasTrigger,
                isTrigger: iio.iio_device_is_trigger(dev))
        }
    }

    /// For calls that return a negative errno on failure.
    @discardableResult
    func check(_ status: Int32, _ operation: String) throws -> Int32 {
        guard status < 0 else { return status }
        throw IioError(operation: operation, code: -status, reason: Self.message(-status, iio))
    }

    /// For calls that return NULL and set errno on failure.
    func require<T>(_ pointer: T?, _ operation: String) throws -> T {
        guard let pointer else {
            let code = errno == 0 ? EIO : errno
            throw IioError(operation: operation, code: code, reason: Self.message(code, iio))
        }
        return pointer
    }

    /// The corresponding C function is `iio_strerror`.
    static func message(_ code: Int32, _ iio: IioLibrary) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        iio.iio_strerror(code, &buffer, buffer.count)
        return String(nulTerminated: buffer)
    }
}
