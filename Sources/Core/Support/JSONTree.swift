import FoundationEssentials

/// JSON read into the shapes Foundation's `JSONSerialization` gives: `[String: Any]`, `[Any]`, `String`,
/// `Double` and `Bool`, with `JSONTree.null` for null. FoundationEssentials has no `JSONSerialization`, only
/// `JSONDecoder`, so this decodes through it.
public enum JSONTree {
    /// The stand-in for JSON's null.
    public struct Null: Sendable, Equatable {}

    /// JSON's null, as it appears in the parsed tree.
    public static let null = Null()

    /// The parsed document, or nil when the bytes are not JSON.
    public static func parse(_ bytes: [UInt8]) -> Any? {
        (try? JSONDecoder().decode(Node.self, from: Data(bytes)))?.value
    }

    /// The parsed document, or nil when the text is not JSON.
    public static func parse(_ text: String) -> Any? { parse(Array(text.utf8)) }

    /// A number as `JSONSerialization`'s `NSNumber.stringValue` wrote it: integers without a fraction.
    public static func text(of number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15, let i = Int64(exactly: number) { return String(i) }
        return String(number)
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct Node: Decodable {
        let value: Any

        init(from decoder: any Decoder) throws {
            if let object = try? decoder.container(keyedBy: Key.self) {
                var dictionary: [String: Any] = [:]
                for key in object.allKeys {
                    dictionary[key.stringValue] = try object.decode(Node.self, forKey: key).value
                }
                value = dictionary
            } else if var list = try? decoder.unkeyedContainer() {
                var array: [Any] = []
                while !list.isAtEnd { array.append(try list.decode(Node.self).value) }
                value = array
            } else {
                let single = try decoder.singleValueContainer()
                if single.decodeNil() {
                    value = JSONTree.null
                } else if let b = try? single.decode(Bool.self) {
                    value = b
                } else if let d = try? single.decode(Double.self) {
                    value = d
                } else {
                    value = try single.decode(String.self)
                }
            }
        }
    }
}
