/** A file kept by the server (uploads, generated images, packaged downloads). */
export interface FileRef {
  id: string;
  name: string;
  mime: string;
  size: number;
  /** Where the browser fetches it. */
  url: string;
}

/** What an output block hands the result display. */
export type Artifact =
  | { kind: 'text'; format: 'card' | 'plain' | 'markdown'; text: string; copyable: boolean }
  | { kind: 'image'; url: string; maxWidth: number; downloadable: boolean }
  | { kind: 'file'; file: FileRef; format: string }
  | {
      kind: 'table';
      columns: string[];
      rows: Record<string, string | number | boolean | null>[];
      download: FileRef | null;
    };

export type ArtifactKind = Artifact['kind'];
