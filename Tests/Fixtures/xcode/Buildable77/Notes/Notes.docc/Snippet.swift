// A documentation snippet inside the catalog: Xcode never compiles it into the app.
let snippet: Int = "a snippet"
