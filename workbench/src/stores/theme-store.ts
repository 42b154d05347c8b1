import { action, computed, makeObservable, observable, reaction, type IReactionDisposer } from 'mobx';
import type { KeyValueStorage } from './session-store';

export type Theme = 'light' | 'dark';

/** Where the theme chosen while signed out is kept; a signed-in person's is kept per account id. */
export const THEME_KEY = 'blocksmith-theme';

/** The storage entry of the theme chosen by the account `userId` (or by whoever is signed out). */
export function themeKey(userId: string | null): string {
  return userId === null ? THEME_KEY : `${THEME_KEY}:${userId}`;
}

function readTheme(storage: KeyValueStorage, key: string): Theme | null {
  const value = storage.getItem(key);
  return value === 'light' || value === 'dark' ? value : null;
}

/** The browser's prefers-color-scheme, and a way to hear when it changes. */
export interface ColorSchemePreference {
  prefersDark(): boolean;
  /** Calls `listener` with the new value on each change; answers how to stop. */
  onChange(listener: (dark: boolean) => void): () => void;
}

/** prefers-color-scheme: dark through matchMedia, or always light where there is none. */
export function browserColorScheme(): ColorSchemePreference {
  const query = typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)');
  if (!query) return { prefersDark: () => false, onChange: () => () => undefined };
  return {
    prefersDark: () => query.matches,
    onChange(listener) {
      const handler = (event: MediaQueryListEvent) => listener(event.matches);
      query.addEventListener('change', handler);
      return () => query.removeEventListener('change', handler);
    },
  };
}

/**
 * Light or dark. It follows the browser's prefers-color-scheme until the person chooses in the
 * avatar menu; the choice is kept in this browser per account (the server keeps no preferences),
 * and a choice made while signed out carries over to an account that has none yet.
 */
export class ThemeStore {
  /** The person's own choice; null follows the browser. */
  choice: Theme | null = null;
  systemDark: boolean;
  private readonly disposers: Array<() => void> = [];

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly account: () => string | null,
    system: ColorSchemePreference = browserColorScheme(),
  ) {
    this.systemDark = system.prefersDark();
    makeObservable<ThemeStore, 'load'>(this, {
      choice: observable,
      systemDark: observable,
      theme: computed,
      dark: computed,
      choose: action,
      toggle: action,
      followSystem: action,
      setSystemDark: action,
      load: action,
    });
    this.load(this.account());
    const follow: IReactionDisposer = reaction(
      () => this.account(),
      (id) => this.load(id),
    );
    this.disposers.push(
      follow,
      system.onChange((dark) => this.setSystemDark(dark)),
    );
  }

  get theme(): Theme {
    return this.choice ?? (this.systemDark ? 'dark' : 'light');
  }

  get dark(): boolean {
    return this.theme === 'dark';
  }

  /** Keeps `theme` as the person's choice. */
  choose(theme: Theme): void {
    this.choice = theme;
    this.storage.setItem(themeKey(this.account()), theme);
  }

  toggle(): void {
    this.choose(this.dark ? 'light' : 'dark');
  }

  /** Forgets the choice: the browser's prefers-color-scheme decides again. */
  followSystem(): void {
    this.choice = null;
    this.storage.removeItem(themeKey(this.account()));
  }

  setSystemDark(dark: boolean): void {
    this.systemDark = dark;
  }

  dispose(): void {
    for (const dispose of this.disposers.splice(0)) dispose();
  }

  private load(id: string | null): void {
    const own = readTheme(this.storage, themeKey(id));
    if (own !== null || id === null) {
      this.choice = own;
      return;
    }
    // An account without a choice of its own takes the one made on this browser while signed out.
    const signedOut = readTheme(this.storage, THEME_KEY);
    this.choice = signedOut;
    if (signedOut !== null) this.storage.setItem(themeKey(id), signedOut);
  }
}

/** What the page's root element needs to show `theme`: Blueprint's dark class and the color scheme. */
export interface ThemedDocument {
  body: { classList: { toggle(name: string, force: boolean): unknown } };
  documentElement: { style: { colorScheme: string } };
}

export function applyTheme(doc: ThemedDocument, theme: Theme, darkClass: string): void {
  doc.body.classList.toggle(darkClass, theme === 'dark');
  doc.documentElement.style.colorScheme = theme;
}
