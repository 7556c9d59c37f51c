#!/usr/bin/env python3
"""The `screen` check's helper on the host: follows the guest's console, and for each line
`SCREEN-HOST shot NAME` takes a screendump (SHOTS/NAME.png) through qemu's monitor, for each
`SCREEN-HOST key KEYS` presses the keys (qemu's sendkey); then answers `done <request>` on the
guest's second serial port, so the guest goes on only once it is done. Ends with qemu."""
import argparse
import os
import re
import socket
import sys
import time


def connect(path, pid):
    while True:
        try:
            connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            connection.connect(path)
            return connection
        except OSError:
            if not alive(pid):
                sys.exit(f"qemu ended before {path} could be opened")
            time.sleep(0.05)


def alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except OSError:
        return False


def read_prompt(monitor):
    """Reads the monitor's output up to its next `(qemu) ` prompt."""
    seen = b""
    while not seen.endswith(b"(qemu) "):
        chunk = monitor.recv(4096)
        if not chunk:
            sys.exit("the monitor closed")
        seen += chunk
    return seen.decode(errors="replace")


def main():
    parser = argparse.ArgumentParser()
    for option in ("--pid", "--console", "--monitor", "--reply", "--shots"):
        parser.add_argument(option, required=True)
    arguments = parser.parse_args()
    pid = int(arguments.pid)
    monitor = connect(arguments.monitor, pid)
    read_prompt(monitor)
    reply = connect(arguments.reply, pid)
    os.makedirs(arguments.shots, exist_ok=True)
    with open(arguments.console, "rb") as console:
        pending = b""
        while True:
            chunk = console.readline()
            if not chunk:
                if not alive(pid):
                    return
                time.sleep(0.05)
                continue
            pending += chunk
            if not pending.endswith(b"\n"):
                continue
            line = pending.decode(errors="replace").strip()
            pending = b""
            if not line.startswith("SCREEN-HOST "):
                continue
            request = line[len("SCREEN-HOST "):]
            words = request.split()
            if len(words) == 2 and words[0] == "shot" and words[1].replace("-", "").isalnum():
                path = os.path.join(arguments.shots, words[1] + ".png")
                monitor.sendall(f"screendump {path} -f png\n".encode())
            elif len(words) == 2 and words[0] == "key":
                monitor.sendall(f"sendkey {words[1]}\n".encode())
            else:
                print(f"unknown request: {request}", flush=True)
                reply.sendall(f"unknown {request}\n".encode())
                continue
            answer = read_prompt(monitor)
            # The monitor echoes the command (with line-editing escapes), then says what it has
            # to say, then prompts again: keep what it said.
            said = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", answer).replace("\r", "")
            said = said.split("\n", 1)[1] if "\n" in said else ""
            said = said.removesuffix("(qemu) ").strip()
            print(f"{request}: {said or 'done'}", flush=True)
            reply.sendall(f"done {request}\n".encode())


if __name__ == "__main__":
    main()
