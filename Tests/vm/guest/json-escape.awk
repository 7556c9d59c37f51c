# Escapes each line as a JSON string's contents, the way the event stream writes them: quote,
# backslash, \b \f \n \r \t, other control characters as \u00XX; everything else as it is.
BEGIN {
    for (i = 1; i < 32; i++) escaped[sprintf("%c", i)] = sprintf("\\u%04x", i)
    escaped["\b"] = "\\b"; escaped["\f"] = "\\f"; escaped["\r"] = "\\r"; escaped["\t"] = "\\t"
    escaped["\""] = "\\\""; escaped["\\"] = "\\\\"
}
{
    out = ""
    for (i = 1; i <= length($0); i++) {
        c = substr($0, i, 1)
        out = out ((c in escaped) ? escaped[c] : c)
    }
    print out
}
