# Writes the evemu events (`E:` lines) a US-layout keyboard scanner sends to type `text`,
# followed by Enter unless enter=0, after the key codes in `before` (space-separated, e.g. 88
# for F12). Keys are `step` seconds apart (default 0.008), starting at `start` seconds; each
# press and release ends with SYN_REPORT.
#   awk -v text=C0001 -f keys.awk > card.events
#   awk -v text=B00 -v enter=0 -f keys.awk > half.events
#   awk -v before=88 -v text=4821 -f keys.awk > staff-key-and-pin.events
function event(type, code, value) {
    printf "E: %d.%06d %04x %04x %d\n", int(t), (t - int(t)) * 1000000 + 0.5, type, code, value
}
function press(code) {
    event(1, code, 1); event(0, 0, 0)
    t += step / 2
    event(1, code, 0); event(0, 0, 0)
    t += step / 2
}
BEGIN {
    if (step == "") step = 0.008
    if (enter == "") enter = 1
    t = (start == "") ? 1 : start
    split("q w e r t y u i o p", row1, " "); for (i = 1; i <= 10; i++) code[row1[i]] = 15 + i
    split("a s d f g h j k l", row2, " "); for (i = 1; i <= 9; i++) code[row2[i]] = 29 + i
    split("z x c v b n m", row3, " "); for (i = 1; i <= 7; i++) code[row3[i]] = 43 + i
    for (i = 1; i <= 9; i++) code[i ""] = 1 + i
    code["0"] = 11; code["-"] = 12; code["."] = 52; code["/"] = 53
    n = split(before, codes, " ")
    for (i = 1; i <= n; i++) press(codes[i] + 0)
    for (i = 1; i <= length(text); i++) {
        c = substr(text, i, 1)
        lower = tolower(c)
        if (!(lower in code)) { print "keys.awk: cannot type " c > "/dev/stderr"; exit 1 }
        if (c != lower) { event(1, 42, 1); event(0, 0, 0); t += step / 2 }
        press(code[lower])
        if (c != lower) { event(1, 42, 0); event(0, 0, 0); t += step / 2 }
    }
    if (enter) press(28)
}
