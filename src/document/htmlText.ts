/**
 * HTML as a person reads it: the lines it shows (every character reference decoded, scripts and
 * styles left out), then the link targets, alt texts and titles it holds, which a reader can
 * reach too. One reading for HTML files and HTML-only e-mails.
 */
import { Parser } from 'htmlparser2';

/** Elements that end a line where they close; cells end with a tab. */
const BLOCK =
  /^(?:p|div|br|tr|li|ul|ol|h[1-6]|table|section|article|header|footer|blockquote|pre|dt|dd|title|address|hr)$/;

/** HTML as the lines a reader sees, then the link targets, alt texts and titles it holds. */
export function htmlText(html: string): string {
  let text = '';
  const reachable: string[] = [];
  let skip = 0;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'script' || name === 'style' || name === 'template') skip++;
        for (const attr of ['alt', 'title', 'aria-label', 'placeholder', 'value', 'content']) {
          // A meta http-equiv's content is the format's (a charset, a refresh), not the author's.
          if (attr === 'content' && attrs['http-equiv'] !== undefined) continue;
          const value = attrs[attr]?.trim();
          if (value) reachable.push(value);
        }
        const href = attrs.href?.trim() ?? attrs.src?.trim();
        if (href && !/^(?:#|data:|javascript:)/i.test(href)) reachable.push(href);
        if (name === 'br') text += '\n';
      },
      ontext(data) {
        if (skip === 0) text += data.replace(/[ \t\r\n\f]+/g, ' ');
      },
      onclosetag(name) {
        if (name === 'script' || name === 'style' || name === 'template') skip--;
        else if (name === 'td' || name === 'th') text += '\t';
        else if (BLOCK.test(name)) text += '\n';
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const body = text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n[ \t]+/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const extra = [...new Set(reachable)].filter((v) => !body.includes(v));
  return extra.length > 0 ? `${body}\n\n${extra.join('\n')}` : body;
}
