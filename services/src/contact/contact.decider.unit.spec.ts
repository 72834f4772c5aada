import type { ContactForm } from '@xsd/contracts/api/contact';
import { describe, expect, it } from 'vitest';
import { fold } from '../event-sourcing/decider.js';
import { type ContactCommand, type ContactEvent, contactDecider } from './contact.decider.js';

const ID = '0190a000-0000-7000-8000-0000000000c1';
const FORM: ContactForm = { name: 'Ada Lovelace', email: 'ada@example.com', phone: null, subject: 'Bug Report', message: 'Hello' };
const PHOTO = 'contact_photos/abc_1.png';
const AT = new Date('2026-03-01T10:00:00Z');
const DAY = 24 * 60 * 60_000;

function when(given: readonly ContactEvent[], command: ContactCommand): readonly ContactEvent[] {
  return contactDecider.decide(command, fold(contactDecider, given));
}

const submitted: ContactEvent = { type: 'contact.submitted', data: { submissionId: ID, ...FORM, photoKey: PHOTO } };
/** As the log hands it back: with the envelope's time. */
const stored: ContactEvent = { ...submitted, occurredAt: AT.toISOString() };
const submit = (form = FORM, photoKey: string | null = PHOTO, now = AT): ContactCommand => ({
  type: 'SubmitContact',
  data: { submissionId: ID, form, photoKey },
  metadata: { now },
});
const status = (to: 'new' | 'read' | 'archived'): ContactCommand => ({ type: 'ChangeContactStatus', data: { submissionId: ID, status: to } });
const reply: ContactCommand = { type: 'ReplyToContact', data: { submissionId: ID, reply: 'Thanks' } };
const remove: ContactCommand = { type: 'DeleteContact', data: { submissionId: ID } };
const changed = (to: 'new' | 'read' | 'archived', previous: 'new' | 'read' | 'replied' | 'archived'): ContactEvent => ({
  type: 'contact.status-changed',
  data: { submissionId: ID, name: FORM.name, status: to, previous },
});
const replied: ContactEvent = { type: 'contact.replied', data: { submissionId: ID, name: FORM.name, reply: 'Thanks' } };

describe('contact decider', () => {
  describe('when nothing was submitted yet', () => {
    it('a submission records the form and the photo key', () => {
      expect(when([], submit())).toEqual([submitted]);
    });

    it('opening, replying or deleting is refused as not found', () => {
      for (const command of [status('read'), reply, remove]) {
        expect(() => when([], command)).toThrow(expect.objectContaining({ kind: 'not_found', message: 'Contact submission not found' }));
      }
    });
  });

  describe('when the submission is new', () => {
    it('opening it marks it read, with the status before', () => {
      expect(when([submitted], status('read'))).toEqual([changed('read', 'new')]);
    });

    it('setting the status it already has decides nothing', () => {
      expect(when([submitted], status('new'))).toEqual([]);
    });

    it('a reply makes it replied', () => {
      expect(when([submitted], reply)).toEqual([replied]);
    });

    it('deleting it names the photo to remove', () => {
      expect(when([submitted], remove)).toEqual([{ type: 'contact.deleted', data: { submissionId: ID, name: FORM.name, photoKey: PHOTO } }]);
    });
  });

  describe('when the same id comes again (a retry with the same Idempotency-Key)', () => {
    it('the same form and photo decide nothing, within a day', () => {
      expect(when([stored], submit(FORM, PHOTO, new Date(AT.getTime() + DAY - 1)))).toEqual([]);
    });

    it('also after staff answered or deleted it', () => {
      expect(when([stored, replied], submit())).toEqual([]);
      expect(when([stored, ...when([stored], remove)], submit())).toEqual([]);
    });

    it('another form or another photo is refused as unprocessable', () => {
      for (const command of [submit({ ...FORM, message: 'Other' }), submit(FORM, null), submit(FORM, 'contact_photos/other_1.png')]) {
        expect(() => when([stored], command)).toThrow(
          expect.objectContaining({ kind: 'unprocessable', code: 'idempotency_key_reused', message: expect.stringContaining('different request') }),
        );
      }
    });

    it('after a day the key has expired', () => {
      expect(() => when([stored], submit(FORM, PHOTO, new Date(AT.getTime() + DAY + 1)))).toThrow(
        expect.objectContaining({ kind: 'unprocessable', code: 'idempotency_key_expired' }),
      );
    });
  });

  describe('when the submission was replied to', () => {
    it('marking it read records replied as the status before', () => {
      expect(when([submitted, replied], status('read'))).toEqual([changed('read', 'replied')]);
    });

    it('archiving it records replied as the status before', () => {
      expect(when([submitted, replied], status('archived'))).toEqual([changed('archived', 'replied')]);
    });
  });

  describe('when the submission is archived', () => {
    const archived = [submitted, changed('archived', 'new')];

    it('a reply is refused', () => {
      expect(() => when(archived, reply)).toThrow(expect.objectContaining({ kind: 'conflict', message: 'An archived message cannot be replied to' }));
    });

    it('it can be put back to new', () => {
      expect(when(archived, status('new'))).toEqual([changed('new', 'archived')]);
    });
  });

  describe('when the submission was deleted', () => {
    it('every later command is refused as not found', () => {
      const deleted = [submitted, ...when([submitted], remove)];
      for (const command of [status('read'), reply, remove]) {
        expect(() => when(deleted, command)).toThrow(expect.objectContaining({ kind: 'not_found' }));
      }
    });
  });
});
