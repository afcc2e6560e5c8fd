#!/usr/bin/env python3
"""hostile_ports.py - ports that behave correctly but stress the checker, for the regression tests
(tests/hostile/regression_*_test.cc). Each is a proxy in front of a correct port (`fairvec port`):

    hostile_ports.py FAIRVEC MODE [ARG]

MODE:
  pad BYTES         every ok result carries an extra member "pad": [12345,12345,...] of about
                    BYTES bytes (extra members are allowed; the checker must not keep them)
  pad-first N BYTES the first N non-hello replies padded, the rest plain
                    (BYTES 0: no padding)
  stderr-exit N     writes non-UTF-8 bytes, a U+FFFF and an ESC sequence to stderr before every
                    reply, and exits with status 3 at request N (hello is 0) without answering
  name TEXT         the hello reply's name is TEXT (Python escapes: "\\n", "\\x1b")
  exit-at N SECONDS at request N a child `sleep SECONDS` is started that keeps stdout open, and
                    the port itself exits with status 3 without answering
  hang              answers hello, then reads requests and never answers (a long sleep)
"""
import os
import subprocess
import sys
import time


def main():
    fairvec, mode = sys.argv[1], sys.argv[2]
    args = sys.argv[3:]
    inner = subprocess.Popen([fairvec, "port"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    pad = b""
    padded_left = -1
    if mode in ("pad", "pad-first"):
        if mode == "pad-first":
            padded_left = int(args[0])
            args = args[1:]
        count = int(args[0]) // 6
        pad = b',"pad":[' + b"12345," * (count - 1) + b"12345]" if count else b""
    name = args[0].encode().decode("unicode_escape") if mode == "name" else None
    n = 0
    for line in sys.stdin.buffer:
        if mode == "exit-at" and n == int(args[0]):
            subprocess.Popen(["sleep", args[1]], stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            os._exit(3)
        if mode == "stderr-exit":
            sys.stderr.buffer.write(b"caf\xe9 \xff\xfe bad bytes, a noncharacter \xef\xbf\xbf, esc \x1b[31m\n")
            sys.stderr.buffer.flush()
            if n == int(args[0]):
                os._exit(3)
        if mode == "hang" and n > 0:
            time.sleep(3600)
        inner.stdin.write(line)
        inner.stdin.flush()
        reply = inner.stdout.readline()
        if name is not None and n == 0:
            import json
            r = json.loads(reply)
            r["result"]["name"] = name
            reply = (json.dumps(r, ensure_ascii=True) + "\n").encode()
        if pad and n > 0 and padded_left != 0 and b'"ok":true' in reply:
            end = reply.rindex(b"}}")
            reply = reply[:end] + pad + reply[end:]
            padded_left -= 1
        sys.stdout.buffer.write(reply)
        sys.stdout.flush()
        n += 1


if __name__ == "__main__":
    main()
