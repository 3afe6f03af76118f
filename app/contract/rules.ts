/**
 * The house-rules editor's views: a profile as the admin edits it, with the rule book's worked
 * figures scored under it (app/domain/rule-book.ts `previewRules`).
 */
import type { RulesPreview } from '../domain/rule-book';

/** A preset the admin may choose or copy. */
export interface PresetView {
  readonly name: string;
  readonly version: number;
  readonly title: string;
  readonly source: string;
}

/** The rules previewed: the profile as JSON (every option filled in), the figures, the presets. */
export interface RulesPreviewView extends RulesPreview {
  /** The profile as the domain validated it, every option present: the editor's form fields. */
  readonly profileJson: Readonly<Record<string, unknown>>;
  readonly presets: readonly PresetView[];
  /** The smallest full and short buy-ins (minor units) under these rules at `pointValue` (the one asked, or the table's now). */
  readonly buyIn: { readonly pointValue: number; readonly full: number; readonly short: number };
}
