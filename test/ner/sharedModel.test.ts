/**
 * Two detectors in one process share the model (the app's names preview and an export run side
 * by side): closing one leaves the other working, and the last to close releases the model.
 */
import { describe, expect, it } from 'vitest';
import { defaultModelDir } from '../../src/detect/nerLoader.js';
import { createNerRecognizer } from '../../src/detect/ner/nerRecognizer.js';

const TEXT = 'Please send the contract to Margaret Ellingham before Friday.';

describe('the shared NER model', () => {
  it('stays loaded while another detector still holds it', async () => {
    const modelDir = defaultModelDir();
    const first = await createNerRecognizer({ modelDir });
    const second = await createNerRecognizer({ modelDir });
    await first.close();
    // Closing twice gives back one hold only.
    await first.close();
    const spans = await second.analyze(TEXT);
    expect(spans.map((s) => TEXT.slice(s.start, s.end))).toContain('Margaret Ellingham');
    await second.close();
    // Released by the last holder: a new detector loads the model afresh and works.
    const third = await createNerRecognizer({ modelDir });
    expect((await third.analyze(TEXT)).length).toBeGreaterThan(0);
    await third.close();
  }, 60_000);
});
