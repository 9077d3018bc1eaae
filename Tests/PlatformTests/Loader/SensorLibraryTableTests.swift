import CGps
import CIio
import Testing

@testable import Platform

/// The tables of functions looked up with dlsym (`IioLibrary`, `GpsLibrary`) against the headers. dlsym cannot
/// check a type, so each pointer is compared with the C declaration Swift imports: one whose type differs from
/// the header's does not compile here, and one looked up under the wrong name fails on its address. This test
/// target links libiio and libgps for that (Package.swift); the product does not.
@Suite("Sensor library tables")
struct SensorLibraryTableTests {
    /// Whether the looked-up pointer is the linked function; `T` comes from the table, so `linked` must convert to
    /// it exactly.
    private func same<T>(_ loaded: T, _ linked: T) -> Bool {
        unsafeBitCast(loaded, to: UnsafeRawPointer.self) == unsafeBitCast(linked, to: UnsafeRawPointer.self)
    }

    @Test func everyLibiioFunctionHasTheHeadersTypeAndIsTheLinkedOne() throws {
        let iio = try IioLibrary.load()
        let checks: [(name: String, same: Bool)] = [
            ("iio_create_local_context", same(iio.iio_create_local_context, iio_create_local_context)),
            ("iio_context_destroy", same(iio.iio_context_destroy, iio_context_destroy)),
            ("iio_context_get_devices_count", same(iio.iio_context_get_devices_count, iio_context_get_devices_count)),
            ("iio_context_get_device", same(iio.iio_context_get_device, iio_context_get_device)),
            ("iio_context_find_device", same(iio.iio_context_find_device, iio_context_find_device)),
            ("iio_device_get_id", same(iio.iio_device_get_id, iio_device_get_id)),
            ("iio_device_get_name", same(iio.iio_device_get_name, iio_device_get_name)),
            ("iio_device_get_label", same(iio.iio_device_get_label, iio_device_get_label)),
            ("iio_device_get_channels_count", same(iio.iio_device_get_channels_count, iio_device_get_channels_count)),
            ("iio_device_get_channel", same(iio.iio_device_get_channel, iio_device_get_channel)),
            ("iio_device_find_channel", same(iio.iio_device_find_channel, iio_device_find_channel)),
            ("iio_device_get_attrs_count", same(iio.iio_device_get_attrs_count, iio_device_get_attrs_count)),
            ("iio_device_get_attr", same(iio.iio_device_get_attr, iio_device_get_attr)),
            ("iio_device_find_attr", same(iio.iio_device_find_attr, iio_device_find_attr)),
            ("iio_device_attr_read", same(iio.iio_device_attr_read, iio_device_attr_read)),
            ("iio_device_attr_write", same(iio.iio_device_attr_write, iio_device_attr_write)),
            ("iio_device_get_trigger", same(iio.iio_device_get_trigger, iio_device_get_trigger)),
            ("iio_device_set_trigger", same(iio.iio_device_set_trigger, iio_device_set_trigger)),
            ("iio_device_is_trigger", same(iio.iio_device_is_trigger, iio_device_is_trigger)),
            ("iio_channel_get_id", same(iio.iio_channel_get_id, iio_channel_get_id)),
            ("iio_channel_is_output", same(iio.iio_channel_is_output, iio_channel_is_output)),
            ("iio_channel_is_scan_element", same(iio.iio_channel_is_scan_element, iio_channel_is_scan_element)),
            ("iio_channel_get_attrs_count", same(iio.iio_channel_get_attrs_count, iio_channel_get_attrs_count)),
            ("iio_channel_get_attr", same(iio.iio_channel_get_attr, iio_channel_get_attr)),
            ("iio_channel_attr_read", same(iio.iio_channel_attr_read, iio_channel_attr_read)),
            ("iio_channel_attr_write", same(iio.iio_channel_attr_write, iio_channel_attr_write)),
            ("iio_channel_enable", same(iio.iio_channel_enable, iio_channel_enable)),
            ("iio_channel_disable", same(iio.iio_channel_disable, iio_channel_disable)),
            ("iio_channel_get_data_format", same(iio.iio_channel_get_data_format, iio_channel_get_data_format)),
            ("iio_channel_convert", same(iio.iio_channel_convert, iio_channel_convert)),
            (
                "iio_device_set_kernel_buffers_count",
                same(iio.iio_device_set_kernel_buffers_count, iio_device_set_kernel_buffers_count)
            ),
            ("iio_device_create_buffer", same(iio.iio_device_create_buffer, iio_device_create_buffer)),
            ("iio_buffer_destroy", same(iio.iio_buffer_destroy, iio_buffer_destroy)),
            ("iio_buffer_get_poll_fd", same(iio.iio_buffer_get_poll_fd, iio_buffer_get_poll_fd)),
            ("iio_buffer_set_blocking_mode", same(iio.iio_buffer_set_blocking_mode, iio_buffer_set_blocking_mode)),
            ("iio_buffer_refill", same(iio.iio_buffer_refill, iio_buffer_refill)),
            ("iio_buffer_step", same(iio.iio_buffer_step, iio_buffer_step)),
            ("iio_buffer_first", same(iio.iio_buffer_first, iio_buffer_first)),
            ("iio_buffer_end", same(iio.iio_buffer_end, iio_buffer_end)),
            ("iio_strerror", same(iio.iio_strerror, iio_strerror)),
        ]
        #expect(checks.count == 40)
        for check in checks { #expect(check.same, "\(check.name)") }
    }

    @Test func everyLibgpsFunctionHasTheHeadersTypeAndIsTheLinkedOne() throws {
        let gps = try GpsLibrary.load()
        let checks: [(name: String, same: Bool)] = [
            ("gps_open", same(gps.gps_open, gps_open)),
            ("gps_close", same(gps.gps_close, gps_close)),
            ("gps_stream", same(gps.gps_stream, gps_stream)),
            ("gps_unpack", same(gps.gps_unpack, gps_unpack)),
            ("gps_errstr", same(gps.gps_errstr, gps_errstr)),
        ]
        #expect(checks.count == 5)
        for check in checks { #expect(check.same, "\(check.name)") }
    }
}
