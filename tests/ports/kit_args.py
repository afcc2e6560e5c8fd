"""kit_args.py: what the kit's Python checks of the published data share: their command line
(--fairvec BIN, --vectors DIR defaulting to the repository's vectors/) and the op table as
`fairvec ops --json` prints it, by op name."""
import glob, json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))


def fairvec_and_vectors(argv=None):
    """(fairvec, vectors) from --fairvec BIN [--vectors DIR]; exits 2 naming --fairvec when it is missing."""
    args = sys.argv[1:] if argv is None else argv
    if "--fairvec" not in args or args.index("--fairvec") + 1 >= len(args):
        sys.exit(f"usage: {os.path.basename(sys.argv[0])} --fairvec BIN [--vectors DIR]")
    fairvec = args[args.index("--fairvec") + 1]
    vectors = args[args.index("--vectors") + 1] if "--vectors" in args else os.path.join(HERE, "..", "..", "vectors")
    return fairvec, vectors


def op_table(fairvec):
    """The ops of `fairvec ops --json`, by name."""
    out = subprocess.run([fairvec, "ops", "--json"], capture_output=True, text=True, check=True).stdout
    return {o["name"]: o for o in json.loads(out)["ops"]}


def valid_calls(vectors):
    """(op, result) of every call of every transcript (DIR/transcripts/*.jsonl) whose expected
    answer is a result, in file order."""
    for path in sorted(glob.glob(os.path.join(vectors, "transcripts", "*.jsonl"))):
        with open(path, encoding="utf-8") as f:
            for line in f:
                for call in json.loads(line)["calls"]:
                    if call["expect"].get("ok"):
                        yield call["op"], call["expect"]["result"]
