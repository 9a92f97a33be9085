import { portraitUploadResponse } from '@veiltable/protocol';

/** Uploads image bytes as a portrait of the room with a member's link token; the portrait's hash. */
export async function uploadPortrait(baseUrl: string, roomId: string, token: string, bytes: Buffer, type = 'image/png'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/rooms/${roomId}/portraits`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': type }, body: new Uint8Array(bytes) });
  const text = await res.text();
  if (!res.ok) throw new Error(`portrait upload → ${res.status}: ${text}`);
  return portraitUploadResponse.parse(JSON.parse(text)).hash;
}
