/** uuencoding (the `begin 644 name` … `end` body format), for the mail fixtures: 45 bytes a line. */
export function uuLines(bytes: Uint8Array): string[] {
  const char = (n: number) => (n === 0 ? '`' : String.fromCharCode(n + 32));
  const lines: string[] = [];
  for (let i = 0; i < bytes.length; i += 45) {
    const chunk = bytes.subarray(i, i + 45);
    let line = char(chunk.length);
    for (let j = 0; j < chunk.length; j += 3) {
      const [a = 0, b = 0, c = 0] = [chunk[j], chunk[j + 1], chunk[j + 2]];
      line += char(a >> 2) + char(((a & 3) << 4) | (b >> 4));
      line += char(((b & 15) << 2) | (c >> 6)) + char(c & 63);
    }
    lines.push(line);
  }
  return lines;
}
