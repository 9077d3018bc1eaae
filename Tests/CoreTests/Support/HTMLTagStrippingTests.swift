import Core
import Testing

@Suite struct HTMLTagStrippingTests {
    @Test(arguments: [
        // What Tilemaker writes into an MBTiles file's `attribution`.
        (
            #"<a href="https://www.openmaptiles.org/" target="_blank">&copy; OpenMapTiles</a> "#
                + #"<a href="https://www.openstreetmap.org/copyright" target="_blank">© OpenStreetMap contributors</a>"#,
            "&copy; OpenMapTiles © OpenStreetMap contributors"
        ),
        ("© OpenStreetMap contributors", "© OpenStreetMap contributors"),
        ("", ""),
        ("<b></b>", ""),
        ("a <b>bold</b> word", "a bold word"),
        // Not tags: an unclosed "<", an empty "<>", a lone ">".
        ("x < y", "x < y"),
        ("a<b", "a<b"),
        ("<>", "<>"),
        ("a <> b", "a <> b"),
        ("<>x>", "<>x>"),
        ("3 > 2", "3 > 2"),
        // A "<" inside a tag is part of it, as the regex <[^>]+> reads it.
        ("<<a>b", "b"),
        ("<a>b<c", "b<c"),
        ("é<i>è</i>ü", "éèü"),
    ])
    func tagsAreTakenOutAndTheRestKept(_ text: String, _ plain: String) {
        #expect(text.strippingHTMLTags() == plain)
    }

    @Test func aSubstringStripsLikeItsString() {
        let text = "[<a>credit</a>]"
        let inner = text.dropFirst().dropLast()
        #expect(inner.strippingHTMLTags() == "credit")
    }
}
