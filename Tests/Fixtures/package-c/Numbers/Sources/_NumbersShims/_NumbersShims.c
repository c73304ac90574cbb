// Intentionally empty: the helpers are inline functions in the header.
