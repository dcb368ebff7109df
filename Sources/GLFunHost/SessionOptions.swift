/// An app's typed settings to and from a session line's options: a flat object of strings, as
/// recordings have always carried them (`"interval": "3.0"`, `"loop": "true"`, paths one a
/// line). A settings struct is `Codable` with one coding key per option; its values are `Bool`,
/// `String`, `[String]`, whole numbers, `Float`, `Double`, an optional of one of these (left
/// out when nil), or a type that codes itself as one string (an enum of names,
/// `SessionName`). Nothing else nests.
///
/// Reading starts from defaults (what a recording without the option meant), so a line written
/// before an option existed still reads; an option the settings do not have is ignored. A value
/// that is not of its type is a `SessionOptionsError` naming the option.
public enum SessionOptions {
    /// `settings` as a session's options.
    public static func encode<S: Encodable>(_ settings: S) -> [String: String] {
        let encoder = OptionsEncoder()
        // The coder's own containers throw nothing; a settings type of unsupported shape is a programming error.
        do { try settings.encode(to: encoder) } catch { preconditionFailure("SessionOptions.encode: \(error)") }
        return encoder.box.options
    }

    /// Settings read from a session's `options`, each missing option taken from `defaults`.
    /// - Throws: `SessionOptionsError` for the first option whose value is not of its type.
    public static func decode<S: Codable>(_ type: S.Type, from options: [String: String],
                                          defaults: S) throws(SessionOptionsError) -> S {
        let merged = encode(defaults).merging(options) { _, given in given }
        do {
            return try S(from: OptionsDecoder(options: merged, codingPath: []))
        } catch let e as SessionOptionsError {
            throw e
        } catch {
            // A value a Decodable of the app's own refused with a DecodingError.
            let key = (error as? DecodingError).flatMap(\.key) ?? "options"
            throw SessionOptionsError(key: key, value: merged[key] ?? "", kind: .missing)
        }
    }
}

/// A fixed set of names a session option takes (a transition, a fit): it reads and writes as
/// its raw value, and an unknown name is `SessionOptionsError.Kind.unknownName` listing them all.
public protocol SessionName: Codable, CaseIterable, RawRepresentable where RawValue == String {}

extension SessionName {
    /// The name as one string.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    /// A known name, or an error listing the known ones.
    public init(from decoder: any Decoder) throws {
        let s = try decoder.singleValueContainer().decode(String.self)
        guard let v = Self(rawValue: s) else {
            throw SessionOptionsError(key: decoder.codingPath.last?.stringValue ?? "", value: s,
                                      kind: .unknownName(known: Self.allCases.map(\.rawValue)))
        }
        self = v
    }
}

extension DecodingError {
    fileprivate var key: String? {
        switch self {
        case let .keyNotFound(k, _): return k.stringValue
        case let .typeMismatch(_, c), let .valueNotFound(_, c), let .dataCorrupted(c): return c.codingPath.last?.stringValue
        @unknown default: return nil
        }
    }
}

// MARK: - The coder

private final class OptionsBox {
    var options: [String: String] = [:]
}

private struct OptionsEncoder: Encoder {
    let box = OptionsBox()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedOptions<Key>(box: box))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { preconditionFailure("session options are flat") }
    func singleValueContainer() -> any SingleValueEncodingContainer { preconditionFailure("session options are keyed") }
}

private struct KeyedOptions<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: OptionsBox
    var codingPath: [any CodingKey] = []

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { box.options[key.stringValue] = String(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { box.options[key.stringValue] = value }
    mutating func encode(_ value: Double, forKey key: Key) throws { box.options[key.stringValue] = String(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { box.options[key.stringValue] = String(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { box.options[key.stringValue] = String(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { box.options[key.stringValue] = String(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let list = value as? [String] {
            box.options[key.stringValue] = list.joined(separator: "\n")
            return
        }
        let one = OneValue(codingPath: [key])
        try value.encode(to: one)
        box.options[key.stringValue] = one.box.options[""]
    }
    mutating func nestedContainer<N: CodingKey>(keyedBy: N.Type, forKey key: Key) -> KeyedEncodingContainer<N> {
        preconditionFailure("session options are flat")
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        preconditionFailure("session options are flat")
    }
    mutating func superEncoder() -> any Encoder { preconditionFailure("session options are flat") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { preconditionFailure("session options are flat") }
}

/// Encodes one value of a type that codes itself as a single string (a `SessionName`).
private struct OneValue: Encoder, SingleValueEncodingContainer {
    let box = OptionsBox()
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<K: CodingKey>(keyedBy type: K.Type) -> KeyedEncodingContainer<K> {
        preconditionFailure("a session option is one value")
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { preconditionFailure("a session option is one value") }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }
    mutating func encodeNil() throws {}
    mutating func encode(_ value: String) throws { box.options[""] = value }
    mutating func encode(_ value: Bool) throws { box.options[""] = String(value) }
    mutating func encode(_ value: Double) throws { box.options[""] = String(value) }
    mutating func encode(_ value: Int) throws { box.options[""] = String(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: self) }
}

private struct OptionsDecoder: Decoder {
    let options: [String: String]
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedReader<Key>(options: options))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "flat options"))
    }
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard let key = codingPath.last, let value = options[key.stringValue] else {
            throw DecodingError.valueNotFound(String.self, .init(codingPath: codingPath, debugDescription: "no value"))
        }
        return OneReader(value: value, key: key.stringValue, codingPath: codingPath)
    }
}

private struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let options: [String: String]
    var codingPath: [any CodingKey] = []
    var allKeys: [Key] { options.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { options[key.stringValue] != nil }
    func decodeNil(forKey key: Key) throws -> Bool { options[key.stringValue] == nil }
    private func value(_ key: Key) throws(SessionOptionsError) -> OneReader {
        guard let v = options[key.stringValue] else {
            throw SessionOptionsError(key: key.stringValue, value: "", kind: .missing)
        }
        return OneReader(value: v, key: key.stringValue, codingPath: [key])
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).decode(Bool.self) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).decode(String.self) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).decode(Double.self) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).decode(Float.self) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).decode(Int.self) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).decode(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let one = try value(key)
        if T.self == [String].self {
            return one.value.split(separator: "\n").map(String.init) as! T
        }
        return try T(from: OptionsDecoder(options: options, codingPath: [key]))
    }
    func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) throws -> KeyedDecodingContainer<N> {
        throw DecodingError.typeMismatch(N.self, .init(codingPath: [key], debugDescription: "flat options"))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [key], debugDescription: "flat options"))
    }
    func superDecoder() throws -> any Decoder { OptionsDecoder(options: options, codingPath: []) }
    func superDecoder(forKey key: Key) throws -> any Decoder { OptionsDecoder(options: options, codingPath: [key]) }
}

/// One option's string, read as the type asked for.
private struct OneReader: SingleValueDecodingContainer {
    let value: String
    let key: String
    var codingPath: [any CodingKey]

    func decodeNil() -> Bool { false }
    func decode(_ type: String.Type) throws -> String { value }
    func decode(_ type: Bool.Type) throws(SessionOptionsError) -> Bool {
        switch value {
        case "true": return true
        case "false": return false
        default: throw SessionOptionsError(key: key, value: value, kind: .notABool)
        }
    }
    func decode(_ type: Double.Type) throws(SessionOptionsError) -> Double {
        guard let v = Double(value), v.isFinite else { throw SessionOptionsError(key: key, value: value, kind: .notANumber) }
        return v
    }
    func decode(_ type: Float.Type) throws(SessionOptionsError) -> Float {
        guard let v = Float(value), v.isFinite else { throw SessionOptionsError(key: key, value: value, kind: .notANumber) }
        return v
    }
    func decode(_ type: Int.Type) throws(SessionOptionsError) -> Int {
        guard let v = Int(value) else { throw SessionOptionsError(key: key, value: value, kind: .notANumber) }
        return v
    }
    func decode(_ type: UInt64.Type) throws(SessionOptionsError) -> UInt64 {
        guard let v = UInt64(value) else { throw SessionOptionsError(key: key, value: value, kind: .notANumber) }
        return v
    }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == Bool.self { return try decode(Bool.self) as! T }
        if T.self == Double.self { return try decode(Double.self) as! T }
        if T.self == Int.self { return try decode(Int.self) as! T }
        if T.self == String.self { return value as! T }
        return try T(from: OptionsDecoder(options: [key: value], codingPath: codingPath))
    }
    func decode(_ type: Int8.Type) throws -> Int8 { try narrow(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try narrow(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try narrow(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try narrow(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try narrow(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(type) }
    private func narrow<T: FixedWidthInteger>(_ type: T.Type) throws(SessionOptionsError) -> T {
        guard let v = T(value) else { throw SessionOptionsError(key: key, value: value, kind: .notANumber) }
        return v
    }
}
