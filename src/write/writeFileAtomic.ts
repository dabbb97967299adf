/** The writers' atomic file writes; the implementation is stage-neutral (src/shared). */
export { writeFileAtomic, writeStreamAtomic } from '../shared/writeFileAtomic.js';
