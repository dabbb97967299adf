"""A run folder's model.pt -> fused int8 model.onnx, as the export ships it, without the checks.

python -m finredact_ner.quantise_run --run runs/NAME --base-config config.json --out model.onnx
For a machine without the pretrained encoder's package (the GPU host of `distill-gpu.sh`): the
int8 file comes back small enough to carry, and `from_onnx` + `export --run` re-export it here
with the checks and fixtures.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from transformers import BertConfig

from .export import export_onnx, fuse_and_quantise
from .model import load_run


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--run", required=True)
    ap.add_argument("--base-config", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    model = load_run(Path(args.run), BertConfig.from_json_file(args.base_config))
    with tempfile.TemporaryDirectory() as tmp:
        fp32 = Path(tmp) / "model.fp32.onnx"
        export_onnx(model, fp32)
        print(fuse_and_quantise(fp32, Path(args.out), model.bert.config))


if __name__ == "__main__":
    main()
