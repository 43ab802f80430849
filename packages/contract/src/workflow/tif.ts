/** Temporary-item workflow status codes (spec 4). */
export const TIF_STATUSES = ['P', 'A', 'D', 'RfC', 'RfA', 'RfD', 'RfR'] as const;
export type TTifStatus = (typeof TIF_STATUSES)[number];

/** Admin action codes (spec 4). */
export const TIF_ACTIONS = ['a', 'd', 'c', 'i', 'r', 'DUP', 'RES'] as const;
export type TTifAction = (typeof TIF_ACTIONS)[number];
