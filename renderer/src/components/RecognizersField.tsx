/**
 * Settings' editor for the user's own recognizers (README "Your own recognizers"): the YAML text,
 * a sample to try it on, and what it finds there, so a term or pattern is seen working (or its
 * mistake seen, with its line) before it is saved and used on real documents.
 */
import { useState } from 'react';
import type { RecognizersCheck } from '../../../src/api/finredactApi.js';

interface Props {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onCheck: (text: string, sample: string) => Promise<RecognizersCheck>;
}

const PLACEHOLDER = `types:
  - name: CLIENT_CODE
    placeholder: "[CLIENT CODE REDACTED]"
recognizers:
  - name: Our clients
    type: COMPANY
    terms: ["Acme Holdings", "Project Falcon"]
  - name: Client codes
    type: CLIENT_CODE
    patterns: ['\\bCL-\\d{6}\\b']
allow: ["Reserve Bank of India"]`;

export function RecognizersField({ value, onChange, onCheck }: Props) {
  const [sample, setSample] = useState('');
  const [check, setCheck] = useState<RecognizersCheck | null>(null);
  const [busy, setBusy] = useState(false);

  async function test() {
    setBusy(true);
    try {
      setCheck(await onCheck(value, sample));
    } catch (err) {
      setCheck({ ok: false, error: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="recognizers-field">
      <legend>Your own recognizers (YAML: types, terms, patterns, allow-list)</legend>
      <textarea
        aria-label="Recognizers (YAML)"
        className="code"
        rows={9}
        spellCheck={false}
        value={value}
        placeholder={PLACEHOLDER}
        onChange={(e) => {
          onChange(e.target.value);
          setCheck(null);
        }}
      />
      <label>
        Try them on a sample text
        <textarea
          aria-label="Sample text"
          rows={3}
          value={sample}
          onChange={(e) => setSample(e.target.value)}
        />
      </label>
      <div className="button-row">
        <button type="button" onClick={() => void test()} disabled={busy}>
          {busy ? 'Testing…' : 'Test on sample'}
        </button>
      </div>
      {check && !check.ok && (
        <p className="form-error" role="alert">
          {check.error}
        </p>
      )}
      {check?.ok && (
        <div className="recognizers-result" aria-label="Test result">
          <p>
            {check.spans.length === 0
              ? 'Nothing found in the sample.'
              : `${check.spans.length} found: ${check.spans.map((s) => `${s.type} “${s.text}”`).join(', ')}.`}
            {check.types.length > 0 &&
              ` New types: ${check.types.map((t) => `${t.type} → ${t.placeholder}`).join(', ')}.`}
            {check.allow.length > 0 && ` Never redacted: ${check.allow.join(', ')}.`}
          </p>
          {sample.trim() !== '' && <pre className="recognizers-preview">{check.anonymized}</pre>}
        </div>
      )}
    </fieldset>
  );
}
