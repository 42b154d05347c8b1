import { secretMask } from '@blocksmith/schema';

/**
 * The shortest part of a secret that is masked on its own: any run of this many consecutive
 * characters of a secret's value (a prefix, a suffix or a middle part) is masked wherever it
 * appears, so text cut inside a secret (an excerpt, a truncated echo) does not show most of it.
 * A secret shorter than this is masked whole only.
 */
export const MIN_SECRET_FRAGMENT = 8;

const N = MIN_SECRET_FRAGMENT;
/** Held here, so the loop over every character does not look a global up each time. */
const imul = Math.imul;
/** Multiplier of the rolling hash over UTF-16 code units (odd, so every unit counts). */
const BASE = 0x01000193;
/** BASE^(N-1) mod 2^32: what the unit leaving the window weighs. */
const OUTGOING = Array.from({ length: N - 1 }).reduce<number>((power) => imul(power, BASE), 1);
/** Bits of the filter checked before the index: most windows of ordinary text stop there. */
const FILTER_BITS = 1 << 16;

/** A secret's forms as they may appear in text: as it is, inside a JSON string, percent-encoded. */
function formsOf(value: string): string[] {
  const forms = new Set([value, JSON.stringify(value).slice(1, -1)]);
  try {
    forms.add(encodeURIComponent(value));
  } catch {
    // A lone surrogate has no percent-encoded form.
  }
  return [...forms];
}

function windowHash(text: string, start: number): number {
  let hash = 0;
  for (let k = start; k < start + N; k++) hash = (imul(hash, BASE) + text.charCodeAt(k)) >>> 0;
  return hash;
}

interface Gram {
  text: string;
  /** The secrets it is part of. */
  names: string[];
}

/** Stretches of text to mask, in order, with the secrets each holds. */
class Stretches {
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  readonly names: string[][] = [];

  /** Adds [start, end); ranges come in order of start, and overlapping ones join. */
  add(start: number, end: number, names: readonly string[]): void {
    const last = this.ends.length - 1;
    if (last >= 0 && start < this.ends[last]!) {
      if (end > this.ends[last]!) this.ends[last] = end;
      for (const name of names) if (!this.names[last]!.includes(name)) this.names[last]!.push(name);
      return;
    }
    this.starts.push(start);
    this.ends.push(end);
    this.names.push([...names]);
  }
}

/**
 * Masks a set of secrets in text: whole values, and every run of MIN_SECRET_FRAGMENT or more
 * characters of one, each masked stretch written as `[secret NAME]`. Built once per set of secrets
 * (an index of each value's MIN_SECRET_FRAGMENT-character windows), it reads text in one pass with
 * a rolling hash: a text's every window is looked up, and the stretch masked is the union of the
 * windows found, so a part of any length from MIN_SECRET_FRAGMENT up is masked whole.
 */
export class SecretMask {
  private readonly grams = new Map<number, Gram[]>();
  private readonly filter = new Uint32Array(FILTER_BITS >>> 5);
  /** Secrets shorter than a fragment, masked only whole. */
  private readonly whole: { name: string; value: string }[] = [];
  private readonly shortest: number = Infinity;

  constructor(revealed: ReadonlyMap<string, string>) {
    for (const [name, value] of revealed) {
      if (value === '') continue;
      for (const form of formsOf(value)) {
        this.shortest = Math.min(this.shortest, Math.min(form.length, N));
        if (form.length < N) this.whole.push({ name, value: form });
        else for (let i = 0; i + N <= form.length; i++) this.addGram(form.slice(i, i + N), name);
      }
    }
  }

  private addGram(text: string, name: string): void {
    const hash = windowHash(text, 0);
    const bucket = this.grams.get(hash);
    const known = bucket?.find((gram) => gram.text === text);
    if (known) {
      if (!known.names.includes(name)) known.names.push(name);
      return;
    }
    if (bucket) bucket.push({ text, names: [name] });
    else this.grams.set(hash, [{ text, names: [name] }]);
    this.filter[(hash & (FILTER_BITS - 1)) >>> 5]! |= 1 << (hash & 31);
  }

  /** `text` with every secret, and every part of one at least MIN_SECRET_FRAGMENT long, masked. */
  text(text: string): string {
    if (text.length < this.shortest) return text;
    const found = new Stretches();
    if (this.grams.size > 0 && text.length >= N) {
      let hash = windowHash(text, 0);
      for (let i = 0; ; i++) {
        if ((this.filter[(hash & (FILTER_BITS - 1)) >>> 5]! & (1 << (hash & 31))) !== 0) {
          const gram = this.grams.get(hash)?.find((g) => text.startsWith(g.text, i));
          if (gram) found.add(i, i + N, gram.names);
        }
        if (i + N >= text.length) break;
        const leaving = imul(text.charCodeAt(i), OUTGOING);
        hash = (imul(hash - leaving, BASE) + text.charCodeAt(i + N)) >>> 0;
      }
    }
    const stretches = this.whole.length === 0 ? found : this.withWhole(text, found);
    if (stretches.starts.length === 0) return text;
    let clean = '';
    let at = 0;
    stretches.starts.forEach((start, k) => {
      clean += text.slice(at, start) + secretMask(stretches.names[k]!.join(', '));
      at = stretches.ends[k]!;
    });
    return clean + text.slice(at);
  }

  /** `found` with every whole occurrence of the short secrets added, all in order. */
  private withWhole(text: string, found: Stretches): Stretches {
    const ranges: { start: number; end: number; names: readonly string[] }[] = found.starts.map(
      (start, k) => ({ start, end: found.ends[k]!, names: found.names[k]! }),
    );
    for (const { name, value } of this.whole) {
      for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + value.length)) {
        ranges.push({ start: at, end: at + value.length, names: [name] });
      }
    }
    ranges.sort((a, b) => a.start - b.start);
    const all = new Stretches();
    for (const range of ranges) all.add(range.start, range.end, range.names);
    return all;
  }
}
