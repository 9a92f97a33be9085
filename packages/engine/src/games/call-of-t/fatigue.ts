import type { Activity } from './phase.ts';
import type { Character, RestLoad } from './state.ts';

/** LTF in thirds for one square moved, by movement load (T-MOVE, COT-TIM-06); null above STR+CON+16 (GM). */
export function moveCostThirds(c: Pick<Character, 'str' | 'con' | 'moveLoad'>): number | null {
  const load = c.moveLoad;
  if (load <= c.str) return 2;
  if (load <= c.str + c.con) return 3;
  if (load <= c.str + c.con + 8) return 6;
  if (load <= c.str + c.con + 16) return 9;
  return null;
}

const ACTIVITY_MOD: Record<Activity, number> = { sleep: 0, rest: -2, watch: -4 };
const LOAD_MOD: Record<RestLoad, number> = { leather: 0, halfStr: -2, str: -4, strCon: -8 };

/** Adjusted CON for a wait: CON + activity modifier + worn-load modifier (T-REC b, c). */
export function adjustedCon(con: number, activity: Activity, load: RestLoad): number {
  return con + ACTIVITY_MOD[activity] + LOAD_MOD[load];
}

/** Whole LTF points recovered for an adjusted CON (T-REC a); bands of 6 continue above 21, nothing below 4. */
export function recoveryFor(adjusted: number): number {
  if (adjusted < 4) return 0;
  return 1 + Math.floor((adjusted - 4) / 6);
}

/** [荷重] load of one character: ceil((moveLoad − (STR+CON)) / 8), never below 0 (COT-OBS-02). */
export function obstacleLoad(c: Pick<Character, 'str' | 'con' | 'moveLoad'>): number {
  return Math.max(0, Math.ceil((c.moveLoad - (c.str + c.con)) / 8));
}
