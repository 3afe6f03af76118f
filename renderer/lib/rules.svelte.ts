/**
 * The admin's house-rules editor on this screen: the profile being edited as JSON (every option
 * the domain fills in), with the rule book's worked figures scored under it as the terminal
 * answers them (`previewRules`: the same checks, and the same refusals naming the option, as a
 * profile given as JSON). Applying sends `changeRules` signed with the admin's PIN in the PIN
 * dialog, with the point value, the table's name, the language its screens start in and a
 * reason; it applies from the next hand.
 * Whether the rules are valid, and what they score, is the terminal's answer, never this file's.
 */
import type { RulesPreviewView } from '../../app/contract/rules';
import type { Lang } from '../i18n/translate';
import type { DeskHost } from './desk';

/** The requests of the editor (their refusals show in it and in its PIN dialog). */
export const RULES_REQUESTS = ['previewRules', 'changeRules'] as const;

type Json = Record<string, unknown>;

export class RulesDesk {
  /** The profile as edited (null until the terminal has answered the table's rules). */
  draft: Json | null = $state(null);
  /** The last preview the terminal answered (of the draft, or of the last valid draft when the draft is refused). */
  preview: RulesPreviewView | null = $state(null);
  /** The figures under the table's rules now (what an edit is compared with). */
  baseline: RulesPreviewView | null = $state(null);
  /** Whether the preview is of the draft as it is now (false while the draft is refused or on its way). */
  current: boolean = $state(false);
  /** From the next hand: chips per point and the table's name, as typed. */
  pointValue: number = $state(0);
  tableName: string = $state('');
  /** The language a screen opening the table starts in (null: none set, each screen its own). */
  language: Lang | null = $state(null);
  reason: string = $state('');
  /** The rules, point value, name and language the table has now (what "no change" compares with). */
  private loaded: { readonly json: string; readonly pointValue: number; readonly name: string; readonly language: Lang | null } | null = null;
  /** Previews answer in order; only the newest request's answer is kept. */
  private asked = 0;

  constructor(private readonly terminal: DeskHost) {}

  /** Reads the table's rules now into the editor. */
  async load(): Promise<void> {
    const table = this.terminal.view?.table;
    const r = await this.terminal.query('previewRules', {});
    if (!r.ok) return;
    this.adopt(r.value);
    this.baseline = r.value;
    this.pointValue = table?.pointValue ?? 0;
    this.tableName = table?.name ?? '';
    this.language = table?.language ?? null;
    this.reason = '';
    this.loaded = { json: JSON.stringify(r.value.profileJson), pointValue: this.pointValue, name: this.tableName, language: this.language };
  }

  /** Starts the draft again from a preset's rules. */
  async choosePreset(name: string): Promise<void> {
    const r = await this.terminal.query('previewRules', { rules: name, ...this.pointValueAsked() });
    if (r.ok) this.adopt(r.value);
  }

  /** Scores the draft as it is now; a refused draft keeps the last preview, marked not current. */
  async changed(): Promise<void> {
    if (!this.draft) return;
    const ask = ++this.asked;
    this.current = false;
    const r = await this.terminal.query('previewRules', { rules: $state.snapshot(this.draft) as Json, ...this.pointValueAsked() });
    if (ask !== this.asked || !r.ok) return;
    this.preview = r.value;
    this.current = true;
  }

  /** The figure of a worked example's pair under the table's rules now, or null. */
  now(example: string, a: number, b: number): number | null {
    const pair = this.baseline?.examples.find((e) => e.id === example)?.pairs.find((p) => p.a === a && p.b === b);
    return pair ? pair.edited : null;
  }

  /** Whether the draft, point value, name or language differ from the table's now. */
  get dirty(): boolean {
    if (!this.draft || !this.loaded) return false;
    return JSON.stringify($state.snapshot(this.draft)) !== this.loaded.json || this.pointValue !== this.loaded.pointValue || this.tableName.trim() !== this.loaded.name
      || this.language !== this.loaded.language;
  }

  /** Asks the admin's PIN and sends the change; `admin` is the staff id the panel was opened with. */
  apply(admin: string): void {
    if (!this.draft) return;
    const rules = $state.snapshot(this.draft) as Json;
    const pointValue = this.pointValue;
    const name = this.tableName.trim();
    const language = this.language !== null ? { language: this.language } : {};
    this.terminal.askPin({
      request: 'changeRules', signer: 'admin', staffId: admin, question: 'confirm.changeRules',
      params: { profile: `${String(rules.name)} v${String(rules.version)}`, pointValue: String(pointValue), name },
      confirmLabel: 'action.changeRules', danger: false,
      text: { label: 'rules.reason', get: () => this.reason, set: (v: string) => (this.reason = v) },
      send: async (s) => {
        const ok = await this.terminal.run('changeRules', { admin: s.signer, reason: s.text ?? '', rules, pointValue, name, ...language });
        if (ok) await this.load();
        return ok;
      },
    });
  }

  /** The point value as typed, when it is one the terminal takes (the buy-ins are previewed at it). */
  private pointValueAsked(): { pointValue?: number } {
    return Number.isSafeInteger(this.pointValue) && this.pointValue >= 1 ? { pointValue: this.pointValue } : {};
  }

  private adopt(v: RulesPreviewView): void {
    this.draft = structuredClone(v.profileJson) as Json;
    this.preview = v;
    this.current = true;
  }
}
