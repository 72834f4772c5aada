import type { ContactSubmission } from '@xsd/contracts/api/contact';
import { describe, expect, it } from 'vitest';
import { filterSubmissions, subjectIcon } from './contact-list';

const item = (id: string, fields: Partial<ContactSubmission>): ContactSubmission => ({
  id,
  name: 'Ada',
  email: 'ada@example.com',
  phone: null,
  subject: 'General Inquiry',
  message: 'Hello',
  photo_url: null,
  status: 'new',
  created_at: '2026-11-21T10:00:00.000Z',
  admin_reply: null,
  replied_at: null,
  replied_by: null,
  ...fields,
});

const ITEMS = [
  item('1', { name: 'Grace Hopper', status: 'new' }),
  item('2', { email: 'bob@Example.org', status: 'archived' }),
  item('3', { message: 'The CHART is blank', subject: 'Bug Report', status: 'replied' }),
];

describe('filterSubmissions', () => {
  it('matches name, email, subject or message in any case, trimmed', () => {
    expect(filterSubmissions(ITEMS, ' grace ', 'all').map((i) => i.id)).toEqual(['1']);
    expect(filterSubmissions(ITEMS, 'EXAMPLE.ORG', 'all').map((i) => i.id)).toEqual(['2']);
    expect(filterSubmissions(ITEMS, 'chart', 'all').map((i) => i.id)).toEqual(['3']);
    expect(filterSubmissions(ITEMS, 'bug report', 'all').map((i) => i.id)).toEqual(['3']);
  });

  it('filters by status, together with the search', () => {
    expect(filterSubmissions(ITEMS, '', 'archived').map((i) => i.id)).toEqual(['2']);
    expect(filterSubmissions(ITEMS, 'grace', 'replied')).toEqual([]);
    expect(filterSubmissions(ITEMS, '', 'all')).toHaveLength(3);
  });
});

describe('subjectIcon', () => {
  it('has an icon for each named subject and one for the others', () => {
    const icons = ['Technical Support', 'Feature Request', 'Bug Report', 'Business Proposal'].map(subjectIcon);
    expect(new Set(icons).size).toBe(4);
    expect(subjectIcon('General Inquiry')).toBe(subjectIcon('Other'));
    expect(icons).not.toContain(subjectIcon('Other'));
  });
});
