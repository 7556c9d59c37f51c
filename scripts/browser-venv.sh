# Sourced by scripts/browser-tests and scripts/page-screens.sh: makes (or refreshes) the
# Python virtual environment .venv-browser/ with the packages pinned in
# Tests/browser/requirements.txt, from PyPI. Playwright drives Debian's chromium through
# executable_path; its own browser download (`playwright install`) is never used.
# Sets $venv_python. Expects to be run from the repository's root.
browser_venv() {
    local venv=.venv-browser requirements=Tests/browser/requirements.txt stamp
    # (Re)install when the pinned requirements change; the stamp holds the file's checksum.
    stamp=$(sha256sum "$requirements" | cut -d' ' -f1)
    if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.requirements" 2>/dev/null)" != "$stamp" ]; then
        if ! python3 -m venv "$venv"; then
            echo "$(basename "$0"): python3 cannot make a virtual environment; install python3-venv" >&2
            return 1
        fi
        "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements" || return 1
        echo "$stamp" > "$venv/.requirements"
    fi
    venv_python=$venv/bin/python
}
