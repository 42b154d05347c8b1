/** The few things stores need of the browser window, handed in so tests can stand in for them. */

/** A window this one opened. */
export interface OpenedWindow {
  readonly closed: boolean;
  focus(): void;
  close(): void;
}

export interface BrowserHost {
  /** The product's origin, e.g. `https://blocksmith.example`. */
  readonly origin: string;
  /** Opens `url` in a small window; null when the browser refused (a pop-up blocker). */
  openPopup(url: string, name: string): OpenedWindow | null;
}

/** The real window. */
export function windowHost(): BrowserHost {
  return {
    origin: window.location.origin,
    openPopup: (url, name) => {
      const width = 480;
      const height = 680;
      const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
      const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
      return window.open(url, name, `popup,width=${width},height=${height},left=${left},top=${top}`);
    },
  };
}
