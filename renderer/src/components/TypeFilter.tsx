/** The legend doubles as the type filter: each type's colour, name and an on/off checkbox. */
import { entityTypes, entityTypeInfo, type EntityType } from '../../../src/domain/entityTypes.js';
import { REVIEW_ONLY_TYPES } from '../../../src/domain/reviewTypes.js';

interface Props {
  readonly enabled: ReadonlySet<EntityType>;
  readonly onToggle: (type: EntityType, on: boolean) => void;
}

export function TypeFilter({ enabled, onToggle }: Props) {
  return (
    <fieldset className="type-filter">
      <legend>Entity types</legend>
      {entityTypes
        .list()
        .filter((type) => !REVIEW_ONLY_TYPES.includes(type))
        .map((type) => (
          <label key={type} className="type-chip">
            <input
              type="checkbox"
              checked={enabled.has(type)}
              onChange={(e) => onToggle(type, e.target.checked)}
            />
            <span
              className="swatch"
              style={{ backgroundColor: entityTypeInfo(type).colour }}
              aria-hidden="true"
            />
            {entityTypeInfo(type).label}
          </label>
        ))}
      {REVIEW_ONLY_TYPES.map((type) => (
        // A reviewer's own type: no detector finds it and no filter hides it, so it has a colour
        // in the legend but no switch.
        <span key={type} className="type-chip" title="Given by you in review; always redacted">
          <span
            className="swatch"
            style={{ backgroundColor: entityTypeInfo(type).colour }}
            aria-hidden="true"
          />
          {entityTypeInfo(type).label} (yours)
        </span>
      ))}
    </fieldset>
  );
}
