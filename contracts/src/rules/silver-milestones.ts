/** The spec's silver milestones (USD per gram) and the top of the progress scale. */
export const SILVER_MILESTONES = [1.1, 1.2, 1.3, 1.4, 1.5] as const;
export const SILVER_PROGRESS_TOP = 1.5;

export type MilestoneStatus = 'achieved' | 'next' | 'future';

export const MILESTONE_LABELS: Readonly<Record<MilestoneStatus, string>> = {
  achieved: 'Achieved',
  next: 'Next Goal',
  future: 'Future Goal',
};

export interface Milestone {
  readonly target: number;
  readonly status: MilestoneStatus;
}

/** The spec's milestone progress: the targets reached and the nearest one not reached yet. */
export interface SilverMilestoneProgress {
  readonly reached: readonly number[];
  readonly next: number | null;
}

const usable = (price: number | null): price is number => price !== null && Number.isFinite(price);

/**
 * 'Achieved' when the price is at or above a milestone, 'Next Goal' for the nearest unmet one,
 * otherwise 'Future Goal'. Without a price nothing is achieved and the first one is next.
 */
export function silverMilestones(price: number | null, milestones: readonly number[] = SILVER_MILESTONES): Milestone[] {
  let nextGiven = false;
  return [...milestones]
    .sort((a, b) => a - b)
    .map((target) => {
      if (usable(price) && price >= target) return { target, status: 'achieved' };
      if (!nextGiven) {
        nextGiven = true;
        return { target, status: 'next' };
      }
      return { target, status: 'future' };
    });
}

export function silverMilestoneProgress(price: number | null): SilverMilestoneProgress {
  const milestones = silverMilestones(price);
  return {
    reached: milestones.filter((m) => m.status === 'achieved').map((m) => m.target),
    next: milestones.find((m) => m.status === 'next')?.target ?? null,
  };
}

/** Progress toward 1.50 USD per gram, 0 to 100 (percent of the scale's top). */
export function silverProgressPercent(price: number | null, top = SILVER_PROGRESS_TOP): number {
  if (!usable(price) || price <= 0) return 0;
  return Math.min(100, (price / top) * 100);
}
