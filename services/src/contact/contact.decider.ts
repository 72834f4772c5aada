import { isDeepStrictEqual } from 'node:util';
import type { EventData } from '@xsd/contracts';
import type { ContactForm, ContactStatus } from '@xsd/contracts/api/contact';
import { CONTACT_ARCHIVED_REPLY_MESSAGE, CONTACT_NOT_FOUND_MESSAGE } from '@xsd/contracts/api/contact';
import { IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_MESSAGES } from '@xsd/contracts/api/idempotency';
import { type DecidedEvent, type Decider, DecisionError, unreachable } from '../event-sourcing/decider.js';

type Submitted = EventData<'contact.submitted'>;

/**
 * What was submitted and when (ms; null for an event without its envelope): kept after a delete
 * too, so a retry of a keyed submission is still known for what it is.
 */
interface Sent {
  readonly submitted: Submitted;
  readonly submittedAt: number | null;
}

/** One contact submission, stored on `xsd.contact.<id>`. */
export type ContactState =
  | { readonly status: 'none' }
  | ({ readonly status: ContactStatus } & Sent)
  | ({ readonly status: 'deleted' } & Sent);

/** As decided, or as stored (then with the envelope's time). */
export type ContactEvent = DecidedEvent<'contact.submitted' | 'contact.status-changed' | 'contact.replied' | 'contact.deleted'> & {
  readonly occurredAt?: string;
};

/**
 * A visitor's message; its photo, if any, is already stored under `photoKey`. The id is random, or
 * derived from the client's Idempotency-Key: then the same id again is a retry of this submission.
 */
export interface SubmitContact {
  readonly type: 'SubmitContact';
  readonly data: { readonly submissionId: string; readonly form: ContactForm; readonly photoKey: string | null };
  readonly metadata: { readonly now: Date };
}

/** Staff opened (read), archived it, or put it back to new. */
export interface ChangeContactStatus {
  readonly type: 'ChangeContactStatus';
  readonly data: { readonly submissionId: string; readonly status: 'new' | 'read' | 'archived' };
}

/** `reply` arrives trimmed and non-empty. */
export interface ReplyToContact {
  readonly type: 'ReplyToContact';
  readonly data: { readonly submissionId: string; readonly reply: string };
}

export interface DeleteContact {
  readonly type: 'DeleteContact';
  readonly data: { readonly submissionId: string };
}

export type ContactCommand = SubmitContact | ChangeContactStatus | ReplyToContact | DeleteContact;

export const initialContactState: ContactState = { status: 'none' };

const notFound = () => new DecisionError('not_found', 'contact_submission_not_found', CONTACT_NOT_FOUND_MESSAGE);

type Present = Exclude<ContactState, { readonly status: 'none' | 'deleted' }>;
const isPresent = (state: ContactState): state is Present => state.status !== 'none' && state.status !== 'deleted';

export const contactDecider: Decider<ContactCommand, ContactEvent, ContactState> = {
  initialState: initialContactState,

  decide(command, state) {
    switch (command.type) {
      case 'SubmitContact': {
        const { submissionId, form, photoKey } = command.data;
        const data: Submitted = { submissionId, ...form, photoKey };
        if (state.status === 'none') return [{ type: 'contact.submitted', data }];
        // The id again: a retry with the same Idempotency-Key. It stores nothing and answers as the first did.
        if (state.submittedAt !== null && command.metadata.now.getTime() - state.submittedAt > IDEMPOTENCY_KEY_TTL_MS) {
          throw new DecisionError('unprocessable', 'idempotency_key_expired', IDEMPOTENCY_MESSAGES.expired);
        }
        if (!isDeepStrictEqual(state.submitted, data)) {
          throw new DecisionError('unprocessable', 'idempotency_key_reused', IDEMPOTENCY_MESSAGES.reused);
        }
        return [];
      }
      case 'ChangeContactStatus': {
        if (!isPresent(state)) throw notFound();
        if (state.status === command.data.status) return [];
        const { submissionId, status } = command.data;
        return [{ type: 'contact.status-changed', data: { submissionId, name: state.submitted.name, status, previous: state.status } }];
      }
      case 'ReplyToContact':
        if (!isPresent(state)) throw notFound();
        if (state.status === 'archived') throw new DecisionError('conflict', 'contact_submission_archived', CONTACT_ARCHIVED_REPLY_MESSAGE);
        return [{ type: 'contact.replied', data: { ...command.data, name: state.submitted.name } }];
      case 'DeleteContact': {
        if (!isPresent(state)) throw notFound();
        const { name, photoKey } = state.submitted;
        return [{ type: 'contact.deleted', data: { submissionId: command.data.submissionId, name, photoKey } }];
      }
      default:
        return unreachable(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'contact.submitted':
        return { status: 'new', submitted: event.data, submittedAt: event.occurredAt === undefined ? null : Date.parse(event.occurredAt) };
      case 'contact.status-changed':
        return isPresent(state) ? { ...state, status: event.data.status } : state;
      case 'contact.replied':
        return isPresent(state) ? { ...state, status: 'replied' } : state;
      case 'contact.deleted':
        return isPresent(state) ? { ...state, status: 'deleted' } : state;
      default:
        return unreachable(event);
    }
  },
};
