import Foundation
import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema
import HeaderIR
import HeaderAnalysis
import HeaderDriver

/// Everything the server answers about one version of a document, worked out once: `check`'s diagnostics
/// (the front end's, then the range analysis's warnings), the symbols, and the proven ranges of every output
/// and named value.
package final class DocumentAnalysis: @unchecked Sendable {
    package let compilation: Compilation
    package let index: SymbolIndex
    /// What `check` prints: the spec's diagnostics in source order, then the range warnings.
    package let diagnostics: [Diagnostic]
    let outputRanges: RangeAnalysis?
    private var valueRangesComputed = false
    private var valueRangesCache: RangeAnalysis?

    package init(path: String, text: String) {
        // As `check` compiles: a name that any back end would refuse is an error.
        compilation = Compilation(source: SourceFile(path: path, text: text), checksSwiftNames: true, checksKotlinNames: true)
        index = SymbolIndex(compilation.syntax, source: compilation.source)
        var diagnostics = compilation.diagnostics.sorted
        if let program = compilation.program {
            let analysis = RangeAnalysis.analyze(program)
            outputRanges = analysis
            diagnostics += RangeWarnings.diagnose(program, analysis: analysis, source: compilation.source)
        } else {
            outputRanges = nil
        }
        self.diagnostics = diagnostics
    }

    /// What the analysis proves of each named value, in `program.values`' order; asked only by hover.
    var valueRanges: RangeAnalysis? {
        if !valueRangesComputed {
            valueRangesComputed = true
            valueRangesCache = compilation.program.map { RangeAnalysis.analyze($0.valuesAsOutputs) }
        }
        return valueRangesCache
    }

    /// The proven range of an output (`block.property`) or a named value, as people read it.
    func provenRange(of symbol: SymbolIndex.Symbol) -> String? {
        guard let program = compilation.program else { return nil }
        switch symbol.kind {
        case .property:
            guard let block = symbol.block,
                  let index = program.outputs.firstIndex(where: { $0.block == block && $0.name == symbol.name }),
                  let analysis = outputRanges, index < analysis.outputs.count else { return nil }
            return DocumentAnalysis.describe(analysis.outputs[index])
        case .value:
            guard let index = program.values.firstIndex(where: { $0.name == symbol.name }),
                  let analysis = valueRanges, index < analysis.outputs.count else { return nil }
            return DocumentAnalysis.describe(analysis.outputs[index])
        default:
            return nil
        }
    }

    /// The type the checker gave a name (or, when the spec has errors, the one written).
    package func type(of symbol: SymbolIndex.Symbol) -> ValueType? {
        if let program = compilation.program {
            switch symbol.kind {
            case .input: return program.inputs.first { $0.name == symbol.name }?.type
            case .state, .transition: return program.states.first { $0.name == symbol.name }?.type
            case .value: return program.values.first { $0.name == symbol.name }?.type
            case .property: return program.outputs.first { $0.block == symbol.block && $0.name == symbol.name }?.type
            default: return nil
            }
        }
        return symbol.annotation?.type
    }

    /// The type the checker gave a name as a declaration writes it, `: pt` or `: float pt`; empty where none is known.
    package func typeText(of symbol: SymbolIndex.Symbol) -> String {
        type(of: symbol).map { ": " + TypeAnnotation.spelling($0, isFloat: isFloat(symbol)) } ?? ""
    }

    /// Whether the checker made the name a Float (or, when the spec has errors, its declaration says so).
    package func isFloat(_ symbol: SymbolIndex.Symbol) -> Bool {
        if let spec = compilation.spec {
            switch symbol.kind {
            case .input: return spec.inputs.first { $0.name == symbol.name }?.isFloat ?? false
            case .value: return spec.values.first { $0.name == symbol.name }?.isFloat ?? false
            case .property:
                return spec.blocks.first { $0.name == symbol.block }?.properties.first { $0.name == symbol.name }?.isFloat ?? false
            default: return false
            }
        }
        return symbol.annotation?.isFloat ?? false
    }

    /// `0 … 1`, `120 … 320 pt`, `false, true`, with what else it may be.
    package static func describe(_ output: RangeAnalysis.OutputRange) -> String {
        if output.type == .bool {
            let values = [output.canBeFalse ? "false" : nil, output.canBeTrue ? "true" : nil].compactMap { $0 }
            return values.isEmpty ? "never computed" : values.joined(separator: ", ")
        }
        let range = output.range
        guard range.min <= range.max else { return "never computed" }
        let unit = output.type == .density ? " px/pt" : output.type.literalSuffix.isEmpty ? "" : " " + output.type.literalSuffix
        var text = range.min == range.max ? "\(number(range.min))\(unit)" : "\(number(range.min)) … \(number(range.max))\(unit)"
        if range.nan { text += ", or NaN" }
        if range.infinite { text += ", or infinite" }
        return text
    }

    /// Each number to 12 significant digits, as `headerc ranges` prints its table.
    package static func number(_ value: Double) -> String {
        if value == .infinity { return "+inf" }
        if value == -.infinity { return "-inf" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        let rounded = String(format: "%.12g", value)
        return rounded == "-0" ? "0" : rounded
    }
}
