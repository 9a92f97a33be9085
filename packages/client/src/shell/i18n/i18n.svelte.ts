import { dictionaryLoader, type Dictionary } from './dictionaries.ts';
import type { MessageKey } from './keys.ts';
import { addDictionaries, knownRejection, pickLang, translate, translateRejection, type Lang, type Params } from './translate.ts';

const STORAGE_KEY = 'veiltable.lang';

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage can be blocked (private mode, sandboxed frames)
  }
}

/** Where a part's strings in one language come from. */
export type PartLoader = (part: string, lang: Lang) => (() => Promise<Dictionary>) | undefined;

/**
 * The current language as reactive state; every UI string goes through `t`. The core strings ship with the page;
 * a part (a game's table, the GM's tools) loads its strings in the reader's language when it is first shown, and in
 * another language when the reader switches to it.
 */
export class I18n {
  lang = $state<Lang>('en');
  // Bumped when strings are added, so text already on screen re-reads the dictionaries.
  private revision = $state(0);
  /** Parts shown on this page: their strings follow the language. */
  private readonly parts = new Set<string>();
  private readonly loads = new Map<string, Promise<void>>();
  /** The language last asked for, while its strings load. */
  private wanted: Lang;
  private readonly loader: PartLoader;

  constructor(initial: Lang, loader: PartLoader = dictionaryLoader) {
    this.lang = initial;
    this.wanted = initial;
    this.loader = loader;
    this.applyToDocument();
  }

  /**
   * Switches once every part shown has its strings in `lang`, so no text shows as a bare key meanwhile; when they
   * cannot be fetched the language stays as it was. The last choice wins.
   */
  async set(lang: Lang): Promise<void> {
    this.wanted = lang;
    try {
      localStorage.setItem(STORAGE_KEY, lang);
    } catch {
      // remembering is a convenience only
    }
    try {
      await Promise.all([...this.parts].map((part) => this.fetch(part, lang)));
    } catch {
      if (this.wanted === lang) this.wanted = this.lang;
      return;
    }
    if (this.wanted !== lang) return;
    this.lang = lang;
    this.applyToDocument();
  }

  /** Fetches a part's strings in the current language, once; a failed fetch is forgotten so the next call retries. */
  load(part: string): Promise<void> {
    this.parts.add(part);
    const langs = new Set([this.lang, this.wanted]);
    return Promise.all([...langs].map((lang) => this.fetch(part, lang))).then(() => undefined);
  }

  /** Fetches a game's strings (see load). */
  loadGame(game: string): Promise<void> {
    return this.load(`games/${game}`);
  }

  t = (key: MessageKey, params?: Params): string => {
    void this.revision;
    return translate(this.lang, key, params);
  };

  rejection = (code: string): string => {
    void this.revision;
    return translateRejection(this.lang, code);
  };

  /** Whether a rejection code has a sentence of its own (else `rejection` gives the general one). */
  knownRejection = (code: string): boolean => {
    void this.revision;
    return knownRejection(code);
  };

  private fetch(part: string, lang: Lang): Promise<void> {
    const key = `${part}:${lang}`;
    let pending = this.loads.get(key);
    if (!pending) {
      const load = this.loader(part, lang);
      if (!load) return Promise.resolve();
      pending = load().then(
        (strings) => {
          addDictionaries({ [lang]: strings });
          this.revision += 1;
        },
        (error: unknown) => {
          this.loads.delete(key);
          throw error;
        },
      );
      this.loads.set(key, pending);
    }
    return pending;
  }

  private applyToDocument(): void {
    if (typeof document !== 'undefined') document.documentElement.lang = this.lang;
  }
}

const browserLangs = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/** The app-wide instance. */
export const i18n = new I18n(pickLang(readStored(), browserLangs));
