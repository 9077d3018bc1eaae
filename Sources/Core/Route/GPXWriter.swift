/// Writes GPX 1.1: waypoints, routes and tracks, in the element order the schema asks for.
///
/// Coordinates get 9 decimals (0.1 mm, more than any receiver resolves), elevations 3, times whole seconds
/// or milliseconds, always as UTC with a Z: so reading back what was written gives the same document to those
/// digits, and writing it again gives the same bytes.
public enum GPXWriter {
    /// The document as GPX 1.1 text.
    public static func write(_ document: GPXDocument) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<gpx version=\"1.1\" creator=\"\(escape(document.creator))\" xmlns=\"\(GPXReader.namespace11)\">\n"
        if let t = document.utcSeconds, let time = ISO8601Time.format(t) {
            out += "  <metadata><time>\(time)</time></metadata>\n"
        }
        for w in document.waypoints { point(w, element: "wpt", indent: "  ", into: &out) }
        for r in document.routes {
            out += "  <rte>\n"
            if let name = r.name { out += "    <name>\(escape(name))</name>\n" }
            for p in r.points { point(p, element: "rtept", indent: "    ", into: &out) }
            out += "  </rte>\n"
        }
        for t in document.tracks {
            out += "  <trk>\n"
            if let name = t.name { out += "    <name>\(escape(name))</name>\n" }
            for s in t.segments {
                out += "    <trkseg>\n"
                for p in s { point(p, element: "trkpt", indent: "      ", into: &out) }
                out += "    </trkseg>\n"
            }
            out += "  </trk>\n"
        }
        out += "</gpx>\n"
        return out
    }

    private static func point(_ p: GPXPoint, element: String, indent: String, into out: inout String) {
        out += indent + "<\(element) lat=\"\(DecimalText.format(p.coordinate.latitude, digits: 9))\""
        out += " lon=\"\(DecimalText.format(p.coordinate.longitude, digits: 9))\""
        // Schema order inside a point: ele, time, …, name.
        var children = ""
        if let e = p.elevationMetres, e.isFinite { children += "<ele>\(DecimalText.format(e, digits: 3))</ele>" }
        if let t = p.utcSeconds, let time = ISO8601Time.format(t) { children += "<time>\(time)</time>" }
        if let name = p.name { children += "<name>\(escape(name))</name>" }
        out += children.isEmpty ? "/>\n" : ">\(children)</\(element)>\n"
    }

    /// Text with the characters XML reserves replaced by entities.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // Control characters other than tab and newlines are not allowed in XML 1.0 at all.
                if c.value < 0x20, c != "\t", c != "\n", c != "\r" { continue }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
