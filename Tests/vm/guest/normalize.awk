# Normalizes each line as the kiosk does before it looks a barcode up (Lending's
# Barcode.normalize), so `bookkiosk decode`'s Scans compare with the event stream's barcodes:
# white space and control characters trimmed from both ends, and Codabar start/stop letters
# (A-D, either case) stripped when what they enclose is digits.
BEGIN {
    # Padding: ASCII controls, space and DEL, and Unicode's other white space, in UTF-8.
    for (i = 1; i <= 32; i++) padding[sprintf("%c", i)] = 1
    padding[sprintf("%c", 127)] = 1
    split("302205 302240 341232200 342200250 342200251 342200257 342201237 343200200", wide, " ")
    for (i = 1; i <= 11; i++) wide[length(wide) + 1] = "342200" sprintf("%o", 127 + i)
    for (i in wide) {
        bytes = ""
        for (j = 1; j <= length(wide[i]); j += 3) bytes = bytes sprintf("%c", octal(substr(wide[i], j, 3)))
        padding[bytes] = 1
    }
}
function octal(digits) { return substr(digits, 1, 1) * 64 + substr(digits, 2, 1) * 8 + substr(digits, 3, 1) }
function trim_start(s,    n) {
    for (;;) {
        for (n = 1; n <= 3; n++) if (substr(s, 1, n) in padding) break
        if (n > 3 || s == "") return s
        s = substr(s, n + 1)
    }
}
function trim_end(s,    n) {
    for (;;) {
        for (n = 1; n <= 3; n++) if (length(s) >= n && substr(s, length(s) - n + 1) in padding) break
        if (n > 3 || s == "") return s
        s = substr(s, 1, length(s) - n)
    }
}
{
    s = trim_end(trim_start($0))
    if (length(s) >= 3 && substr(s, 1, 1) ~ /[A-Da-d]/ && substr(s, length(s)) ~ /[A-Da-d]/ \
        && substr(s, 2, length(s) - 2) ~ /^[0-9]+$/)
        s = substr(s, 2, length(s) - 2)
    print s
}
