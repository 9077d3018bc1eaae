import Glibc

/// Prints `line` on stdout and flushes at once, so a log file or the journal has it now, not at exit.
func say(_ line: String) {
    print(line)
    fflush(nil)
}
