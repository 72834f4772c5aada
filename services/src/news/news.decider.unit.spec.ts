import type { NewsFields } from '@xsd/contracts';
import { describe, expect, it } from 'vitest';
import { fold } from '../event-sourcing/decider.js';
import { type NewsCommand, type NewsEvent, newsDecider } from './news.decider.js';

const ID = '0190a000-0000-7000-8000-0000000000a1';
const FIELDS: NewsFields = {
  title: 'Upgrade',
  content: '<p>Tonight</p>',
  type: 'info',
  priority: 1,
  expiresAt: null,
  notifyUsers: false,
  isActive: true,
};

/** given these events, when this command: the events decided (or the error thrown). */
function when(given: readonly NewsEvent[], command: NewsCommand): readonly NewsEvent[] {
  return newsDecider.decide(command, fold(newsDecider, given));
}

const created: NewsEvent = { type: 'news.created', data: { newsId: ID, ...FIELDS } };
const deleted: NewsEvent = { type: 'news.deleted', data: { newsId: ID, previous: FIELDS } };
const update = (changes: Partial<NewsFields>): NewsCommand => ({ type: 'UpdateNews', data: { newsId: ID, changes } });

describe('news decider', () => {
  describe('when the item does not exist yet', () => {
    it('creating it publishes its fields', () => {
      expect(when([], { type: 'CreateNews', data: { newsId: ID, fields: FIELDS } })).toEqual([created]);
    });

    it('editing or deleting it is refused as not found', () => {
      expect(() => when([], update({ title: 'x' }))).toThrow(expect.objectContaining({ kind: 'not_found', message: 'News item not found' }));
      expect(() => when([], { type: 'DeleteNews', data: { newsId: ID } })).toThrow(expect.objectContaining({ kind: 'not_found' }));
    });
  });

  describe('when the item is published', () => {
    it('an edit carries only the changed fields, their values before, and the title', () => {
      expect(when([created], update({ priority: 4, isActive: false, title: 'Upgrade' }))).toEqual([
        {
          type: 'news.updated',
          data: { newsId: ID, title: 'Upgrade', changes: { priority: 4, isActive: false }, previous: { priority: 1, isActive: true } },
        },
      ]);
    });

    it('an edit that changes nothing decides nothing', () => {
      expect(when([created], update({ priority: 1, expiresAt: undefined }))).toEqual([]);
    });

    it('edits fold in: the next edit compares with the edited values', () => {
      const edited = when([created], update({ priority: 4 }));
      expect(when([created, ...edited], update({ priority: 4 }))).toEqual([]);
    });

    it('deleting it records what it was; creating it again is a conflict', () => {
      expect(when([created], { type: 'DeleteNews', data: { newsId: ID } })).toEqual([deleted]);
      expect(() => when([created], { type: 'CreateNews', data: { newsId: ID, fields: FIELDS } })).toThrow(
        expect.objectContaining({ kind: 'conflict' }),
      );
    });
  });

  describe('when the item was deleted', () => {
    it('it can be neither edited nor deleted again', () => {
      expect(() => when([created, deleted], update({ title: 'Back' }))).toThrow(expect.objectContaining({ kind: 'not_found' }));
      expect(() => when([created, deleted], { type: 'DeleteNews', data: { newsId: ID } })).toThrow(
        expect.objectContaining({ kind: 'not_found' }),
      );
    });
  });
});
