/** A number of credits in words: '1 credit', '5 credits'. */
export function creditWords(credits: number): string {
  return credits === 1 ? '1 credit' : `${credits} credits`;
}
