/**
 * The policy's model threshold: model detections below it are neither shown nor redacted. It
 * never hides a validated pattern detection or one added by hand, and its label says so.
 */
interface Props {
  readonly value: number;
  readonly onChange: (value: number) => void;
}

export function ThresholdSlider({ value, onChange }: Props) {
  return (
    <label className="threshold">
      Model threshold
      <input
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <output>{value.toFixed(2)}</output>
      <span className="threshold-note">model detections only; patterns are always redacted</span>
    </label>
  );
}
