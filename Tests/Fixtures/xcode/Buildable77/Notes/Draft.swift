// Excluded from the Notes target: it does not compile.
let draft: Int = "draft"
