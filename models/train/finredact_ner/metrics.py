"""Span metrics as LABELS.md defines them: exact (start, end, type) P/R/F1, overlap P/R/F1, leak rate."""

from __future__ import annotations

from collections import defaultdict

from .data import utf16_to_cp_map


def _prf(tp: int, fp: int, fn: int) -> dict:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"p": round(p, 4), "r": round(r, 4), "f1": round(f, 4), "tp": tp, "fp": fp, "fn": fn}


class SpanScorer:
    def __init__(self, types: list[str]):
        self.types = types
        self.exact = defaultdict(lambda: [0, 0, 0])
        self.overlap = defaultdict(lambda: [0, 0, 0])
        self.gold_chars = 0
        self.leaked_chars = 0

    def add(self, text: str, gold: list[dict], pred: list[dict]) -> None:
        gold = [g for g in gold if g["type"] in self.types]
        pred = [p for p in pred if p["type"] in self.types]
        gset = {(g["start"], g["end"], g["type"]) for g in gold}
        pset = {(p["start"], p["end"], p["type"]) for p in pred}
        for t in self.types:
            g = {x for x in gset if x[2] == t}
            p = {x for x in pset if x[2] == t}
            tp = len(g & p)
            self.exact[t][0] += tp
            self.exact[t][1] += len(p) - tp
            self.exact[t][2] += len(g) - tp
            # overlap: a prediction is right if it overlaps a gold span of its type, and vice versa
            self.overlap[t][0] += sum(1 for a in g if any(b[0] < a[1] and a[0] < b[1] for b in p))
            self.overlap[t][2] += sum(1 for a in g if not any(b[0] < a[1] and a[0] < b[1] for b in p))
            self.overlap[t][1] += sum(1 for b in p if not any(b[0] < a[1] and a[0] < b[1] for a in g))
        # offsets are UTF-16 (as the generator and Node write them); index the text through a map
        u16 = utf16_to_cp_map(text)
        covered = bytearray(len(u16))
        for p in pred:
            covered[p["start"] : p["end"]] = b"\x01" * (p["end"] - p["start"])
        for g in gold:
            for i in range(g["start"], g["end"]):
                if not text[u16[i]].isspace():
                    self.gold_chars += 1
                    if not covered[i]:
                        self.leaked_chars += 1

    def report(self) -> dict:
        per_type = {t: _prf(*self.exact[t]) for t in self.types if sum(self.exact[t])}
        micro = _prf(*[sum(self.exact[t][i] for t in self.types) for i in range(3)])
        per_type_overlap = {t: _prf(*self.overlap[t]) for t in self.types if sum(self.overlap[t])}
        micro_overlap = _prf(*[sum(self.overlap[t][i] for t in self.types) for i in range(3)])
        return {
            "micro": micro,
            "per_type": per_type,
            "micro_overlap": micro_overlap,
            "per_type_overlap": per_type_overlap,
            "leak_rate": round(self.leaked_chars / self.gold_chars, 5) if self.gold_chars else 0.0,
        }


def format_report(name: str, rep: dict) -> str:
    lines = [f"== {name}: micro P {rep['micro']['p']:.4f} R {rep['micro']['r']:.4f} F1 {rep['micro']['f1']:.4f}"
             f"  (overlap F1 {rep['micro_overlap']['f1']:.4f})  leak {rep['leak_rate'] * 100:.2f}%"]
    for t, m in rep["per_type"].items():
        o = rep["per_type_overlap"].get(t, {"f1": 0})
        lines.append(f"   {t:12s} P {m['p']:.4f} R {m['r']:.4f} F1 {m['f1']:.4f}  overlap F1 {o['f1']:.4f}"
                     f"  (tp {m['tp']} fp {m['fp']} fn {m['fn']})")
    return "\n".join(lines)
