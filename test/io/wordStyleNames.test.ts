import { describe, expect, it } from 'vitest';
import { isWordStyleName } from '../../src/document/wordStyleNames.js';

describe('isWordStyleName', () => {
  it("knows Word's names for its built-in styles and their linked character styles", () => {
    for (const name of [
      'Normal',
      'heading 1',
      'Footer Char',
      'Intense Quote Char',
      'Grid Table 4 - Accent 1',
      'Medium Shading 1 Accent 2',
      'List Bullet 3',
      'Default Paragraph Font',
    ])
      expect(isWordStyleName(name), name).toBe(true);
  });

  it('leaves a name a document gave its own style to be read', () => {
    for (const name of [
      'Letter to Margaret Ellingham',
      'Margaret Char',
      'Footer for Acme',
      'heading 12',
    ])
      expect(isWordStyleName(name), name).toBe(false);
  });
});
