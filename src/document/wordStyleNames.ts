/**
 * Word's own style names ("Normal", "heading 1", "Footer Char", "Grid Table 4 - Accent 1"): the
 * names Word gives its built-in styles, in every document that uses them, so they are no one's
 * words. Read as a document's text they only feed the detector lines such as "Footer Char",
 * which a model takes for a person. A style the document named itself is read as before.
 */
const FIXED = new Set(
  [
    'normal',
    'normal indent',
    'normal (web)',
    'normal table',
    'table normal',
    'default paragraph font',
    'no list',
    'table grid',
    'table theme',
    'header',
    'footer',
    'title',
    'subtitle',
    'quote',
    'intense quote',
    'caption',
    'macro',
    'macro text',
    'plain text',
    'balloon text',
    'body text',
    'body text 2',
    'body text 3',
    'body text indent',
    'body text indent 2',
    'body text indent 3',
    'body text first indent',
    'body text first indent 2',
    'block text',
    'closing',
    'signature',
    'salutation',
    'date',
    'note heading',
    'message header',
    'e-mail signature',
    'envelope address',
    'envelope return',
    'hyperlink',
    'followedhyperlink',
    'strong',
    'emphasis',
    'document map',
    'footnote text',
    'footnote reference',
    'endnote text',
    'endnote reference',
    'annotation text',
    'annotation reference',
    'annotation subject',
    'comment text',
    'comment reference',
    'comment subject',
    'line number',
    'page number',
    'index heading',
    'table of figures',
    'table of authorities',
    'toa heading',
    'toc heading',
    'list paragraph',
    'no spacing',
    'placeholder text',
    'revision',
    'subtle emphasis',
    'intense emphasis',
    'subtle reference',
    'intense reference',
    'book title',
    'bibliography',
    'mention',
    'smart hyperlink',
    'hashtag',
    'unresolved mention',
    'smart link',
    'list',
    'list bullet',
    'list number',
    'list continue',
    'table contemporary',
    'table elegant',
    'table professional',
  ].concat(
    'acronym address cite code definition keyboard preformatted sample typewriter variable'
      .split(' ')
      .map((w) => `html ${w}`),
    ['html top of form', 'html bottom of form', 'z-top of form', 'z-bottom of form'],
  ),
);

const NUMBERED =
  /^(?:heading|toc|index|list|list bullet|list number|list continue|outline list|table simple|table classic|table colorful|table columns|table grid|table list|table 3d effects|table subtle|table web|plain table) \d$/u;
const SHADED =
  /^(?:light|medium|dark|colorful) (?:shading|list|grid)(?: \d)?(?: -)?(?: accent \d)?$/u;
const TABLES = /^(?:grid|list) table \d(?: light| dark| colorful)?(?: - accent \d)?$/u;

/** Whether `name` is Word's name for a built-in style, or for the character style linked to one. */
export function isWordStyleName(name: string): boolean {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .replace(/ char$/u, '');
  return FIXED.has(key) || NUMBERED.test(key) || SHADED.test(key) || TABLES.test(key);
}
