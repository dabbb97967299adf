/** Settings that persist between runs: what to detect, the threshold, OCR and the export folder. */
import { useState, type FormEvent } from 'react';
import type {
  ApiCapabilities,
  AppSettings,
  OcrMode,
  RecognizersCheck,
} from '../../../src/api/finredactApi.js';
import { RecognizersField } from './RecognizersField.js';
import { Dialog } from './Dialog.js';
import { ThresholdSlider } from './ThresholdSlider.js';
import { TypeFilter } from './TypeFilter.js';
import { FolderField } from './FolderField.js';

interface Props {
  readonly settings: AppSettings;
  readonly capabilities: ApiCapabilities | null;
  readonly onPickFolder: () => Promise<string | null>;
  readonly onSave: (settings: AppSettings) => Promise<void>;
  readonly onCheckRecognizers: (text: string, sample: string) => Promise<RecognizersCheck>;
  readonly onClose: () => void;
}

const OCR_LABELS: Record<OcrMode, string> = {
  auto: 'Automatic (pages without text)',
  always: 'Always',
  never: 'Never',
};

export function SettingsDialog({
  settings,
  capabilities,
  onPickFolder,
  onSave,
  onCheckRecognizers,
  onClose,
}: Props) {
  const [draft, setDraft] = useState(settings);
  const [error, setError] = useState<string | null>(null);
  const types = new Set(draft.types);

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await onSave(draft);
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Dialog title="Settings" onClose={onClose}>
      <form className="settings-form" onSubmit={(e) => void submit(e)}>
        <TypeFilter
          enabled={types}
          onToggle={(type, on) =>
            setDraft({
              ...draft,
              types: on ? [...draft.types, type] : draft.types.filter((t) => t !== type),
            })
          }
        />
        <ThresholdSlider
          value={draft.threshold}
          onChange={(threshold) => setDraft({ ...draft, threshold })}
        />
        <label>
          OCR
          <select
            value={draft.ocr}
            onChange={(e) => setDraft({ ...draft, ocr: e.target.value as OcrMode })}
          >
            {(Object.keys(OCR_LABELS) as OcrMode[]).map((mode) => (
              <option key={mode} value={mode}>
                {OCR_LABELS[mode]}
              </option>
            ))}
          </select>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.ner}
            onChange={(e) => setDraft({ ...draft, ner: e.target.checked })}
          />
          Use the NER model for names, companies and addresses
        </label>
        <label>
          A detected value is
          <select
            value={draft.propagate}
            onChange={(e) =>
              setDraft({ ...draft, propagate: e.target.value as AppSettings['propagate'] })
            }
          >
            <option value="document">Redacted everywhere in its document</option>
            <option value="off">Redacted only where it was found</option>
          </select>
        </label>
        <label>
          Placeholders
          <select
            value={draft.placeholders}
            onChange={(e) =>
              setDraft({ ...draft, placeholders: e.target.value as AppSettings['placeholders'] })
            }
          >
            <option value="redacted">[NAME REDACTED]</option>
            <option value="numbered">[NAME 1 REDACTED]: the same number for the same value</option>
            <option value="fake">Realistic fakes, the same for the same value</option>
            <option value="mask">Masked: *** except last 4 digits and e-mail domains</option>
          </select>
        </label>
        {(draft.placeholders === 'numbered' || draft.placeholders === 'fake') && (
          <label>
            The same value
            <select
              value={draft.consistent}
              onChange={(e) =>
                setDraft({ ...draft, consistent: e.target.value as AppSettings['consistent'] })
              }
            >
              <option value="document">alike within each document</option>
              <option value="batch">alike across the whole export</option>
            </select>
          </label>
        )}
        <RecognizersField
          value={draft.recognizers}
          onChange={(recognizers) => setDraft({ ...draft, recognizers })}
          onCheck={onCheckRecognizers}
        />
        <label>
          Reviewer name (recorded with every decision in the Review sheet)
          <input
            type="text"
            value={draft.reviewer}
            maxLength={200}
            onChange={(e) => setDraft({ ...draft, reviewer: e.target.value })}
          />
        </label>
        <FolderField
          label="Default output folder"
          value={draft.outputFolder}
          nativeDialogs={capabilities?.nativeDialogs ?? false}
          onChange={(outputFolder) => setDraft({ ...draft, outputFolder })}
          onPick={onPickFolder}
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row end">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary">
            Save settings
          </button>
        </div>
      </form>
    </Dialog>
  );
}
