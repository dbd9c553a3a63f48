// Receipt and proof images: PNG or JPEG up to 5 MB, told apart by their first
// bytes exactly as the server does (internal/platform/httpx.ImageType), so a
// renamed file is refused here with the same verdict.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_ACCEPT = 'image/png,image/jpeg';

export type ImageProblem = 'missing' | 'tooLarge' | 'wrongType';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

export function imageTypeOf(head: Uint8Array): 'image/png' | 'image/jpeg' | '' {
  const starts = (sig: number[]) => head.length >= sig.length && sig.every((b, i) => head[i] === b);
  if (starts(PNG)) return 'image/png';
  if (starts(JPEG)) return 'image/jpeg';
  return '';
}

async function head(file: Blob, n: number): Promise<Uint8Array> {
  const part = file.slice(0, n);
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(new Uint8Array(r.result as ArrayBuffer));
    r.onerror = () => reject(r.error);
    r.readAsArrayBuffer(part);
  });
}

/** Null when the file is an acceptable image, else what is wrong with it. */
export async function checkImage(file: File | null | undefined): Promise<ImageProblem | null> {
  if (!file) return 'missing';
  if (file.size > MAX_IMAGE_BYTES) return 'tooLarge';
  if (file.size === 0) return 'wrongType';
  return imageTypeOf(await head(file, 8)) ? null : 'wrongType';
}
