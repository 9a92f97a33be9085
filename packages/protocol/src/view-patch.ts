import { z } from 'zod';

/**
 * A view patch: the changes that turn the view a client holds into the next one, as JSON values. Ops apply in
 * order, each to the result of the ones before it; a path names object keys (strings) and array indexes (numbers)
 * from the view's root. `set` writes a key or an index, `del` removes a key, `splice` edits an array in place
 * (`remove` items from `at`, then `items` inserted there).
 */
const pathSegment = z.union([z.string().max(200), z.number().int().min(0)]);
const patchPath = z.array(pathSegment).max(64);

export const patchOp = z.discriminatedUnion('op', [
  z.object({ op: z.literal('set'), path: patchPath, value: z.unknown() }),
  z.object({ op: z.literal('del'), path: patchPath.min(1) }),
  z.object({
    op: z.literal('splice'),
    path: patchPath,
    at: z.number().int().min(0),
    remove: z.number().int().min(0),
    items: z.array(z.unknown()),
  }),
]);
export type PatchOp = z.infer<typeof patchOp>;
export type PatchPath = PatchOp['path'];

/** The patch on an `update`: `base` is the seq of the view it applies to, the one the client last received. */
export const viewPatch = z.object({ base: z.number().int().min(0), ops: z.array(patchOp) });
export type ViewPatch = z.infer<typeof viewPatch>;
