/**
 * One colour per entity type for highlights and the legend. Light fills with dark text keep
 * every type readable (WCAG AA contrast) and still tell neighbouring spans apart.
 */
import type { EntityType } from '../../../src/domain/entityTypes.js';

export const TYPE_COLOURS: Readonly<Record<EntityType, string>> = {
  NAME: '#ffd6a5',
  COMPANY: '#caffbf',
  ADDRESS: '#9bf6ff',
  SSN: '#ffadad',
  CREDIT_CARD: '#ffc6ff',
  EMAIL: '#bdb2ff',
  PHONE: '#fdffb6',
  URL: '#a0c4ff',
};
