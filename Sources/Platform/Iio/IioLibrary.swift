import CIio

/// The libiio 0.24 functions we call, looked up in `libiio.so.0` when the first live IIO context is opened.
///
/// libiio is not linked: it brings libxml2, ICU, avahi, dbus, libusb and more with it, 2.25 MiB resident in a
/// replay that never reads a sensor (docs/memory.md). Each pointer is declared with the type Swift imports for
/// the function from `iio.h` (an opaque `struct iio_*` is an `OpaquePointer`, `size_t`, `ssize_t` and `ptrdiff_t`
/// are `Int`); PlatformTests' `SensorLibraryTableTests` checks each against the imported declaration and its
/// address. A property keeps the C function's name, so `iio_buffer_refill(` still finds every call.
struct IioLibrary: Sendable {
    /// The table, loaded on first use and kept for the process; a failure is kept too (installing libiio0 takes a
    /// restart, as a linked library would).
    static func load() throws(SharedLibraryError) -> IioLibrary { try loaded.get() }

    private static let loaded = Result { () throws(SharedLibraryError) in
        try IioLibrary(SharedLibrary(name: "libiio.so.0", package: "libiio0"))
    }

    // Contexts and devices.
    let iio_create_local_context: @convention(c) () -> OpaquePointer?
    let iio_context_destroy: @convention(c) (OpaquePointer?) -> Void
    let iio_context_get_devices_count: @convention(c) (OpaquePointer?) -> UInt32
    let iio_context_get_device: @convention(c) (OpaquePointer?, UInt32) -> OpaquePointer?
    let iio_context_find_device: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    let iio_device_get_id: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let iio_device_get_name: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let iio_device_get_label: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let iio_device_get_channels_count: @convention(c) (OpaquePointer?) -> UInt32
    let iio_device_get_channel: @convention(c) (OpaquePointer?, UInt32) -> OpaquePointer?
    let iio_device_find_channel: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Bool) -> OpaquePointer?
    let iio_device_get_attrs_count: @convention(c) (OpaquePointer?) -> UInt32
    let iio_device_get_attr: @convention(c) (OpaquePointer?, UInt32) -> UnsafePointer<CChar>?
    let iio_device_find_attr: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UnsafePointer<CChar>?
    let iio_device_attr_read:
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) -> Int
    let iio_device_attr_write: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int
    let iio_device_get_trigger: @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let iio_device_set_trigger: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    let iio_device_is_trigger: @convention(c) (OpaquePointer?) -> Bool

    // Channels.
    let iio_channel_get_id: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let iio_channel_is_output: @convention(c) (OpaquePointer?) -> Bool
    let iio_channel_is_scan_element: @convention(c) (OpaquePointer?) -> Bool
    let iio_channel_get_attrs_count: @convention(c) (OpaquePointer?) -> UInt32
    let iio_channel_get_attr: @convention(c) (OpaquePointer?, UInt32) -> UnsafePointer<CChar>?
    let iio_channel_attr_read:
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) -> Int
    let iio_channel_attr_write: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int
    let iio_channel_enable: @convention(c) (OpaquePointer?) -> Void
    let iio_channel_disable: @convention(c) (OpaquePointer?) -> Void
    let iio_channel_get_data_format: @convention(c) (OpaquePointer?) -> UnsafePointer<iio_data_format>?
    let iio_channel_convert: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Void

    // Buffers.
    let iio_device_set_kernel_buffers_count: @convention(c) (OpaquePointer?, UInt32) -> Int32
    let iio_device_create_buffer: @convention(c) (OpaquePointer?, Int, Bool) -> OpaquePointer?
    let iio_buffer_destroy: @convention(c) (OpaquePointer?) -> Void
    let iio_buffer_get_poll_fd: @convention(c) (OpaquePointer?) -> Int32
    let iio_buffer_set_blocking_mode: @convention(c) (OpaquePointer?, Bool) -> Int32
    let iio_buffer_refill: @convention(c) (OpaquePointer?) -> Int
    let iio_buffer_step: @convention(c) (OpaquePointer?) -> Int
    let iio_buffer_first: @convention(c) (OpaquePointer?, OpaquePointer?) -> UnsafeMutableRawPointer?
    let iio_buffer_end: @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?

    // Errors.
    let iio_strerror: @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Void

    /// Looks up every function at once, so a libiio without one fails at open, not in the middle of a ride.
    init(_ library: SharedLibrary) throws(SharedLibraryError) {
        iio_create_local_context = try library.function("iio_create_local_context")
        iio_context_destroy = try library.function("iio_context_destroy")
        iio_context_get_devices_count = try library.function("iio_context_get_devices_count")
        iio_context_get_device = try library.function("iio_context_get_device")
        iio_context_find_device = try library.function("iio_context_find_device")
        iio_device_get_id = try library.function("iio_device_get_id")
        iio_device_get_name = try library.function("iio_device_get_name")
        iio_device_get_label = try library.function("iio_device_get_label")
        iio_device_get_channels_count = try library.function("iio_device_get_channels_count")
        iio_device_get_channel = try library.function("iio_device_get_channel")
        iio_device_find_channel = try library.function("iio_device_find_channel")
        iio_device_get_attrs_count = try library.function("iio_device_get_attrs_count")
        iio_device_get_attr = try library.function("iio_device_get_attr")
        iio_device_find_attr = try library.function("iio_device_find_attr")
        iio_device_attr_read = try library.function("iio_device_attr_read")
        iio_device_attr_write = try library.function("iio_device_attr_write")
        iio_device_get_trigger = try library.function("iio_device_get_trigger")
        iio_device_set_trigger = try library.function("iio_device_set_trigger")
        iio_device_is_trigger = try library.function("iio_device_is_trigger")
        iio_channel_get_id = try library.function("iio_channel_get_id")
        iio_channel_is_output = try library.function("iio_channel_is_output")
        iio_channel_is_scan_element = try library.function("iio_channel_is_scan_element")
        iio_channel_get_attrs_count = try library.function("iio_channel_get_attrs_count")
        iio_channel_get_attr = try library.function("iio_channel_get_attr")
        iio_channel_attr_read = try library.function("iio_channel_attr_read")
        iio_channel_attr_write = try library.function("iio_channel_attr_write")
        iio_channel_enable = try library.function("iio_channel_enable")
        iio_channel_disable = try library.function("iio_channel_disable")
        iio_channel_get_data_format = try library.function("iio_channel_get_data_format")
        iio_channel_convert = try library.function("iio_channel_convert")
        iio_device_set_kernel_buffers_count = try library.function("iio_device_set_kernel_buffers_count")
        iio_device_create_buffer = try library.function("iio_device_create_buffer")
        iio_buffer_destroy = try library.function("iio_buffer_destroy")
        iio_buffer_get_poll_fd = try library.function("iio_buffer_get_poll_fd")
        iio_buffer_set_blocking_mode = try library.function("iio_buffer_set_blocking_mode")
        iio_buffer_refill = try library.function("iio_buffer_refill")
        iio_buffer_step = try library.function("iio_buffer_step")
        iio_buffer_first = try library.function("iio_buffer_first")
        iio_buffer_end = try library.function("iio_buffer_end")
        iio_strerror = try library.function("iio_strerror")
    }
}
