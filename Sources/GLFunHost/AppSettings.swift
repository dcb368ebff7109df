/// An app's settings, said once: the fields a session line carries (`Codable`, read and written by
/// `SessionOptions`) and the command-line option of each (`options`: its name, its help, its form).
/// glfun builds the app's options from this table (`SettingsOptions`), each option's default
/// shown from `commandLineDefaults`, and reads what was given with `SessionOptions`, as it reads a
/// recording: no field is copied by hand into a command.
public protocol AppSettings: Codable, Equatable, Sendable {
    /// The settings a command starts from, before the options given (a recording's are
    /// `HostedApp.recordedDefaults`).
    static var commandLineDefaults: Self { get }
    /// One option for each field the command line sets, in the order its help lists them.
    static var options: [SettingOption] { get }
    /// The fields that have no option of their own, by session key, each with where its value
    /// comes from (the command's arguments, the window's `--fullscreen`, always the default).
    static var notOptions: [String: String] { get }
    /// Checks the values as the command line does (and a recording's replay).
    /// - Throws: `SessionOptionsError` naming the field (its session key).
    func validate() throws(SessionOptionsError)
}

extension AppSettings {
    /// Every field has an option.
    public static var notOptions: [String: String] { [:] }
    /// Nothing to check.
    public func validate() throws(SessionOptionsError) {}

    /// The option of the field with session key `key`, if it has one.
    public static func option(forKey key: String) -> SettingOption? { options.first { $0.key == key } }
}

/// One field's command-line option: `--name`, what it sets (the field's session key), its help,
/// and its form. Its default is the field's in `AppSettings.commandLineDefaults`.
public struct SettingOption: Sendable {
    /// How the option is written and what it sets.
    public enum Form: @unchecked Sendable {  // a metatype: immutable
        /// `--name` alone: the field (a `Bool`) becomes `setting` when it is given (`--fill` sets
        /// `fill` true, `--no-sound` sets `sound` false).
        case flag(setting: Bool)
        /// `--name` or `--no-name`: the field (a `Bool`) either way, its default shown.
        case toggle
        /// `--name VALUE` of this type: a number, `String` (read as the field reads it: a
        /// transition's name), or a `SessionName` enum (its names listed, a wrong one refused
        /// naming them). An optional field with no default has none shown.
        case value(Any.Type)
        /// `--name on|off`: the field (a `Bool`) when given; not given, the command decides.
        case onOff
    }

    /// The option's long name, without its dashes (`scale-face`).
    public let name: String
    /// The field it sets: its session key (`scale`).
    public let key: String
    /// The option's help, one sentence or more.
    public let help: String
    /// How it is written.
    public let form: Form

    /// `--name` in `form`, setting the field `key` (by default the same as `name`).
    public init(_ name: String, key: String? = nil, _ form: Form, help: String) {
        self.name = name
        self.key = key ?? name
        self.form = form
        self.help = help
    }

}
