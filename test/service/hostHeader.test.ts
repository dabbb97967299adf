/** The Host rule the bridge and `finredact serve` share. */
import { describe, expect, it } from 'vitest';
import { acceptsHost, isLoopback, parseHostHeader } from '../../src/shared/hostHeader.js';

describe('acceptsHost', () => {
  it('answers loopback names on our port only', () => {
    for (const h of ['127.0.0.1:8080', 'localhost:8080', 'LOCALHOST:8080', '[::1]:8080'])
      expect(acceptsHost(h, { port: 8080 }), h).toBe(true);
    for (const h of [
      '127.0.0.1:8081',
      'localhost',
      'evil.example:8080',
      'localhost.evil.example:8080',
    ])
      expect(acceptsHost(h, { port: 8080 }), h).toBe(false);
  });

  it('refuses what is malformed or missing', () => {
    for (const h of [
      undefined,
      '',
      ' ',
      'a b:8080',
      'localhost:8080/x',
      '[::1',
      'localhost:99999x',
    ])
      expect(acceptsHost(h, { port: 8080 }), String(h)).toBe(false);
  });

  it('adds the names the operator bound, and a bare name on port 80 when allowed', () => {
    expect(acceptsHost('10.0.0.5:8080', { port: 8080, names: ['10.0.0.5'] })).toBe(true);
    expect(acceptsHost('10.0.0.6:8080', { port: 8080, names: ['10.0.0.5'] })).toBe(false);
    expect(acceptsHost('localhost', { port: 80, portOptional: true })).toBe(true);
  });

  it('parses names and ports', () => {
    expect(parseHostHeader('[::1]:3000')).toEqual({ name: '::1', port: 3000 });
    expect(parseHostHeader('Example.org.')).toEqual({ name: 'example.org', port: undefined });
    expect(isLoopback('127.0.0.2')).toBe(true);
    expect(isLoopback('0.0.0.0')).toBe(false);
  });
});
