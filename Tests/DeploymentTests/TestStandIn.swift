import Foundation

/// A small shell script that stands in for the real `bookkiosk` program in these tests, so
/// that the installer and the backup script can be run without building the kiosk.
///
/// - `staff add NAME … --db PATH`: reads one line (the PIN) from standard input and writes
///   "staff NAME pin PIN" to PATH, mode 0600, as the real command would create the database.
/// - `backup --db PATH DEST`: copies PATH to DEST; fails when BOOKKIOSK_TEST_STAND_IN_FAIL=1.
/// - anything else: prints its arguments and succeeds.
enum TestStandIn {
    static let name = "bookkiosk-test-stand-in"

    static let script = #"""
        #!/bin/bash
        # Test stand-in for bookkiosk, written by Tests/DeploymentTests. Not the real program.
        set -euo pipefail
        echo "bookkiosk-test-stand-in: $*"
        command=${1:-}
        shift || true
        db= args=()
        while (($# > 0)); do
            case $1 in
            --db) db=$2; shift 2 ;;
            --config) shift 2 ;;
            *) args+=("$1"); shift ;;
            esac
        done
        case $command in
        staff)
            read -r pin
            printf 'staff %s pin %s\n' "${args[1]}" "$pin" >"$db"
            chmod 0600 "$db"
            ;;
        backup)
            [[ ${BOOKKIOSK_TEST_STAND_IN_FAIL:-0} != 1 ]] || { echo "stand-in: backup failed on purpose" >&2; exit 1; }
            cp "$db" "${args[0]}"
            ;;
        esac
        """#

    /// Writes the stand-in into `directory` and returns its path.
    static func create(in directory: URL) throws -> URL {
        let file = directory.appendingPathComponent(name)
        try script.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        return file
    }
}
