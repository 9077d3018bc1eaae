import CIio
import Glibc

// Triggered-buffer capture on libiio 0.24. Part of the libiio boundary: with `Iio+Syscalls.swift`, the only
// files that call libiio.

extension LibIioLocalContext {
    /// The corresponding C functions are `iio_device_set_trigger`, `iio_channel_enable` and
    /// `iio_device_create_buffer`.
    func openCapture(
        deviceID: String, channels: [String], trigger: String?, samplesPerRead: Int, kernelBufferSamples: Int
    ) throws -> IioCapture {
        let dev = try device(deviceID)
        if let trigger {
            errno = 0
            let trig = try require(iio.iio_context_find_device(context, trigger), "find IIO trigger \(trigger)")
            try check(iio.iio_device_set_trigger(dev, trig), "make \(trigger) the trigger of \(deviceID)")
        }
        // Kernel timestamps on our clock, when the driver lets us choose (default is CLOCK_REALTIME).
        var monotonic = false
        if iio.iio_device_find_attr(dev, "current_timestamp_clock") != nil {
            _ = iio.iio_device_attr_write(dev, "current_timestamp_clock", "monotonic")
            var text = [CChar](repeating: 0, count: 64)
            monotonic =
                iio.iio_device_attr_read(dev, "current_timestamp_clock", &text, text.count) > 0
                && String(nulTerminated: text).hasPrefix("monotonic")
        }
        for index in 0..<iio.iio_device_get_channels_count(dev) {
            if let chn = iio.iio_device_get_channel(dev, index) { iio.iio_channel_disable(chn) }
        }
        let wanted = try channels.map { try channel(deviceID, $0) }
        for channel in wanted { iio.iio_channel_enable(channel) }
        let timestamp = iio.iio_device_find_channel(dev, "timestamp", false)
        if let timestamp { iio.iio_channel_enable(timestamp) }
        // libiio 0.24 makes the kernel's buffer (`buffer/length`) the samples a read takes times this count, 4 by
        // default: at one sample a read, a fifth of a second at 20 Hz. Samples that find it full are dropped, and
        // a session that drains it at the frame ticks (half a second apart while parked) needs more room.
        let perRead = max(1, samplesPerRead)
        let blocks = UInt32(clamping: max(4, (kernelBufferSamples + perRead - 1) / perRead))
        _ = try check(
            iio.iio_device_set_kernel_buffers_count(dev, blocks),
            "make \(deviceID)'s kernel buffer \(blocks) reads long")
        errno = 0
        let buffer = try require(iio.iio_device_create_buffer(dev, perRead, false), "start capture on \(deviceID)")
        return try LibIioCapture(
            owner: self, deviceID: deviceID, buffer: buffer, channels: wanted, timestamp: timestamp,
            timestampsAreMonotonic: monotonic, refillsPerRead: Int(blocks))
    }
}

/// One kernel buffer. The corresponding C functions are `iio_buffer_refill`, `iio_buffer_first`,
/// `iio_buffer_step`, `iio_buffer_end` and `iio_channel_convert`.
final class LibIioCapture: IioCapture {
    /// The buffer points into its context: keep the context alive until the buffer is destroyed.
    private let owner: LibIioLocalContext
    private let iio: IioLibrary
    private let deviceID: String
    private var buffer: OpaquePointer?
    private let channels: [OpaquePointer]
    private let timestamp: OpaquePointer?
    let pollFileDescriptor: Int32
    let timestampsAreMonotonic: Bool
    /// Refills one `read()` makes at most: the kernel buffer's worth, so one read empties it, and a trigger
    /// faster than that cannot keep the loop here.
    private let refillsPerRead: Int

    init(
        owner: LibIioLocalContext, deviceID: String, buffer: OpaquePointer, channels: [OpaquePointer],
        timestamp: OpaquePointer?, timestampsAreMonotonic: Bool, refillsPerRead: Int
    ) throws {
        self.owner = owner
        iio = owner.iio
        self.deviceID = deviceID
        self.timestampsAreMonotonic = timestampsAreMonotonic && timestamp != nil
        self.refillsPerRead = refillsPerRead
        self.buffer = buffer
        self.channels = channels
        self.timestamp = timestamp
        let fd = iio.iio_buffer_get_poll_fd(buffer)
        pollFileDescriptor = fd
        if fd < 0 {
            iio.iio_buffer_destroy(buffer)
            self.buffer = nil
            try owner.check(fd, "get the poll descriptor of \(deviceID)'s buffer")
        }
        // Non-blocking: refill returns -EAGAIN instead of waiting, so the event loop never stalls here.
        try owner.check(
            iio.iio_buffer_set_blocking_mode(buffer, false), "make \(deviceID)'s buffer non-blocking")
    }

    deinit { close() }

    func read() throws -> [(raw: [Int64], timestampNanoseconds: Int64?)] {
        guard let buffer else {
            throw IioError(operation: "read \(deviceID)'s buffer", code: EBADF, reason: "capture was closed")
        }
        var samples: [(raw: [Int64], timestampNanoseconds: Int64?)] = []
        // Each refill takes one read's worth; drain until the kernel has nothing more.
        for _ in 0..<refillsPerRead {
            let status = iio.iio_buffer_refill(buffer)
            if status == -Int(EAGAIN) { break }
            try owner.check(Int32(clamping: status), "read \(deviceID)'s buffer")
            samples += unpack(buffer)
        }
        return samples
    }

    private func unpack(_ buffer: OpaquePointer) -> [(raw: [Int64], timestampNanoseconds: Int64?)] {
        let step = iio.iio_buffer_step(buffer)
        guard step > 0, let end = iio.iio_buffer_end(buffer) else { return [] }
        var samples: [(raw: [Int64], timestampNanoseconds: Int64?)] = []
        let firsts = channels.map { iio.iio_buffer_first(buffer, $0) }
        let stamp = timestamp.flatMap { iio.iio_buffer_first(buffer, $0) }
        var offset = 0
        while let first = firsts.first, let p = first, p + offset < end {
            let raw = zip(channels, firsts).map { chn, base in value(chn, base! + offset) }
            let time = timestamp.flatMap { chn in stamp.map { value(chn, $0 + offset) } }
            samples.append((raw, time))
            offset += step
        }
        return samples
    }

    func close() {
        guard let buffer else { return }
        self.buffer = nil
        iio.iio_buffer_destroy(buffer)
    }

    /// One channel's value in a sample: libiio converts endianness, shift and sign; we widen to 64 bits.
    private func value(_ chn: OpaquePointer, _ source: UnsafeMutableRawPointer) -> Int64 {
        var out: Int64 = 0
        iio.iio_channel_convert(chn, &out, source)
        guard let format = iio.iio_channel_get_data_format(chn)?.pointee else { return out }
        let bits = Int(format.length)
        guard bits > 0, bits < 64 else { return out }
        // convert wrote `length` bits in host order; sign-extend from the data's own width.
        let width = Int(format.bits)
        let masked = out & ((1 << Int64(bits)) - 1)
        guard format.is_signed, width > 0, width < 64 else { return masked }
        let shift = Int64(64 - width)
        return (masked << shift) >> shift
    }
}
