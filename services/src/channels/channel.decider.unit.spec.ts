import { describe, expect, it } from 'vitest';
import { fold } from '../event-sourcing/decider.js';
import { type ChannelCommand, channelDecider, type ChannelDomainEvent, PAUSED_BY_STAFF_REASON } from './channel.decider.js';

const ID = '0190a000-0000-7000-8000-0000000000c1';
const NOW = new Date('2026-11-25T10:00:00.000Z');
const metadata = { now: NOW };

function when(given: readonly ChannelDomainEvent[], command: ChannelCommand): readonly ChannelDomainEvent[] {
  return channelDecider.decide(command, fold(channelDecider, given));
}

const created: ChannelDomainEvent = {
  type: 'channel.created',
  data: { channelId: ID, kind: 'webhook', name: 'Ops hook', urlOrChat: 'https://hooks.example/x', events: ['maintenance'], secret: 'whsec_c2VjcmV0' },
};
const update = (data: Omit<Extract<ChannelCommand, { type: 'UpdateChannel' }>['data'], 'channelId'>): ChannelCommand => ({
  type: 'UpdateChannel',
  data: { channelId: ID, ...data },
  metadata,
});
const pauseFailing: ChannelCommand = { type: 'PauseFailingChannel', data: { channelId: ID, reason: 'HTTP 500' }, metadata };
const paused: ChannelDomainEvent = { type: 'channel.paused', data: { channelId: ID, name: 'Ops hook', reason: 'HTTP 500' } };

describe('channel decider', () => {
  describe('when the channel does not exist', () => {
    it('creating it records its fields and secret', () => {
      const { data } = created as Extract<ChannelDomainEvent, { type: 'channel.created' }>;
      expect(when([], { type: 'CreateChannel', data, metadata })).toEqual([created]);
    });
    it('changing, pausing or deleting it is not found; the notifier pause does nothing', () => {
      expect(() => when([], update({ name: 'x' }))).toThrow(expect.objectContaining({ kind: 'not_found', message: 'Channel not found' }));
      expect(() => when([], { type: 'DeleteChannel', data: { channelId: ID }, metadata })).toThrow(expect.objectContaining({ kind: 'not_found' }));
      expect(when([], pauseFailing)).toEqual([]);
    });
  });

  describe('when the channel is active', () => {
    it('an edit records the changed fields with their values before; the same values again record nothing', () => {
      expect(when([created], update({ name: 'Ops', events: ['maintenance', 'breaking_news'] }))).toEqual([
        {
          type: 'channel.updated',
          data: { channelId: ID, name: 'Ops', changes: { name: 'Ops', events: ['maintenance', 'breaking_news'] }, previous: { name: 'Ops hook', events: ['maintenance'] } },
        },
      ]);
      expect(when([created], update({ name: 'Ops hook', events: ['maintenance'], paused: false }))).toEqual([]);
    });
    it('staff pause it, or the notifier does after 24 h of failures, with the reason', () => {
      expect(when([created], update({ paused: true }))).toEqual([
        { type: 'channel.paused', data: { channelId: ID, name: 'Ops hook', reason: PAUSED_BY_STAFF_REASON } },
      ]);
      expect(when([created], pauseFailing)).toEqual([paused]);
    });
    it('deleting it records its name', () => {
      expect(when([created], { type: 'DeleteChannel', data: { channelId: ID }, metadata })).toEqual([
        { type: 'channel.deleted', data: { channelId: ID, name: 'Ops hook' } },
      ]);
    });
  });

  describe('when the channel is paused', () => {
    it('staff resume it; the notifier does not pause it again', () => {
      expect(when([created, paused], update({ paused: false }))).toEqual([{ type: 'channel.resumed', data: { channelId: ID, name: 'Ops hook' } }]);
      expect(when([created, paused], pauseFailing)).toEqual([]);
    });
  });

  describe('when the channel was deleted', () => {
    it('it cannot be changed, deleted or created again', () => {
      const deleted: ChannelDomainEvent = { type: 'channel.deleted', data: { channelId: ID, name: 'Ops hook' } };
      expect(() => when([created, deleted], update({ name: 'x' }))).toThrow(expect.objectContaining({ kind: 'not_found' }));
      const { data } = created as Extract<ChannelDomainEvent, { type: 'channel.created' }>;
      expect(() => when([created, deleted], { type: 'CreateChannel', data, metadata })).toThrow(expect.objectContaining({ kind: 'conflict' }));
    });
  });
});
