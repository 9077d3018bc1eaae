import CLinux

/// The process's standard output stream.
public enum StandardOutput {
    /// Flushes every line as it is written, even into a file or a pipe, so a reader sees output while the
    /// process runs. The corresponding C function is `setvbuf(stdout, NULL, _IOLBF, 0)`.
    public static func flushEachLine() {
        navdisplay_line_buffer_stdout()
    }
}
