#!/usr/bin/env python3
"""fairvec_ref.py - the independent reference port for fairvec, in Python (standard library only).

The reference's scheme code is the example Python port's (tests/ports/python/: common.py,
one module per family, and fairvec_port.py for the protocol side): one Python implementation written from specs/, sharing no code with the C++
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
from fairvec_port import FAMILY_MODULES, OPS, handle, main  # noqa: E402,F401

# Every public name of every family module (hmac_dice.py, cursor.py, ...), as `from X import *` gives.
for _module in FAMILY_MODULES:
    globals().update({k: v for k, v in vars(_module).items() if not k.startswith("_") and k != "OPS"})


def listed_ops():
    """The ops hello lists: every op implemented here."""
    return list(OPS)


if __name__ == "__main__":
    main()
