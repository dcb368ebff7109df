import ArgumentParser
import Foundation

/// What the command line says, checked before ArgumentParser reads it: a first word that is no
/// command (`glfun rendr scene.json` would otherwise reach the drawing window as two unexpected
/// arguments), `glfun help TOPIC` for a topic that is no command, a mistyped `--option`
/// (ArgumentParser checks a command's own validation first, so `render s.json --ouput a.png`
/// said "Missing expected argument '--output'" and never named the typo), and a negative number
/// after an option (`--at -1`, which ArgumentParser reads as an option: "Missing value").
enum CommandWords {
    /// The subcommands' names, and `help`.
    static var names: [String] {
        GLFun.configuration.subcommands.map { $0._commandName } + ["help"]
    }

    /// `arguments` (without the program's name) as ArgumentParser should read them (`--at -1`
    /// as `--at=-1`, so the command's own check says what is wrong with -1), or the error of an
    /// unknown command word or option.
    static func checked(_ arguments: [String]) throws(ValidationError) -> [String] {
        guard let first = arguments.first else { return arguments }
        // ArgumentParser's own root options (completion scripts, the tool's description): its.
        if first.hasPrefix("--generate-completion") || first.hasPrefix("--experimental-") { return arguments }
        if first.hasPrefix("-") { return try checkedOptions(arguments[...], of: Draw._commandName) }
        if first == "help" {
            guard let topic = arguments.dropFirst().first(where: { !$0.hasPrefix("-") }), !names.contains(topic) else { return arguments }
            throw ValidationError("no command '\(topic)' to help with.\(Suggestions.didYouMean(topic, in: names)) "
                                  + "(commands: \(names.filter { $0 != "help" }.joined(separator: ", ")))")
        }
        guard names.contains(first) else {
            throw ValidationError("unknown command '\(first)'.\(Suggestions.didYouMean(first, in: names)) "
                                  + "(glfun --help lists the commands; the drawing window opens a file with glfun draw --open SCENE.json)")
        }
        return [first] + (try checkedOptions(arguments.dropFirst(), of: first))
    }

    /// The options of `command` in `arguments`: the first `--name` it does not take is an error
    /// ("Unknown option '--ouput'. Did you mean '--output'?"); `--name -1` becomes `--name=-1`
    /// for an option that takes a value. Stops at `--`.
    static func checkedOptions(_ arguments: ArraySlice<String>, of command: String) throws(ValidationError) -> [String] {
        let named = arguments.prefix { $0 != "--" }
        guard named.contains(where: { $0.hasPrefix("--") }), let known = options(of: command) else { return Array(arguments) }
        var out: [String] = []
        var k = arguments.startIndex
        while k < arguments.endIndex {
            let argument = arguments[k]
            if argument == "--" { out += arguments[k...]; break }
            k += 1
            guard argument.hasPrefix("--") else { out.append(argument); continue }
            let name = String(argument.prefix { $0 != "=" })
            guard let takesValue = known[name] else {
                throw ValidationError("Unknown option '\(name)'.\(Suggestions.didYouMean(name, in: Array(known.keys).sorted()))")
            }
            if takesValue, name == argument, k < arguments.endIndex, isNegativeNumber(arguments[k]) {
                out.append(argument + "=" + arguments[k])
                k += 1
            } else {
                out.append(argument)
            }
        }
        return out
    }

    /// "-1", "-0.5", "-.5", "-3e2": what a user means as a number, not an option.
    static func isNegativeNumber(_ s: String) -> Bool {
        s.count > 1 && s.hasPrefix("-") && Double(s) != nil
    }

    /// The long options of a subcommand (true for those that take a value), from ArgumentParser's
    /// own description of the tool (what `--experimental-dump-help` prints), with glfun's
    /// global `--verbose` and `--version`.
    static func options(of command: String) -> [String: Bool]? {
        let text: String
        do {
            _ = try GLFun.parseAsRoot([command, "--experimental-dump-help"])
            return nil
        } catch {
            text = GLFun.fullMessage(for: error)
        }
        guard let tool = try? JSONDecoder().decode(ToolDump.self, from: Data(text.utf8)),
              let sub = tool.command.commandName == command ? tool.command
                  : tool.command.subcommands?.first(where: { $0.commandName == command })
        else { return nil }
        var known: [String: Bool] = ["--help": false, "--verbose": false, "--version": false, "--experimental-dump-help": false]
        for argument in sub.arguments ?? [] {
            for n in argument.names ?? [] where n.kind == "long" { known["--" + n.name] = argument.kind == "option" }
        }
        return known
    }

    /// The part of ArgumentParser's tool description read here.
    private struct ToolDump: Decodable {
        struct Command: Decodable {
            let commandName: String
            let subcommands: [Command]?
            let arguments: [Argument]?
        }
        struct Argument: Decodable {
            let kind: String
            let names: [Name]?
        }
        struct Name: Decodable {
            let kind: String
            let name: String
        }
        let command: Command
    }
}
