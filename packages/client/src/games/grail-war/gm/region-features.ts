import type { GwRegionFeature } from '@veiltable/protocol/games/grail-war';

/** REGION-01's templates, in the protocol's order (gwRegionFeature), without loading its schema library into the page. */
export const REGION_FEATURES = ['sceneFunds', 'sceneXp', 'sceneInfo', 'laborStudyDouble', 'restBonus', 'nightMerit'] as const satisfies readonly GwRegionFeature[];
