import CodableExplorerRunner

/// The Swift value a decode produced (``CodableExplorerRunner/DecodedValue``): declared once, in
/// the runner library, which makes it in compiled mode and sends it to the worker as it is; the
/// engine makes the same value in schema mode. Its JSON, binary form and reading live here.
public typealias DecodedValue = CodableExplorerRunner.DecodedValue
