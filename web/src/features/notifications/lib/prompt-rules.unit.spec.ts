import { describe, expect, it } from 'vitest';
import {
  FIRST_VISIT_CARD_DELAY_MS,
  NOTIFICATION_PROMPT_DELAY_MS,
  NOTIFICATION_PROMPT_REPEAT_MS,
  planNotificationPrompt,
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

describe('on a first visit', () => {
  it('shows the first-visit card after 3 s, and not the overlay prompt as well', () => {
    expect(planNotificationPrompt(facts({ firstVisitCardShown: false }))).toEqual({ kind: 'first-visit-card', delayMs: 3_000 });
  });
});

describe('once the first-visit card was answered', () => {
  it('shows the overlay prompt after 2 s when it was never dismissed', () => {
    expect(planNotificationPrompt(facts())).toEqual({ kind: 'notification-prompt', delayMs: 2_000 });
  });

  it('waits more than 3 days after the prompt was dismissed', () => {
    expect(planNotificationPrompt(facts({ promptLastShown: NOW - NOTIFICATION_PROMPT_REPEAT_MS }))).toBeNull();
    expect(planNotificationPrompt(facts({ promptLastShown: NOW - NOTIFICATION_PROMPT_REPEAT_MS - 1 }))?.kind).toBe('notification-prompt');
    expect(planNotificationPrompt(facts({ promptLastShown: NOW - 60_000 }))).toBeNull();
  });
});

describe('never asks', () => {
  it('once the permission is decided', () => {
    for (const permission of ['granted', 'denied'] as const) {
      expect(planNotificationPrompt(facts({ permission, firstVisitCardShown: false }))).toBeNull();
      expect(planNotificationPrompt(facts({ permission }))).toBeNull();
    }
  });

  it('where push cannot work: unsupported browsers and preview hosts', () => {
    expect(planNotificationPrompt(facts({ availability: 'unsupported', permission: 'unsupported', firstVisitCardShown: false }))).toBeNull();
    expect(planNotificationPrompt(facts({ availability: 'preview-host', firstVisitCardShown: false }))).toBeNull();
  });
});

describe('on an iPhone tab', () => {
  it('asks although there is no permission to read yet (Enable opens the iPhone guide)', () => {
    expect(planNotificationPrompt(facts({ availability: 'ios-install', permission: 'unsupported', firstVisitCardShown: false }))?.kind).toBe(
      'first-visit-card',
    );
  });
});
