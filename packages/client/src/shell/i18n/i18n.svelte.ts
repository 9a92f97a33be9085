import type { MessageKey } from './en.ts';
import { gameDictionaryLoaders, type DictionaryGame } from './dictionaries.ts';
import {
  addDictionaries,
  pickLang,
  translate,
  translateRejection,
  translateSystem,
  type Lang,
  type Params,
} from './translate.ts';

const STORAGE_KEY = 'veiltable.lang';

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage can be blocked (private mode, sandboxed frames)
  }
}

/** The current language as reactive state; every UI string goes through `t`. */
export class I18n {
  lang = $state<Lang>('en');
  // Bumped when strings are added, so text already on screen re-reads the dictionaries.
  private revision = $state(0);
  private loading = new Map<DictionaryGame, Promise<void>>();

  constructor(initial: Lang) {
    this.lang = initial;
    this.applyToDocument();
  }

  set(lang: Lang): void {
    this.lang = lang;
    try {
      localStorage.setItem(STORAGE_KEY, lang);
    } catch {
      // remembering is a convenience only
    }
    this.applyToDocument();
  }

  /** Fetches a game's strings once; a failed fetch is forgotten so the next call tries again. */
  loadGame(game: DictionaryGame): Promise<void> {
    let pending = this.loading.get(game);
    if (!pending) {
      pending = gameDictionaryLoaders[game]().then(
        (parts) => {
          addDictionaries(parts);
          this.revision += 1;
        },
        (error: unknown) => {
          this.loading.delete(game);
          throw error;
        },
      );
      this.loading.set(game, pending);
    }
    return pending;
  }

  t = (key: MessageKey, params?: Params): string => {
    void this.revision;
    return translate(this.lang, key, params);
  };

  rejection = (code: string): string => {
    void this.revision;
    return translateRejection(this.lang, code);
  };

  system = (key: string, params: Record<string, string>): string => {
    void this.revision;
    return translateSystem(this.lang, key, params);
  };

  private applyToDocument(): void {
    if (typeof document !== 'undefined') document.documentElement.lang = this.lang;
  }
}

const browserLangs = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/** The app-wide instance. */
export const i18n = new I18n(pickLang(readStored(), browserLangs));
