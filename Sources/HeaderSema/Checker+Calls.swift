import HeaderSource
import HeaderSyntax
import HeaderMath

/// Calls and keyframes: built-in functions with their arity and argument types, curves applied to a
/// progress, and keyframes with their driver, options and stops.
extension Checker {
    mutating func checkCall(_ callee: Expression, _ arguments: [Argument], _ range: SourceRange) -> Typed? {
        // Anything but a built-in function that is called is a curve applied to a progress: `easeOut(t)`,
        // `snappy(t)`, `cubicBezier(0.2, 0, 0, 1)(t)`; `linear` with one argument is the identity curve.
        let curve: Curve?
        if case .name(let name) = callee.kind {
            if let entry = symbols[name.name], case .function(let index) = entry.symbol {
                return checkFunctionCall(index, name, arguments, range)
            }
            switch callable(name.name) {
            case .builtin(let builtin)?:
                return checkBuiltin(builtin, name, arguments, range)
            case .constructor(.linear)? where arguments.count == 1:
                curve = .linear
            case .constructor?:
                diagnostics.error("'\(name.name)(...)' makes a curve; apply it to a progress, as in '\(name.name)(...)(t)', or use it after 'via'",
                                  at: range)
                return nil
            case .preset(let preset)?:
                curve = preset
            case .declaredCurve(let index)?:
                curve = checkNamedCurve(index)
            case nil:
                if let entry = symbols[name.name] {
                    diagnostics.error("'\(name.name)' is \(describe(entry.symbol)), not a function", at: name.range)
                } else {
                    let candidates = suggestable {
                        Builtin.allCases.map(\.rawValue) + Curve.presets.map(\.name) + declaredCurveNames() + functions.map(\.name.name)
                    }
                    reportUnknownName(name, among: candidates, what: "function")
                }
                return nil
            }
        } else {
            curve = checkCurve(callee)
        }
        guard arguments.count == 1, let argument = arguments.first, argument.label == nil, argument.positions.isEmpty else {
            diagnostics.error("a curve is applied to one progress, as in 'easeOut(t)'", at: range)
            return nil
        }
        guard let progress = check(argument.value), let curve else { return nil }
        guard conform(progress, to: .number, argument.value.range, "the progress a curve is applied to") else { return nil }
        if progress.binary32 { return checkFloatCurve(curve, progress, argument.value.range) }
        return Typed(expression: fold(.curve(curve, progress.expression)), type: .number)
    }

    /// A curve applied to a Float computes as Compose's `Easing.transform(fraction: Float): Float` does: a
    /// cubic-bezier as `CubicBezierEasing`, its four numbers Kotlin's Float literals (`ComposeCubicBezier`), and
    /// `linear` as `LinearEasing`, the fraction itself. Compose has no other curve in Float.
    private mutating func checkFloatCurve(_ curve: Curve, _ progress: Typed, _ range: SourceRange) -> Typed? {
        let float: Curve
        switch curve {
        case .linear:
            return progress
        case .cubicBezier(let bezier):
            float = .composeCubicBezier(ComposeCubicBezier(bezier))
        case .composeCubicBezier:
            float = curve
        case .steps, .piecewiseLinear, .spring:
            _ = refuseFloat(progress, range, in: "this curve", hint: " (a cubicBezier curve or linear computes in Float, as Compose's CubicBezierEasing and LinearEasing do)")
            return nil
        }
        var typed = Typed(expression: fold(.curve(float, progress.expression)), type: .number)
        typed.binary32 = true
        return typed
    }

    private mutating func checkBuiltin(_ builtin: Builtin, _ name: Identifier, _ arguments: [Argument],
                                       _ range: SourceRange) -> Typed? {
        guard arguments.count <= Checker.maximumArguments else {
            diagnostics.error("'\(builtin.rawValue)' takes at most \(Checker.maximumArguments) arguments", at: range)
            return nil
        }
        guard builtin.arity.contains(arguments.count) else {
            diagnostics.error("'\(builtin.rawValue)' takes \(builtin.arity.upperBound == Int.max ? "two or more" : "\(builtin.arity.lowerBound)") argument\(builtin.arity.lowerBound == 1 ? "" : "s"), found \(arguments.count): \(builtin.signature)",
                              at: range)
            return nil
        }
        var typedArguments: [Typed] = []
        for argument in arguments {
            if let label = argument.label {
                diagnostics.error("'\(builtin.rawValue)' takes no argument labels", at: label.range)
            }
            if let position = argument.positions.first {
                diagnostics.error("a position ('50%') only means something in 'linear(...)'", at: position.range)
            }
            guard let typed = check(argument.value) else { return nil }
            if typed.type == .bool {
                diagnostics.error("'\(builtin.rawValue)' needs numbers or lengths, found bool", at: argument.value.range)
                return nil
            }
            typedArguments.append(typed)
        }
        switch builtin {
        case .toFloat, .toDouble:
            return converted(typedArguments[0], toFloat: builtin == .toFloat)
        case .mix, .progress, .div:
            let hint = builtin == .mix ? ", or write Compose's lerp in Float, '(1 - t) * a + t * b'" : ""
            for (typed, argument) in zip(typedArguments, arguments)
            where refuseFloat(typed, argument.value.range, in: "'\(builtin.rawValue)'", hint: hint) { return nil }
        default:
            guard let adapted = atOnePrecision(typedArguments, arguments.map(\.value.range), "'\(builtin.rawValue)'", at: range) else { return nil }
            typedArguments = adapted
        }
        if builtin == .div { return checkIntegerDivision(typedArguments, arguments, range) }
        // Arguments that must be plain numbers, by position.
        let plainPositions: Set<Int>
        switch builtin {
        case .mix: plainPositions = [2]
        case .pow, .sqrt: plainPositions = Set(typedArguments.indices)
        default: plainPositions = []
        }
        for position in plainPositions.sorted() {
            let what = builtin == .mix ? "the fraction 't' of mix(a, b, t)" : "the argument of '\(builtin.rawValue)'"
            guard conform(typedArguments[position], to: .number, arguments[position].value.range, what) else { return nil }
        }
        // The others share one type.
        var shared: (ValueType, Bool)?
        for (position, typed) in typedArguments.enumerated() where !plainPositions.contains(position) {
            guard let current = shared else {
                shared = (typed.type, typed.flexible)
                continue
            }
            guard let unified = unify(Typed(expression: .constant(0), type: current.0, flexible: current.1), typed) else {
                diagnostics.error("the arguments of '\(builtin.rawValue)' must have the same type, found \(current.0.displayName) and \(typed.type.displayName)",
                                  at: arguments[position].value.range)
                return nil
            }
            shared = unified
        }
        let resultType: ValueType = builtin == .progress || builtin == .pow || builtin == .sqrt ? .number : shared?.0 ?? .number
        let flexible = builtin == .progress ? false : typedArguments.allSatisfy(\.flexible)
        let operands = typedArguments.map(\.expression)
        let float = typedArguments.contains(where: \.binary32)
        // min and max (fmin and fmax) of several arguments become a chain of pairs, left to right.
        if builtin == .min || builtin == .max || builtin == .fmin || builtin == .fmax, var result = operands.first {
            for operand in operands.dropFirst() { result = fold(.builtin(builtin, [result, operand])) }
            return Typed(expression: result, type: resultType, flexible: flexible, binary32: float)
        }
        if builtin == .progress, case .constant(let from) = operands[1], case .constant(let to) = operands[2], from == to {
            diagnostics.warning("progress(x, from, to) with from equal to to divides by zero", at: range)
        }
        let computed = fold(.builtin(builtin, operands))
        switch builtin {
        case .fround, .trunc, .roundHalfUp:
            // fround keeps its Double (a Float is toFloat's); Kotlin's toInt() and roundToInt() of a Float
            // give an Int, which a Double holds exactly.
            return Typed(expression: computed, type: resultType, flexible: flexible)
        case .sqrt, .pow:
            // Kotlin's sqrt of a Float, and its Float.pow: the Double result rounded to binary32.
            return Typed(expression: float ? roundedToFloat(computed) : computed, type: resultType, flexible: flexible, binary32: float)
        default:
            // The others of Floats are Floats exactly: a choice among them, a magnitude, a whole number.
            return Typed(expression: computed, type: resultType, flexible: flexible, binary32: float)
        }
    }

    /// `toFloat(x)` and `toDouble(x)`: a Double rounded to binary32, a Float as the Double it is.
    private func converted(_ typed: Typed, toFloat: Bool) -> Typed {
        guard toFloat else { return Typed(expression: typed.expression, type: typed.type, flexible: typed.flexible) }
        guard !typed.binary32 else { return typed }
        return Typed(expression: roundedToFloat(typed.expression), type: typed.type, flexible: typed.flexible, binary32: true)
    }

    mutating func checkKeyframes(_ driverSyntax: Expression, _ options: [Argument], _ stops: [KeyframeStop],
                                         _ range: SourceRange) -> Typed? {
        guard let driver = check(driverSyntax), !refuseFloat(driver, driverSyntax.range, in: "a keyframe") else { return nil }
        guard driver.type != .bool else {
            diagnostics.error("a keyframes driver must be a number or a length, found bool", at: driverSyntax.range)
            return nil
        }
        var extendsBefore = false, extendsAfter = false
        for option in options {
            guard option.label?.name == "extend", case .name(let mode) = option.value.kind, option.positions.isEmpty else {
                diagnostics.error("keyframes takes one option, 'extend: before', 'after', 'both' or 'none'", at: option.range)
                continue
            }
            switch mode.name {
            case "before": extendsBefore = true
            case "after": extendsAfter = true
            case "both": extendsBefore = true; extendsAfter = true
            case "none": break
            default:
                diagnostics.error("'extend' is 'before', 'after', 'both' or 'none', found '\(mode.name)'", at: mode.range)
            }
        }
        guard !stops.isEmpty else {
            diagnostics.error("keyframes need at least one stop, as in '{ 0: 1, 100: 0 }'", at: range)
            return nil
        }
        var checkedStops: [CheckedKeyframes.Stop] = []
        var valueType: (ValueType, Bool)?
        var previousPosition: (value: Double, range: SourceRange)?
        var failed = false
        for (index, stop) in stops.enumerated() {
            let position = check(stop.position), value = check(stop.value)
            var curve: SegmentCurve = .curve(.linear)
            if let curveSyntax = stop.curve {
                if index == 0 {
                    diagnostics.warning("the first stop's curve is not used: a curve shapes the way into a stop from the one before",
                                        at: curveSyntax.range)
                }
                if case .name(let name) = curveSyntax.kind, name.name == "hold", !isDeclaredCurve("hold") {
                    curve = .hold
                } else if let checked = checkCurve(curveSyntax) {
                    curve = .curve(checked)
                } else {
                    failed = true
                }
            }
            guard let position, let value else {
                failed = true
                continue
            }
            if !conform(position, to: driver.type, stop.position.range, "a stop's position on a \(driver.type.displayName) driver") {
                failed = true
            }
            if value.type == .bool {
                diagnostics.error("a keyframe value must be a number or a length, found bool", at: stop.value.range)
                failed = true
                continue
            }
            if refuseFloat(position, stop.position.range, in: "a keyframe") || refuseFloat(value, stop.value.range, in: "a keyframe") {
                failed = true
                continue
            }
            if let current = valueType {
                if let unified = unify(Typed(expression: .constant(0), type: current.0, flexible: current.1), value) {
                    valueType = unified
                } else {
                    diagnostics.error("keyframe values must share one type, found \(current.0.displayName) and \(value.type.displayName)",
                                      at: stop.value.range)
                    failed = true
                }
            } else {
                valueType = (value.type, value.flexible)
            }
            if case .constant(let at) = position.expression {
                if let previous = previousPosition, at < previous.value {
                    diagnostics.error("keyframe stops must be in ascending order: \(format(at)) comes after \(format(previous.value))",
                                      at: stop.position.range,
                                      notes: [.init(message: "the previous stop is here", range: previous.range)])
                    failed = true
                }
                previousPosition = (at, stop.position.range)
            } else {
                previousPosition = nil
            }
            checkedStops.append(.init(position: position.expression, value: value.expression, curve: curve,
                                      range: stop.range))
        }
        guard !failed, let valueType else { return nil }
        let keyframes = CheckedKeyframes(driver: driver.expression, stops: checkedStops,
                                         extendsBefore: extendsBefore, extendsAfter: extendsAfter)
        return Typed(expression: fold(.keyframes(keyframes)), type: valueType.0, flexible: valueType.1)
    }

    package func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
