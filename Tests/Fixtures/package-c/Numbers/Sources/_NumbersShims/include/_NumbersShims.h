// Header-only helpers, as _NumericsShims keeps them: inline functions Swift calls directly.
#ifndef NUMBERS_SHIMS_H
#define NUMBERS_SHIMS_H

static inline long numbers_clamp(long value, long low, long high) {
    return value < low ? low : (value > high ? high : value);
}

#endif
