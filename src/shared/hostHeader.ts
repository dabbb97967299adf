/**
 * Which Host headers a local server answers. A server bound to loopback is still reachable from
 * any web page the user opens, through DNS rebinding: the page's own name resolves to 127.0.0.1
 * and the browser sends that name as Host. Answering only loopback names (and names the operator
 * chose) closes that door; the app's bridge and `finredact serve` share this rule.
 */

/** Whether an address to bind is this machine only. */
export function isLoopback(host: string): boolean {
  return /^127(?:\.\d{1,3}){3}$/.test(host) || host === '::1' || host === 'localhost';
}

/** A Host header's name and port ("[::1]:8080" → "::1", 8080); undefined when malformed. */
export function parseHostHeader(
  header: string | undefined,
): { name: string; port: number | undefined } | undefined {
  if (!header) return undefined;
  const m = /^(?:\[([0-9a-f:.]+)\]|([^:[\]\s/]+))(?::(\d{1,5}))?$/i.exec(header.trim());
  if (!m) return undefined;
  const name = (m[1] ?? m[2] ?? '').toLowerCase().replace(/\.$/, '');
  return { name, port: m[3] === undefined ? undefined : Number(m[3]) };
}

export interface HostRule {
  /** The port the server listens on; a Host with another port is refused. */
  readonly port: number;
  /** Names accepted besides the loopback ones (the address the operator bound, say). */
  readonly names?: readonly string[];
  /** Whether a Host without a port (the scheme's default) is accepted. */
  readonly portOptional?: boolean;
}

export function acceptsHost(header: string | undefined, rule: HostRule): boolean {
  const host = parseHostHeader(header);
  if (!host) return false;
  const portOk = host.port === undefined ? rule.portOptional === true : host.port === rule.port;
  if (!portOk) return false;
  if (isLoopback(host.name)) return true;
  return (rule.names ?? []).some((n) => n.toLowerCase().replace(/^\[|\]$/g, '') === host.name);
}
