import type { Audience, Channel, RollVisibility } from '@veiltable/protocol';
import { audienceOf } from './line-kinds.ts';

/** The command the composer sends; the server reads a line that is a dice command as a roll. */
export type ChatSend = { type: 'chat.send'; to: Audience; channel: Channel; text: string; visibility: RollVisibility; as?: string };

/**
 * What the composer holds between lines: the text, its channel, its target ("all", "gm" or a seat id) and the
 * visibility of a roll, which goes back to everyone after each sent line unless pinned.
 */
export class ComposerState {
  text = $state('');
  channel = $state<Channel>('main');
  to = $state('all');
  visibility = $state<RollVisibility>('public');
  pinned = $state(false);

  /** The command for the current text, or null when there is nothing to send. */
  command(): ChatSend | null {
    const text = this.text.trim();
    if (text === '') return null;
    return { type: 'chat.send', to: audienceOf(this.to), channel: this.channel, text, visibility: this.visibility };
  }

  /** A line was sent and committed: the text is cleared, and the visibility too unless pinned. */
  sent(): void {
    this.text = '';
    if (!this.pinned) this.visibility = 'public';
  }

  /** A saved line from the palette fills the input. */
  fill(line: string): void {
    this.text = line;
  }

  /** The target is no longer offered (a seat that left, a role that cannot whisper there): back to everyone. */
  keepTarget(offered: readonly string[]): void {
    if (!offered.includes(this.to)) this.to = 'all';
  }
}
