/**
 * Types a reviewer gives by hand that no detector finds: "Other identifier" — an order,
 * customer, policy or case number the reviewer knows identifies someone. Registered by the app's
 * bridge (so an export accepts it) and by the renderer (so the review offers it); detection and
 * the CLI never see it. A reviewer's span always passes the policy, so no filter hides it.
 */
import { entityTypes } from './entityTypes.js';

export const OTHER_IDENTIFIER = 'OTHER_ID';

entityTypes.register({
  type: OTHER_IDENTIFIER,
  label: 'Other identifier',
  placeholder: '[IDENTIFIER REDACTED]',
  colour: '#a3a3a3',
});

/** Types only a reviewer gives: the detection filters do not list them. */
export const REVIEW_ONLY_TYPES: readonly string[] = [OTHER_IDENTIFIER];
