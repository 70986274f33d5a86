/** Launches a new world is populated with. */
export const DEFAULT_LAUNCH_COUNT = 60;
/** Virtual hours of history behind a new world. */
export const DEFAULT_HISTORY_HOURS = 6;
