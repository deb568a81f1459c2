import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema
import HeaderIR
import HeaderEval
import HeaderAnalysis
import HeaderCodeGen
import HeaderTools

/// The text of `headerc --help` and `headerc help COMMAND`.
package enum HelpText {
    package static func text(for topic: String?) -> String {
        switch topic {
        case "check":
            return """
            usage: headerc check FILE... [--format text|json]

            Validates each spec and prints every error and warning as file:line:col, with the line and a caret.
            Exit status: 0 when no file has an error (warnings are allowed), 1 otherwise. FILE - reads standard input.
              --format json   prints the diagnostics as JSON on standard output, for tools: {"diagnostics": [{"file",
                              "severity", "message", "line", "column", "endLine", "endColumn", "notes": [...]}]}

            """
        case "eval":
            return """
            usage: headerc eval FILE (--at LIST | --sweep FROM:TO:STEP | --trace CSV) [--set INPUT=VALUE]...
                                [--format table|csv|json] [--settle VELOCITY]

            Evaluates every output of the spec at each offset, in the order given (a spec with state follows that path).
            FILE - reads standard input.
              --at LIST              offsets separated by commas: --at -50,0,75.5,400
              --sweep FROM:TO:STEP   FROM, FROM+STEP, ... never past TO, and TO itself when the steps land on it:
                                     --sweep 0:100:10 (0, 10, ..., 100), --sweep 0:0.3:0.1 (0, 0.1, 0.2, 0.3)
              --trace CSV            the offsets and inputs along a gesture, a frame a line: the first line names
                                     the columns, offset first (offset,phase), each later one gives their
                                     values (40,dragging); the inputs come first among the output's columns.
                                     A column time gives each frame's time in milliseconds (offset,time;
                                     never back), which a spec with a transition must have. --at and
                                     --sweep evaluate at time 0: a transition rests where its condition
                                     says at the first offset, and one set off later stays at its start.
                                     A column touch (down or up) says where the finger is; an empty offset
                                     that the scroll is where it was left. When the finger lifts, a snap
                                     with a motion takes the scroll from there (offset,time,touch; rows
                                     like 40,16,down then ,500,up): Grammar.md, "The motion after release"
              --set INPUT=VALUE      sets an input, once: --set safeAreaTop=47 --set reduceMotion=true
              --format FORMAT        table (the default, for people; up to 100000 offsets), csv or json
                                     (for tools; printed as they are evaluated, for sweeps of any length)
              --settle VELOCITY      adds, per snap declaration, where a gesture ending at each offset
                                     with this velocity (points per second) comes to rest (for a snap
                                     state, where that state would come to rest from its value there)

            """
        case "layout":
            return """
            usage: headerc layout FILE (--at LIST | --sweep FROM:TO:STEP | --trace CSV) [--set INPUT=VALUE]...
                                  [--width W] [--height H] [--format table|json]

            Prints, at each offset, where every block is drawn on the screen: its rectangle in points, origin at the
            screen's top-left and y down, after its offsets and scale, with its opacity and the rectangle it is
            clipped to. Layers come back to front. Each block is placed by the structure it declares
            (Grammar.md, "Structure"); `check` names the blocks whose structure is guessed from their names.
            The offsets, the trace and --set are eval's (headerc help eval). FILE - reads standard input.
              --width W          the screen's width in points (default 390)
              --height H         the screen's height, to which the page reaches (default 844)
              --format json      for tools: {"header", "width", "frames": [{"offset", "layers": [{"block", "kind",
                                 "x", "y", "width", "height", "opacity", "clip": {"x", "y", "width", "height"} or
                                 null}]}]}; a line of text has "width": null and "alignX" (leading, center or
                                 trailing) for the point its x gives. Every number exact; null where not finite.

            """
        case "compile":
            return """
            usage: headerc compile FILE [-o OUT] [--target swift|js|kotlin|web] [--name NAME] [--package NAME] [--range-warnings]
                                   [--report]

            Emits standalone Swift importing Foundation only: a nonisolated enum of pure math, <Header>Math, with
            frame(offset:...) returning every output, a function per output and named value. FILE - reads stdin.
              -o OUT         writes the file instead of printing it: atomically, keeping its mode (a link's target
                             is replaced, a device or FIFO written to); on error the file is left as it was
              --target js    emits a JavaScript ES module instead: frame(offset, inputs) returning every output
                             keyed "block.property", outputs, inputs, and advance/initialState or settle where
                             the spec has state or snaps (--target swift is the default)
              --target kotlin  emits one Kotlin file instead: object <Header>Math with frame(offset, ...)
                             returning a data class Frame, State and advance(state, offset, ...) with state
              --target web   emits a web element's ES module instead (docs/web.md): <profile-stretchy> for the
                             header ProfileStretchy, a named slot a block; -o DIR writes DIR/TAG.mjs
              --report       with --target web, prints where the element applies each output, and why
              --name NAME    the enum's (or the Kotlin object's) name instead of <Header>Math; with --target web,
                             the element's tag
              --package NAME the Kotlin file's package (with --target kotlin)
              --range-warnings  also prints check's range warnings (the build-tool plugin passes it)

            """
        case "driver":
            return """
            usage: headerc driver [--target swift|js|kotlin] [-o FILE]

            Writes the scroll driver of a language: a file with no dependency that takes a scroll view's touch
            down, offsets, touch up and frame times and gives each frame's offset, following the snap's motion
            after the finger lifts (Grammar.md, "The motion after release"). Bind it to the generated settle and
            motion functions; one recorded gesture gives the same frames in every language, and in eval --trace.
              --target T     swift (ScrollDriver.swift, the default), js (scroll-driver.mjs) or kotlin (ScrollDriver.kt)
              -o FILE        writes the file instead of printing it, atomically

            """
        case "fmt":
            return """
            usage: headerc fmt FILE... [--check | --in-place]

            Lays specs out one way: 4-space indentation, spaces around operators, one property a line, keyframe
            stops one a line or all on one line as written, at most one blank line; every comment stays in its
            place. It never changes what a spec means. FILE - reads standard input.
              (no flag)      prints the formatted specs
              --check        names the files that would change; exit status 1 if any would
              --in-place     rewrites the files that change, atomically
            A file with a syntax error gets its diagnostics and exit status 1, and is left as it is.

            """
        case "ranges":
            return """
            usage: headerc ranges FILE [--format table|json]

            Proves what each output can be, for every offset and every input within its range ('input x in 0...1 = 0';
            an input without one is taken at its default, a bool at both values): its interval, whether it can be NaN
            or infinite, the offsets between which it changes, and the conditions that never change; and for each
            snap a row settle.<name>, where its rule can come to rest for the targets it decides. Bounds hold of
            the floating-point numbers eval gives, rounding included (Grammar.md, "Ranges"); the table prints them
            to 12 significant digits, the JSON to the bit. FILE - reads standard input.
              --format json   {"outputs": {"cover.height": {"min": 44.0, "max": null, "nan": false, ...}, ...}}, null
                              for an unbounded side

            """
        case "plot":
            return """
            usage: headerc plot FILE [--sweep FROM:TO:STEP] [--set INPUT=VALUE]... [-o plot.svg]

            Draws an SVG of small multiples, one chart per output: offset on x, the value on y with its unit, the
            offsets where the output's formula switches (keyframe stops, on the offset or on a named value that
            follows it) and every snap point marked. The values are eval's. FILE - reads standard input.
              --sweep FROM:TO:STEP   the offsets, as for eval (default \(Arguments.defaultPlotSweep))
              --set INPUT=VALUE      sets an input, once
              -o plot.svg            writes the file (atomically) instead of printing it

            """
        case "render":
            return """
            usage: headerc render FILE --at LIST [--set INPUT=VALUE]... [-o strip.svg]

            Draws a filmstrip: the header at each offset, side by side, each block a layer (an image area, an avatar
            circle, a line of text, a bar, a scrim, or a labelled rectangle) with its known properties applied, from
            eval's values; a header with state goes along the offsets in order. FILE - reads standard input.
              --at LIST            offsets separated by commas: --at -80,0,100,200
              --set INPUT=VALUE    sets an input, once
              -o strip.svg         writes the file (atomically) instead of printing it

            """
        case "preview":
            return """
            usage: headerc preview FILE [--set INPUT=VALUE]... [-o preview.html | --watch [--port N]]

            Writes one self-contained HTML page (no network) that draws the header live with the spec's own math,
            the JavaScript module of compile --target js inside it: a phone-sized scroll view (pull down past the top
            for negative offsets), sliders and toggles for the inputs, every output read out, a plot of each with a
            cursor, and snapping when a scroll ends. Open preview.html#offset=-80&safeAreaTop=47 to start there.
              --set INPUT=VALUE    an input's starting value, once
              -o preview.html      writes the file (atomically) instead of printing it
              --watch              serves the page on 127.0.0.1 and prints its address: when the spec is saved, the
                                   page reloads where it was (offset, inputs); a save with errors shows them and
                                   keeps the last good header. Ctrl-C stops it. Only / and /spec are served.
              --port N             with --watch: the port (0: any free one); otherwise the first free from 8470

            """
        case "lsp":
            return """
            usage: headerc lsp

            A Language Server Protocol (3.17) server on standard input and output, for editors: diagnostics as you
            type (check's errors and warnings, the range warnings included), formatting (fmt's), hover with each
            name's documentation, type and proven range, go to definition, references, completion, an outline and
            inlay hints with each output's proven range. Editors/README.md shows how to start it from an editor.

            """
        default:
            return """
            headerc \(Headerc.version): scroll-driven headers, declared once, evaluated and compiled to Swift.

            usage: headerc COMMAND [OPTIONS]

            commands:
              check FILE...     validate specs and print diagnostics
              eval FILE ...     evaluate every output at offsets (table, CSV or JSON)
              layout FILE ...   where each block is drawn on the screen at offsets (table or JSON)
              compile FILE ...  emit the same math as a Swift enum, a JavaScript module or a Kotlin object
              driver ...        write the scroll driver that runs a snap's motion after release, in a language
              fmt FILE...       lay specs out one way, comments kept
              ranges FILE       prove each output's interval over every offset and input
              plot FILE ...     draw every output against the offset (SVG)
              render FILE ...   draw the header at several offsets side by side (SVG)
              preview FILE      a web page to scroll the header live in a browser
              lsp               a language server for editors, on standard input and output

            headerc help COMMAND   details of one command
            headerc --version      the version

            """
        }
    }
}
