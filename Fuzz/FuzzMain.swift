// The libFuzzer entry point. `Fuzz/run.sh` compiles this file, `Tests/HeaderKitTests/Support/FuzzSteps.swift`
// and every file of the library's targets (`Sources/Header*`) into one module with `-sanitize=fuzzer,address`, so there is no
// import: the library's internal declarations are visible, but the steps use its public API only.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSteps.run(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
    return 0
}
