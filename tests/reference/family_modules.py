"""family_modules.py: finds the family modules of recompute.py and differential.py by name.

The families table (gen/families.json) is the one list of families. Each tool of this directory
keeps its family-specific code in a directory of its own, one module per family named by the
family's id: recompute_families/<id>.py and differential_families/<id>.py. load() imports, in the
table's order, the module of every row, and fails (FamilyError) when a row has no module, when a
module is no row's, or when a module lacks the registry the tool reads from it.
"""

import importlib
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FAMILIES_JSON = os.path.join(HERE, "..", "..", "gen", "families.json")


class FamilyError(Exception):
    """The families table and a tool's family modules do not match."""


def read_table(path=None):
    """The rows of the families table at path (default: gen/families.json)."""
    path = path or FAMILIES_JSON
    try:
        with open(path, encoding="utf-8") as f:
            rows = json.load(f)["families"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise FamilyError(f"cannot read the families table {path}: {e}") from None
    ids = [row.get("id") if isinstance(row, dict) else None for row in rows]
    if not all(isinstance(i, str) and i.isidentifier() for i in ids) or len(set(ids)) != len(ids):
        raise FamilyError(f"{path}: every row needs a distinct id that is a Python name, got {ids}")
    return rows


def load(package, registry, path=None):
    """(rows, modules): the table's rows and, for each, its module of `package` (a directory
    beside this file), which must define `registry`; in the table's order."""
    rows = read_table(path)
    directory = os.path.join(HERE, package)
    present = sorted(f[:-3] for f in os.listdir(directory)
                     if f.endswith(".py") and f != "__init__.py")
    ids = [row["id"] for row in rows]
    missing = [i for i in ids if i not in present]
    if missing:
        raise FamilyError("; ".join(
            f"family {i!r} of {path or 'gen/families.json'} has no module: write "
            f"tests/reference/{package}/{i}.py" for i in missing))
    extra = [m for m in present if m not in ids]
    if extra:
        raise FamilyError("; ".join(
            f"tests/reference/{package}/{m}.py is the module of no family of "
            f"{path or 'gen/families.json'}" for m in extra))
    modules = []
    for i in ids:
        module = importlib.import_module(f"{package}.{i}")
        if not isinstance(getattr(module, registry, None), dict) or not getattr(module, registry):
            raise FamilyError(f"tests/reference/{package}/{i}.py defines no {registry}")
        modules.append(module)
    return rows, modules
