/// The program's version, printed by `navdisplay --version` and written into recordings.
enum Version {
    static let string = "0.1.0"
}
