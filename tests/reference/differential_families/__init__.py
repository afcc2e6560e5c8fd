"""The family modules of differential.py: one per row of gen/families.json, named by its id.

Each defines ROWS (a differential.Rows: row name -> (op, generator)) and EDGES (op -> fixed edge
inputs). tests/reference/README.md.
"""
