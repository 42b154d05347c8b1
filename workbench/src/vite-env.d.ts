/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set to '1' only when building for the canvas benchmark: counts block renders. */
  readonly VITE_RENDER_PROBE?: string;
}
