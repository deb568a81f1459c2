import Foundation
import HeaderKit
import XCTest

/// Headers that follow the scroll direction (Examples/AppleMusicProfile.header), and snap points.
final class StateAndSnapTests: XCTestCase {
    private func evalCSV(_ path: String, _ offsets: [Double]) throws -> [[String]] {
        let list = offsets.map { $0.description }.joined(separator: ",")
        let outcome = Driver.run(["eval", PackagePaths.url(path).path, "--at", list, "--format", "csv"])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        return outcome.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
    }

    /// Seed 002's state machine by hand: the height starts at 260 and moves against each change of
    /// offset, within 120...320; the first offset only sets up the trace.
    func testAppleMusicTraceFollowsTheSeedStepByStep() throws {
        let offsets: [Double] = [0, 10, 50, 200, 180, -40, 500, 0, 30, 25, 25, -1000, 1000]
        // 0: start 260. 10: 260-10. 50: 250-40. 200: 210-150=60 -> 120. 180: 120+20. -40: 140+220=360 -> 320.
        // 500: 320-540 -> 120. 0: 120+500 -> 320. 30: 290. 25: 295. 25 again: no change.
        // -1000: 295+1025 -> 320. 1000: 320-2000 -> 120.
        let heights: [Double] = [260, 250, 210, 120, 140, 320, 120, 320, 290, 295, 295, 320, 120]
        let rows = try evalCSV("Examples/AppleMusicProfile.header", offsets)
        XCTAssertEqual(rows.count, offsets.count)
        for (index, row) in rows.enumerated() {
            let height = heights[index]
            let p = (height - 120) / 200
            XCTAssertEqual(Double(row[1]), height, "header.height at step \(index)")
            XCTAssertEqual(Double(row[2]) ?? .nan, 50 + 60 * p, accuracy: 1e-9, "avatar.size at step \(index)")
            XCTAssertEqual(Double(row[3]) ?? .nan, 16 + 10 * p, accuracy: 1e-9, "title.fontSize at step \(index)")
            XCTAssertEqual(Double(row[4]) ?? .nan, 8 * (1 - p), accuracy: 1e-9, "cover.blur at step \(index)")
        }
    }

    func testSweepIsATraceAndReversalExpandsAgain() throws {
        let spec = try XCTUnwrap(Compilation(path: "a.header", text: try PackagePaths.text("Examples/AppleMusicProfile.header")).spec)
        let interpreter = Interpreter(spec: spec)
        // Scrolling down 1 pt at a time collapses by 1 pt a step until 120.
        for step in 0...200 {
            let value = interpreter.frame(at: Double(step))[0]
            XCTAssertEqual(value, .number(max(120, 260 - Double(step))))
        }
        // Scrolling back up by 30 pt from far down the page expands by 30 pt, wherever the page is.
        XCTAssertEqual(interpreter.frame(at: 170)[0], .number(150))
        interpreter.resetState()
        XCTAssertEqual(interpreter.frame(at: 5000)[0], .number(260), "a new trace starts at the initial value")
    }

    func testStatelessSpecIgnoresTheOrderOfOffsets() throws {
        let forward = try evalCSV("Examples/ProfileStretchy.header", [0, 50, 100])
        let backward = try evalCSV("Examples/ProfileStretchy.header", [100, 50, 0])
        XCTAssertEqual(forward, backward.reversed())
    }

    /// A bound that folds to NaN is reported as NaN, not as "-nan is above 1.0".
    func testStateBoundThatIsNaN() {
        let compiled = MarkedCompilation("header H\nstate s: pt = 0pt in 1️⃣min(sqrt(-1) * 1pt, 1pt)...1pt { next = s - delta }\nx { height = s }\n")
        compiled.expect("the lower bound of state 's' is NaN (not a number)", at: compiled["1️⃣"])
        compiled.expectErrorCount(1)
        let upper = MarkedCompilation("header H\nstate s = 0 in 0...2️⃣0 / 0 { next = s }\nx { scale = s }\n")
        upper.expect("the upper bound of state 's' is NaN", at: upper["2️⃣"])
        upper.expectErrorCount(1)
        // Infinite bounds are bounds.
        XCTAssertNotNil(Compilation(path: "s.header", text: "header H\nstate s = 0 in -1 / 0...1 / 0 { next = s }\nx { scale = s }\n").spec)
    }

    /// A snap whose only point is refused says why, once: not also "needs at least one point".
    func testRefusedSnapPointIsOneError() {
        let compiled = MarkedCompilation("header H\nsnap s { 1️⃣offset }\nx { height = 1pt }\n")
        compiled.expect("a snap point cannot depend on the offset", at: compiled["1️⃣"])
        compiled.expectErrorCount(1)
        let empty = MarkedCompilation("header H\nsnap 2️⃣s { }\nx { height = 1pt }\n")
        empty.expect("snap 's' needs at least one point", at: empty["2️⃣"])
    }

    // MARK: Snapping

    /// ProfileStretchy snaps at 0 (open) and 146 (closed into the bar, 190 - 44).
    func testSnappingOnBothSidesOfEachPoint() throws {
        let spec = try XCTUnwrap(Compilation(path: "p.header", text: try PackagePaths.text("Examples/ProfileStretchy.header")).spec)
        let interpreter = Interpreter(spec: spec)
        _ = interpreter.frame(at: 0)
        func settle(_ target: Double, _ velocity: Double) -> Double {
            interpreter.settle(snap: 0, offset: target, velocity: velocity)
        }
        // Outside the span the content scrolls freely.
        XCTAssertEqual(settle(-30, 0), -30)
        XCTAssertEqual(settle(146.5, 0), 146.5)
        XCTAssertEqual(settle(400, -2000), 400)
        // Slow gestures settle on the nearest point, on either side of the middle (73).
        XCTAssertEqual(settle(1, 0), 0)
        XCTAssertEqual(settle(72.9, 100), 0)
        XCTAssertEqual(settle(73, 0), 0, "a tie goes to the lower point")
        XCTAssertEqual(settle(73.1, -100), 146)
        XCTAssertEqual(settle(145.9, 0), 146)
        // A fling goes to the next point in its direction, even from close to the other one.
        XCTAssertEqual(settle(5, 300), 146)
        XCTAssertEqual(settle(140, -300), 0)
        XCTAssertEqual(settle(140, 2000), 146)
        XCTAssertEqual(settle(5, -2000), 0)
        // The points follow the inputs: with a 47 pt inset the bar is 91 pt and the cover closes at 99.
        interpreter.setInput("safeAreaTop", to: .number(47))
        XCTAssertEqual(settle(60, 0), 99)
        XCTAssertEqual(settle(49, 0), 0)
    }

    func testEvalShowsSettle() throws {
        let outcome = Driver.run(["eval", PackagePaths.url("Examples/ProfileStretchy.header").path, "--at", "20,100",
                                  "--settle", "-500", "--format", "csv"])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        let lines = outcome.standardOutput.split(separator: "\n")
        XCTAssertTrue(lines[0].hasSuffix(",settle.cover"))
        XCTAssertTrue(lines[1].hasSuffix(",0.0"))
        XCTAssertTrue(lines[2].hasSuffix(",0.0"))
        let noSnap = Driver.run(["eval", PackagePaths.url("Examples/StretchyImage.header").path, "--at", "0", "--settle", "0"])
        XCTAssertEqual(noSnap.exitCode, 2)
    }

    // MARK: Generated Swift

    /// The generated State API and settle function, compiled with swiftc, match the interpreter bit for
    /// bit along random traces.
    func testGeneratedStateAndSettleMatchTheInterpreter() throws {
        let compiler = try SwiftCompilerHarness()
        let music = try XCTUnwrap(Compilation(path: "m.header", text: try PackagePaths.text("Examples/AppleMusicProfile.header")).spec)
        let profile = try XCTUnwrap(Compilation(path: "p.header", text: try PackagePaths.text("Examples/ProfileStretchy.header")).spec)
        var random = SeededGenerator(seed: 0x5EED)
        var traces: [[Double]] = []
        for _ in 0..<40 {
            var offset = random.double(in: -200...600)
            var trace: [Double] = []
            for _ in 0..<60 {
                let jump = random.next() % 5 == 0 ? random.double(in: -800...800) : random.double(in: -40...40)
                offset += jump
                trace.append(random.next() % 7 == 0 ? offset.rounded() : offset)
            }
            traces.append(trace)
        }
        // The traces reach the program as bit patterns on its standard input, one trace a line.
        let input = traces.map { $0.map { String($0.bitPattern) }.joined(separator: " ") }.joined(separator: "\n")
        let main = """
            import Foundation
            while let line = readLine() {
                var state = AppleMusicProfileMath.State()
                for word in line.split(separator: " ") {
                    let offset = Double(bitPattern: UInt64(word) ?? 0)
                    let f = AppleMusicProfileMath.frame(offset: CGFloat(offset), state: &state)
                    print(Double(f.header.height).bitPattern, Double(f.avatar.size).bitPattern, Double(f.title.fontSize).bitPattern, Double(f.cover.blur).bitPattern)
                }
            }
            for target in stride(from: -20.0, through: 170.0, by: 0.5) {
                for velocity in [-2000.0, -300.0, -299.0, 0.0, 299.0, 300.0, 2000.0] {
                    for inset in [0.0, 47.0, 200.0] {
                        print(Double(ProfileStretchyMath.settle(target: CGFloat(target), velocity: CGFloat(velocity), safeAreaTop: CGFloat(inset))).bitPattern)
                    }
                }
            }

            """
        let output = try compiler.run(sources: [
            "AppleMusicProfileMath.swift": SwiftEmitter(spec: music, sourcePath: "m.header").emit(),
            "ProfileStretchyMath.swift": SwiftEmitter(spec: profile, sourcePath: "p.header").emit(),
            "main.swift": main,
        ], input: input)
        var expected: [String] = []
        let interpreter = Interpreter(spec: music)
        for trace in traces {
            interpreter.resetState()
            for offset in trace {
                expected.append(interpreter.frame(at: offset).map { value -> String in
                    if case .number(let number) = value { return String(number.bitPattern) }
                    return "bool"
                }.joined(separator: " "))
            }
        }
        let profileInterpreter = Interpreter(spec: profile)
        for target in stride(from: -20.0, through: 170.0, by: 0.5) {
            for velocity in [-2000.0, -300.0, -299.0, 0.0, 299.0, 300.0, 2000.0] {
                for inset in [0.0, 47.0, 200.0] {
                    profileInterpreter.setInput("safeAreaTop", to: .number(inset))
                    _ = profileInterpreter.frame(at: 0)
                    expected.append(String(profileInterpreter.settle(snap: 0, offset: target, velocity: velocity).bitPattern))
                }
            }
        }
        let lines = output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, expected.count)
        for (index, (line, want)) in zip(lines, expected).enumerated() where line != want {
            XCTFail("line \(index): generated \(line), interpreter \(want)")
            break
        }
    }
}

/// The generated API of a header with state: `advance` is the only function that moves the state, and
/// every reader (`frame`, each output's function, the named value's function) gives the same numbers.
final class GeneratedStateAPITests: XCTestCase {
    func testAdvanceAloneMovesTheStateAndEveryReaderAgrees() throws {
        let compiler = try SwiftCompilerHarness()
        let music = try XCTUnwrap(Compilation(path: "m.header", text: try PackagePaths.text("Examples/AppleMusicProfile.header")).spec)
        // The trace of `testAppleMusicTraceFollowsTheSeedStepByStep`, whose heights were worked out by hand.
        let offsets: [Double] = [0, 10, 50, 200, 180, -40, 500, 0, 30, 25, 25, -1000, 1000]
        let heights: [Double] = [260, 250, 210, 120, 140, 320, 120, 320, 290, 295, 295, 320, 120]
        let main = """
            import Foundation
            typealias M = AppleMusicProfileMath
            var state = M.State()
            for offset in [\(offsets.map { "\($0)" }.joined(separator: ", "))] as [CGFloat] {
                let before = state
                M.advance(&state, offset: offset)
                let advanced = state
                let frame = M.frame(offset: offset, state: state)
                let readers: [CGFloat] = [M.headerHeight(state: state), M.avatarSize(state: state), M.titleFontSize(state: state),
                                          M.coverBlur(state: state)]
                let fromFrame: [CGFloat] = [frame.header.height, frame.avatar.size, frame.title.fontSize, frame.cover.blur]
                let p = M.p(state: state)
                // Reading never moves the state: it is the one `advance` left.
                let unchanged = state == advanced
                var replay = before
                let oneCall = M.frame(offset: offset, state: &replay)
                print(Double(state.height), readers == fromFrame, unchanged, oneCall == frame && replay == advanced,
                      Double(frame.avatar.size) == 50 + 60 * p)
            }
            """
        let output = try compiler.run(sources: ["AppleMusicProfileMath.swift": SwiftEmitter(spec: music, sourcePath: "m.header").emit(),
                                                "main.swift": main])
        let lines = output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        XCTAssertEqual(lines.count, offsets.count)
        for (index, fields) in lines.enumerated() {
            XCTAssertEqual(fields, ["\(heights[index])", "true", "true", "true", "true"], "step \(index), offset \(offsets[index])")
        }
        let api = SwiftEmitter(spec: music, sourcePath: "m.header").emit()
        // Only `advance` and the one-call `frame` take the state inout.
        let inoutFunctions = api.split(separator: "\n").filter { $0.contains("static func") && $0.contains("inout State") }
        XCTAssertEqual(inoutFunctions.count, 2, inoutFunctions.joined(separator: "\n"))
        XCTAssertTrue(inoutFunctions.contains { $0.contains("static func advance(_ state: inout State, offset: CGFloat)") })
    }

    /// The generated file of seed 000 reads like its hand-written enum: short, each function taking only
    /// what it reads, a constant as a `static let`, named after the spec's file only.
    func testProfileStretchyIsShapedLikeTheSeed() throws {
        let path = "/some/directory/Examples/ProfileStretchy.header"
        let spec = try XCTUnwrap(Compilation(path: path, text: try PackagePaths.text("Examples/ProfileStretchy.header")).spec)
        let swift = SwiftEmitter(spec: spec, sourcePath: path).emit()
        let lines = swift.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertLessThanOrEqual(swift.filter { $0 == "\n" }.count, 110)
        XCTAssertTrue(lines[0].hasPrefix("// Generated by headerc") && lines[0].contains("from ProfileStretchy.header"), String(lines[0]))
        XCTAssertFalse(swift.contains("/some/directory"))
        XCTAssertTrue(swift.contains("static let coverHeightValue: CGFloat = 190\n"))
        XCTAssertTrue(swift.contains("static func collapsed(safeAreaTop: CGFloat = 0) -> CGFloat { safeAreaTop + 44 }"))
        // Outputs that read neither the offset nor the safe area do not take them.
        XCTAssertTrue(swift.contains("static func avatarSize(textScale: Double = 1) -> CGFloat"))
        XCTAssertTrue(swift.contains("static func contentTop(textScale: Double = 1) -> CGFloat"))
        XCTAssertTrue(swift.contains("static func titleOpacity(offset: CGFloat, safeAreaTop: CGFloat = 0) -> Double"))
        // The outputs call the named values' functions rather than repeating them.
        XCTAssertTrue(swift.contains("Self.progress(offset: offset, safeAreaTop: safeAreaTop)"))
        // `frame` computes each named value once.
        let frameBody = swift.components(separatedBy: "static func frame(").dropFirst().first ?? ""
        let prelude = frameBody.components(separatedBy: "return Frame(").first ?? ""
        XCTAssertEqual(prelude.components(separatedBy: "let progress:").count - 1, 1)
        XCTAssertFalse(prelude.contains("Self."))
    }
}
