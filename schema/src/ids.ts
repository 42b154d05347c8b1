const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
const RANDOM_PART_LENGTH = 9;

/** Nine lowercase base-36 characters, one `random()` call per character. */
export function randomIdPart(random: () => number = Math.random): string {
  let part = '';
  for (let i = 0; i < RANDOM_PART_LENGTH; i += 1) {
    const index = Math.min(BASE36.length - 1, Math.max(0, Math.floor(random() * BASE36.length)));
    part += BASE36.charAt(index);
  }
  return part;
}

/** `plugin_{time}_{random}`: the id of a block placed on the canvas. */
export function newPluginId(now: number = Date.now(), random: () => number = Math.random): string {
  return `plugin_${now}_${randomIdPart(random)}`;
}

/** `conn_{time}_{random}`: the id of a connection between two blocks. */
export function newConnectionId(now: number = Date.now(), random: () => number = Math.random): string {
  return `conn_${now}_${randomIdPart(random)}`;
}
