import type { MessageKey } from './en.ts';
import {
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

  t = (key: MessageKey, params?: Params): string => translate(this.lang, key, params);

  rejection = (code: string): string => translateRejection(this.lang, code);

  system = (key: string, params: Record<string, string>): string => translateSystem(this.lang, key, params);

  private applyToDocument(): void {
    if (typeof document !== 'undefined') document.documentElement.lang = this.lang;
  }
}

const browserLangs = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/** The app-wide instance. */
export const i18n = new I18n(pickLang(readStored(), browserLangs));
