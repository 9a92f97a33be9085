import type { I18n } from '../shell/i18n/i18n.svelte.ts';
import type { ConnectionStatus } from './connection.svelte.ts';

type Shown = { status: ConnectionStatus; reconnectAttempt: number; reason: string | null };

/** The connection state as one short sentence, with the retry count while socket.io reconnects. */
export function connectionLabel(c: Shown, i18n: I18n): string {
  switch (c.status) {
    case 'online':
      return i18n.t('conn.online');
    case 'connecting':
    case 'offline':
      if (c.reconnectAttempt > 0) return i18n.t('conn.reconnecting', { n: c.reconnectAttempt });
      return c.status === 'connecting' ? i18n.t('conn.connecting') : i18n.t('conn.offline');
    case 'kicked':
      return i18n.t('conn.kicked', { reason: i18n.rejection(c.reason ?? '?') });
  }
}
