/**
 * Puts text on the clipboard. Plain http (a LAN address) has no clipboard API: then the field given is selected
 * and the browser's own copy is tried, so the user can at least copy it by hand.
 */
export async function copyText(text: string, field?: HTMLInputElement | HTMLTextAreaElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    field?.select();
    document.execCommand?.('copy');
  }
}
