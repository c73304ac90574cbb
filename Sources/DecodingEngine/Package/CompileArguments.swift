/// A Swift compile's arguments read as swiftc reads them: each option with its value, whether the
/// value is the next word (`-I PATH`, `-package-name app`) or joined to the flag (`-IPATH`,
/// `-DDEBUG`, `-j2`), and the words it passes to clang (`-Xcc`, one word each) read as clang reads
/// them, so `-Xcc -I -Xcc PATH` is one option and its path never passes for the next flag.
struct CompileArguments {
    /// One option as written.
    struct Option: Equatable {
        /// The flag (`-I`, `-Xcc`), or the word itself when it takes no value (`-g`, an input file).
        var name: String
        var value: String?
        /// The words it was written in: one (`-IPATH`, `-g`) or two (`-I`, `PATH`).
        var words: [String]
    }

    /// swiftc's options, in order.
    let swift: [Option]
    /// The options swiftc passes to clang (the `-Xcc` values, in order, read as clang's own), each
    /// with the swiftc words that carry it (`-Xcc -I -Xcc PATH`).
    let clang: [Option]

    init(_ words: [String]) {
        swift = Self.read(words, separate: Self.swiftSeparate, joinable: Self.swiftJoinable)
        let clangWords = swift.filter { $0.name == "-Xcc" }.compactMap(\.value)
        clang = Self.read(clangWords, separate: Self.clangSeparate, joinable: Self.clangJoinable).map { option in
            Option(name: option.name, value: option.value, words: option.words.flatMap { ["-Xcc", $0] })
        }
    }

    /// The first value of `flag` among swiftc's options (`-package-name`).
    func value(of flag: String) -> String? { swift.first { $0.name == flag }?.value }

    /// Reads `words` as options: a flag of `separate` or `joinable` written alone takes the next word
    /// as its value; a word that starts with a flag of `joinable` (the longest that fits) carries its value.
    private static func read(_ words: [String], separate: Set<String>, joinable: [String]) -> [Option] {
        var options: [Option] = []
        var at = 0
        while at < words.count {
            let word = words[at]
            if separate.contains(word) || joinable.contains(word) {
                let value = at + 1 < words.count ? words[at + 1] : nil
                options.append(Option(name: word, value: value, words: Array(words[at..<min(at + 2, words.count)])))
                at += 2
                continue
            }
            if let flag = joinable.filter({ word.hasPrefix($0) }).max(by: { $0.count < $1.count }) {
                options.append(Option(name: flag, value: String(word.dropFirst(flag.count)), words: [word]))
            } else {
                options.append(Option(name: word, value: nil, words: [word]))
            }
            at += 1
        }
        return options
    }

    /// swiftc's flags whose value is the next word only.
    static let swiftSeparate: Set<String> = [
        "-Xcc", "-Xfrontend", "-Xlinker", "-Xclang-linker", "-Xllvm", "-Fsystem", "-Isystem", "-target", "-target-variant", "-sdk",
        "-resource-dir", "-module-name", "-module-link-name", "-module-abi-name", "-module-cache-path", "-index-store-path",
        "-emit-objc-header-path", "-emit-module-path", "-emit-module-interface-path", "-emit-private-module-interface-path",
        "-emit-package-module-interface-path", "-emit-module-source-info-path", "-emit-dependencies-path", "-serialize-diagnostics-path",
        "-output-file-map", "-o", "-package-name", "-swift-version", "-num-threads", "-vfsoverlay", "-plugin-path", "-external-plugin-path",
        "-load-plugin-library", "-load-plugin-executable", "-enable-experimental-feature", "-enable-upcoming-feature",
        "-disable-experimental-feature", "-disable-upcoming-feature", "-user-module-version", "-default-isolation", "-module-alias",
        "-explicit-swift-module-map-file", "-working-directory", "-import-objc-header", "-import-bridging-header", "-pch-output-dir",
        "-define-availability", "-Werror", "-Wwarning", "-file-prefix-map", "-debug-prefix-map", "-coverage-prefix-map",
        "-runtime-compatibility-version", "-libc", "-access-notes-path", "-tools-directory", "-save-optimization-record-path",
        "-package-description-version",
    ]
    /// swiftc's flags whose value is the next word or joined to them.
    static let swiftJoinable = ["-I", "-F", "-D", "-L", "-j"]
    /// clang's flags (as swiftc passes them) whose value is the next word only.
    static let clangSeparate: Set<String> = [
        "-Xclang", "-Xpreprocessor", "-Xassembler", "-Xlinker", "-mllvm", "-arch", "-target", "-include-pch", "-resource-dir", "-x",
        "-o", "-MF", "-MT", "-MQ", "-working-directory",
    ]
    /// clang's flags whose value is the next word or joined to them: search paths, macros, included files.
    static let clangJoinable = [
        "-I", "-F", "-D", "-U", "-isystem", "-iquote", "-idirafter", "-iframework", "-isysroot", "-ivfsoverlay", "-include",
        "-imacros", "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-cxx-isystem",
    ]
}
