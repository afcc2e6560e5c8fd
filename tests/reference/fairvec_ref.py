#!/usr/bin/env python3
"""fairvec_ref.py - the independent reference port for fairvec, in Python (standard library only).

The reference's scheme code is the example Python port's (tests/ports/python/: common.py,
hmac_dice.py, cursor.py, keno_crash.py, tavla.py, canonical_json.py, and fairvec_port.py for the
protocol side): one Python implementation written from specs/, sharing no code with the C++
library, that serves both as the port a port author copies and as the oracle the C++ library is
cross-checked against (differential.py: random inputs to both; recompute.py: every member of
every vector recomputed). This module re-exports that implementation under one name, so that
the tools here can `import fairvec_ref as ref`, and runs it as a port:

    fairvec check-port --require-all -- python3 tests/reference/fairvec_ref.py

It speaks port protocol v1 (specs/port-protocol.md) and implements every op fairvec has.
Invalid input raises BadInput(field, message), answered {"ok": false, "error": "bad_input"}.
Doubles are Python floats (IEEE-754 binary64, round-to-nearest-even), exactly the arithmetic the
specs pin; exact formulas use Python integers.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ports", "python"))

from common import *  # noqa: E402,F401,F403
from hmac_dice import *  # noqa: E402,F401,F403
from cursor import *  # noqa: E402,F401,F403
from keno_crash import *  # noqa: E402,F401,F403
from tavla import *  # noqa: E402,F401,F403
from canonical_json import *  # noqa: E402,F401,F403
from fairvec_port import OPS, handle, main  # noqa: E402,F401


def listed_ops():
    """The ops hello lists: every op implemented here."""
    return list(OPS)


if __name__ == "__main__":
    main()
