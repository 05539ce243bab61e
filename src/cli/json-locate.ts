// The locator moved to the core's utilities (the repository check places findings with it too).
export { locateJsonPointer } from '../util/json-locate.js';
export type { TextPosition } from '../util/json-locate.js';
