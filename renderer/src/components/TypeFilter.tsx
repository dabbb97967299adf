/** The legend doubles as the type filter: each type's colour, name and an on/off checkbox. */
import {
  ENTITY_TYPES,
  ENTITY_TYPE_INFO,
  type EntityType,
} from '../../../src/domain/entityTypes.js';
import { TYPE_COLOURS } from '../review/typeColours.js';

interface Props {
  readonly enabled: ReadonlySet<EntityType>;
  readonly onToggle: (type: EntityType, on: boolean) => void;
}

export function TypeFilter({ enabled, onToggle }: Props) {
  return (
    <fieldset className="type-filter">
      <legend>Entity types</legend>
      {ENTITY_TYPES.map((type) => (
        <label key={type} className="type-chip">
          <input
            type="checkbox"
            checked={enabled.has(type)}
            onChange={(e) => onToggle(type, e.target.checked)}
          />
          <span
            className="swatch"
            style={{ backgroundColor: TYPE_COLOURS[type] }}
            aria-hidden="true"
          />
          {ENTITY_TYPE_INFO[type].label}
        </label>
      ))}
    </fieldset>
  );
}
