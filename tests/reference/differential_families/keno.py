"""Differential rows of keno-v1 (specs/keno-v1.md): generators and edge inputs.

differential.py loads this module by its family's id (gen/families.json); tests/reference/README.md.
"""

from differential import (Rows, cur_string, mutate_hex_bad, rand_hex, rand_link)

ROWS = Rows()


@ROWS.row("keno.draw")
class KenoDraw:
    def valid(rng):
        return {"randomHash": rng.randbytes(32).hex(), "salt": cur_string(rng)}

    def invalid(rng):
        return {"randomHash": rng.choice([5, None]), "salt": cur_string(rng)}


@ROWS.row("keno.pick")
class KenoPick:
    def valid(rng):
        links = []
        for _ in range(10):
            r = rng.random()
            if r < 0.1:
                links.append("0" * 64)
            elif r < 0.2:
                links.append("f" * 64)
            elif r < 0.3:
                links.append(rand_hex(rng, 32, mixed_case=True))
            else:
                links.append(rand_link(rng))
        return {"links": links}

    def invalid(rng):
        links = KenoPick.valid(rng)["links"]
        r = rng.random()
        if r < 0.4:
            links = links[:rng.choice([0, 1, 9])] if rng.random() < 0.5 else links + [links[0]]
        else:
            i = rng.randrange(10)
            links[i] = rng.choice([mutate_hex_bad(rng, links[i]), rand_hex(rng, 31), "", 5])
        return {"links": links}


# Fixed edge inputs, sent before the random ones (both ports must agree; either answer is fine).
EDGES = {
    "keno.draw": [{"randomHash": "", "salt": ""}, {"randomHash": "a\u0000b", "salt": "\u0000"},
                  {"randomHash": "x", "salt": "k" * 64}],
}
