// libFuzzer target for the JSON scanner (not part of the package build).
// Built and run by scripts/fuzz-scanner: the JSONTree sources and this file compiled as one
// module with `-sanitize=fuzzer,address`. Every input is scanned as JSON and as JSON5, and
// every diagnostic is rendered with its excerpt: any trap, overflow or out-of-bounds read is
// a finding (the verdicts themselves are the differential fuzzer's business).

@_cdecl("LLVMFuzzerTestOneInput")
public func scannerFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for json5 in [false, true] {
        do {
            let tree = try JSONTree.parse(bytes, options: .init(json5: json5, jsonLines: .auto))
            for issue in tree.issues { _ = issue.diagnostic.rendered(file: "fuzz", payload: bytes) }
            _ = tree.isAcceptedByJSONDecoder
        } catch {
            _ = error.diagnostic.rendered(file: "fuzz", payload: bytes)
        }
    }
    return 0
}
