import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval
import HeaderCodeGen

/// A parsed spec written out as text, without source positions, so that two parses can be compared: equal
/// fingerprints mean the same declarations, expressions, numbers (to the bit), names, operators, labels
/// and documentation (spaces at the ends of its lines aside).
package enum SyntaxFingerprint {
    package static func of(_ spec: SpecSyntax) -> String {
        var out = "header \(spec.name?.name ?? "-")\n"
        for declaration in spec.declarations {
            switch declaration {
            case .input(let input):
                out += "input \(input.name.name)\(type(input.type))"
                if let bounds = input.bounds { out += " in \(of(bounds.low)) ... \(of(bounds.high))" }
                out += " = \(of(input.defaultValue))\(doc(input.documentation))\n"
            case .value(let value):
                out += "let \(value.name.name)\(type(value.type)) = \(of(value.value))\(doc(value.documentation))\n"
            case .curve(let curve):
                out += "curve \(curve.name.name) = \(of(curve.value))\(doc(curve.documentation))\n"
            case .animation(let animation):
                out += "animation \(animation.name.name) = \(of(animation.value))\(doc(animation.documentation))\n"
            case .state(let state):
                out += "state \(state.name.name)\(type(state.type)) = \(of(state.initial))"
                if let bounds = state.bounds { out += " in \(of(bounds.low)) ... \(of(bounds.high))" }
                out += " next \(of(state.next))\(doc(state.documentation))\n"
            case .transition(let transition):
                let clauses = [("on", transition.on), ("off", transition.off), ("duration", transition.duration),
                               ("curve", transition.curve), ("reverse", transition.reverse)]
                    .compactMap { word, clause in clause.map { " \(word) " + of($0) } }.joined()
                out += "transition \(transition.name.name)\(clauses)\(doc(transition.documentation))\n"
            case .function(let function):
                let parameters = function.parameters.map { "\($0.name.name)\(type($0.type))" }.joined(separator: ", ")
                out += "func \(function.name.name)(\(parameters))\(type(function.resultType)) = \(of(function.body))\(doc(function.documentation))\n"
            case .snap(let snap):
                let rule = [snap.rule.threshold.map { " threshold " + of($0) }, snap.rule.ties.map { " ties " + $0.value.rawValue },
                            snap.rule.fling.map { " fling " + of($0) }, snap.rule.rule.map { " rule " + of($0) },
                            snap.rule.motion.map { " motion " + of($0) }, snap.rule.duration.map { " duration " + of($0) }].compactMap { $0 }.joined()
                out += "snap \(snap.stateKeyword == nil ? "" : "state ")\(snap.name.name) [\(snap.points.map(of).joined(separator: ", "))]\(rule)\(doc(snap.documentation))\n"
            case .block(let block):
                out += "block \(block.name.name)\(doc(block.documentation))\n"
                for property in block.properties {
                    out += "  \(property.name.name)\(type(property.type)) = \(of(property.value))\(doc(property.documentation))\n"
                }
            }
        }
        return out
    }

    private static func type(_ annotation: TypeAnnotation?) -> String {
        annotation.map { ": \($0.text)" } ?? ""
    }

    private static func doc(_ documentation: String?) -> String {
        guard let documentation else { return "" }
        return " doc " + FormatVerification.normalizedComment(documentation).debugDescription
    }

    private static func of(_ expression: Expression) -> String {
        switch expression.kind {
        case .number(let value, let unit, let isInteger): return "\(value.bitPattern)\(unit.literalSuffix)\(isInteger ? "i" : "")"
        case .bool(let value): return "\(value)"
        case .name(let name): return "$\(name.name)"
        case .unary(let op, let operand): return "(\(op.rawValue) \(of(operand)))"
        case .binary(let op, let left, let right): return "(\(op.rawValue) \(of(left)) \(of(right)))"
        case .conditional(let condition, let then, let otherwise): return "(? \(of(condition)) \(of(then)) \(of(otherwise)))"
        case .call(let callee, let arguments): return "(call \(of(callee)) \(arguments.map(of).joined(separator: " ")))"
        case .keyframes(let driver, let options, let stops):
            let stopsText = stops.map { "[\(of($0.position)) \(of($0.value)) \($0.curve.map(of) ?? "-")]" }
            return "(keyframes \(of(driver)) \(options.map(of).joined(separator: " ")) \(stopsText.joined(separator: " ")))"
        case .error: return "error"
        }
    }

    private static func of(_ argument: Argument) -> String {
        "[\(argument.label?.name ?? "-"): \(of(argument.value)) \(argument.positions.map(of).joined(separator: " "))]"
    }
}
