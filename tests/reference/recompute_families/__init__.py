"""The family modules of recompute.py: one per row of gen/families.json, named by its id.

Each defines HANDLERS (a recompute.Handlers: vector group type -> handler) and may define
DERIVED_JUDGED (its verdict ops, read by the derived handler). tests/reference/README.md.
"""
