// The library that users import: every stage of headerc, from source text to generated code.
@_exported import HeaderSource
@_exported import HeaderSyntax
@_exported import HeaderMath
@_exported import HeaderSema
@_exported import HeaderIR
@_exported import HeaderEval
@_exported import HeaderAnalysis
@_exported import HeaderCodeGen
@_exported import HeaderTools
@_exported import HeaderDriver
@_exported import HeaderLanguageServer
