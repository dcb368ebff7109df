import ArgumentParser
import GLFunHost

/// An app's settings as command-line options, built from its `AppSettings.options` table: each
/// option's name, help and form from the table, its default from `commandLineDefaults`. A command
/// takes them as `@OptionGroup var settings: SettingsOptions<S>` and gets typed settings back
/// (`settings(over:)`), read by `SessionOptions` as a recording's are.
///
/// ArgumentParser finds a command's options by reflecting an instance; this type's mirror
/// (`CustomReflectable`) shows it one property wrapper per table row, and `init(from:)` decodes
/// them by the same names.
struct SettingsOptions<S: AppSettings>: ParsableArguments, CustomReflectable {
    /// The options' values as a session line's (key: value): every option's, its default when not
    /// given, but an optional one with no default and an on/off not given, which are absent.
    private(set) var given: [String: String] = [:]

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: OptionKey.self)
        let defaults = SessionOptions.encode(S.commandLineDefaults)
        for option in S.options {
            if let value = try option.decode(from: container, default: defaults[option.key]) { given[option.key] = value }
        }
    }

    var customMirror: Mirror {
        let defaults = SessionOptions.encode(S.commandLineDefaults)
        return Mirror(self, children: S.options.map { (label: $0.name, value: $0.argument(default: defaults[$0.key])) })
    }

    /// The values' types and names are checked here (a transition's name), the app's own rules
    /// by the command (`commandLineError`).
    func validate() throws {
        do throws(SessionOptionsError) { _ = try settings() } catch { throw Self.commandLineError(error) }
    }

    /// The settings: `base`'s fields with no option (paths, a movie), the options' values over them.
    func settings(over base: S = S.commandLineDefaults) throws(SessionOptionsError) -> S {
        try SessionOptions.decode(S.self, from: given, defaults: base)
    }

    /// A settings error in the command line's words: the option's name for the field's key
    /// (`--scale-face must be …` for `scale`), exit 64.
    static func commandLineError(_ error: SessionOptionsError) -> ValidationError {
        let name = S.option(forKey: error.key)?.name ?? error.key
        return ValidationError(SessionOptionsError(key: "--" + name, value: error.value, kind: error.kind).description)
    }
}

/// An option's name as the key ArgumentParser decodes it by.
struct OptionKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A `SessionName` enum as an option's value: its names listed in the help, a wrong one refused
/// by ArgumentParser naming them.
struct NameArgument<N: SessionName>: ExpressibleByArgument, CustomStringConvertible {
    let name: N
    init?(argument: String) {
        guard let name = N(rawValue: argument) else { return nil }
        self.name = name
    }
    static var allValueStrings: [String] { N.allCases.map(\.rawValue) }
    var defaultValueDescription: String { name.rawValue }
    var description: String { name.rawValue }
}

extension SettingOption {
    /// The property wrapper ArgumentParser reads this option from, its default `text` (the
    /// field's, as a session line spells it) or none.
    func argument(default text: String?) -> Any {
        let name = NameSpecification.customLong(self.name), help = ArgumentHelp(help)
        switch form {
        case .flag: return Flag(wrappedValue: false, name: name, help: help)
        case .toggle: return Flag(wrappedValue: text == "true", name: name, inversion: .prefixedNo, help: help)
        case .onOff: return Option<Switch?>(name: name, help: help)
        case .value: return Self.valueOption(valueType, text, name, help)
        }
    }

    /// The option's value as a session line spells it, nil when it has none; `text` is its
    /// default, as `argument(default:)` was given it.
    func decode(from container: KeyedDecodingContainer<OptionKey>, default text: String?) throws -> String? {
        let key = OptionKey(stringValue: name)
        switch form {
        case let .flag(setting):
            return try container.decode(Flag<Bool>.self, forKey: key).wrappedValue ? String(setting) : nil
        case .toggle:
            return String(try container.decode(Flag<Bool>.self, forKey: key).wrappedValue)
        case .onOff:
            return try container.decode(Option<Switch?>.self, forKey: key).wrappedValue.map { String($0 == .on) }
        case .value:
            return try Self.decodeValue(valueType, text, container, key)
        }
    }

    /// A `.value`'s type as ArgumentParser reads it (a `SessionName` as `NameArgument`).
    private var valueType: any ExpressibleByArgument.Type {
        guard case let .value(type) = form else { preconditionFailure("\(name) takes no value") }
        if let names = type as? any SessionName.Type { return Self.nameArgument(names) }
        guard let type = type as? any ExpressibleByArgument.Type else {
            preconditionFailure("--\(name): \(type) is not a type an option reads")
        }
        return type
    }

    private static func nameArgument<N: SessionName>(_: N.Type) -> any ExpressibleByArgument.Type { NameArgument<N>.self }

    private static func valueOption<T: ExpressibleByArgument>(_: T.Type, _ text: String?, _ name: NameSpecification,
                                                              _ help: ArgumentHelp) -> Any {
        if let value = text.flatMap(T.init(argument:)) { return Option(wrappedValue: value, name: name, help: help) }
        return Option<T?>(name: name, help: help)
    }

    private static func decodeValue<T: ExpressibleByArgument>(_: T.Type, _ text: String?, _ container: KeyedDecodingContainer<OptionKey>,
                                                              _ key: OptionKey) throws -> String? {
        if text.flatMap(T.init(argument:)) != nil {
            return String(describing: try container.decode(Option<T>.self, forKey: key).wrappedValue)
        }
        return try container.decode(Option<T?>.self, forKey: key).wrappedValue.map { String(describing: $0) }
    }
}
