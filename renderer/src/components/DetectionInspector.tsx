/**
 * What the reviewer acts on: the active detection (change its type, reject or restore it) or,
 * when text is selected in the original, a bar to add that text as a detection by hand.
 */
import { useState } from 'react';
import { entityTypes, entityTypeInfo, type EntityType } from '../../../src/domain/entityTypes.js';
import type { ReviewSpan } from '../review/reviewView.js';

function TypeSelect({
  value,
  onChange,
  label,
}: {
  value: EntityType;
  onChange: (t: EntityType) => void;
  label: string;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as EntityType)}
    >
      {entityTypes.list().map((t) => (
        <option key={t} value={t}>
          {entityTypeInfo(t).label}
        </option>
      ))}
    </select>
  );
}

/** What reject and retype act on: this occurrence where it stands, or every occurrence. */
export type DecisionScope = 'one' | 'all';

interface InspectorProps {
  readonly span: ReviewSpan;
  /** How many redacted occurrences the value has, this one included. */
  readonly occurrences: number;
  readonly scope: DecisionScope;
  readonly onScope: (scope: DecisionScope) => void;
  readonly onReject: () => void;
  readonly onRestore: () => void;
  readonly onRetype: (type: EntityType) => void;
}

export function DetectionInspector({
  span,
  occurrences,
  scope,
  onScope,
  onReject,
  onRestore,
  onRetype,
}: InspectorProps) {
  const source =
    span.source === 'manual' ? 'added by hand' : `${span.source}, score ${span.score.toFixed(2)}`;
  // The rule is said before it is used: one occurrence, or all of them with their count.
  const many = span.status === 'accepted' && occurrences > 1;
  const acting = many ? scope : 'one';
  return (
    <div className="inspector" role="group" aria-label="Selected detection">
      <span className="inspector-text" title={span.text}>
        “{span.text}”
      </span>
      <span className="inspector-meta">
        {source}
        {span.detectedType && ` · detected as ${entityTypeInfo(span.detectedType).label}`}
        {span.status === 'rejected' && (span.rejectedHere ? ' · rejected here' : ' · rejected')}
      </span>
      {many && (
        <select
          aria-label="Apply to"
          value={scope}
          onChange={(e) => onScope(e.target.value as DecisionScope)}
        >
          <option value="one">this one</option>
          <option value="all">all {occurrences} occurrences</option>
        </select>
      )}
      <TypeSelect label="Detection type" value={span.type} onChange={onRetype} />
      {span.status === 'accepted' ? (
        <button type="button" onClick={onReject}>
          {acting === 'all' ? `Reject all ${occurrences}` : 'Reject this one'}
        </button>
      ) : (
        <button type="button" onClick={onRestore}>
          Restore detection
        </button>
      )}
    </div>
  );
}

interface SelectionProps {
  readonly text: string;
  readonly onAdd: (type: EntityType) => void;
  readonly onDismiss: () => void;
}

export function SelectionBar({ text, onAdd, onDismiss }: SelectionProps) {
  const [type, setType] = useState<EntityType>('NAME');
  return (
    <div className="inspector" role="group" aria-label="Add selected text">
      <span className="inspector-text" title={text}>
        “{text}”
      </span>
      <TypeSelect label="Type for selected text" value={type} onChange={setType} />
      <button type="button" onClick={() => onAdd(type)}>
        Add detection
      </button>
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
