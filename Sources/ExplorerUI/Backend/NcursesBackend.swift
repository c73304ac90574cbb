import CNcurses
import Foundation
import JSONTree

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal through ncursesw: paints only the rows that changed, reads wide keys.
///
/// Opened with `newterm` rather than `initscr`, so a missing terminfo entry is an error we
/// report instead of ncurses exiting; keys come from /dev/tty, so a payload can arrive on
/// standard input. The explorer never sets the window title and never queries the terminal.
public final class NcursesBackend: TerminalBackend {
    public enum OpenError: Error {
        case notATerminal
        case dumbTerminal
        case unknownTerminal(String)
    }

    private let window: UnsafeMutablePointer<WINDOW>
    private let screenHandle: OpaquePointer
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>
    private let colors: Bool
    private let mouse: Bool
    private var lastFrame: Screen?
    private var isOpen = true
    /// OSC 52 sequences to write after the next refresh.
    private var pendingClipboard: [String] = []
    /// The last left-button press, to tell a double click.
    private var lastPress: (x: Int32, y: Int32, time: UInt64)?
    /// The locale is not UTF-8: glyphs are drawn in ASCII (AsciiGlyphs).
    private let asciiOnly: Bool
    /// Mouse reports come as SGR sequences (`\e[<0;300;5M`) that this backend reads itself,
    /// because the terminfo entry expects the old encoding, which stops at column 223.
    private let readsSGRMouse: Bool
    /// The key code ncurses gives for the start of an SGR mouse report (defined with define_key).
    private static let sgrMouseKey: Int32 = 0x7F00

    /// Opens the terminal; `mouse` turns on wheel and click reports (the terminal's own text
    /// selection then needs Shift, as in other programs that use the mouse).
    @inline(never)  // Calls the signal handlers' C state: see ``removeOnEndingSignal(_:)``.
    public init(mouse: Bool = true) throws(OpenError) {
        guard isatty(STDOUT_FILENO) != 0 else { throw .notATerminal }
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        guard !term.isEmpty, term != "dumb" else { throw .dumbTerminal }
        guard let tty = fopen("/dev/tty", "r") else { throw .notATerminal }
        setlocale(LC_ALL, "")
        asciiOnly = !AsciiGlyphs.localeIsUTF8(codeset: nl_langinfo(nl_item(CODESET)).map { String(cString: $0) } ?? "")
        guard let output = fdopen(dup(STDOUT_FILENO), "w") else {
            fclose(tty)
            throw .notATerminal
        }
        ce_restore_save_modes(fileno(output))
        guard let screenHandle = newterm(nil, output, tty) else {
            fclose(tty)
            fclose(output)
            throw .unknownTerminal(TerminalSafeTerm.escape(term))
        }
        self.screenHandle = screenHandle
        self.output = output
        input = tty
        set_term(screenHandle)
        guard let window = stdscr_pointer() else { throw .notATerminal }
        self.window = window
        raw()
        noecho()
        keypad(window, true)
        curs_set(0)
        set_escdelay(25)
        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        colors = !noColor && has_colors()
        if colors {
            start_color()
            use_default_colors()
            for (pair, color) in Palette.pairs { init_pair(pair, color, -1) }
        }
        if mouse {
            // Presses are reported at once; a double click is told apart here (see readInput).
            mouseinterval(0)
            self.mouse = mousemask(ce_mouse_events(), nil) != 0
        } else {
            self.mouse = false
        }
        // SGR reports (mode 1006) carry any column; the old ones stop at 223. ncurses reads them
        // itself when the terminfo entry says so (xterm's kmous is \E[<); else (tmux, screen)
        // the explorer asks for them and reads them here.
        let kmous = tigetstr("kmous").flatMap { Int(bitPattern: $0) == -1 ? nil : String(cString: $0) } ?? ""
        readsSGRMouse = self.mouse && kmous != "\u{1B}[<"
        if self.mouse {
            if readsSGRMouse { define_key("\u{1B}[<", Self.sgrMouseKey) }
            Self.writeRaw("\u{1B}[?1006h", to: output)
        }
        NcursesBackend.prepareRestore(mouse: self.mouse)
        ce_stderr_capture_begin()
    }

    deinit { shutdown() }

    public var size: (width: Int, height: Int) {
        var h: Int32 = 0
        var w: Int32 = 0
        ce_size(window, &h, &w)
        return (Int(w), Int(h))
    }

    public func draw(_ screen: Screen) {
        let sameSize = lastFrame.map { $0.width == screen.width && $0.height == screen.height } ?? false
        if !sameSize { werase(window) }
        for y in 0..<screen.height {
            if sameSize, let last = lastFrame, (0..<screen.width).allSatisfy({ last[$0, y] == screen[$0, y] }) { continue }
            drawRow(screen, y: y)
        }
        wrefresh(window)
        lastFrame = screen
        writeClipboard()
    }

    private func drawRow(_ screen: Screen, y: Int) {
        var x = 0
        while x < screen.width {
            let style = screen[x, y].style
            var text: [wchar_t] = []
            let start = x
            while x < screen.width && screen[x, y].style == style {
                let cell = screen[x, y]
                if asciiOnly {
                    // One ASCII cell for each cell, wide characters' continuations included.
                    let shown = cell == .continuation ? " " : AsciiGlyphs.substitute(cell.character)
                    text.append(wchar_t(bitPattern: shown.unicodeScalars.first!.value))
                } else if cell != .continuation {
                    // The renderers escape untrusted text; this is the last guard before the terminal.
                    for scalar in cell.character.unicodeScalars {
                        text.append(wchar_t(bitPattern: TerminalSafeText.isUnsafe(scalar) ? 0xFFFD : scalar.value))
                    }
                }
                x += 1
            }
            // The last cell of the last row would scroll some terminals: leave it.
            let count = y == screen.height - 1 && x == screen.width ? max(0, text.count - 1) : text.count
            let look = Palette.look(style, colors: colors)
            text.withUnsafeBufferPointer {
                _ = ce_put(
                    window, Int32(y), Int32(start), $0.baseAddress, Int32(count), look.pair,
                    look.bold ? 1 : 0, look.reverse ? 1 : 0, look.dim ? 1 : 0, look.underline ? 1 : 0)
            }
        }
    }

    public func readInput(timeoutMilliseconds: Int?) -> InputEvent? {
        wtimeout(window, Int32(timeoutMilliseconds ?? -1))
        var code: wint_t = 0
        while true {
            let kind = wget_wch(window, &code)
            if kind == ERR {
                // With a timeout, ERR means nothing arrived, unless the terminal has gone
                // (hung up, closed): then input has ended, as it has on ERR without one.
                return timeoutMilliseconds == nil || terminalIsGone ? nil : .timeout
            }
            if kind == ce_key_code_yes() {
                if Int32(code) == ce_key_resize() { lastFrame = nil; return .resize }
                if Int32(code) == ce_key_mouse() {
                    if let event = mouseEvent() { return .mouse(event) }
                    continue
                }
                if readsSGRMouse, Int32(code) == Self.sgrMouseKey {
                    if let event = sgrMouseEvent() { return .mouse(event) }
                    continue
                }
                if let key = Self.functionKey(Int32(code)) { return .key(key) }
                continue
            }
            if let key = Self.characterKey(UInt32(code)) { return .key(key) }
        }
    }

    /// Whether the terminal the keys come from has hung up or been closed.
    private var terminalIsGone: Bool {
        var descriptor = pollfd(fd: fileno(input), events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else { return errno != EINTR }
        return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    private static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_NPAGE: return .pageDown
        case KEY_PPAGE: return .pageUp
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_BTAB: return .backTab
        case (KEY_F0 + 1)...(KEY_F0 + 12): return .function(Int(code - KEY_F0))
        default: return nil
        }
    }

    private static func characterKey(_ code: UInt32) -> Key? {
        switch code {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 127, 8: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(code + 96)!))
        default: return Unicode.Scalar(code).map { .character(Character($0)) }
        }
    }

    /// Reads the mouse event ncurses has: the wheel, or a left press, which is a double click
    /// when it comes within 400 ms at the same place as the one before.
    private func mouseEvent() -> MouseEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let x = Int(event.x)
        let y = Int(event.y)
        if ce_mouse_wheel_up(event.bstate) != 0 { return MouseEvent(x: x, y: y, kind: .wheelUp) }
        if ce_mouse_wheel_down(event.bstate) != 0 { return MouseEvent(x: x, y: y, kind: .wheelDown) }
        guard ce_mouse_left(event.bstate) != 0 else { return nil }
        let now = DispatchTime.now().uptimeNanoseconds
        if let last = lastPress, last.x == event.x, last.y == event.y, now - last.time < 400_000_000 {
            lastPress = nil
            return MouseEvent(x: x, y: y, kind: .doubleClick)
        }
        lastPress = (event.x, event.y, now)
        return MouseEvent(x: x, y: y, kind: .click)
    }

    /// Reads the rest of an SGR mouse report after its `\e[<`: `button;column;row` and `M`
    /// (press) or `m` (release), 1-based. Releases and drags are read and dropped.
    private func sgrMouseEvent() -> MouseEvent? {
        var text = ""
        var code: wint_t = 0
        wtimeout(window, 50)
        while text.count < 32 {
            guard wget_wch(window, &code) != ERR, let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
            if scalar == "M" || scalar == "m" {
                let numbers = text.split(separator: ";").compactMap { Int($0) }
                guard scalar == "M", numbers.count == 3 else { return nil }
                return Self.mouseEvent(button: numbers[0], x: numbers[1] - 1, y: numbers[2] - 1, last: &lastPress)
            }
            text.unicodeScalars.append(scalar)
        }
        return nil
    }

    /// A press as a mouse event: the wheel, or a left press (a double click when it comes within
    /// 400 ms at the same place as the one before). Motion and other buttons give nil.
    static func mouseEvent(button: Int, x: Int, y: Int, last: inout (x: Int32, y: Int32, time: UInt64)?) -> MouseEvent? {
        guard button & 32 == 0 else { return nil }
        switch button & ~(4 | 8 | 16) {
        case 64: return MouseEvent(x: x, y: y, kind: .wheelUp)
        case 65: return MouseEvent(x: x, y: y, kind: .wheelDown)
        case 0:
            let now = DispatchTime.now().uptimeNanoseconds
            if let previous = last, previous.x == Int32(x), previous.y == Int32(y), now - previous.time < 400_000_000 {
                last = nil
                return MouseEvent(x: x, y: y, kind: .doubleClick)
            }
            last = (Int32(x), Int32(y), now)
            return MouseEvent(x: x, y: y, kind: .click)
        default: return nil
        }
    }

    /// Bytes for the terminal outside ncurses (a mode ncurses does not know to set).
    private static func writeRaw(_ sequence: String, to output: UnsafeMutablePointer<FILE>) {
        fflush(output)
        let bytes = Array(sequence.utf8)
        _ = bytes.withUnsafeBytes { write(fileno(output), $0.baseAddress, $0.count) }
    }

    /// Sends text to the system clipboard with OSC 52 (xterm's, which tmux and most terminals
    /// understand), after the next refresh so it never lands inside ncurses' output.
    public func copyToClipboard(_ text: String) {
        let encoded = Data(text.utf8).base64EncodedString()
        pendingClipboard.append("\u{1B}]52;c;\(encoded)\u{07}")
    }

    private func writeClipboard() {
        guard !pendingClipboard.isEmpty else { return }
        fflush(output)
        for sequence in pendingClipboard {
            let bytes = Array(sequence.utf8)
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset...].withUnsafeBytes { write(fileno(output), $0.baseAddress, $0.count) }
                if n <= 0 { break }
                offset += n
            }
        }
        pendingClipboard = []
    }

    /// Ctrl-Z: gives the terminal back, stops the job as the shell's Ctrl-Z would, and on
    /// `fg` takes the terminal again and paints every cell.
    public func suspend() {
        endwin()
        ce_stop_job()
        // Resumed: ncurses takes the terminal back on the next refresh.
        invalidate()
        wrefresh(window)
    }

    /// `v`: the editor gets the terminal as the shell would give it (endwin restores the
    /// modes and leaves the alternate screen; the mouse is turned off so clicks reach the
    /// editor as its own), then ncurses takes it back and repaints every cell.
    public func handOver(_ body: () -> Void) {
        if mouse {
            _ = mousemask(0, nil)
            Self.writeRaw("\u{1B}[?1006l", to: output)
        }
        endwin()
        body()
        if mouse {
            _ = mousemask(ce_mouse_events(), nil)
            Self.writeRaw("\u{1B}[?1006h", to: output)
        }
        invalidate()
        wrefresh(window)
    }

    /// Forgets the last frame: the next one paints every cell, on a cleared screen.
    public func invalidate() {
        lastFrame = nil
        clearok(window, true)
    }

    @inline(never)  // Calls the signal handlers' C state: see ``removeOnEndingSignal(_:)``.
    public func shutdown() {
        guard isOpen else { return }
        isOpen = false
        if mouse { Self.writeRaw("\u{1B}[?1006l", to: output) }
        endwin()
        ce_restore_disarm()
        ce_stderr_capture_end()
        delscreen(screenHandle)
        fclose(input)
        fclose(output)
    }

    /// Crashes, aborts, SIGTERM, SIGHUP, SIGINT and SIGQUIT restore the terminal from a
    /// signal handler (only write(2), tcsetattr(3) and friends), replay what went to stderr
    /// meanwhile, then let the signal go on: to Swift's crash report for a crash, else its
    /// default action, so the exit status still tells what happened.
    private static func prepareRestore(mouse: Bool) {
        var reset = ""
        for capability in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            if let value = tigetstr(capability), Int(bitPattern: value) != -1 {
                reset += String(cString: value)
            }
        }
        if mouse { reset += "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l" }
        reset.utf8CString.withUnsafeBufferPointer { ce_restore_set_sequence($0.baseAddress, $0.count - 1) }
        ce_restore_install()
    }

    // Written here, beside `prepareRestore`: the handlers' state is a C function's static, which
    // exists once only while one compiled file calls these functions.

    /// The process's ending signals (SIGTERM, SIGINT, SIGHUP, SIGQUIT and the rest, crashes included)
    /// remove the paths given to ``removeOnEndingSignal(_:)`` and then take their course (a crash to
    /// Swift's crash report, any other signal its default action). SIGQUIT so ends the process at once,
    /// as SIGTERM does, instead of the runtime's interactive backtrace. For commands without a screen
    /// (`check`, `fix`); the explorer's screen installs the same handlers, which also restore the terminal.
    @inline(never)  // Calls the signal handlers' C state: see ``removeOnEndingSignal(_:)``.
    public static func handleEndingSignals() {
        ce_restore_install()
        // A parent may start this process with them blocked (Foundation's Process on Linux passes on
        // the spawning thread's mask, swift-corelibs-foundation #4772): they would then never arrive.
        var ending = sigset_t()
        sigemptyset(&ending)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] { sigaddset(&ending, signal) }
        pthread_sigmask(SIG_UNBLOCK, &ending, nil)
    }

    /// `path` (a private temporary file, or a folder, registered after what it holds) is removed if a
    /// signal ends the process (``handleEndingSignals()``); an ordinary exit removes it through its owner.
    ///
    /// Never inlined, nor is any function here that calls the handlers' C functions: their state is a
    /// `static` in a header, one copy in each object file that calls them, and a release build splits
    /// a module into several objects and inlines across them. Inlined into a caller's object, this
    /// registered paths in a table the handler never read: the explorer killed with its terminal left
    /// its capture folder each time in release builds, never in debug ones.
    @inline(never)
    public static func removeOnEndingSignal(_ path: String) {
        _ = ce_cleanup_add(path)
    }
}

/// `TERM` as it may be shown in a message.
enum TerminalSafeTerm {
    static func escape(_ s: String) -> String {
        String(s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
    }
}
