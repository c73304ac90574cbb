extension CompiledDecoder {
    /// What the compile takes from the user's models as every layer carries them: read here only,
    /// so a new compile setting is a property of ``ModelSet`` and one line here.
    public mutating func compile(as set: ModelSet) {
        moduleName = set.moduleName
        settings = set.settings
        spis = set.spis
    }
}
