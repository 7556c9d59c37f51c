#!/usr/bin/env python3
"""The `screen` check's helper on the host: reads the guest's console on its standard input
(`tail -f --pid=QEMU console.log | screen-host.py …`, so it ends when qemu does), and for each
line `SCREEN-HOST shot NAME` takes a screendump (SHOTS/NAME.png) through qemu's monitor, for each
`SCREEN-HOST key KEYS` presses the keys (qemu's sendkey); then answers `done <request>` on the
guest's second serial port, so the guest goes on only once it is done. It waits on nothing but
its input: qemu makes its monitor's and the port's sockets before the guest starts, so both
are there by the first request, when they are opened."""
import argparse
import os
import re
import socket
import sys


def connect(path):
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        connection.connect(path)
    except OSError as error:
        sys.exit(f"cannot open qemu's socket {path}: {error}")
    return connection


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
    for option in ("--monitor", "--reply", "--shots"):
        parser.add_argument(option, required=True)
    arguments = parser.parse_args()
    os.makedirs(arguments.shots, exist_ok=True)
    monitor = reply = None
    for raw in sys.stdin.buffer:
        line = raw.decode(errors="replace").strip()
        # A kernel message may stand before the request on the same console line.
        start = line.find("SCREEN-HOST ")
        if start < 0:
            continue
        line = line[start:]
        if monitor is None:
            monitor = connect(arguments.monitor)
            read_prompt(monitor)
            reply = connect(arguments.reply)
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
