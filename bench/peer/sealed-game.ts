import { createHash, randomBytes } from 'node:crypto';

/** One sealed answer, as published at reveal. */
export type Revealed = { player: string; answer: string; salt: string; commitment: string };

/** The peer game's state: boardgame.io sends all of G (through playerView) to every client on every move. */
export type SealedG = {
  round: number;
  open: boolean;
  /** Hidden by playerView: each client sees only its own entry. */
  sealed: Record<string, { answer: string; salt: string }>;
  commitments: Record<string, string>;
  /** Every reveal so far, as Veiltable's view keeps every declaration. */
  reveals: { round: number; answers: Revealed[] }[];
};

type MoveArgs = { G: SealedG; ctx: { numPlayers: number }; playerID: string };
type PlayerViewArgs = { G: SealedG; playerID: string | null | undefined };

const INVALID_MOVE = 'INVALID_MOVE';

/** Player "0" is the GM: it opens a round. */
function open({ G, playerID }: MoveArgs): void | typeof INVALID_MOVE {
  if (playerID !== '0' || G.open) return INVALID_MOVE;
  G.round += 1;
  G.open = true;
  G.sealed = {};
  G.commitments = {};
}

/** Every other player declares once per round; the last declaration reveals, as in Veiltable. */
function declare({ G, ctx, playerID }: MoveArgs, text: unknown): void | typeof INVALID_MOVE {
  if (playerID === '0' || !G.open || typeof text !== 'string' || text.length > 500 || G.sealed[playerID]) return INVALID_MOVE;
  const salt = randomBytes(16).toString('hex');
  G.sealed[playerID] = { answer: text, salt };
  G.commitments[playerID] = createHash('sha256').update(JSON.stringify({ kind: 'text', text }) + salt).digest('hex');
  if (Object.keys(G.sealed).length < ctx.numPlayers - 1) return;
  const answers = Object.entries(G.sealed).map(([player, s]) => ({ player, ...s, commitment: G.commitments[player] ?? '' }));
  G.reveals.push({ round: G.round, answers });
  G.open = false;
}

/**
 * The sealed-rounds scenario as a boardgame.io game: every player moves simultaneously in one stage.
 * Moves run on the server only (`client: false`): they draw salts, and a client must not see others' answers.
 */
export const sealedGame = {
  name: 'sealed',
  setup: (): SealedG => ({ round: 0, open: false, sealed: {}, commitments: {}, reveals: [] }),
  turn: {
    activePlayers: { all: 'table' },
    stages: {
      table: {
        moves: {
          open: { move: open, client: false },
          declare: { move: declare, client: false },
        },
      },
    },
  },
  playerView: ({ G, playerID }: PlayerViewArgs): SealedG => {
    const own = playerID ? G.sealed[playerID] : undefined;
    return { ...G, sealed: own && playerID ? { [playerID]: own } : {} };
  },
};
