import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** The CPU's model name and the vector extensions that decide onnxruntime's int8 kernels. */
export function cpuSummary(): string {
  let flags = '';
  try {
    flags = /^flags\s*:\s*(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? '';
  } catch {
    // Not Linux: the model name alone.
  }
  const has = (f: string): boolean => flags.split(' ').includes(f);
  const ext = ['avx2', 'avx512f', 'avx512_vnni', 'avx_vnni', 'amx_int8'].filter(has);
  return `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, ${ext.length ? ext.join(' ') : 'no AVX2'}`;
}
