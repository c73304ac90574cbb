/// Error numbers as `fix` lists them beside a fix: runs of consecutive numbers as ranges, so a
/// fix for 355 errors reads `errors 1–355`, not 355 numbers on one line.
public enum ErrorNumbers {
    /// `error 3`, `errors 1–355`, `errors 1–3, 7, 9–12`.
    public static func text(_ numbers: [Int]) -> String {
        var runs: [ClosedRange<Int>] = []
        for n in numbers.sorted() {
            if let last = runs.last, n == last.upperBound + 1 {
                runs[runs.count - 1] = last.lowerBound...n
            } else if runs.last?.contains(n) != true {
                runs.append(n...n)
            }
        }
        let parts = runs.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }
        let plural = numbers.count != 1
        return (plural ? "errors " : "error ") + parts.joined(separator: ", ")
    }
}
