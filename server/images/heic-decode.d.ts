// heic-decode 2.1.0 ships no types: the part of its API server/images/heic.ts uses.
declare module 'heic-decode' {
  interface DecodedHeic {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel, row by row. */
    data: Uint8ClampedArray;
  }
  interface HeicImage {
    width: number;
    height: number;
    decode(): Promise<DecodedHeic>;
  }
  interface Decode {
    (input: { buffer: Uint8Array }): Promise<DecodedHeic>;
    /** The file's images with their sizes, not yet decoded; `dispose()` frees them. */
    all(input: { buffer: Uint8Array }): Promise<HeicImage[] & { dispose(): void }>;
  }
  const decode: Decode;
  export default decode;
}
