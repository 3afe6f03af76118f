/**
 * The screen's own preferences (language, four-colour deck), kept in the browser's
 * storage of this screen. They change nothing at the table.
 */
import { createTranslator, LANGS, type Lang, type Translator } from '../i18n/translate';

const KEY = 'cpt.screen.settings';

interface Stored {
  lang: Lang;
  fourColour: boolean;
}

function load(storage: Storage | undefined): Stored {
  const fallback: Stored = { lang: 'en', fourColour: false };
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

export class ScreenSettings {
  lang: Lang = $state('en');
  fourColour: boolean = $state(false);
  /** The translator for the current language; components read `settings.i18n.t(...)`. */
  readonly i18n: Translator = $derived(createTranslator(this.lang));

  constructor(private readonly storage: Storage | undefined = globalThis.localStorage) {
    const s = load(storage);
    this.lang = s.lang;
    this.fourColour = s.fourColour;
  }

  setLang(lang: Lang): void {
    this.lang = lang;
    this.save();
  }

  toggleFourColour(): void {
    this.fourColour = !this.fourColour;
    this.save();
  }

  private save(): void {
    try {
      this.storage?.setItem(KEY, JSON.stringify({ lang: this.lang, fourColour: this.fourColour }));
    } catch {
      // A screen without storage keeps its settings for this session only.
    }
  }
}
