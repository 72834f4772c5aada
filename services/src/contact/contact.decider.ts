import type { ContactForm, ContactStatus } from '@xsd/contracts/api/contact';
import { CONTACT_ARCHIVED_REPLY_MESSAGE, CONTACT_NOT_FOUND_MESSAGE } from '@xsd/contracts/api/contact';
import { type DecidedEvent, type Decider, DecisionError, unreachable } from '../event-sourcing/decider.js';

/** One contact submission, stored on `xsd.contact.<id>`. */
export type ContactState =
  | { readonly status: 'none' }
  | { readonly status: ContactStatus; readonly name: string; readonly photoKey: string | null }
  | { readonly status: 'deleted' };

export type ContactEvent = DecidedEvent<'contact.submitted' | 'contact.status-changed' | 'contact.replied' | 'contact.deleted'>;

/** A visitor's message; its photo, if any, is already stored under `photoKey`. */
export interface SubmitContact {
  readonly type: 'SubmitContact';
  readonly data: { readonly submissionId: string; readonly form: ContactForm; readonly photoKey: string | null };
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

type Present = Extract<ContactState, { readonly name: string }>;
const isPresent = (state: ContactState): state is Present => state.status !== 'none' && state.status !== 'deleted';

export const contactDecider: Decider<ContactCommand, ContactEvent, ContactState> = {
  initialState: initialContactState,

  decide(command, state) {
    switch (command.type) {
      case 'SubmitContact': {
        if (state.status !== 'none') throw new DecisionError('conflict', 'contact_submission_exists', 'This message already exists');
        const { submissionId, form, photoKey } = command.data;
        return [{ type: 'contact.submitted', data: { submissionId, ...form, photoKey } }];
      }
      case 'ChangeContactStatus': {
        if (!isPresent(state)) throw notFound();
        if (state.status === command.data.status) return [];
        const { submissionId, status } = command.data;
        return [{ type: 'contact.status-changed', data: { submissionId, name: state.name, status, previous: state.status } }];
      }
      case 'ReplyToContact':
        if (!isPresent(state)) throw notFound();
        if (state.status === 'archived') throw new DecisionError('conflict', 'contact_submission_archived', CONTACT_ARCHIVED_REPLY_MESSAGE);
        return [{ type: 'contact.replied', data: { ...command.data, name: state.name } }];
      case 'DeleteContact':
        if (!isPresent(state)) throw notFound();
        return [{ type: 'contact.deleted', data: { submissionId: command.data.submissionId, name: state.name, photoKey: state.photoKey } }];
      default:
        return unreachable(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'contact.submitted':
        return { status: 'new', name: event.data.name, photoKey: event.data.photoKey };
      case 'contact.status-changed':
        return isPresent(state) ? { ...state, status: event.data.status } : state;
      case 'contact.replied':
        return isPresent(state) ? { ...state, status: 'replied' } : state;
      case 'contact.deleted':
        return { status: 'deleted' };
      default:
        return unreachable(event);
    }
  },
};
