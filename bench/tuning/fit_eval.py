#!/usr/bin/env python3
"""Fits oaq-reference's learned evaluation (sample-engines/reference/evaluation.hpp): the linear
features and the tables, to positions of self-play games dumped by `oaq-tune --dump`.

Each position is labelled, for its side to move, by a probability of winning:

    target = LAMBDA x sigmoid(K x (the score the engine to move reported) / 100)
           + (1 - LAMBDA) x (the game's result: 1 won, 1/2 drawn, 0 lost)

(positions without a search score take the result alone), and the model
sigmoid(K x eval / 100), eval = 100 x material + sum of weights x features + the table entries, is
fitted to it by logistic regression: Newton's method on the cross-entropy, plus RIDGE x the
squared table entries (the material weight stays the unit, 100). K is fitted first, to the --base
weights. The tables are redundant with each other and with the tempo feature (every position uses
one entry of each group), which the ridge term settles. Distinct positions only; a share of them
(--holdout, drawn with --seed) is held out: the script prints the log loss and how often the sign
of the eval agrees with the result, before (the weights of --base, an EvalFile; default: the
linear model of kTexelWeights) and after, on the fitted and the held-out positions.

Writes the weights as an EvalFile (--out): `option.EvalFile=FILE` gives them to oaq-reference in a
match, to be measured against its shipped weights. numpy only (Debian: python3-numpy).
Deterministic: the same dumps, seed and options give the same weights.

usage: bench/tuning/fit_eval.py samples.txt [more.txt ...] [--lambda 0.5] [--ridge 0.001]
           [--holdout 0.1] [--seed 1] [--no-tables] [--base EvalFile] [--out weights.txt]
"""
import argparse
import sys

try:
    import numpy as np
except ImportError:
    sys.exit(f"fit_eval.py: {sys.executable} has no numpy; install python3-numpy (Debian) "
             "and run it with /usr/bin/python3")

FEATURES = ["material", "board", "board_no_piece", "board_one_piece", "empty_squares",
            "singletons", "big_squares", "tempo", "refill_soon", "open_mandarin",
            "mandarin_citizens", "my_threat", "their_threat"]
TEXEL = [100, -15, -69, 66, -452, -253, -153, 21, -6, -5, 7, 90, -54]
BUCKETS = 16
SQUARE_TABLE = 3 * 2 * 5 * BUCKETS
TABLE = SQUARE_TABLE + 2 * 2 * BUCKETS
TERMS = 12


def table_name(entry):
    """The name evaluation.cpp's table_weight_name gives the entry."""
    n = entry % BUCKETS
    if entry < SQUARE_TABLE:
        square = entry // BUCKETS % 5 + 1
        whose = "me" if entry // BUCKETS // 5 % 2 == 0 else "op"
        return f"sq_p{entry // BUCKETS // 10}_{whose}_s{square}_n{n}"
    m = (entry - SQUARE_TABLE) // BUCKETS
    return f"qu_s{1 if m // 2 == 0 else 5}_{'piece' if m % 2 else 'none'}_n{n}"


def read_dump(paths):
    rows = []
    for path in paths:
        with open(path) as f:
            for line_no, line in enumerate(f, 1):
                if line.startswith("#") or not line.strip():
                    continue
                fields = line.split()
                if len(fields) != 3 + len(FEATURES) + TERMS:
                    sys.exit(f"fit_eval: {path}: line {line_no}: expected "
                             f"{3 + len(FEATURES) + TERMS} fields, got {len(fields)}")
                fields[2] = "nan" if fields[2] == "-" else fields[2]
                rows.append(fields)
    if not rows:
        sys.exit("fit_eval: no positions in " + ", ".join(paths))
    data = np.array(rows, dtype=np.float64)
    # A game played twice (a book replayed, two runs alike) would put its positions on both sides
    # of the split: every position is kept once per label.
    data = np.unique(data, axis=0)
    result, margin, search = data[:, 0], data[:, 1], data[:, 2]
    features = data[:, 3:3 + len(FEATURES)]
    terms = data[:, 3 + len(FEATURES):].astype(np.int64)
    if terms.min() < 0 or terms.max() >= TABLE:
        sys.exit("fit_eval: a table entry is out of range: the dump is of another model")
    return result, margin, search, features, terms


def read_weights(path):
    linear = dict(zip(FEATURES, TEXEL))
    table = np.zeros(TABLE)
    if path:
        names = {table_name(i): i for i in range(TABLE)}
        table[:] = 0
        with open(path) as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                name, value = line.split()
                if name in linear:
                    linear[name] = int(value)
                elif name in names:
                    table[names[name]] = int(value)
                else:
                    sys.exit(f"fit_eval: {path}: unknown weight {name}")
    return np.array([linear[n] for n in FEATURES], dtype=np.float64), table


def evaluate(linear, table, features, terms):
    return features @ linear + table[terms].sum(axis=1)


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-np.clip(x, -50, 50)))


def report(label, ev, k, result):
    """Log loss and sign agreement of the eval's win probability against the results."""
    p = np.clip(sigmoid(k * ev / 100), 1e-9, 1 - 1e-9)
    loss = -np.mean(result * np.log(p) + (1 - result) * np.log(1 - p))
    decided = result != 0.5
    agree = np.mean((ev[decided] > 0) == (result[decided] > 0.5))
    print(f"{label}: log loss {loss:.4f} against the results, sign agrees with the result "
          f"{100 * agree:5.1f}% of decided positions")


def fit_k(ev, result):
    """The K for which sigmoid(K x eval / 100) best predicts the results (golden section)."""
    def loss(k):
        p = np.clip(sigmoid(k * ev / 100), 1e-9, 1 - 1e-9)
        return -np.mean(result * np.log(p) + (1 - result) * np.log(1 - p))
    lo, hi = 0.001, 1.0
    g = (5 ** 0.5 - 1) / 2
    for _ in range(60):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if loss(a) < loss(b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def design(features, terms, start, end):
    """Rows start..end of the design matrix: the linear features but material, then one column
    per table entry."""
    n_lin = len(FEATURES) - 1
    x = np.zeros((end - start, n_lin + TABLE))
    x[:, :n_lin] = features[start:end, 1:]
    rows = np.arange(end - start)
    for k in range(TERMS):
        x[rows, n_lin + terms[start:end, k]] = 1.0
    return x


def fit(features, terms, target, k, ridge, iterations, tables=True):
    """Logistic regression (cross-entropy to `target`, a probability) of sigmoid(k x eval / 100),
    eval = 100 x material + weights, by Newton's method with a ridge penalty on the weights;
    without `tables` the linear features alone (the table entries stay 0)."""
    n_lin = len(FEATURES) - 1
    size = n_lin + (TABLE if tables else 0)
    w = np.zeros(size)
    # The penalty is on the table entries only: the linear weights are few and well determined.
    penalty = np.zeros(size)
    penalty[n_lin:] = ridge
    chunk = 50_000
    for it in range(iterations):
        grad = penalty * w
        hess = np.diag(penalty)
        loss = 0.5 * np.sum(penalty * w * w)
        for start in range(0, len(target), chunk):
            end = min(start + chunk, len(target))
            x = design(features, terms, start, end)[:, :size]
            z = k / 100 * (100 * features[start:end, 0] + x @ w)
            p = np.clip(sigmoid(z), 1e-12, 1 - 1e-12)
            t = target[start:end]
            loss += -np.sum(t * np.log(p) + (1 - t) * np.log(1 - p))
            grad += k / 100 * (x.T @ (p - t))
            hess += (k / 100) ** 2 * (x.T * (p * (1 - p))) @ x
        step = np.linalg.solve(hess, grad)
        w -= step
        print(f"  Newton step {it + 1}: loss {loss / len(target):.5f}, step {np.abs(step).max():.2f}",
              file=sys.stderr)
        if np.abs(step).max() < 0.05:
            break
    return np.concatenate([[100.0], w[:n_lin]]), (w[n_lin:] if tables else np.zeros(TABLE))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dumps", nargs="+")
    ap.add_argument("--lambda", dest="lam", type=float, default=0.5)
    ap.add_argument("--ridge", type=float, default=0.001,
                    help="weight of the squared table entries beside the mean cross-entropy, "
                         "whose curvature is of the order (K/100)^2 per entry: 0.001 leaves "
                         "entries of about ten centi-citizens, 1 holds them near 0")
    ap.add_argument("--iterations", type=int, default=12)
    ap.add_argument("--no-tables", action="store_true", help="fit the linear features alone")
    ap.add_argument("--holdout", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--base", help="EvalFile to compare with (default: the Texel linear weights)")
    ap.add_argument("--out")
    args = ap.parse_args()

    result, margin, search, features, terms = read_dump(args.dumps)
    base_linear, base_table = read_weights(args.base)
    base_eval = evaluate(base_linear, base_table, features, terms)
    k = fit_k(base_eval, result)
    # The search's verdict as a probability, with the same K.
    target = np.where(np.isnan(search), result,
                      args.lam * sigmoid(k * np.nan_to_num(search) / 100) + (1 - args.lam) * result)
    order = np.random.default_rng(args.seed).permutation(len(target))
    held = order[:int(len(order) * args.holdout)]
    train = order[int(len(order) * args.holdout):]
    print(f"positions {len(target)} ({len(train)} train, {len(held)} held out), "
          f"with a search score {np.count_nonzero(~np.isnan(search))}, lambda {args.lam}, "
          f"ridge {args.ridge}, seed {args.seed}, K {k:.4f} (fitted to the base eval)")

    report("before (train)   ", base_eval[train], k, result[train])
    report("before (held out)", base_eval[held], k, result[held])
    linear, table = fit(features[train], terms[train], target[train], k, args.ridge,
                        args.iterations, tables=not args.no_tables)
    linear = np.rint(linear).astype(int)
    table = np.rint(table).astype(int)
    report("after  (train)   ", evaluate(linear, table, features[train], terms[train]), k,
           result[train])
    report("after  (held out)", evaluate(linear, table, features[held], terms[held]), k,
           result[held])

    if args.out:
        with open(args.out, "w") as f:
            f.write(f"# bench/tuning/fit_eval.py --lambda {args.lam} --ridge {args.ridge} "
                    f"--seed {args.seed}, {len(target)} positions\n")
            for name, w in zip(FEATURES, linear):
                f.write(f"{name} {w}\n")
            for i, w in enumerate(table):
                if w:
                    f.write(f"{table_name(i)} {w}\n")


if __name__ == "__main__":
    main()
