import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anonymise } from '../../src/anonymise/anonymise.js';
import {
  BUILT_IN_TYPES,
  entityTypeInfo,
  entityTypes,
  EntityTypeRegistry,
  parseEntityTypes,
} from '../../src/domain/entityTypes.js';
import { makeSpan } from '../../src/domain/span.js';
import { mergeSpans } from '../../src/merge/mergeSpans.js';

// The labelling policy sits beside the repository (../shared), on developer machines and here.
const LABELS = join(import.meta.dirname, '..', '..', '..', 'shared', 'LABELS.md');
if (!existsSync(LABELS)) console.warn(`skipping the LABELS.md table check: ${LABELS} not found`);

describe('the entity-type registry', () => {
  it('starts with the built-in types of LABELS.md, each with placeholder, label and colour', () => {
    const registry = new EntityTypeRegistry();
    expect(registry.list()).toEqual([...BUILT_IN_TYPES]);
    expect(registry.info('COMPANY').placeholder).toBe('[COMPANY NAME REDACTED]');
    expect(registry.info('PHONE').label).toBe('Phone Number');
    const colours = registry.list().map((t) => registry.info(t).colour);
    expect(new Set(colours).size).toBe(colours.length);
    expect(registry.columnOrder()).toEqual([
      'NAME',
      'PHONE',
      'EMAIL',
      'ADDRESS',
      'SSN',
      'CREDIT_CARD',
      'COMPANY',
      'URL',
      'BANK_ACCOUNT',
      'TAX_ID',
    ]);
    // The two rows LABELS.md added for financial identifiers, as written there.
    expect(registry.info('BANK_ACCOUNT').placeholder).toBe('[BANK ACCOUNT REDACTED]');
    expect(registry.info('TAX_ID').placeholder).toBe('[TAX ID REDACTED]');
  });

  it.skipIf(!existsSync(LABELS))(
    'has exactly the types and placeholders of the table in ../shared/LABELS.md',
    () => {
      const rows = [...readFileSync(LABELS, 'utf8').matchAll(/^\|\s*([A-Z_]+)\s*\|\s*`([^`]+)`/gm)];
      const table = rows.map((m) => [m[1], m[2]]);
      expect(table.length).toBeGreaterThanOrEqual(10);
      expect(table).toEqual(BUILT_IN_TYPES.map((t) => [t, entityTypeInfo(t).placeholder]));
    },
  );

  it('registers a type at run time with a derived placeholder and a colour of its own', () => {
    const registry = new EntityTypeRegistry();
    const info = registry.register({ type: 'CLIENT_CODE', label: 'Client code' });
    expect(info.placeholder).toBe('[CLIENT CODE REDACTED]');
    expect(info.colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(registry.list().at(-1)).toBe('CLIENT_CODE');
    expect(registry.columnOrder().at(-1)).toBe('CLIENT_CODE');
    // Registering the same definition again (another process, the same settings) is harmless.
    expect(registry.register({ type: 'CLIENT_CODE', label: 'Client code' })).toBe(info);
  });

  it('refuses bad names, bad colours and a second, different definition', () => {
    const registry = new EntityTypeRegistry();
    expect(() => registry.register({ type: 'client code', label: 'x' })).toThrow(/Invalid entity/);
    expect(() => registry.register({ type: 'X', label: 'x', colour: 'red' })).toThrow(/colour/);
    expect(() => registry.register({ type: 'NAME', label: 'Person' })).toThrow(/already/);
    expect(() => registry.info('NOPE')).toThrow(/Unknown entity type NOPE/);
  });

  it('makes a registered type usable by --types, merge and anonymise without other changes', () => {
    entityTypes.register({
      type: 'ACCOUNT_ID',
      label: 'Account ID',
      placeholder: '[ACCOUNT REDACTED]',
    });
    expect(parseEntityTypes('name,account_id')).toEqual(['NAME', 'ACCOUNT_ID']);
    expect(() => parseEntityTypes('ACCOUNT')).toThrow(/valid types: .*ACCOUNT_ID/);
    const text = 'Pay ACC-123456 for Jane Doe';
    const spans = mergeSpans(
      [
        makeSpan(text, 4, 14, 'ACCOUNT_ID', 1, 'manual'),
        makeSpan(text, 19, 27, 'NAME', 0.9, 'ner'),
      ],
      text,
    );
    expect(anonymise(text, spans)).toBe('Pay [ACCOUNT REDACTED] for [NAME REDACTED]');
    expect(entityTypeInfo('ACCOUNT_ID').label).toBe('Account ID');
  });
});
