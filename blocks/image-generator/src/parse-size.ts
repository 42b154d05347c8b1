import { BlockInputError } from '@blocksmith/block-sdk';

const MIN_SIDE = 64;
const MAX_SIDE = 2048;
const SIZE = /^(\d{1,5})\s*[xX×]\s*(\d{1,5})$/;

/**
 * The Size setting as `WIDTHxHEIGHT`, or undefined when it is left empty (the image service then
 * picks its default). Each side must be from 64 to 2048 pixels.
 */
export function parseSize(setting: string): string | undefined {
  const written = setting.trim();
  if (written === '') return undefined;
  const match = SIZE.exec(written);
  if (!match) {
    throw new BlockInputError(
      `Size "${written}" is not valid: write it as WIDTHxHEIGHT, for example 512x512, or leave it empty.`,
    );
  }
  const width = Number(match[1]);
  const height = Number(match[2]);
  if ([width, height].some((side) => side < MIN_SIDE || side > MAX_SIDE)) {
    throw new BlockInputError(
      `Size "${written}" is out of range: each side must be from ${MIN_SIDE} to ${MAX_SIDE} pixels.`,
    );
  }
  return `${width}x${height}`;
}
