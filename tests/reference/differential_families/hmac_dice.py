"""Differential rows of hmac-dice-v1 (specs/hmac-dice-v1.md): generators and edge inputs.

differential.py loads this module by its family's id (gen/families.json); tests/reference/README.md.
"""

import sys

from differential import (HERE, MAX_SAFE, Rows, S32, mutate_hex_bad, rand_client_seed, rand_hex,
                          rand_int, rand_string, skipped_prefix_bytes, small_count)

ROWS = Rows()


def hd_seed(rng):
    return rand_hex(rng, rng.choice([16, 32, 64, rng.randint(16, 64)]), mixed_case=True)


def hd_seeds(rng):
    return [rand_client_seed(rng) for _ in range(rng.randint(1, 2))]


def hd_roll(rng):
    return rand_int(rng, 1, MAX_SAFE)


def hd_bad_seed(rng):
    r = rng.random()
    if r < 0.4:
        return rand_hex(rng, rng.choice([0, 1, 15, 65, 100]))
    return mutate_hex_bad(rng, rand_hex(rng, 32))


def hd_bad_client_seeds(rng):
    r = rng.random()
    if r < 0.15:
        return []
    if r < 0.3:
        return [rand_client_seed(rng) for _ in range(3)]
    bad = rng.choice(["", "a" * 129, "ab c", "a:b", "a+", "é", "a.b", "x\u0000", "\U0001f600",
                      "a/b", "ab\n", rand_string(rng, 1, 10, True) + "\u00e9"])
    seeds = hd_seeds(rng)
    seeds[rng.randrange(len(seeds))] = bad
    return seeds


@ROWS.row("hmac_dice.seal")
class HdSeal:
    def valid(rng):
        return {"serverSeed": hd_seed(rng)}

    def invalid(rng):
        return {"serverSeed": hd_bad_seed(rng)}


@ROWS.row("hmac_dice.roll")
class HdRoll:
    def valid(rng):
        return {"serverSeed": hd_seed(rng), "clientSeeds": hd_seeds(rng), "roll": hd_roll(rng)}

    def invalid(rng):
        p = HdRoll.valid(rng)
        what = rng.choice(["serverSeed", "clientSeeds", "roll"])
        if what == "serverSeed":
            p["serverSeed"] = hd_bad_seed(rng)
        elif what == "clientSeeds":
            p["clientSeeds"] = hd_bad_client_seeds(rng)
        else:
            p["roll"] = rng.choice([0, -1, MAX_SAFE + 1, 2**64, -MAX_SAFE])
        return p


@ROWS.row("hmac_dice.message")
class HdMessage:
    def valid(rng):
        return {"clientSeeds": hd_seeds(rng), "roll": hd_roll(rng),
                "retry": rng.choice([0, 0, 1, 2, 3, rng.randint(0, 64), rng.randint(0, 1000)])}

    def invalid(rng):
        p = HdMessage.valid(rng)
        what = rng.choice(["clientSeeds", "roll", "retry"])
        if what == "clientSeeds":
            p["clientSeeds"] = hd_bad_client_seeds(rng)
        elif what == "roll":
            p["roll"] = rng.choice([0, -1, MAX_SAFE + 1])
        else:
            p["retry"] = rng.choice([-1, -100])
        return p


def hd_macs(rng):
    k = rng.choice([0, 0, 0, 1, 1, 2, 3])
    macs = [skipped_prefix_bytes(rng, 32, 32).hex() for _ in range(k)]
    depth = rng.choice([0, 0, 1, 2, 3, rng.randint(0, 31)])
    macs.append(skipped_prefix_bytes(rng, 32, depth).hex())
    return macs


@ROWS.row("hmac_dice.pick")
class HdPick:
    def valid(rng):
        return {"macs": hd_macs(rng)}

    def invalid(rng):
        r = rng.random()
        if r < 0.2:
            return {"macs": []}
        if r < 0.4:
            return {"macs": [skipped_prefix_bytes(rng, 32, 32).hex()
                             for _ in range(rng.randint(1, 3))]}
        macs = hd_macs(rng)
        i = rng.randrange(len(macs))
        macs[i] = rng.choice([rand_hex(rng, 31), rand_hex(rng, 33), mutate_hex_bad(rng, macs[i])])
        return {"macs": macs}


def rand_roll(rng):
    return f"{rng.randint(1, 6)}{rng.randint(1, 6)}"


def ws(rng, line_breaks=True):
    return "".join(rng.choice(" \t\r\n" if line_breaks else " \t")
                   for _ in range(rng.randint(1, 3)))


def recorded_listing(rng):
    rolls = [rand_roll(rng) for _ in range(small_count(rng, 1, 300, 12))]
    r = rng.random()
    lead = ws(rng) if rng.random() < 0.2 else ""
    tail = ws(rng) if rng.random() < 0.2 else ""
    if r < 0.3:
        return lead + "".join(rolls) + tail
    if r < 0.55:
        return lead + "".join(x + ws(rng) for x in rolls[:-1]) + rolls[-1] + tail
    fmt = rng.choice(["{}:", "{}.", "#{}"])
    return lead + "".join(fmt.format(i + 1) + ws(rng) + x + (ws(rng) if i + 1 < len(rolls) else "")
                          for i, x in enumerate(rolls)) + tail


@ROWS.row("hmac_dice.parse_recorded")
class HdParseRecorded:
    def valid(rng):
        return {"text": recorded_listing(rng)}

    def invalid(rng):
        text = recorded_listing(rng)
        r = rng.random()
        if r < 0.15:
            return {"text": rng.choice(["", " ", "\n\t", "6", "634", "6307", "1:63", "63,44",
                                        "01: 63", "0: 63", "2: 63", "1: 63 1: 44", "1: 63 2. 44",
                                        "1: 63 44", "63 1: 44", "1:", "1: 63 2:", "#01 63",
                                        "63\u00a044", "6344 55", "63 4455", "# 1 63", "1 : 63",
                                        "\u0661\u0662", "63\f44", "63\v44", "1.: 63", "+1: 63"])}
        if r < 0.5:
            i = rng.randrange(len(text) + 1)
            return {"text": text[:i] + rng.choice(["0", "7", "9", "x", ",", "\u00a0", ":", "#",
                                                   "1"]) + text[i:]}
        if r < 0.75:
            return {"text": text + rng.choice([" 6", " 1:", " 77", " 1: 63", "#", " x"])}
        return {"text": rng.choice(["2: ", "#0 ", "1: 1: ", "1. 1: "]) + text}


def link_fields(rng):
    """Random valid link fields: (version, lang, seed, seal, seeds, rolls, recorded, games)."""
    version = rng.randint(0, 1)
    n = small_count(rng, 1, 100000, 60) if rng.random() < 0.995 else 1
    n = min(n, 3000)
    recorded = "".join(rand_roll(rng) for _ in range(n))
    if version == 0 and rng.random() < 0.4:
        recorded = ""
    games = []
    if version == 1 and rng.random() < 0.5:
        cuts = sorted(rng.sample(range(1, n), min(n - 1, rng.randint(0, 4)))) if n > 1 else []
        bounds = [0] + cuts + [n]
        games = [b - a for a, b in zip(bounds, bounds[1:])]
    return {"version": version, "lang": rng.choice(["", "tr", "ru", "de", "eng"]),
            "serverSeed": hd_seed(rng),
            "seal": rng.choice(["", rand_hex(rng, 32, mixed_case=True)]),
            "clientSeeds": hd_seeds(rng), "rolls": n, "recorded": recorded, "games": games}


def pct(rng, text, all_chars=False):
    """Percent-encode some characters of text (either hex case)."""
    out = []
    for ch in text:
        if all_chars or rng.random() < 0.1:
            out.append("".join(("%%%02X" if rng.random() < 0.5 else "%%%02x") % b
                               for b in ch.encode("utf-8")))
        else:
            out.append(ch)
    return "".join(out)


def link_text(rng, f, encode=True):
    if f["version"] == 0:
        fields = [("seed", f["serverSeed"]), ("seal", f["seal"]),
                  ("client", ",".join(f["clientSeeds"])), ("n", str(f["rolls"])),
                  ("rolls", f["recorded"])]
    else:
        fields = [("v", "1"), ("s", f["serverSeed"]), ("c", f["seal"]),
                  ("p", ",".join(f["clientSeeds"])), ("r", f["recorded"]),
                  ("g", ",".join(map(str, f["games"])))]
    # optional keys: absent or empty when not given
    fields = [(k, v) for k, v in fields if v != "" or rng.random() < 0.3]
    if rng.random() < 0.3:
        rng.shuffle(fields)
    if encode and rng.random() < 0.3:
        fields = [(pct(rng, k), pct(rng, v)) for k, v in fields]
    data = "&".join(f"{k}={v}" for k, v in fields)
    sep = "?" if f["version"] == 0 else "#"
    lang = f["lang"]
    if lang:
        path = f"/{lang}/check" + ("/" if rng.random() < 0.8 else "")
        if rng.random() < 0.4:
            scheme = rng.choice(["https", "http", "HTTPS", "Http"])
            host = rng.choice(["example.com", "zar.example.org:8443", "[::1]", "a_b-c.example"])
            path = f"{scheme}://{host}{path}"
        return path + sep + data
    return sep + data


@ROWS.row("hmac_dice.parse_link")
class HdParseLink:
    def valid(rng):
        return {"link": link_text(rng, link_fields(rng))}

    def invalid(rng):
        f = link_fields(rng)
        text = link_text(rng, f, encode=False)
        r = rng.random()
        if r < 0.5:
            bad = rng.choice(["&", "&&", "=", "&x=1", "&seed=00", "&v=1", "%zz", "%g1", "#",
                              "?", "&=1", "&n", "&g=0", "&g=01", "&c=12", "&p=a,b,c",
                              " ", "\u00e9", "+"])
            i = rng.choice([len(text), rng.randint(0, len(text))])
            return {"link": text[:i] + bad + text[i:]}
        if r < 0.7:
            return {"link": rng.choice(["", "?", "#", "/tr/check/", "https://x.org/tr/check/",
                                        "/TR/check/?seed=00", "/tr/chek/?n=1",
                                        "ftp://x/tr/check/#v=1", "https://x.org?seed=00",
                                        "/t/check/#v=1", "#v=2&s=00", "#v=01&s=00",
                                        "?seed=&client=a&n=1"])}
        if f["version"] == 0:
            return {"link": text.replace("n=" + str(f["rolls"]), "n=" + str(f["rolls"] + 1), 1)
                    if f["recorded"] else text.replace("n=", "n=0", 1)}
        return {"link": text.replace("v=1", rng.choice(["v=2", "v=", "v=01"]), 1)}


@ROWS.row("hmac_dice.build_link")
class HdBuildLink:
    def valid(rng):
        f = link_fields(rng)
        if f["version"] == 0:
            f["games"] = []
        return f

    def invalid(rng):
        f = link_fields(rng)
        r = rng.random()
        if r < 0.2:
            f["version"] = rng.choice([2, -1])
        elif r < 0.3:
            f["lang"] = rng.choice(["TR", "t", "turk", "t1"])
        elif r < 0.45:
            f["version"], f["games"] = 0, [f["rolls"]]
        elif r < 0.55:
            f["version"], f["recorded"] = 1, ""
        elif r < 0.7:
            f["rolls"] += 1
            if not f["recorded"] and not f["games"]:
                f["rolls"] = 0
        elif r < 0.8:
            f["serverSeed"] = hd_bad_seed(rng)
        elif r < 0.9:
            f["seal"] = rand_hex(rng, 31)
        else:
            f["clientSeeds"] = hd_bad_client_seeds(rng)
        return f


def match_params(rng):
    """verify_match params built with the reference, then tampered with or not."""
    sys.path.insert(0, HERE)
    import fairvec_ref as ref
    seed = hd_seed(rng)
    seeds = hd_seeds(rng)
    n = small_count(rng, 1, 100000, 40)
    n = min(n, 400)
    key = bytes.fromhex(seed)
    dice = ["%d%d" % tuple(ref.hd_dice(key, seeds, k)) for k in range(1, n + 1)]
    recorded = list(dice)
    r = rng.random()
    if r < 0.3:
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(n)
            recorded[i] = rand_roll(rng) if rng.random() < 0.5 else recorded[i][::-1]
    seal = rng.choice(["", ref.sha256(key).hex(), ref.sha256(key).hex().upper(),
                       rand_hex(rng, 32)])
    style = rng.random()
    if style < 0.25:
        listing = ""
    elif style < 0.5:
        listing = "".join(recorded)
    elif style < 0.75:
        listing = " ".join(recorded)
    else:
        fmt = rng.choice(["{}:", "{}.", "#{}"])
        listing = "\n".join(fmt.format(i + 1) + " " + x for i, x in enumerate(recorded))
    games = []
    if rng.random() < 0.5 and n > 1:
        cuts = sorted(rng.sample(range(1, n), min(n - 1, rng.randint(0, 4))))
        bounds = [0] + cuts + [n]
        games = [b - a for a, b in zip(bounds, bounds[1:])]
    return {"serverSeed": seed, "seal": seal, "clientSeeds": seeds, "rolls": n,
            "recorded": listing, "games": games}


@ROWS.row("hmac_dice.verify_match")
class HdVerifyMatch:
    def valid(rng):
        return match_params(rng)

    def invalid(rng):
        p = match_params(rng)
        r = rng.random()
        if r < 0.2:
            p["rolls"] = rng.choice([0, 100001, p["rolls"] + 1 if p["recorded"] else 0])
        elif r < 0.35:
            p["games"] = rng.choice([[0], [p["rolls"] + 1], [1, 0] + [p["rolls"] - 1]])
        elif r < 0.5:
            p["recorded"] = rng.choice(["x", "1: 63 3: 44", "637", "6"])
        elif r < 0.65:
            p["seal"] = rng.choice([rand_hex(rng, 31), "zz" * 32])
        elif r < 0.8:
            p["serverSeed"] = hd_bad_seed(rng)
        else:
            p["clientSeeds"] = hd_bad_client_seeds(rng)
        return p


# Fixed edge inputs, sent before the random ones (both ports must agree; either answer is fine).
EDGES = {
    "hmac_dice.message": [{"clientSeeds": ["a"], "roll": 1, "retry": r} for r in (1000, 1001)]
    + [{"clientSeeds": ["a" * 128, "b"], "roll": MAX_SAFE, "retry": 3}],
    "hmac_dice.roll": [{"serverSeed": S32, "clientSeeds": ["a"], "roll": x}
                       for x in (5.0, "5", True, None, MAX_SAFE)]
    + [{"serverSeed": "AB" * 16, "clientSeeds": ["a"], "roll": 1}],
    "hmac_dice.pick": [{"macs": ["AB" * 32]}, {"macs": ["fc" * 32, "fb" + "00" * 31]},
                       {"macs": ["ff" * 31 + "00"]}, {"macs": "ab" * 32}],
    # No lone surrogate is sent: request lines are I-JSON (specs/port-protocol.md), so such a line is
    # malformed as a whole and answered with id null, which is not a per-op answer to compare.
    "hmac_dice.parse_recorded": [{"text": t} for t in ("63\u00a044", "\u000b63", "\f63", "63",
                                                        "6", "1: 63", "1:\t63\r\n2:\n44")],
    "hmac_dice.parse_link": [{"link": t} for t in (
        "?seed=" + "00" * 16 + "&client=a&n=100000",
        "?seed=" + "00" * 16 + "&client=a&n=100001",
        "#v=1&s=" + "00" * 16 + "&p=a&r=11&g=", "#v=1&s=" + "00" * 16 + "&p=a&r=11&c=",
        "https:///tr/check/#v=1&s=" + "00" * 16 + "&p=a&r=11",
        "HTTPS://X/tr/check#v=1&s=" + "00" * 16 + "&p=a&r=11",
        "/tr/check/#v=1&s=" + "00" * 16 + "&p=a&r=11?x",
        "#v=1&s=" + "00" * 16 + "&p=a%2Cb&r=11", "#v=1&s=" + "00" * 16 + "&p=a,&r=11",
        "#v=1&s=" + "00" * 16 + "&p=a&r=11&%67=1", "#v=1&s=" + "00" * 16 + "&p=a&r=11&g=1",
        "?seed=" + "00" * 16 + "&client=a&n=1&rolls=11#",
        "?seed=" + "00" * 16 + "&client=a&n=1&rolls=%C3%A9",
        "?seed=" + "00" * 16 + "&client=a&n=1&seal=")],
}
