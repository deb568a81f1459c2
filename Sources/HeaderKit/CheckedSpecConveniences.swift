/// For a caller that holds a checked spec and has not lowered it. The stages themselves take the lowered
/// program only (ARCHITECTURE.md); these lower it first, as `Compilation` does.
extension Interpreter {
    public convenience init(spec: CheckedSpec) {
        self.init(program: Lowering.lower(spec))
    }
}

extension SwiftEmitter {
    public init(spec: CheckedSpec, sourcePath: String, enumName: String? = nil) {
        self.init(program: Lowering.lower(spec), sourcePath: sourcePath, enumName: enumName)
    }
}
