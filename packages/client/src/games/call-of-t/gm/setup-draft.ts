/** The setup form's skill field: "see=50, listen=45" ⇄ { see: 50, listen: 45 }. */

/** Parses "name=value" pairs separated by commas or new lines; malformed pairs are left out. */
export function parseSkills(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of text.split(/[,\n、]/)) {
    const match = /^\s*([^=]+?)\s*=\s*(-?\d+)\s*$/.exec(part);
    if (match) out[match[1]!] = Number(match[2]);
  }
  return out;
}

export function skillsText(skills: Record<string, number>): string {
  return Object.entries(skills)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
}
