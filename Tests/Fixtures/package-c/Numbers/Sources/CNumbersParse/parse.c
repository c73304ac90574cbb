#include "CNumbersParse.h"

#include <string.h>

int numbers_parse_hex_colour(const char *text, long *value) {
    if (text[0] == '#') text++;
    if (strlen(text) != 6) return 0;
    long result = 0;
    for (int i = 0; i < 6; i++) {
        char c = text[i];
        int digit;
        if (c >= '0' && c <= '9') digit = c - '0';
        else if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
        else return 0;
        result = result * 16 + digit;
    }
    *value = result;
    return 1;
}
