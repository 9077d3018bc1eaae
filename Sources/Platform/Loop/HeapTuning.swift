import CLinux

/// How the C allocator keeps memory: tuned once at start for a small resident set.
public enum HeapTuning {
    /// Large blocks (128 KiB and up: frames, the map mosaic) are mapped on their own and given back when freed,
    /// and all threads share one heap; measured on the bundled ride it keeps 12 MiB less resident. Returns false
    /// when the C library refused a setting. The corresponding C function is `mallopt`.
    @discardableResult
    public static func keepHeapSmall() -> Bool { navdisplay_keep_heap_small() != 0 }
}
