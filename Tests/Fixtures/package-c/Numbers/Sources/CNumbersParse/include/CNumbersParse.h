#ifndef CNUMBERS_PARSE_H
#define CNUMBERS_PARSE_H

/// Reads a hexadecimal colour ("#1a2B3c" or "1a2b3c") into *value; returns 0 when the text is not one.
int numbers_parse_hex_colour(const char *text, long *value);

#endif
