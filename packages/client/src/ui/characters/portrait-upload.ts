import type { PortraitUploadResponse } from '@veiltable/protocol';
import { PORTRAIT_BYTES } from './cast.ts';

/** An upload's outcome: the portrait's hash, or a code to translate (`rejection.<CODE>`). */
export type UploadResult = { ok: true; hash: string } | { ok: false; code: string };

/** Types the server takes; others are refused before sending (the server would answer UNSUPPORTED_IMAGE). */
export const PORTRAIT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** A file refused before it is sent, with the server's own codes; null when it may go. */
export function precheck(file: { size: number; type: string }): string | null {
  if (!(PORTRAIT_TYPES as readonly string[]).includes(file.type)) return 'UNSUPPORTED_IMAGE';
  if (file.size > PORTRAIT_BYTES) return 'TOO_LARGE_IMAGE';
  return null;
}

/**
 * Sends an image to the room's portrait route with this page's link token. XMLHttpRequest rather than fetch: it
 * reports the upload's progress (0…1) as it goes.
 */
export function uploadPortrait(roomId: string, token: string, file: Blob, onProgress: (fraction: number) => void): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/rooms/${encodeURIComponent(roomId)}/portraits`);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => resolve({ ok: false, code: 'NETWORK' });
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      if (xhr.status >= 200 && xhr.status < 300 && typeof record.hash === 'string') resolve({ ok: true, hash: (body as PortraitUploadResponse).hash });
      // The server's TOO_LARGE is the body limit: for a picture it says the file is too big.
      else if (typeof record.error === 'string') resolve({ ok: false, code: record.error === 'TOO_LARGE' ? 'TOO_LARGE_IMAGE' : record.error });
      else resolve({ ok: false, code: xhr.status >= 200 && xhr.status < 300 ? 'BAD_RESPONSE' : `HTTP_${xhr.status}` });
    };
    xhr.send(file);
  });
}
