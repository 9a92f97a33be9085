import type { Viewer } from '@veiltable/protocol';
import type { Send } from './send.ts';

/** What the room hands every game's table, `V` being that game's view. */
export interface TableProps<V> {
  view: V;
  viewer: Viewer;
  send: Send;
  roomId: string;
  gmToken: string;
  /** True while offline: the table is shown dimmed. */
  stale: boolean;
  /** The connection's state while it is not online, kept in sight on a phone. */
  banner: string | null;
  bannerBad: boolean;
}
