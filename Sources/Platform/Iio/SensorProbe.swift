/// The sensor part of `navdisplay probe`: IIO devices and gpsd status.
public enum SensorProbe {
    /// IIO devices (name, channels, scale, rate, mount matrix, which one we would use), then gpsd's status.
    public static func report(
        magnetometerOverride: String? = nil, accelerometerOverride: String? = nil, gyroscopeOverride: String? = nil,
        gpsdHost: String = "localhost", gpsdPort: String = "2947", gpsdTimeoutSeconds: Double = 2
    ) -> String {
        IioProbe.report(
            magnetometerOverride: magnetometerOverride, accelerometerOverride: accelerometerOverride,
            gyroscopeOverride: gyroscopeOverride)
            + GpsdProbe.report(host: gpsdHost, port: gpsdPort, timeoutSeconds: gpsdTimeoutSeconds)
    }
}
