# Prints the value of the "barcode" member of each JSON line that has one, still escaped as
# JSON writes it (compare with json-escape.awk's output).
{
    at = index($0, "\"barcode\":\"")
    if (at == 0) next
    rest = substr($0, at + 11)
    value = ""
    while (rest != "") {
        c = substr(rest, 1, 1)
        if (c == "\\") { value = value substr(rest, 1, 2); rest = substr(rest, 3); continue }
        if (c == "\"") break
        value = value c
        rest = substr(rest, 2)
    }
    print value
}
