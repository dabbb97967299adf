/**
 * Values the export's reading of a copy found that the review never showed: listed for this
 * document with accept and reject, so the export writes only what the reviewer decided.
 */
import type { HeldFinding } from '../../../src/api/finredactApi.js';
import { entityTypeInfo } from '../../../src/domain/entityTypes.js';
import type { ReviewDecisions } from '../../../src/domain/reviewDecisions.js';
import { pendingFindings } from '../review/reviewState.js';

interface Props {
  readonly text: string;
  readonly findings: readonly HeldFinding[];
  readonly decisions: ReviewDecisions;
  readonly onDecide: (findings: readonly HeldFinding[], accept: boolean) => void;
  readonly onShow: (finding: HeldFinding) => void;
}

/** A few words either side, so the reviewer sees where the value stands. */
function context(text: string, f: HeldFinding): [string, string] {
  const before = text.slice(Math.max(0, f.start - 40), f.start).replace(/\s+/g, ' ');
  const after = text.slice(f.end, f.end + 40).replace(/\s+/g, ' ');
  return [before.replace(/^\S*\s/, '…'), after.replace(/\s\S*$/, '…')];
}

export function FindingsPanel({ text, findings, decisions, onDecide, onShow }: Props) {
  const pending = new Set(pendingFindings(findings, decisions));
  const rejected = new Set((decisions.rejectedAt ?? []).map((r) => `${r.start}-${r.end}`));
  return (
    <section className="findings" aria-label="Found on reading the copy">
      <h3>Found on reading the copy</h3>
      <p>
        {pending.size > 0
          ? `Reading this document's redacted copy back found ${findings.length} ${findings.length === 1 ? 'value' : 'values'} the review had not shown; ${pending.size} ${pending.size === 1 ? 'waits' : 'wait'} for your decision. Nothing is exported until each is accepted (redacted) or rejected (left as it is).`
          : `All ${findings.length} ${findings.length === 1 ? 'value' : 'values'} found on reading the copy are decided; export again to write the copies.`}
      </p>
      {pending.size > 1 && (
        <div className="button-row">
          <button type="button" onClick={() => onDecide([...pending], true)}>
            Accept all {pending.size}
          </button>
          <button type="button" onClick={() => onDecide([...pending], false)}>
            Reject all {pending.size}
          </button>
        </div>
      )}
      <ul>
        {findings.map((f) => {
          const [before, after] = context(text, f);
          const state = pending.has(f)
            ? 'pending'
            : rejected.has(`${f.start}-${f.end}`)
              ? 'rejected'
              : 'accepted';
          return (
            <li key={`${f.start}-${f.end}`} className={`finding finding-${state}`}>
              <button type="button" className="link" onClick={() => onShow(f)}>
                <span className="finding-type">{entityTypeInfo(f.type).label}</span>{' '}
                <span className="finding-context">
                  {before}
                  <mark>{f.text}</mark>
                  {after}
                </span>
              </button>
              {state === 'pending' ? (
                <span className="button-row">
                  <button
                    type="button"
                    aria-label={`Accept ${f.text}`}
                    onClick={() => onDecide([f], true)}
                  >
                    Accept
                  </button>
                  <button
                    type="button"
                    aria-label={`Reject ${f.text}`}
                    onClick={() => onDecide([f], false)}
                  >
                    Reject
                  </button>
                </span>
              ) : (
                <span className="finding-state">{state}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
