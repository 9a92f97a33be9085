import type { ActorRef, characterCommands } from '@veiltable/protocol';
import { CHARACTER_LIMITS } from '@veiltable/protocol';
import type { z } from 'zod';
import type { Capability } from '../../kernel/capability.ts';
import type { Ctx } from '../../kernel/define-game.ts';
import { EVERYONE } from '../../kernel/events.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import { requireMember } from '../seats/seats.ts';
import type { CastCharacter, CastSlice } from './cast.ts';
import { characterFor, entitledAudience, findCharacter, mayEdit, ownerKey, SEAT_COLORS, seatCast, storedCharacter } from './cast.ts';

export type CharacterCommand = z.infer<(typeof characterCommands)[number]>;

/** The largest count an id can carry (characterId allows five digits). */
const MAX_COUNT = 99999;

/** The stored character the actor may edit, or why not (CAST-01, CAST-02). */
function editable(ctx: Ctx<CastSlice>, id: string): Result<CastCharacter> {
  const who = requireMember(ctx);
  if (!who.ok) return who;
  const found = findCharacter(ctx.state, ctx.seats(), id);
  if (!found) return err('NO_SUCH_CHARACTER', 'CAST-02');
  if (!mayEdit(found, ctx.actor)) return err('NOT_YOUR_CHARACTER', 'CAST-01');
  return ok(storedCharacter(ctx.state, ctx.seats(), id)!);
}

/** Tells the character's owner and the GM all of it, everyone else its public face (CAST-06). */
function emitChanged(ctx: Ctx<CastSlice>, c: CastCharacter): void {
  ctx.emit({
    type: 'cast.changed',
    parts: [
      { to: entitledAudience(c), seen: { type: 'cast.changed', character: characterFor(c, true) } },
      { to: EVERYONE, seen: { type: 'cast.changed', character: characterFor(c, false) } },
    ],
  });
}

/** Characters: each seat's own (at least one, CAST-03) and the GM's NPCs, with a palette and an optional secret face. */
export const characters: Capability<CastSlice, CharacterCommand> = {
  id: 'characters',
  handlers: {
    'cast.add': (ctx, command) => {
      const who = requireMember(ctx);
      if (!who.ok) return who;
      const seats = ctx.seats();
      const seat = ctx.actor.role === 'player' ? ctx.actor.seat : command.seat;
      if (ctx.actor.role === 'player' && command.seat !== undefined && command.seat !== seat) return err('NOT_YOUR_CHARACTER', 'CAST-01');
      const index = seat === undefined ? -1 : seats.findIndex((s) => s.id === seat);
      if (seat !== undefined && index < 0) return err('NO_SUCH_SEAT');
      const owner: ActorRef = seat === undefined ? { role: 'gm' } : { role: 'player', seat };
      const key = ownerKey(owner);
      // The seat's first character is stored before the new one, so it stays first.
      if (seat !== undefined) storedCharacter(ctx.state, seats, seatCast(ctx.state, seats, seat)[0]!.id);
      const own = ctx.state.cast.characters.filter((c) => ownerKey(c.owner) === key).length;
      const n = (ctx.state.cast.counts[key] ?? 0) + 1;
      if (own >= CHARACTER_LIMITS.perOwner || n > MAX_COUNT) return err('TOO_MANY_CHARACTERS', 'CAST-04');
      ctx.state.cast.counts[key] = n;
      const color = command.color ?? SEAT_COLORS[(seat === undefined ? n - 1 : index) % SEAT_COLORS.length]!;
      const c: CastCharacter = { id: `${key}.c${n}`, owner, name: command.name, color, palette: [] };
      ctx.state.cast.characters.push(c);
      emitChanged(ctx, c);
      return ok(undefined);
    },
    'cast.set': (ctx, command) => {
      const found = editable(ctx, command.character);
      if (!found.ok) return found;
      const c = found.value;
      if (command.name !== undefined) c.name = command.name;
      if (command.color !== undefined) c.color = command.color;
      if (command.portrait === null) delete c.portrait;
      else if (command.portrait !== undefined) c.portrait = command.portrait;
      const secret = command.secret && { ...(command.secret.name ? { name: command.secret.name } : {}), ...(command.secret.portrait ? { portrait: command.secret.portrait } : {}) };
      // A secret face with neither name nor portrait is no secret face.
      if (command.secret === null || (secret && Object.keys(secret).length === 0)) delete c.secret;
      else if (secret) c.secret = secret;
      emitChanged(ctx, c);
      return ok(undefined);
    },
    'cast.remove': (ctx, command) => {
      const found = editable(ctx, command.character);
      if (!found.ok) return found;
      const c = found.value;
      if (c.owner.role === 'player' && seatCast(ctx.state, ctx.seats(), c.owner.seat).length <= 1) return err('LAST_CHARACTER', 'CAST-03');
      ctx.state.cast.characters.splice(ctx.state.cast.characters.findIndex((s) => s.id === c.id), 1);
      ctx.emit({ type: 'cast.removed', parts: [{ to: EVERYONE, seen: { type: 'cast.removed', character: c.id } }] });
      return ok(undefined);
    },
    'cast.palette': (ctx, command) => {
      const found = editable(ctx, command.character);
      if (!found.ok) return found;
      found.value.palette = [...command.lines];
      emitChanged(ctx, found.value);
      return ok(undefined);
    },
  },
};
