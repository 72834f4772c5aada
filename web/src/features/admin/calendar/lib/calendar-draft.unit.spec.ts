// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { CALENDAR_DRAFT_KEY, loadDraft, saveDraft, type EventDraft } from './calendar-draft';

const draft: EventDraft = {
  title: 'Launch',
  description: '<b>big</b>',
  type: 'deadline',
  start_date: '2030-01-02',
  end_date: '',
  start_time: '10:00',
  end_time: '',
  location: '',
  url: '',
  notify_users: true,
  is_active: true,
};

describe('calendar draft', () => {
  beforeEach(() => localStorage.clear());

  it('reports no draft when none was saved', () => {
    expect(loadDraft()).toEqual({ kind: 'none' });
  });

  it('loads back what was saved, with its time', () => {
    expect(saveDraft(draft, new Date('2030-01-01T00:00:00Z'))).toBe(true);
    expect(loadDraft()).toEqual({ kind: 'ok', draft, updated_at: '2030-01-01T00:00:00.000Z' });
  });

  it('calls unreadable or ill-typed drafts corrupted', () => {
    localStorage.setItem(CALENDAR_DRAFT_KEY, '{not json');
    expect(loadDraft()).toEqual({ kind: 'corrupted' });
    localStorage.setItem(CALENDAR_DRAFT_KEY, JSON.stringify({ title: 42 }));
    expect(loadDraft()).toEqual({ kind: 'corrupted' });
  });
});
