/** Texts of cited answers and their sources (not given by the spec). */
export const CITATIONS = {
  /** The label of a citation link, for screen readers: `Source 1: returns.md, passage 3`. */
  label: (number: number, title: string) => `Source ${number}: ${title}`,
  document: 'Document',
  showInSources: 'Show in the sources',
};
