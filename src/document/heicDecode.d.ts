/** heic-decode ships no types: what we use of it (libheif compiled to WebAssembly). */
declare module 'heic-decode' {
  interface DecodedImage {
    readonly width: number;
    readonly height: number;
    /** RGBA, row by row. */
    readonly data: Uint8ClampedArray;
  }
  interface HeifImage {
    readonly width: number;
    readonly height: number;
    decode(): Promise<DecodedImage>;
  }
  function decode(input: { buffer: Uint8Array }): Promise<DecodedImage>;
  namespace decode {
    function all(input: { buffer: Uint8Array }): Promise<HeifImage[] & { dispose(): void }>;
  }
  export default decode;
}
