/** The model-confidence threshold; detections below it are neither shown nor redacted. */
interface Props {
  readonly value: number;
  readonly onChange: (value: number) => void;
}

export function ThresholdSlider({ value, onChange }: Props) {
  return (
    <label className="threshold">
      Confidence threshold
      <input
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <output>{value.toFixed(2)}</output>
    </label>
  );
}
