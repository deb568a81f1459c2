import HeaderSource
import HeaderSyntax
import HeaderMath

/// The user's functions: `func name(parameter[: type], ...)[: type] = body`.
///
/// A function is pure and sees only its parameters and constants: the offset, inputs, states and named
/// values that are not constants are passed as arguments, so that a call depends on exactly what its
/// arguments depend on. A parameter without a type takes a number or a length, whichever the call passes
/// (a bool parameter says `: bool`): the body is checked at each call with the types of that call's
/// arguments, once for each combination of types, so that `func half(x) = x / 2` halves a length at one
/// call and a number at another, and `x / 1pt` refuses a number where it is called with one. A function
/// may call the functions declared anywhere in the file, but not itself, directly or through others.
extension Checker.Symbol {
    fileprivate var isInput: Bool {
        if case .input = self { return true }
        return false
    }
}

extension Checker {
    /// The parameter types of one call: what its body is checked for, once.
    package struct FunctionInstance: Hashable {
        let function: Int
        let types: [ValueType]
        let flexible: [Bool]
    }

    /// A function whose calls expand to more operations than this is refused, so that functions calling
    /// one another twice at each level cannot make the analysis or the constant folding exponential.
    static let maximumExpandedSize = 2_000

    /// A function's name may be no built-in's, curve's or block's: a call must mean one thing.
    mutating func checkFunctionNames(_ syntax: SpecSyntax) {
        var blockNames: [String: SourceRange] = [:]
        for case .block(let block) in syntax.declarations where blockNames[block.name.name] == nil {
            blockNames[block.name.name] = block.name.range
        }
        for function in functions {
            let name = function.name.name
            if Builtin(rawValue: name) != nil || name == "linear" || CurveConstructor(rawValue: name) != nil
                || Curve.preset(named: name) != nil || name == "hold" || name == "keyframes" {
                diagnostics.error("function '\(name)' has the name of a built-in; choose another name", at: function.name.range)
            } else if let block = blockNames[name] {
                diagnostics.error("function '\(name)' has the name of a block", at: function.name.range,
                                  notes: [.init(message: "block '\(name)' is declared here", range: block)])
            }
            var seen: [String: SourceRange] = [:]
            for parameter in function.parameters {
                if parameter.name.name == "offset" || parameter.name.name == "delta" {
                    diagnostics.error("'\(parameter.name.name)' is built in and cannot name a parameter", at: parameter.name.range)
                } else if let first = seen[parameter.name.name] {
                    diagnostics.error("duplicate parameter '\(parameter.name.name)' of function '\(name)'", at: parameter.name.range,
                                      notes: [.init(message: "'\(parameter.name.name)' is first declared here", range: first)])
                }
                seen[parameter.name.name] = parameter.name.range
            }
        }
    }

    /// `name(arguments)` for the user's function `index`.
    mutating func checkFunctionCall(_ index: Int, _ name: Identifier, _ arguments: [Argument],
                                            _ range: SourceRange) -> Typed? {
        let function = functions[index]
        let parameters = function.parameters
        guard arguments.count == parameters.count else {
            let list = parameters.map(\.name.name).joined(separator: ", ")
            diagnostics.error("'\(name.name)' takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s"), found \(arguments.count): \(name.name)(\(list))",
                              at: range, notes: [.init(message: "'\(name.name)' is declared here", range: function.name.range)])
            return nil
        }
        var typedArguments: [Typed] = []
        var failed = false
        for (argument, parameter) in zip(arguments, parameters) {
            if let label = argument.label {
                diagnostics.error("'\(name.name)' takes no argument labels", at: label.range)
            }
            if let position = argument.positions.first {
                diagnostics.error("a position ('50%') only means something in 'linear(...)'", at: position.range)
            }
            guard let typed = check(argument.value) else {
                failed = true
                continue
            }
            let what = "argument '\(parameter.name.name)' of '\(name.name)'"
            if let annotation = parameter.type {
                guard let precise = conform(typed, to: annotation, argument.value.range, what) else {
                    failed = true
                    continue
                }
                typedArguments.append(Typed(expression: precise.expression, type: annotation.type, binary32: annotation.isFloat))
            } else if typed.binary32 {
                // One body serves every call, so a parameter's precision is declared, never taken from a call.
                diagnostics.error("\(what) is given a Float; declare it '\(parameter.name.name): float' (or 'float pt', 'float px') to take a Float, or pass 'toDouble(...)'",
                                  at: argument.value.range)
                failed = true
            } else if typed.type == .bool {
                diagnostics.error("\(what) takes a number or a length, found bool; declare it '\(parameter.name.name): bool' to take a bool",
                                  at: argument.value.range)
                failed = true
            } else {
                typedArguments.append(typed)
            }
        }
        guard !failed, typedArguments.count == parameters.count else { return nil }
        let instance = FunctionInstance(function: index, types: typedArguments.map(\.type), flexible: typedArguments.map(\.flexible))
        guard let result = instantiate(instance, calledAt: name.range) else { return nil }
        let call = CheckedExpression.call(index, typedArguments.map(\.expression))
        return Typed(expression: foldCall(call), type: result.type, flexible: result.flexible, binary32: result.binary32)
    }

    /// The body of a function checked for the parameter types of `instance`, at most once each.
    private mutating func instantiate(_ instance: FunctionInstance, calledAt call: SourceRange?) -> Typed? {
        let index = instance.function
        let function = functions[index]
        if let start = functionStack.firstIndex(of: index) {
            let cycle = functionStack[start...].map { functions[$0].name.name } + [function.name.name]
            let message = cycle.count == 2
                ? "function '\(function.name.name)' calls itself; a function may not be recursive"
                : "function '\(function.name.name)' calls itself through \(cycle.joined(separator: " -> ")); functions may not be recursive"
            diagnostics.error(message, at: call ?? function.name.range)
            return nil
        }
        if let known = functionInstances[instance] { return known }
        guard functionStack.count <= Checker.maximumChainLength else {
            diagnostics.error("function '\(function.name.name)' is reached through more than \(Checker.maximumChainLength) calls, one inside the next",
                              at: call ?? function.name.range)
            return nil
        }
        var parameters: [String: Typed] = [:]
        for (position, parameter) in function.parameters.enumerated() {
            parameters[parameter.name.name] = Typed(expression: .parameter(position), type: instance.types[position],
                                                    flexible: instance.flexible[position], binary32: parameter.type?.isFloat == true)
        }
        let saved = (parameterScope, stateContext)
        parameterScope = (index, parameters)
        stateContext = nil
        functionStack.append(index)
        let before = diagnostics.all.count
        var typed = check(function.body)
        if let annotation = function.resultType, let body = typed {
            let what = "the result of function '\(function.name.name)'"
            typed = conform(body, to: annotation, function.body.range, what)
        }
        if let call, diagnostics.all.count > before, !function.parameters.isEmpty {
            let types = zip(function.parameters, instance.types).map { "\($0.name.name): \($1.displayName)" }.joined(separator: ", ")
            diagnostics.addNote(.init(message: "where '\(function.name.name)' is called with \(types)", range: call), toThoseAfter: before)
        }
        functionStack.removeLast()
        (parameterScope, stateContext) = saved
        if var result = typed {
            if let annotation = function.resultType {
                result.type = annotation.type
                result.flexible = false
            }
            if functionBodies[index] == nil {
                functionBodies[index] = result.expression
                if result.type == .bool { functionReturnsBool.insert(index) }
                let size = expandedSize(result.expression)
                functionSizes[index] = size
                if size > Checker.maximumExpandedSize {
                    diagnostics.error("function '\(function.name.name)' expands to more than \(Checker.maximumExpandedSize) operations through the functions it calls",
                                      at: function.name.range)
                    functionInstances[instance] = .some(nil)
                    return nil
                }
            }
            typed = result
        }
        functionInstances[instance] = .some(typed)
        return typed
    }

    /// An error that a function's body gives at every call that checks it again: reported where it is not yet.
    private mutating func reportOnce(_ message: String, at range: SourceRange) {
        guard !diagnostics.all.contains(where: { $0.range == range && $0.message == message }) else { return }
        diagnostics.error(message, at: range)
    }

    /// A name in a function's body: a parameter, a constant named value, or an error that says what to pass.
    mutating func resolveInFunction(_ identifier: Identifier, _ scope: (function: Int, parameters: [String: Typed])) -> Typed? {
        if let parameter = scope.parameters[identifier.name] { return parameter }
        let function = functions[scope.function].name.name
        guard let entry = symbols[identifier.name] else {
            if let phase = phaseConstant(identifier) { return phase }
            let candidates = suggestable { Array(scope.parameters.keys) + Array(symbols.keys) + phaseNames }
            reportUnknownName(identifier, among: candidates, what: "name")
            return nil
        }
        let advice = "a function sees only its parameters and constants; add a parameter to '\(function)' and pass"
        switch entry.symbol {
        case .offset:
            // Each call checks the body again: the name is reported once.
            reportOnce("function '\(function)' cannot read the offset: \(advice) 'offset' where it is called", at: identifier.range)
            return nil
        case .input, .state:
            let what = entry.symbol.isInput ? "the input" : "the state"
            reportOnce("function '\(function)' cannot read \(what) '\(identifier.name)': \(advice) '\(identifier.name)' where it is called",
                       at: identifier.range)
            return nil
        case .value(let index):
            let saved = parameterScope
            parameterScope = nil
            defer { parameterScope = saved }
            guard let typed = checkValue(index) else { return nil }
            if typed.expression.isConstant { return typed }
            diagnostics.error("function '\(function)' cannot read the named value '\(identifier.name)', which is not a constant: \(advice) '\(identifier.name)' where it is called",
                              at: identifier.range)
            return nil
        case .curve, .function:
            let saved = parameterScope
            parameterScope = nil
            defer { parameterScope = saved }
            return resolve(identifier)
        }
    }

    /// A call whose arguments are all constants is a constant: its body, with the arguments written in,
    /// folded by the lowering's rules like any expression of constants.
    private func foldCall(_ call: CheckedExpression) -> CheckedExpression {
        guard case .call(_, let arguments) = call, arguments.allSatisfy(\.isConstant) else { return call }
        guard let expanded = expand(call), let value = constantValue(expanded) else { return call }
        switch value {
        case .number(let number): return .constant(number)
        case .bool(let bool): return .boolConstant(bool)
        case .phase(let phase): return .constant(Double(phase.rawValue))
        }
    }

    /// The expression with every call replaced by the callee's body, its parameters by the arguments.
    private func expand(_ expression: CheckedExpression, parameters: [CheckedExpression] = []) -> CheckedExpression? {
        var failed = false
        func walk(_ expression: CheckedExpression) -> CheckedExpression {
            switch expression {
            case .constant, .boolConstant, .slot: return expression
            case .parameter(let position):
                guard position < parameters.count else { failed = true; return expression }
                return parameters[position]
            case .call(let index, let arguments):
                let values = arguments.map(walk)
                guard index < functionBodies.count, let body = functionBodies[index],
                      let expanded = expand(body, parameters: values) else { failed = true; return expression }
                return expanded
            case .negate(let operand): return .negate(walk(operand))
            case .not(let operand): return .not(walk(operand))
            case .curve(let curve, let operand): return .curve(curve, walk(operand))
            case .arithmetic(let op, let lhs, let rhs): return .arithmetic(op, walk(lhs), walk(rhs))
            case .comparison(let op, let lhs, let rhs): return .comparison(op, walk(lhs), walk(rhs))
            case .boolEquality(let isEqual, let lhs, let rhs): return .boolEquality(isEqual: isEqual, walk(lhs), walk(rhs))
            case .logical(let op, let lhs, let rhs): return .logical(op, walk(lhs), walk(rhs))
            case .conditional(let condition, let then, let otherwise):
                return .conditional(walk(condition), walk(then), walk(otherwise))
            case .builtin(let builtin, let arguments): return .builtin(builtin, arguments.map(walk))
            case .keyframes(let keyframes):
                let stops = keyframes.stops.map {
                    CheckedKeyframes.Stop(position: walk($0.position), value: walk($0.value), curve: $0.curve, range: $0.range)
                }
                return .keyframes(CheckedKeyframes(driver: walk(keyframes.driver), stops: stops,
                                                   extendsBefore: keyframes.extendsBefore, extendsAfter: keyframes.extendsAfter))
            case .located(let inner, let range): return .located(walk(inner), range)
            }
        }
        let result = walk(expression)
        return failed ? nil : result
    }

    /// The number of nodes of the expression once every call is expanded.
    private func expandedSize(_ expression: CheckedExpression) -> Int {
        var size = 1
        switch expression {
        case .constant, .boolConstant, .slot, .parameter: break
        case .call(let index, let arguments):
            size += functionSizes[index] ?? 1
            for argument in arguments { size += expandedSize(argument) }
        case .negate(let operand), .not(let operand), .curve(_, let operand), .located(let operand, _):
            size += expandedSize(operand)
        case .arithmetic(_, let lhs, let rhs), .comparison(_, let lhs, let rhs), .boolEquality(_, let lhs, let rhs),
             .logical(_, let lhs, let rhs):
            size += expandedSize(lhs) + expandedSize(rhs)
        case .conditional(let condition, let then, let otherwise):
            size += expandedSize(condition) + expandedSize(then) + expandedSize(otherwise)
        case .builtin(_, let arguments):
            for argument in arguments { size += expandedSize(argument) }
        case .keyframes(let keyframes):
            size += expandedSize(keyframes.driver)
            for stop in keyframes.stops { size += expandedSize(stop.position) + expandedSize(stop.value) }
        }
        return Swift.min(size, Checker.maximumExpandedSize + 1)
    }

    /// A function that no call has checked is checked on its own: with its annotated types, and its
    /// untyped parameters as numbers or lengths, each way in turn until one checks (at most
    /// `uncalledCombinations` of them); when none does, the first way's errors are reported.
    mutating func checkUncalledFunctions() {
        for index in functions.indices where functionBodies[index] == nil {
            let parameters = functions[index].parameters
            let untyped = parameters.indices.filter { parameters[$0].type == nil }
            func instance(_ mask: Int) -> FunctionInstance {
                var types = parameters.map { $0.type?.type ?? .number }
                var flexible = parameters.map { $0.type == nil }
                for (bit, position) in untyped.enumerated() where bit < 16 && mask & (1 << bit) != 0 {
                    types[position] = .length
                    flexible[position] = false
                }
                return FunctionInstance(function: index, types: types, flexible: flexible)
            }
            let combinations = untyped.isEmpty ? 1 : Swift.min(1 << Swift.min(untyped.count, 16), Checker.uncalledCombinations)
            var found = false
            for mask in 1..<Swift.max(combinations, 1) {
                // A try that fails leaves nothing behind: neither its errors nor what it cached.
                let saved = (diagnostics, functionInstances, functionBodies, functionSizes, functionReturnsBool)
                if instantiate(instance(mask), calledAt: nil) != nil {
                    found = true
                    break
                }
                (diagnostics, functionInstances, functionBodies, functionSizes, functionReturnsBool) = saved
            }
            if !found { _ = instantiate(instance(0), calledAt: nil) }
        }
    }

    /// How many ways of typing its untyped parameters an uncalled function is tried with.
    static let uncalledCombinations = 64

    /// The checked functions, for the checked spec; a function that failed has reported why.
    func checkedFunctions() -> [CheckedFunction] {
        functions.enumerated().map { index, function in
            let body = functionBodies[index] ?? .constant(.nan)
            let isBool = functionReturnsBool.contains(index)
            return CheckedFunction(
                name: function.name.name, nameRange: function.name.range,
                parameters: function.parameters.map {
                    CheckedFunction.Parameter(name: $0.name.name, nameRange: $0.name.range, type: $0.type?.type ?? .number,
                                              isAnnotated: $0.type != nil, isFloat: $0.type?.isFloat ?? false)
                },
                resultType: function.resultType?.type ?? (isBool ? .bool : .number),
                resultIsFloat: function.resultType?.isFloat ?? false, body: body,
                documentation: function.documentation)
        }
    }
}
