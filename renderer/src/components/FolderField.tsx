/** A folder path: typed, or chosen with the native dialog where there is one. */
import { useId } from 'react';

interface Props {
  readonly label: string;
  readonly value: string;
  readonly nativeDialogs: boolean;
  readonly onChange: (value: string) => void;
  readonly onPick: () => Promise<string | null>;
}

export function FolderField({ label, value, nativeDialogs, onChange, onPick }: Props) {
  const id = useId();
  return (
    <div className="folder-field">
      <label htmlFor={id}>{label}</label>
      <div className="button-row">
        <input
          id={id}
          type="text"
          value={value}
          placeholder="/path/to/output"
          onChange={(e) => onChange(e.target.value)}
        />
        {nativeDialogs && (
          <button
            type="button"
            onClick={() =>
              void onPick().then((picked) => {
                if (picked) onChange(picked);
              })
            }
          >
            Choose…
          </button>
        )}
      </div>
    </div>
  );
}
