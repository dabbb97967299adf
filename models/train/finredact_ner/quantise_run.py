"""A run folder's model.pt -> fused int8 model.onnx, as the export ships it, without the checks.

python -m finredact_ner.quantise_run --run runs/NAME --base-config config.json --out model.onnx
For a machine without the pretrained encoder's package (the GPU host of `distill-gpu.sh`): the
int8 file comes back small enough to carry, and `from_onnx` + `export --run` re-export it here
with the checks and fixtures.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

import torch
from transformers import BertConfig

from .data import num_shapes
from .export import export_onnx, fuse_and_quantise, model_config
from .model import NerModel, keep_layers


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--run", required=True)
    ap.add_argument("--base-config", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    run = Path(args.run)
    meta = json.loads((run / "meta.json").read_text())
    config = BertConfig(**json.loads(Path(args.base_config).read_text()))
    model = NerModel(None, len(meta["labels"]), config=config, num_shapes=num_shapes())
    kept = meta.get("args", {}).get("keep_layers")
    if kept:
        keep_layers(model, list(range(len(kept.split(",")))))
    model.load_state_dict(torch.load(run / "model.pt", map_location="cpu"))
    with tempfile.TemporaryDirectory() as tmp:
        fp32 = Path(tmp) / "model.fp32.onnx"
        export_onnx(model, fp32)
        print(fuse_and_quantise(fp32, Path(args.out), model_config(Path(args.base_config))))


if __name__ == "__main__":
    main()
