type Schema = Record<string, unknown>;

interface Bounds {
  low: number | undefined;
  lowExclusive: boolean;
  high: number | undefined;
  highExclusive: boolean;
}

function boundsOf(schema: Schema): Bounds {
  const bounds: Bounds = { low: undefined, lowExclusive: false, high: undefined, highExclusive: false };
  const tighten = (value: unknown, exclusive: boolean, side: 'low' | 'high') => {
    if (typeof value !== 'number') return;
    const current = bounds[side];
    const tighter = current === undefined || (side === 'low' ? value >= current : value <= current);
    if (!tighter) return;
    bounds[side] = value;
    bounds[side === 'low' ? 'lowExclusive' : 'highExclusive'] = exclusive;
  };
  // Draft 4 wrote exclusiveMinimum: true next to minimum.
  tighten(schema.minimum, schema.exclusiveMinimum === true, 'low');
  tighten(schema.exclusiveMinimum, true, 'low');
  tighten(schema.maximum, schema.exclusiveMaximum === true, 'high');
  tighten(schema.exclusiveMaximum, true, 'high');
  return bounds;
}

function inBounds(value: number, b: Bounds): boolean {
  if (b.low !== undefined && (b.lowExclusive ? value <= b.low : value < b.low)) return false;
  if (b.high !== undefined && (b.highExclusive ? value >= b.high : value > b.high)) return false;
  return true;
}

function isMultiple(value: number, multipleOf: unknown): boolean {
  return typeof multipleOf !== 'number' || multipleOf <= 0 || (value / multipleOf) % 1 === 0;
}

/** An integer within the schema's bounds (and multipleOf), varied by seed and array position. */
export function exampleInteger(schema: Schema, seed: number, index: number): number {
  const b = boundsOf(schema);
  const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : 1;
  const low = b.low === undefined ? undefined : b.lowExclusive ? Math.floor(b.low) + 1 : Math.ceil(b.low);
  const high =
    b.high === undefined ? undefined : b.highExclusive ? Math.ceil(b.high) - 1 : Math.floor(b.high);
  const start = low ?? (high !== undefined ? Math.min(high - 9, 1) : 1);
  const span = low !== undefined && high !== undefined ? high - low + 1 : 10;
  const offset = (seed + index) % Math.max(span, 1);
  for (let tries = 0; tries < Math.max(span, 1) && tries < 1000; tries++) {
    const candidate = start + ((offset + tries) % Math.max(span, 1));
    if (candidate % step === 0 && inBounds(candidate, b)) return candidate;
  }
  const multiple = Math.ceil(start / step) * step;
  return inBounds(multiple, b) ? multiple : start;
}

/** A number within the schema's bounds, two decimals when possible (confidence 0..1 gives e.g. 0.61). */
export function exampleNumber(schema: Schema, seed: number, index: number): number {
  const b = boundsOf(schema);
  const fraction = 0.2 + ((seed + index * 17) % 61) / 100; // 0.20 .. 0.80
  let value: number;
  if (b.low !== undefined && b.high !== undefined) value = b.low + (b.high - b.low) * fraction;
  else if (b.low !== undefined) value = b.low + 1 + (seed % 10);
  else if (b.high !== undefined) value = b.high - 1 - (seed % 10);
  else value = ((seed + index) % 1000) / 100;
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
    const m = schema.multipleOf;
    for (const k of [Math.round(value / m), Math.ceil(value / m), Math.floor(value / m)]) {
      for (const candidate of [k * m, Number((k * m).toPrecision(12))]) {
        if (inBounds(candidate, b) && isMultiple(candidate, m)) return candidate;
      }
    }
    return value;
  }
  const rounded = Math.round(value * 100) / 100;
  if (inBounds(rounded, b)) return rounded;
  return inBounds(value, b) ? value : (b.low ?? 0);
}
