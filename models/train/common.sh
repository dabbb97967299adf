# Sourced by train.sh and train-shipped.sh: paths, the pinned venv and the data helpers.
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
RUN="${FINREDACT_TRAIN_RUN:-$HERE/runs/model}"
DATA="${FINREDACT_TRAIN_DATA:-$HERE/runs/data}"

if [ ! -x "$HERE/.venv/bin/python" ]; then
  python3 -m venv "$HERE/.venv"
fi
"$HERE/.venv/bin/pip" install --quiet -r "$HERE/requirements.txt"

cd "$HERE"
# PASSIVE: with other work on the same two cores, spinning OpenMP workers measured 4x slower.
export OMP_WAIT_POLICY=PASSIVE PYTHONUNBUFFERED=1

# synth N SEED DIR [OPTION…]: a generator run, unless DIR already holds one; further arguments
# go to the generator as they are (e.g. --foreign-addresses 0.3).
synth() {
  if [ ! -f "$3/train.jsonl" ]; then
    (cd "$ROOT" && npm run --silent synth -- --n "$1" --seed "$2" --out "$3" "${@:4}")
  fi
}

# A data folder whose training split is $1's training documents plus its dev documents twice, so
# that the 14 dev templates are trained on (the test templates stay unseen). Built atomically.
with_dev() {
  if [ ! -f "$2/train.jsonl" ]; then
    mkdir -p "$2"
    cat "$1/train.jsonl" "$1/dev.jsonl" "$1/dev.jsonl" > "$2/train.jsonl.tmp"
    mv "$2/train.jsonl.tmp" "$2/train.jsonl"
    cp "$1/dev.jsonl" "$1/test.jsonl" "$2/"
  fi
}

# ship_model RUN DATA: ONNX export, fusion, int8 quantisation and the int8-vs-PyTorch check of RUN
# (on DATA's dev and test splits), written to models/pii-ner/ with the Node parity fixtures.
ship_model() {
  .venv/bin/python -m finredact_ner.export --run "$1" --data "$2" --ship "$ROOT/models/pii-ner" \
    --fixtures "$ROOT/test/fixtures" --dev-docs 200 --test-docs 300
  echo "model written to $ROOT/models/pii-ner; run: npx vitest run test/ner, then finredact eval"
}
