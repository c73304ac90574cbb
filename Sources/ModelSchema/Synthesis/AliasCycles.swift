import SwiftSyntax

/// Typealiases that reference themselves, reported as swiftc does: once per cycle, at the name of
/// the cycle's first alias in source order (`typealias L1 = L2; typealias L2 = L1` gives
/// "1:11: type alias 'L1' references itself"; `typealias Arr<T> = [Arr<T>]` gives "generic type alias").
enum AliasCycles {
    static func diagnostics(index: DeclarationIndex, resolver: TypeResolver) -> [SchemaDiagnostic] {
        let ordered = index.aliases.values.sorted {
            ($0.file, $0.name.positionAfterSkippingLeadingTrivia.utf8Offset) < (
                $1.file, $1.name.positionAfterSkippingLeadingTrivia.utf8Offset
            )
        }
        var reported: Set<String> = []
        var result: [SchemaDiagnostic] = []
        for alias in ordered where !reported.contains(alias.qualifiedName) {
            do {
                try resolver.expandAlias(alias.qualifiedName)
            } catch {
                guard case .cyclicAlias(let chain) = error, chain.contains(alias.qualifiedName),
                    reported.isDisjoint(with: chain)
                else { continue }
                reported.formUnion(chain)
                result.append(
                    SchemaDiagnostic(
                        .cyclicTypeAlias(name: alias.name.text, generic: !alias.generics.isEmpty),
                        at: index.location(alias.name, file: alias.file)))
            }
        }
        return result
    }
}
