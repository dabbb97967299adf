"""A PyTorch state dict from a shipped int8 ONNX model, by dequantising its weights.

Training runs (`runs/`) are not kept in git — only the shipped int8 model is (the fp32 weights
are 90 MB) — so a later training stage that wants to continue from the shipped model starts from
its dequantised weights: `train --init ../pii-ner/model.onnx`. The int8 rounding is then part of
the starting point, which the next stage trains on from.

python -m finredact_ner.from_onnx ../pii-ner runs/shipped   writes a run folder (model.pt +
meta.json) that `export --run` re-exports, e.g. after a change to the export itself.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import onnx
import torch
from onnx import numpy_helper


def _dequantise(q: np.ndarray, scale: np.ndarray, zero: np.ndarray) -> np.ndarray:
    return (q.astype(np.float32) - zero.astype(np.float32)) * scale.astype(np.float32)


def state_from_onnx(path: Path) -> dict[str, torch.Tensor]:
    model = onnx.load(str(path))
    arrays = {t.name: numpy_helper.to_array(t) for t in model.graph.initializer}
    state: dict[str, torch.Tensor] = {}
    # Float initializers keep their PyTorch names (biases, LayerNorm).
    for name, a in arrays.items():
        if a.dtype == np.float32 and (name.startswith("bert.") or name.startswith("classifier.") or name.startswith("shape.")):
            if not name.endswith("_scale"):
                state[name] = torch.from_numpy(a.copy())
    # Embedding tables quantised per tensor, under their own names.
    for name in list(arrays):
        if name.endswith(".weight_quantized"):
            base = name[: -len("_quantized")]
            state[base] = torch.from_numpy(
                _dequantise(arrays[name], arrays[base + "_scale"], arrays[base + "_zero_point"])
            )
    # Linear layers: MatMulInteger over the transposed weight, per output channel; the node name
    # carries the module path ("/bert/encoder/layer.0/attention/self/query/MatMul_quant").
    for node in model.graph.node:
        if node.op_type != "MatMulInteger":
            continue
        module = node.name.strip("/").removesuffix("/MatMul_quant").replace("/", ".")
        w = node.input[1]
        scale = w.removesuffix("_quantized") + "_scale"
        wf = _dequantise(arrays[w], arrays[scale][None, :], arrays[node.input[3]][None, :])
        state[f"{module}.weight"] = torch.from_numpy(np.ascontiguousarray(wf.T))
    # A fused export has one QAttention per layer (in layer order) whose weight and bias are the
    # query, key and value projections side by side; the LayerNorm and bias initializers that
    # SkipLayerNormalization and BiasGelu take keep their PyTorch names.
    attention = [n for n in model.graph.node if n.op_type == "QAttention"]
    for layer, node in enumerate(attention):
        w, bias, scale, zero = node.input[1], node.input[2], node.input[4], node.input[7]
        wf = _dequantise(arrays[w], arrays[scale][None, :], arrays[zero][None, :])
        for part, (wp, bp) in zip(("query", "key", "value"), zip(np.split(wf, 3, axis=1), np.split(arrays[bias], 3))):
            prefix = f"bert.encoder.layer.{layer}.attention.self.{part}"
            state[f"{prefix}.weight"] = torch.from_numpy(np.ascontiguousarray(wp.T))
            state[f"{prefix}.bias"] = torch.from_numpy(bp.copy())
    return state


def main() -> None:
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    ship, out = Path(sys.argv[1]), Path(sys.argv[2])
    labels = json.loads((ship / "labels.json").read_text())
    out.mkdir(parents=True, exist_ok=True)
    torch.save(state_from_onnx(ship / "model.onnx"), out / "model.pt")
    meta = {"types": labels["types"], "labels": labels["labels"], "from_onnx": str(ship / "model.onnx")}
    (out / "meta.json").write_text(json.dumps(meta, indent=2))
    print(f"dequantised {ship / 'model.onnx'} -> {out}/model.pt")


if __name__ == "__main__":
    main()
