import { describe, expect, it } from 'vitest';
import {
  FIRST_VISIT_CARD_DELAY_MS,
  NOTIFICATION_PROMPT_DELAY_MS,
  NOTIFICATION_PROMPT_REPEAT_MS,
  planNotificationPrompts,
  type PromptFacts,
} from './prompt-rules';

const NOW = 1_750_000_000_000;
const facts = (change: Partial<PromptFacts> = {}): PromptFacts => ({
  availability: 'available',
  permission: 'default',
  firstVisitCardShown: true,
  promptLastShown: null,
  now: NOW,
  ...change,
});

describe('the spec timings', () => {
  it('are 3 s, 2 s and 3 days', () => {
    expect([FIRST_VISIT_CARD_DELAY_MS, NOTIFICATION_PROMPT_DELAY_MS, NOTIFICATION_PROMPT_REPEAT_MS]).toEqual([3_000, 2_000, 259_200_000]);
  });
});

const kinds = (change: Partial<PromptFacts> = {}) => planNotificationPrompts(facts(change)).map((plan) => plan.kind);

describe('on a first visit', () => {
  it('plans both, each by its own rule: the overlay prompt after 2 s and the first-visit card after 3 s', () => {
    expect(planNotificationPrompts(facts({ firstVisitCardShown: false }))).toEqual([
      { kind: 'notification-prompt', delayMs: 2_000 },
      { kind: 'first-visit-card', delayMs: 3_000 },
    ]);
  });
});

describe('the first-visit card', () => {
  it('comes until it was answered, whatever the overlay prompt did', () => {
    expect(kinds({ firstVisitCardShown: false, promptLastShown: NOW - 60_000 })).toEqual(['first-visit-card']);
    expect(kinds({ firstVisitCardShown: true, promptLastShown: NOW - 60_000 })).toEqual([]);
  });
});

describe('the overlay prompt', () => {
  it('shows after 2 s when it was never dismissed, whatever the card did', () => {
    expect(planNotificationPrompts(facts())).toEqual([{ kind: 'notification-prompt', delayMs: 2_000 }]);
  });

  it('waits more than 3 days after the prompt was dismissed', () => {
    expect(kinds({ promptLastShown: NOW - NOTIFICATION_PROMPT_REPEAT_MS })).toEqual([]);
    expect(kinds({ promptLastShown: NOW - NOTIFICATION_PROMPT_REPEAT_MS - 1 })).toEqual(['notification-prompt']);
    expect(kinds({ promptLastShown: NOW - 60_000 })).toEqual([]);
  });
});

describe('never asks', () => {
  it('once the permission is decided', () => {
    for (const permission of ['granted', 'denied'] as const) {
      expect(kinds({ permission, firstVisitCardShown: false })).toEqual([]);
      expect(kinds({ permission })).toEqual([]);
    }
  });

  it('where push cannot work: unsupported browsers and preview hosts', () => {
    expect(kinds({ availability: 'unsupported', permission: 'unsupported', firstVisitCardShown: false })).toEqual([]);
    expect(kinds({ availability: 'preview-host', firstVisitCardShown: false })).toEqual([]);
  });
});

describe('on an iPhone tab', () => {
  it('asks although there is no permission to read yet (Enable opens the iPhone guide)', () => {
    expect(kinds({ availability: 'ios-install', permission: 'unsupported', firstVisitCardShown: false, promptLastShown: NOW })).toEqual(['first-visit-card']);
  });
});
