/// Reads a gpsd JSON log as `gpspipe -w` writes it: one JSON object per line. TPV reports with a time become
/// `GPSFix`es, SKY reports `GPSSky`s, ATT headings and a compass's TPV `magtrack` compass reports; VERSION,
/// DEVICES, WATCH and other classes are counted and skipped. NMEA lines in the same log (`gpspipe -w -r`) are read
/// too: it is the same line-by-line import as `NMEAImport`, so event times follow the same clock rule.
public enum GpsdJSONImport {
    public static func read(_ text: String, file: String) -> Recording {
        GNSSLogImport.read(text, file: file, program: "gpsd JSON log import (gpspipe -w)")
    }
}
