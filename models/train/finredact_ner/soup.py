"""The weight average ("soup") of two shipped int8 models, as a run folder `export --run` ships.

python -m finredact_ner.soup A.onnx B.onnx runs/soup [--weight 0.5]
Both graphs are dequantised (`from_onnx`), their tensors averaged (B weighted by --weight), and
written as model.pt + meta.json. Stage 16 is stage 15 and a fine-tune of it averaged half each: the
fine-tune learned till receipts and forgot a company name that stage 15 knew; the average kept both
(MODEL_CARD.md, *Stage 16*). Two fine-tunes of one model stay in one basin, which is why their
average works; two unrelated models would not.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import torch

from .from_onnx import state_from_onnx


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("out")
    ap.add_argument("--weight", type=float, default=0.5, help="B's share of the average")
    ap.add_argument("--labels", default=str(Path(__file__).resolve().parents[2] / "pii-ner" / "labels.json"))
    args = ap.parse_args()
    a, b = state_from_onnx(Path(args.a)), state_from_onnx(Path(args.b))
    if a.keys() != b.keys():
        raise SystemExit("the two models do not have the same tensors")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    torch.save({k: a[k] * (1 - args.weight) + b[k] * args.weight for k in a}, out / "model.pt")
    labels = json.loads(Path(args.labels).read_text())
    meta = {"types": labels["types"], "labels": labels["labels"], "soup": [args.a, args.b, args.weight]}
    (out / "meta.json").write_text(json.dumps(meta, indent=2))
    print(f"averaged {len(a)} tensors ({args.weight:g} of {args.b}) -> {out}/model.pt")


if __name__ == "__main__":
    main()
