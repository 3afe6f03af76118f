/**
 * The screen's own preferences (language, four-colour deck), kept in the browser's
 * storage of this screen. They change nothing at the table.
 *
 * The language: the one this screen chose with its switch; until it chooses, the table's (the
 * admin sets it in the House rules tab, and the view carries it); with neither, English.
 */
import { createTranslator, LANGS, type Lang, type Translator } from '../i18n/translate';

const KEY = 'cpt.screen.settings';

interface Stored {
  /** Null: this screen has not chosen (it follows the table's language). */
  lang: Lang | null;
  fourColour: boolean;
}

function load(storage: Storage | undefined): Stored {
  const fallback: Stored = { lang: null, fourColour: false };
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return fallback;
    const s = JSON.parse(raw) as Partial<Stored>;
    return {
      lang: LANGS.includes(s.lang as Lang) ? (s.lang as Lang) : fallback.lang,
      fourColour: s.fourColour === true,
    };
  } catch {
    return fallback;
  }
}

/** The language a screen falls back to when neither it nor its table has chosen one. */
export const DEFAULT_LANG: Lang = 'en';

export class ScreenSettings {
  /** The language this screen chose with its switch, or null: it follows the table's. */
  chosen: Lang | null = $state(null);
  fourColour: boolean = $state(false);
  /** The table's language as the view carries it (null: none set, or no view yet). */
  #tableLang: () => Lang | null = () => null;
  /** The language the screen shows: its own choice, else the table's, else English. */
  readonly lang: Lang = $derived(this.chosen ?? this.#tableLang() ?? DEFAULT_LANG);
  /** The translator for the current language; components read `settings.i18n.t(...)`. */
  readonly i18n: Translator = $derived(createTranslator(this.lang));

  /**
   * `tableLanguage` reads the table's language from the view (reactively, e.g.
   * `() => terminal.view?.table.language ?? null`); left out, the screen ignores the table's.
   */
  constructor(private readonly storage: Storage | undefined = globalThis.localStorage, tableLanguage: () => Lang | null = () => null) {
    this.#tableLang = tableLanguage;
    const s = load(storage);
    this.chosen = s.lang;
    this.fourColour = s.fourColour;
  }

  /** This screen's own choice: kept on this screen, whatever the table's language. */
  setLang(lang: Lang): void {
    this.chosen = lang;
    this.save();
  }

  toggleFourColour(): void {
    this.fourColour = !this.fourColour;
    this.save();
  }

  private save(): void {
    try {
      this.storage?.setItem(KEY, JSON.stringify({ lang: this.chosen, fourColour: this.fourColour }));
    } catch {
      // A screen without storage keeps its settings for this session only.
    }
  }
}
