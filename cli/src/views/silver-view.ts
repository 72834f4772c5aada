import type { SilverLatestResponse } from '@xsd/contracts/api/prices';
import { formatChangePercent, formatSilverChange, formatSilverPrice, NOT_AVAILABLE } from '@xsd/contracts/rules/format';
import { INSUFFICIENT_DATA_TEXT } from '@xsd/contracts/rules/silver-analysis';
import {
  MILESTONE_LABELS,
  type MilestoneStatus,
  SILVER_PROGRESS_TOP,
  silverMilestones,
  silverProgressPercent,
} from '@xsd/contracts/rules/silver-milestones';
import type { Tone } from '../theme.js';
import { changeCellTone } from './prices-view.js';
import { formatWhen } from './time-format.js';
import type { ViewField } from './view-types.js';

export interface MilestoneView {
  readonly target: string;
  readonly label: string;
  readonly tone: Tone;
}

export interface SilverView {
  readonly fields: readonly ViewField[];
  /** 0 to 100, toward $1.50. */
  readonly progressPercent: number;
  readonly progressLabel: string;
  readonly milestones: readonly MilestoneView[];
}

const MILESTONE_TONE: Readonly<Record<MilestoneStatus, Tone>> = { achieved: 'positive', next: 'warning', future: 'muted' };

export function silverView(silver: SilverLatestResponse, now: Date): SilverView {
  const price = silver.price_per_gram;
  const change =
    silver.changePercent === null || silver.change24h === null
      ? `${NOT_AVAILABLE} (${INSUFFICIENT_DATA_TEXT})`
      : `${formatChangePercent(silver.changePercent)} (${formatSilverChange(silver.change24h)})`;
  const progress = silverProgressPercent(price);
  return {
    fields: [
      { label: 'Price per gram', value: formatSilverPrice(price), tone: 'neutral' },
      { label: '24H High', value: formatSilverPrice(silver.high24h), tone: 'neutral' },
      { label: '24H Low', value: formatSilverPrice(silver.low24h), tone: 'neutral' },
      { label: '24H Change', value: change, tone: changeCellTone(silver.changePercent) },
      { label: 'Updated', value: `${formatWhen(silver.timestamp, now)}, ${silver.source}`, tone: 'muted' },
    ],
    progressPercent: progress,
    progressLabel: `${progress.toFixed(1)}% of $${SILVER_PROGRESS_TOP.toFixed(2)}`,
    milestones: silverMilestones(price).map((m) => ({
      target: `$${m.target.toFixed(2)}`,
      label: MILESTONE_LABELS[m.status],
      tone: MILESTONE_TONE[m.status],
    })),
  };
}

/** `[██████░░░░]`: a progress bar of `width` cells. */
export function progressBar(percent: number, width = 30): string {
  const filled = Math.round((Math.min(100, Math.max(0, percent)) / 100) * width);
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}]`;
}

/** `--json`: the API's answer with the milestones and the progress toward $1.50. */
export function silverJson(silver: SilverLatestResponse) {
  return {
    ...silver,
    milestones: silverMilestones(silver.price_per_gram),
    progress_percent: silverProgressPercent(silver.price_per_gram),
  };
}
