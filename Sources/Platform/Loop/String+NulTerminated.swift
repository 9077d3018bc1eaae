/// C calls that fill a `char` buffer (libiio's attributes and errors, libjpeg's messages) leave text ended by a
/// NUL; `String(cString:)` on an array is deprecated in Swift 6.3, and this reads only up to the NUL.
extension String {
    /// The text a C call left in `buffer`, up to its first NUL (the whole buffer when there is none).
    init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
